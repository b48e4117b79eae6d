import type { PageContext } from '../page-context.ts';

/** The recent-posts panel of the resources menu: shown only when there are posts. */
export function RecentPosts({ context }: { context: PageContext }) {
  const { shell, t, locale } = context;
  if (shell.latestPosts.length === 0) return null;
  return (
    <div className="recent-posts">
      <p className="menu-heading">
        {t('nav.recent_posts')}
        {locale === 'en' ? null : <span className="note"> · {t('nav.in_english')}</span>}
      </p>
      <ul>
        {shell.latestPosts.map((post) => (
          <li key={post.href}>
            <a href={post.href} lang={post.textLocale === locale ? undefined : context.isoOf(post.textLocale)}>
              {post.title}
            </a>
            {post.publishedAt ? (
              <span className="age" data-published={post.publishedAt}>
                <time dateTime={post.publishedAt}>{context.formatDate(post.publishedAt)}</time>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <a className="more" href={shell.nav.blog}>
        {t('nav.view_all_posts')}
      </a>
    </div>
  );
}
