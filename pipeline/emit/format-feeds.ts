import { SitegenError } from '../errors.ts';
import type { Locale } from '../locale.ts';
import { escapeXml } from '../escape-xml.ts';
import type { OutputFile } from './output-file.ts';

export interface FeedEntry {
  /** Absolute URL; stays the same for the life of the post. */
  id: string;
  /** The post's page: absolute, or a URL path resolved against baseUrl. */
  url: string;
  title: string;
  summary: string;
  /** The post's body as HTML, with site-relative links. */
  html: string;
  published: string;
  updated: string;
  author: string | undefined;
}

export interface Feed {
  locale: Locale;
  title: string;
  subtitle: string;
  /** The blog's URL path, `/blog` or `/nl/blog`. */
  blogUrlPath: string;
  /** The output path, `feed.xml` or `nl/feed.xml`. */
  feedPath: string;
  entries: FeedEntry[];
}

export interface FormatFeedsOptions {
  baseUrl: string;
  /** The feed-level author, which Atom requires whenever an entry has none. */
  product: string;
  locales: Array<{ code: Locale; iso: string }>;
  feeds: Feed[];
}

/** Atom has no empty feed without `<updated>`; a fixed instant keeps builds byte-identical. */
const EMPTY_FEED_UPDATED = '1970-01-01T00:00:00.000Z';

/**
 * One Atom 1.0 feed per blog locale, entries newest first with their full content and absolute links.
 * Pure: `<updated>` comes from the entries, never the clock. Throws CONTENT_INVALID on a date that
 * does not parse.
 */
export function formatFeeds(options: FormatFeedsOptions): OutputFile[] {
  const origin = options.baseUrl.replace(/\/+$/, '');
  return options.feeds
    .map((feed) => ({ path: feed.feedPath, contents: formatFeed(feed, origin, options) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function formatFeed(feed: Feed, origin: string, options: FormatFeedsOptions): string {
  const lang = options.locales.find((locale) => locale.code === feed.locale)?.iso ?? feed.locale;
  const blogUrl = absoluteUrl(feed.blogUrlPath, origin);
  const entries = feed.entries
    .map((entry) => ({
      ...entry,
      url: absoluteUrl(entry.url, origin),
      published: toRfc3339(entry.published, feed, entry),
      updated: toRfc3339(entry.updated, feed, entry),
    }))
    .sort((a, b) => Date.parse(b.published) - Date.parse(a.published) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // RFC 3339 in UTC (toRfc3339): the latest is the greatest string.
  const updated = entries
    .map((entry) => entry.updated)
    .sort()
    .at(-1);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(lang)}">`,
    `  <id>${escapeXml(blogUrl)}</id>`,
    `  <title>${escapeXml(feed.title)}</title>`,
    `  <subtitle>${escapeXml(feed.subtitle)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}/${feed.feedPath.replace(/^\/+/, '')}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(blogUrl)}"/>`,
    `  <updated>${updated ?? EMPTY_FEED_UPDATED}</updated>`,
    `  <author>\n    <name>${escapeXml(options.product)}</name>\n  </author>`,
    ...entries.map((entry) => formatEntry(entry, origin)),
    '</feed>',
    '',
  ].join('\n');
}

function formatEntry(entry: FeedEntry, origin: string): string {
  return [
    '  <entry>',
    `    <id>${escapeXml(entry.id)}</id>`,
    `    <title>${escapeXml(entry.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>`,
    `    <published>${entry.published}</published>`,
    `    <updated>${entry.updated}</updated>`,
    ...(entry.author ? [`    <author>\n      <name>${escapeXml(entry.author)}</name>\n    </author>`] : []),
    ...(entry.summary ? [`    <summary>${escapeXml(entry.summary)}</summary>`] : []),
    `    <content type="html">${escapeXml(absolutizeLinks(entry.html.trim(), origin, entry.url))}</content>`,
    '  </entry>',
  ].join('\n');
}

function absoluteUrl(urlOrPath: string, origin: string): string {
  return urlOrPath.startsWith('/') && !urlOrPath.startsWith('//') ? `${origin}${urlOrPath}` : urlOrPath;
}

/**
 * Feed readers resolve relative URLs against the feed, not the post, so `href`/`src` values without a
 * scheme become absolute: `/…` against the site, `#…` and other relative forms against the post.
 * Values stay HTML-escaped as they are; only their start changes.
 */
function absolutizeLinks(html: string, origin: string, entryUrl: string): string {
  return html.replace(/(\s(?:href|src)=")([^"]*)"/gi, (match, start: string, value: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//')) return match;
    if (value.startsWith('/')) return `${start}${origin}${value}"`;
    if (value.startsWith('#')) return `${start}${entryUrl}${value}"`;
    try {
      return `${start}${new URL(value, entryUrl).href}"`;
    } catch {
      return match; // the post's own URL is not absolute; nothing to resolve against
    }
  });
}

/** Atom dates are RFC 3339; CMS dates are ISO 8601 but are normalised to UTC so every feed reads alike. */
function toRfc3339(value: string, feed: Feed, entry: FeedEntry): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw new SitegenError({
      code: 'CONTENT_INVALID',
      message: `Feed ${feed.feedPath}: entry ${entry.id} has the date "${value}", which is not a date.`,
      hint: 'fix the date on the entry in Strapi',
    });
  }
  return new Date(time).toISOString();
}
