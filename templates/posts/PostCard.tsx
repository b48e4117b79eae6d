import type { PostSummary } from '../../pipeline/plan/page-plan.ts';
import type { PageContext } from '../page-context.ts';
import { CoverImage } from './CoverImage.tsx';

export function PostCard({
  post,
  context,
  headingLevel = 2,
  eager = false,
}: {
  post: PostSummary;
  context: PageContext;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const textLang = post.textLocale === context.locale ? undefined : context.isoOf(post.textLocale);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="post-card">
      {post.cover ? (
        <CoverImage
          cover={post.cover}
          sizes="(min-width: 1100px) 340px, (min-width: 700px) 45vw, 100vw"
          decorative
          eager={eager}
        />
      ) : null}
      {post.isDraft ? <p className="badge draft">{context.t('blog.draft')}</p> : null}
      <Heading lang={textLang}>
        <a href={post.href} rel={post.isDraft ? 'nofollow' : undefined}>
          {post.title}
        </a>
      </Heading>
      {textLang ? <p className="language-label">{context.t('list.in_english')}</p> : null}
      {post.excerpt ? <p lang={textLang}>{post.excerpt}</p> : null}
      {post.publishedAt ? (
        <p className="meta">
          <time dateTime={post.publishedAt}>{context.formatDate(post.publishedAt)}</time>
          {post.authorName ? ` · ${post.authorName}` : null}
          <span className="age" data-published={post.publishedAt} />
        </p>
      ) : null}
    </article>
  );
}
