import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { digest, digestJson, replaceShared, type Store } from '../cache/store.ts';
import { COLLECTIONS } from './collections.ts';
import { fetchCmsEntries, fetchCmsTotals, type FetchCmsOptions } from './fetch-cms.ts';
import type { SnapshotFileEntries, SnapshotFileKey, SnapshotOptions } from './load-snapshot.ts';
import { entryKey, latestUpdatedAt, replacementOf } from './merge-entries.ts';
import type { FetchedContent, MediaOrigin, RawEntry } from './raw-entry.ts';
import { isProxyUrl } from './strapi-query.ts';

/** After this long the cached crawl is not trusted to be patched: everything is fetched again. */
export const FULL_CRAWL_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Entries per chunk of the kept crawl. A chunk is kept as a snapshot file, as `sitegen pull` writes them
 * (`cms/<collection>/<n>.json`, a Strapi response body), and the build keeps the valid records of each
 * chunk under the digest of its bytes (pipeline/cache/snapshot-records.ts), as it does for each file of
 * the embedded snapshot: an edit in the CMS rewrites, and validates again, the one chunk that holds the
 * entry, not the whole crawl.
 */
const CHUNK_SIZE = 100;

export interface CachedCrawlOptions extends FetchCmsOptions {
  store: Store;
  /** Ignore the cached crawl (`sitegen build --full-crawl`). */
  fullCrawl?: boolean;
  /** A chunk's entries as an earlier build kept them (valid already), by its collection and hash; undefined: read the chunk. */
  saved?: SnapshotOptions['saved'];
}

/** What the crawl's index file holds; the entries are in the chunk files it names. */
interface CrawlIndex {
  version: 4;
  url: string;
  locales: readonly string[];
  /** When the entries were last fetched whole, and the requests that took. */
  fullCrawlAt: number;
  fullCrawlRequests: number;
  dialect: FetchedContent['dialect'];
  mediaOrigin: MediaOrigin;
  /** The chunks in crawl order, each a snapshot file of the crawl's folder with the digest of its bytes. */
  chunks: SnapshotFileKey[];
}

/** A chunk as the build has it: its entries (as kept when `saved`, else as fetched), its file if read from one, and, if new, its bytes to write. */
type CrawlChunk = SnapshotFileEntries & { file?: string; bytes?: string | undefined };

/**
 * The published entries of a live CMS, from the last build's crawl patched with what changed since:
 * entries updated after the newest `updatedAt` it holds, plus one count per collection and locale.
 * When a count differs from the patched crawl's (an entry was deleted or unpublished), when the
 * server gives no counts, after FULL_CRAWL_AFTER_MS, for drafts and for the site proxy, everything
 * is fetched again; and when a whole crawl takes no more requests than patching would. The crawl is
 * kept in the cache folder (never in the output; no token in it), in chunks that the result lists as
 * `snapshotFiles`, so that the build keeps their valid records as it does the snapshot's files.
 *
 * What `updatedAt` does not show (a media file replaced in the library without touching the entry) is
 * picked up by the next full crawl; `--full-crawl` asks for one now.
 */
export async function fetchWithCrawlCache(
  options: CachedCrawlOptions,
): Promise<FetchedContent & { crawl: 'full' | 'changes' }> {
  const now = Date.now();
  const files = crawlFiles(options);
  const cacheable = !options.includeDrafts && !isProxyUrl(options.cms.url);
  const kept = cacheable && !options.fullCrawl ? await readCrawl(files, options) : undefined;
  // Patching costs two requests per collection and locale: a CMS answered in one page each is cheaper fetched whole.
  const patchRequests = 2 * COLLECTIONS.length * options.locales.length;
  if (
    kept &&
    now - kept.index.fullCrawlAt < FULL_CRAWL_AFTER_MS &&
    kept.index.fullCrawlRequests > patchRequests &&
    (kept.index.dialect === '4' || kept.index.dialect === '5')
  ) {
    const updatedAfter = latestUpdatedAt(kept.chunks.flatMap((chunk) => chunk.entries));
    const [changed, counted] = await Promise.all([
      updatedAfter ? fetchCmsEntries({ ...options, updatedAfter }) : fetchCmsEntries(options),
      fetchCmsTotals({ cms: options.cms, locales: options.locales }),
    ]);
    // A chunk gone from the store (its valid records kept, the entries as fetched not): fetched whole below.
    const chunks = updatedAfter
      ? await patchChunks(kept.chunks, changed).catch(() => undefined)
      : chunkEntries(changed.entries);
    const entries = chunks?.flatMap((chunk) => chunk.entries);
    if (chunks && entries && counted.totals && countsMatch(entries, counted.totals)) {
      if (changed.entries.length > 0) await writeCrawl(files, kept.index, chunks);
      const { mediaOrigin, dialect } = kept.index;
      const requests = changed.requests + counted.requests;
      const content = { entries, mediaOrigin, dialect, warnings: changed.warnings, requests };
      return { ...content, digest: digestOf(chunks), snapshotFiles: chunks, crawl: 'changes' };
    }
    options.onProgress?.(
      chunks
        ? 'entries were removed or unpublished since the last crawl: fetching everything again'
        : 'the kept crawl is incomplete: fetching everything again',
    );
    const full = await keepFull(files, await fetchCmsEntries(options), now);
    return { ...full, requests: full.requests + changed.requests + counted.requests, crawl: 'full' };
  }
  const full = await fetchCmsEntries(options);
  return { ...(cacheable ? await keepFull(files, full, now) : full), crawl: 'full' };
}

/** A whole crawl, kept in new chunks. */
async function keepFull(files: CrawlFiles, full: FetchedContent, now: number): Promise<FetchedContent> {
  const chunks = chunkEntries(full.entries);
  const index = { url: files.url, locales: files.locales, fullCrawlAt: now, fullCrawlRequests: full.requests };
  await writeCrawl(files, { ...index, dialect: full.dialect, mediaOrigin: full.mediaOrigin }, chunks);
  return { ...full, digest: digestOf(chunks), snapshotFiles: chunks };
}

/** Each collection's entries, in crawl order, in chunks of CHUNK_SIZE. */
function chunkEntries(entries: RawEntry[]): CrawlChunk[] {
  return COLLECTIONS.flatMap((collection) => {
    const own = entries.filter((entry) => entry.collection === collection);
    return newChunks(collection, own);
  });
}

/** One collection's entries in chunks of CHUNK_SIZE, each as the snapshot file `sitegen pull` would write for them. */
function newChunks(collection: CrawlChunk['collection'], entries: RawEntry[]): CrawlChunk[] {
  return Array.from({ length: Math.ceil(entries.length / CHUNK_SIZE) }, (_, index) => {
    const own = entries.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE);
    const bytes = `${JSON.stringify({ data: own.map((entry) => entry.record) }, null, 2)}\n`;
    return { collection, hash: digest(Buffer.from(bytes)), entries: own, saved: false, bytes };
  });
}

/**
 * The kept chunks with the changed entries put in: a changed entry replaces the one it is (entryKey)
 * in its chunk, a new one joins the last chunk of its collection (a new chunk once that one is full).
 * A chunk that changes is read as fetched (its kept records are valid ones, not what the CMS sent)
 * and gets a new hash; the others stay as they are.
 */
async function patchChunks(kept: CrawlChunk[], changed: FetchedContent): Promise<CrawlChunk[]> {
  const isV5 = changed.dialect === '5';
  const where = new Map<string, [chunk: number, position: number]>();
  kept.forEach((chunk, index) =>
    chunk.entries.forEach((entry, position) => where.set(entryKey(entry), [index, position])),
  );
  const edited = new Map<number, RawEntry[]>();
  const added: RawEntry[] = [];
  for (const entry of changed.entries) {
    const at = where.get(entryKey(entry));
    if (!at) {
      added.push(entry);
      continue;
    }
    const [index, position] = at;
    if (!edited.has(index)) edited.set(index, await fetchedEntries(kept[index]!));
    const entries = edited.get(index)!;
    entries[position] = replacementOf(entries[position]!, entry, isV5);
  }
  const chunks = kept.flatMap((chunk, index) =>
    edited.has(index) ? newChunks(chunk.collection, edited.get(index)!) : [chunk],
  );
  for (const collection of COLLECTIONS) {
    const own = added.filter((entry) => entry.collection === collection);
    if (own.length === 0) continue;
    // After the collection's last chunk (into it while it has room), so that its entries stay in the order they came.
    const last = chunks.findLastIndex((chunk) => chunk.collection === collection);
    const joinsLast = last !== -1 && chunks[last]!.entries.length < CHUNK_SIZE;
    const fresh = newChunks(collection, [...(joinsLast ? await fetchedEntries(chunks[last]!) : []), ...own]);
    if (joinsLast) chunks.splice(last, 1, ...fresh);
    else chunks.splice(last === -1 ? chunks.length : last + 1, 0, ...fresh);
  }
  return chunks;
}

/** A hash of the crawl (it names the content in the build's input key): its chunks' hashes, in order. */
function digestOf(chunks: CrawlChunk[]): string {
  return digestJson(chunks.map((chunk) => [chunk.collection, chunk.hash]));
}

function countsMatch(entries: RawEntry[], totals: Map<string, number>): boolean {
  const counts = new Map<string, number>();
  for (const { collection, record } of entries) {
    const key = `${collection}|${String(record.locale)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return (
    [...totals].every(([key, total]) => (counts.get(key) ?? 0) === total) &&
    [...counts.keys()].every((key) => totals.has(key))
  );
}

const STAGE = 'crawl';

/**
 * Where one CMS URL's crawl is kept: its index is an entry of the store's `crawl` stage, its chunks a
 * snapshot folder there (its `cms/` as `sitegen pull` writes it).
 */
function crawlFiles({ store, cms: { url }, locales }: CachedCrawlOptions) {
  const folder = store.fileOf(STAGE, digestJson([url, locales]));
  return { store, index: digestJson(['index', url, locales]), folder, url, locales };
}
type CrawlFiles = ReturnType<typeof crawlFiles>;

/** Each chunk's snapshot file, in crawl order: `cms/<collection>/<n>.json`, the nth of its collection's chunks. */
function chunkFiles(folder: string, chunks: SnapshotFileKey[]): string[] {
  const counts = new Map<string, number>();
  return chunks.map(({ collection }) => {
    const n = (counts.get(collection) ?? 0) + 1;
    counts.set(collection, n);
    return path.join(folder, 'cms', collection, `${String(n).padStart(4, '0')}.json`);
  });
}

/** The kept crawl: each chunk's entries as an earlier build kept them valid, else as fetched; undefined when anything is missing. */
async function readCrawl(
  files: CrawlFiles,
  options: CachedCrawlOptions,
): Promise<{ index: CrawlIndex; chunks: CrawlChunk[] } | undefined> {
  const index = await files.store.get<CrawlIndex>(STAGE, files.index);
  if (
    index?.version !== 4 ||
    index.url !== options.cms.url ||
    JSON.stringify(index.locales) !== JSON.stringify(options.locales)
  )
    return undefined;
  const names = chunkFiles(files.folder, index.chunks);
  const chunks = await Promise.all(
    index.chunks.map(async (key, position): Promise<CrawlChunk | undefined> => {
      // A chunk file whose bytes are not the ones the index names (the stamp table says so cheaply): fetched whole.
      if ((await files.store.digestFile(names[position]!)) !== key.hash) return undefined;
      const saved = await options.saved?.(key);
      const entries = saved ?? (await readChunk(names[position]!, key));
      return { ...key, entries, saved: saved !== undefined, file: names[position]! };
    }),
  );
  return chunks.every(Boolean) ? { index, chunks: chunks as CrawlChunk[] } : undefined;
}

async function readChunk(file: string, key: SnapshotFileKey): Promise<RawEntry[]> {
  const body = JSON.parse(await readFile(file, 'utf8')) as { data: Array<Record<string, unknown>> };
  return body.data.map((record) => ({ collection: key.collection, record }));
}

/** A chunk's entries as the CMS sent them (a kept chunk's are the valid records, read from its file instead), in an array of their own. */
async function fetchedEntries(chunk: CrawlChunk): Promise<RawEntry[]> {
  return chunk.saved && chunk.file ? readChunk(chunk.file, chunk) : [...chunk.entries];
}

/**
 * The chunks' files (the new ones written, the others left), then the index that names them, then the
 * files it no longer names. Builds sharing the cache folder each write whole files of their own (the
 * last index stays); one that finds a chunk file changed under it fetches everything again.
 */
async function writeCrawl(
  files: CrawlFiles,
  index: Omit<CrawlIndex, 'version' | 'chunks'>,
  chunks: CrawlChunk[],
): Promise<void> {
  const names = chunkFiles(files.folder, chunks);
  for (const [position, chunk] of chunks.entries()) {
    if (chunk.bytes === undefined) continue;
    await mkdir(path.dirname(names[position]!), { recursive: true });
    await replaceShared(names[position]!, chunk.bytes);
    delete chunk.bytes;
  }
  const chunkKeys = chunks.map(({ collection, hash }) => ({ collection, hash }));
  await files.store.put(STAGE, files.index, { ...index, version: 4, chunks: chunkKeys } satisfies CrawlIndex);
  const kept = new Set(names);
  for (const collection of COLLECTIONS) {
    const folder = path.join(files.folder, 'cms', collection);
    const present = await readdir(folder).catch(() => [] as string[]);
    for (const name of present)
      if (!kept.has(path.join(folder, name))) await rm(path.join(folder, name), { force: true });
  }
}
