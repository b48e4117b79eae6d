import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { COLLECTIONS } from './collections.ts';
import { fetchCmsEntries, fetchCmsTotals, type FetchCmsOptions } from './fetch-cms.ts';
import { latestUpdatedAt, mergeEntries } from './merge-entries.ts';
import type { FetchedContent } from './raw-entry.ts';
import { isProxyUrl } from './strapi-query.ts';
import { replaceFile } from '../replace-file.ts';

/** After this long the cached crawl is not trusted to be patched: everything is fetched again. */
export const FULL_CRAWL_AFTER_MS = 24 * 60 * 60 * 1000;

export interface CachedCrawlOptions extends FetchCmsOptions {
  cacheDir: string;
  /** Ignore the cached crawl (`sitegen build --full-crawl`). */
  fullCrawl?: boolean;
  now?: number;
}

interface SavedCrawl {
  version: 2;
  url: string;
  locales: readonly string[];
  /** When the entries were last fetched whole, and the requests that took. */
  fullCrawlAt: number;
  fullCrawlRequests: number;
  content: FetchedContent;
  /** A hash of `content` alone (it names the content in the build's input key). */
  digest: string;
}

/** On disk the content is serialized once, on its own: its bytes are what the digest hashes. */
type StoredCrawl = Omit<SavedCrawl, 'content'> & { content: Uint8Array };

/**
 * The published entries of a live CMS, from the last build's crawl patched with what changed since:
 * entries updated after the newest `updatedAt` it holds, plus one count per collection and locale.
 * When a count differs from the patched crawl's (an entry was deleted or unpublished), when the
 * server gives no counts, after FULL_CRAWL_AFTER_MS, for drafts and for the site proxy, everything
 * is fetched again; and when a whole crawl takes no more requests than patching would. The crawl is kept in the cache folder (never in the output; no token in it).
 *
 * What `updatedAt` does not show (a media file replaced in the library without touching the entry) is
 * picked up by the next full crawl; `--full-crawl` asks for one now.
 */
export async function fetchWithCrawlCache(options: CachedCrawlOptions): Promise<FetchedContent & { crawl: 'full' | 'changes' }> {
  const now = options.now ?? Date.now();
  const file = crawlFile(options);
  const cacheable = !options.includeDrafts && !isProxyUrl(options.cms.url);
  const crawl = cacheable && !options.fullCrawl ? await readCrawl(file, options) : undefined;
  // Patching costs two requests per collection and locale: a CMS answered in one page each is cheaper fetched whole.
  const patchRequests = 2 * COLLECTIONS.length * options.locales.length;
  if (crawl && now - crawl.fullCrawlAt < FULL_CRAWL_AFTER_MS && crawl.fullCrawlRequests > patchRequests && (crawl.content.dialect === '4' || crawl.content.dialect === '5')) {
    const updatedAfter = latestUpdatedAt(crawl.content.entries);
    const [changed, counted] = await Promise.all([
      updatedAfter ? fetchCmsEntries({ ...options, updatedAfter }) : fetchCmsEntries(options),
      fetchCmsTotals({ cms: options.cms, locales: options.locales }),
    ]);
    const merged = updatedAfter ? mergeEntries(crawl.content, changed, { cap: false }) : changed;
    if (counted.totals && countsMatch(merged, counted.totals)) {
      const content = { ...merged, requests: changed.requests + counted.requests, warnings: changed.warnings };
      const digest = changed.entries.length > 0 ? await writeCrawl(file, { ...crawl, content }) : crawl.digest;
      return { ...content, digest, crawl: 'changes' };
    }
    options.onProgress?.('entries were removed or unpublished since the last crawl: fetching everything again');
    const full = await fetchCmsEntries(options);
    const digest = await writeCrawl(file, { version: 2, url: options.cms.url, locales: options.locales, fullCrawlAt: now, fullCrawlRequests: full.requests, content: full });
    return { ...full, digest, requests: full.requests + changed.requests + counted.requests, crawl: 'full' };
  }
  const full = await fetchCmsEntries(options);
  const digest = cacheable ? await writeCrawl(file, { version: 2, url: options.cms.url, locales: options.locales, fullCrawlAt: now, fullCrawlRequests: full.requests, content: full }) : undefined;
  return { ...full, digest, crawl: 'full' };
}

function countsMatch(content: FetchedContent, totals: Map<string, number>): boolean {
  const counts = new Map<string, number>();
  for (const { collection, record } of content.entries) {
    const key = `${collection}|${String(record.locale)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...totals].every(([key, total]) => (counts.get(key) ?? 0) === total) && [...counts.keys()].every((key) => totals.has(key));
}

/** One file per CMS URL and Node version (the format is V8's, fast to read back for ~100 MB of entries). */
function crawlFile(options: CachedCrawlOptions): string {
  const key = createHash('sha256').update(JSON.stringify([options.cms.url, options.locales, process.versions.v8])).digest('hex').slice(0, 12);
  return path.join(options.cacheDir, `crawl-${key}.bin`);
}

async function readCrawl(file: string, options: CachedCrawlOptions): Promise<SavedCrawl | undefined> {
  try {
    const stored = deserialize(await readFile(file)) as StoredCrawl;
    if (stored.version !== 2 || stored.url !== options.cms.url || JSON.stringify(stored.locales) !== JSON.stringify(options.locales)) return undefined;
    return { ...stored, content: deserialize(stored.content) as FetchedContent };
  } catch {
    return undefined;
  }
}

/** Writes the crawl with the hash of its content, and returns that hash. */
async function writeCrawl(file: string, saved: Omit<SavedCrawl, 'digest'>): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  const content = serialize(saved.content);
  const digest = createHash('sha256').update(content).digest('base64url');
  await replaceFile(file, serialize({ ...saved, digest, content } satisfies StoredCrawl));
  return digest;
}
