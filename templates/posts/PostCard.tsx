import type { PostSummary } from '../../pipeline/plan/page-plan.ts';
import type { PageContext } from '../page-context.ts';
import { CoverImage } from './CoverImage.tsx';

export function PostCard({ post, context }: { post: PostSummary; context: PageContext }) {
  const textLang = post.textLocale === context.locale ? undefined : context.shared.locales.find((meta) => meta.code === post.textLocale)?.iso;
  return (
    <article className="post-card" lang={textLang}>
      {post.cover ? <CoverImage cover={post.cover} sizes="(min-width: 960px) 320px, 100vw" /> : null}
      <h3>
        <a href={post.href} rel={post.isDraft ? 'nofollow' : undefined}>
          {post.title}
        </a>
      </h3>
      {post.excerpt ? <p>{post.excerpt}</p> : null}
      {post.publishedAt ? (
        <p className="meta">
          <time dateTime={post.publishedAt}>{context.formatDate(post.publishedAt)}</time>
          {post.authorName ? ` · ${post.authorName}` : null}
        </p>
      ) : null}
    </article>
  );
}
