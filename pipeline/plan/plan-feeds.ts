import type { Feed, FeedEntry } from '../emit/format-feeds.ts';
import { LOCALES } from '../locale.ts';
import { formatMessage } from '../site/messages.ts';
import type { Site } from '../site/site.ts';
import type { Content, EntryVersion } from '../transform/transform-content.ts';
import type { MarkdownOptions } from '../transform/markdown.ts';
import { feedPathFor, urlFor } from './url-path.ts';

/** Posts per feed: the newest, as feed readers poll for what is new (and a feed of every post would weigh megabytes). */
const FEED_ENTRIES = 50;

/** A feed whose entries still carry their Markdown: renderFeedBodies turns it into a Feed. */
export type FeedPlan = Omit<Feed, 'entries'> & {
  entries: Array<Omit<FeedEntry, 'html'> & { body: Pick<EntryVersion, 'markdown' | 'contentKey'> }>;
};

/**
 * The blog's Atom feed per locale: the newest FEED_ENTRIES posts that have a published version in that
 * locale, with their full content. Fallbacks (English shown elsewhere) and drafts stay out. Pure.
 */
export function planFeeds({ content, site }: { content: Content; site: Site }): FeedPlan[] {
  return LOCALES.map((locale) => {
    const t = (key: string, ...args: string[]) => formatMessage(site.messages[locale], key, ...args);
    const entries = content.blogPosts
      .flatMap((family) => {
        const version = family.versions[locale];
        // The locale's own page: not a fallback, and not left out for a hand-written redirect (dropShadowedPages).
        if (!version || family.languages[locale]?.sourceLocale !== locale || version.isDraft || !version.publishedAt)
          return [];
        const url = `${site.config.baseUrl}${urlFor(site.routes, { route: 'blog-slug', locale, params: { slug: version.slug } })}`;
        return [
          {
            id: url,
            url,
            title: version.title,
            summary: version.excerpt,
            body: version,
            published: version.publishedAt,
            updated: version.updatedAt,
            author: version.author?.name,
          },
        ];
      })
      .slice(0, FEED_ENTRIES);
    return {
      locale,
      title: t('page.blog.title', site.config.product),
      subtitle: t('page.blog.description'),
      blogUrlPath: urlFor(site.routes, { route: 'blog', locale }),
      feedPath: feedPathFor(locale).slice(1),
      entries,
    };
  });
}

/**
 * The feeds with each entry's body rendered to HTML, as on its page. `known` holds bodies rendered
 * before, by content key; `used` gets every body these feeds hold.
 */
export async function renderFeedBodies(
  feeds: FeedPlan[],
  options: MarkdownOptions,
  known: { get(key: string): string | undefined; set(key: string, html: string): void } = new Map(),
): Promise<Feed[]> {
  const bodies = feeds.flatMap((feed) => feed.entries.map((entry) => entry.body));
  // The Markdown renderer (markdown-it, highlight.js) is loaded only when a body is not known already.
  const render = bodies.some((body) => known.get(body.contentKey) === undefined)
    ? (await import('../transform/markdown.ts')).createMarkdownRenderer(options)
    : undefined;
  const htmlOf = (body: FeedPlan['entries'][number]['body']) => {
    let html = known.get(body.contentKey);
    if (html === undefined) known.set(body.contentKey, (html = render!(body.markdown).html));
    return html;
  };
  return feeds.map(({ entries, ...feed }) => ({
    ...feed,
    entries: entries.map(({ body, ...entry }) => ({ ...entry, html: htmlOf(body) })),
  }));
}
