import { useEffect, useState } from 'react';
import { formatAge, type AgeLabels } from '../browser/age-badges.ts';
import { useDisclosure } from './use-dismiss.ts';

export interface ResourcesMenuProps {
  label: string;
  resources: Array<{ href: string; label: string; text: string }>;
  recent: null | {
    heading: string;
    posts: Array<{ href: string; title: string; lang: string | null; languageLabel: string | null; published: string | null; date: string | null }>;
    viewAll: { href: string; label: string };
    ageLabels: AgeLabels;
  };
}

/** The header's resources popover with the recent-posts panel. A <details> that works without JavaScript. */
export function ResourcesMenu({ label, resources, recent }: ResourcesMenuProps) {
  const { open, details, onToggle } = useDisclosure();
  // Ages depend on the visitor's clock: known only after hydration, never in the server markup.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(Date.now()), []);
  return (
    <details className="menu resources-menu" ref={details} open={open} onToggle={onToggle}>
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
                      {now === null ? null : <AgeBadge published={post.published} now={now} labels={recent.ageLabels} />}
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

function AgeBadge({ published, now, labels }: { published: string; now: number; labels: AgeLabels }) {
  const label = formatAge(Date.parse(published), now, labels);
  return label === undefined ? null : <span className="age-badge">{label}</span>;
}
