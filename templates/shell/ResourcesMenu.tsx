export interface ResourcesMenuProps {
  label: string;
  resources: Array<{ href: string; label: string; text: string }>;
  recent: null | {
    heading: string;
    posts: Array<{
      href: string;
      title: string;
      lang: string | null;
      languageLabel: string | null;
      published: string | null;
      date: string | null;
    }>;
    viewAll: { href: string; label: string };
  };
}

/**
 * The header's resources popover with the recent-posts panel: a <details> that works without
 * JavaScript (templates/browser/menus.ts closes it on Escape, outside clicks and focus leaving; the
 * always-on script adds the age badges).
 */
export function ResourcesMenu({ label, resources, recent }: ResourcesMenuProps) {
  return (
    <details className="menu resources-menu" data-widget="resources-menu">
      <summary>{label}</summary>
      <div className="menu-panel wide">
        <ul className="resource-links">
          {resources.map((item) => (
            <li key={item.href}>
              <a href={item.href}>
                <strong>{item.label}</strong>
                <span>{item.text}</span>
              </a>
            </li>
          ))}
        </ul>
        {recent && recent.posts.length > 0 ? (
          <div className="recent-posts">
            <p className="menu-heading">{recent.heading}</p>
            <ul>
              {recent.posts.map((post) => (
                <li key={post.href}>
                  <a href={post.href} lang={post.lang ?? undefined}>
                    {post.title}
                  </a>
                  {post.languageLabel ? <span className="language-label">{post.languageLabel}</span> : null}
                  {post.published ? (
                    <span className="age" data-published={post.published}>
                      <time dateTime={post.published}>{post.date}</time>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
            <a className="more" href={recent.viewAll.href}>
              {recent.viewAll.label}
            </a>
          </div>
        ) : null}
      </div>
    </details>
  );
}
