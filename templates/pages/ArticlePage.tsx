import type { ArticleView } from '../../pipeline/plan/page-plan.ts';
import type { PageContext } from '../page-context.ts';
import { CoverImage } from '../posts/CoverImage.tsx';
import { Wrapped } from '../posts/Wrapped.tsx';

export function ArticlePage({ context, article }: { context: PageContext; article: ArticleView }) {
  const { t, shared } = context;
  const version = article.version;
  const textLang = version.locale === context.locale ? undefined : shared.locales.find((meta) => meta.code === version.locale)?.iso;
  return (
    <article className="article">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          {article.breadcrumbs.map((crumb, index) => (
            <li key={crumb.href}>
              <a href={crumb.href} aria-current={index === article.breadcrumbs.length - 1 ? 'page' : undefined}>
                {crumb.label}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {version.isDraft ? (
        <p className="draft-ribbon" role="note">
          {t('article.draft')}
        </p>
      ) : null}
      {version.automaticTranslated && article.englishHref ? (
        <p className="notice" role="note">
          <Wrapped text={t('article.automatic_translation')} wrap={(inner) => <a href={article.englishHref} hrefLang="en-US">{inner}</a>} />
        </p>
      ) : article.isFallback ? (
        <p className="notice" role="note">
          {t('article.not_translated')}
        </p>
      ) : null}
      <div lang={textLang}>
        <h1>{version.question ?? version.title}</h1>
        <p className="meta">{byline(context, version)}</p>
        {version.cover ? (
          <figure className="article-cover">
            <CoverImage cover={version.cover} sizes="(min-width: 800px) 760px, 100vw" eager />
            {version.cover.caption ? <figcaption>{version.cover.caption}</figcaption> : null}
          </figure>
        ) : null}
        <div className="prose" dangerouslySetInnerHTML={{ __html: version.html }} />
      </div>
    </article>
  );
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/** "Published on … by …", with the edit date when it came more than a week later. */
function byline({ t, formatDate }: PageContext, entry: ArticleView['version']): string | null {
  if (!entry.publishedAt) return null;
  const published = formatDate(entry.publishedAt);
  if (!entry.author) return t('article.published', published);
  const edited = Date.parse(entry.updatedAt) - Date.parse(entry.publishedAt) > WEEK_MS;
  return edited ? t('article.published_edited_by', published, formatDate(entry.updatedAt), entry.author.name) : t('article.published_by', published, entry.author.name);
}
