import type { ArticleView } from '../../pipeline/plan/page-plan.ts';
import type { PageContext } from '../page-context.ts';
import { CoverImage } from '../posts/CoverImage.tsx';
import { NewsletterForm } from '../posts/NewsletterForm.tsx';
import { Wrapped } from '../posts/Wrapped.tsx';
import { withoutCover } from '../posts/without-cover.ts';

export function ArticlePage({ context, article }: { context: PageContext; article: ArticleView }) {
  const { t } = context;
  const version = article.version;
  const textLang = version.locale === context.locale ? undefined : context.isoOf(version.locale);
  return (
    <>
      <article className="article">
        <nav aria-label={t('nav.breadcrumb')} className="breadcrumbs">
          <ol>
            {article.breadcrumbs.map((crumb, index) => (
              <li key={crumb.href}>
                <a
                  href={crumb.href}
                  aria-current={index === article.breadcrumbs.length - 1 ? 'page' : undefined}
                  lang={crumb.lang ? context.isoOf(crumb.lang) : undefined}
                >
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
            <Wrapped
              text={t('article.automatic_translation')}
              wrap={(inner) => (
                <a href={article.englishHref} hrefLang="en-US">
                  {inner}
                </a>
              )}
            />
          </p>
        ) : article.isFallback ? (
          <p className="notice" role="note">
            {t('article.not_translated')}
          </p>
        ) : null}
        {/* Only the entry's own text carries its language: the byline, labels and calls to action are the page's. */}
        <div>
          <header className="article-header">
            <h1 lang={textLang}>{version.question ?? version.title}</h1>
            <Byline context={context} version={version} />
          </header>
          {version.cover ? (
            <figure
              className="article-cover"
              lang={textLang}
              style={version.cover.averageColorHex ? { backgroundColor: version.cover.averageColorHex } : undefined}
            >
              <CoverImage cover={version.cover} sizes="(min-width: 800px) 760px, 100vw" eager />
              {version.cover.caption ? <figcaption>{version.cover.caption}</figcaption> : null}
            </figure>
          ) : null}
          <div
            className="prose"
            lang={textLang}
            dangerouslySetInnerHTML={{ __html: withoutCover(context.fragments.markdown(version), version.cover) }}
          />
        </div>
        <AdminBar context={context} version={version} />
        <p className="back-to-top" data-widget="back-to-top">
          <a href="#top">{t('article.back_to_top')}</a>
        </p>
      </article>
      <aside className="article-aside" aria-label={t('newsletter.title')}>
        <NewsletterForm context={context} id="newsletter" />
      </aside>
    </>
  );
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * Links for editors: edit the entry in the CMS, open its source document. Hidden unless admin mode is on
 * (the always-on script shows it); drafts show it always, since only editors see drafts.
 */
function AdminBar({ context, version }: { context: PageContext; version: ArticleView['version'] }) {
  const { t, shared } = context;
  // A search by slug opens the entry in Strapi v4 and v5 alike, and keeps pages the same whichever
  // way the content was fetched (a v4 id, a v5 documentId, or the snapshot).
  const type = version.collection === 'articles' ? 'api::article.article' : 'api::key-term.key-term';
  const query = new URLSearchParams({ _q: version.slug, 'plugins[i18n][locale]': version.locale });
  const edit = `${shared.cmsAdminUrl}/content-manager/collection-types/${type}?${query}`;
  return (
    <p className="admin-bar" data-admin-only="" hidden={!version.isDraft}>
      <a href={edit}>{t('article.edit_in_cms')}</a>
      {version.sourceDocumentUrl ? <a href={version.sourceDocumentUrl}>{t('article.source_document')}</a> : null}
    </p>
  );
}

/** Avatar initials and "Published on … by …", with the edit date when it came more than a week later. */
function Byline({ context, version }: { context: PageContext; version: ArticleView['version'] }) {
  const { t, formatDate } = context;
  if (!version.publishedAt) return null;
  const date = formatDate(version.publishedAt);
  const published = <time dateTime={version.publishedAt}>{date}</time>;
  const edited = Date.parse(version.updatedAt) - Date.parse(version.publishedAt) > WEEK_MS;
  const author = version.author;
  // The date is in the message while it is typeset, so the words before it agree with it ("Pubblicato l'11 feb",
  // issue 27); the published date is the message's first date.
  const text = author
    ? edited
      ? t('article.published_edited_by', date, formatDate(version.updatedAt), author.name)
      : t('article.published_by', date, author.name)
    : t('article.published', date);
  const at = text.indexOf(date);
  const before = text.slice(0, at);
  const after = text.slice(at + date.length);
  return (
    <p className="byline">
      {author ? (
        <span className="avatar" aria-hidden="true">
          {author.name
            .split(' ')
            .filter((word) => /^[A-Z]/.test(word))
            .map((word) => word[0])
            .slice(0, 2)
            .join('')}
        </span>
      ) : null}
      <span>
        {before}
        {published}
        {after}
      </span>
    </p>
  );
}
