import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../pipeline/build.ts';
import { digest } from '../../pipeline/cache/store.ts';
import { startFakeStrapi, type FakeRecord, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { loadSnapshotRecords, makeArticle, REPO_ROOT } from '../helpers/content.ts';
import { diffTrees, makeTempDir, readTree } from '../helpers/files.ts';

let server: FakeStrapi;
let snapshot: Record<string, FakeRecord[]>;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('incremental'));
  snapshot = await loadSnapshotRecords();
  server = await startFakeStrapi({
    version: 5,
    collections: snapshot,
    uploadsDir: path.join(REPO_ROOT, 'content', 'uploads'),
  });
});
afterAll(async () => {
  await server.close();
  await cleanup();
});

const options = (name: string): BuildOptions => ({
  siteDir: REPO_ROOT,
  outDir: path.join(dir, name, 'out'),
  cacheDir: path.join(dir, name, 'cache'),
  cms: { url: server.restUrl, concurrency: 4 },
  includeDrafts: false,
  skipInvalid: false,
});

/** An older article (not among the latest posts, so the shell of every page stays the same). */
function editOldArticle(records: FakeRecord[]): FakeRecord[] {
  return records.map((record) =>
    record.slug === 'why-simple-analytics-is-a-great-alternative-to-matomo'
      ? {
          ...record,
          content: `${String(record.content)}\n\nOne more paragraph, added by an editor.`,
          updatedAt: '2026-12-01T10:00:00.000Z',
        }
      : record,
  );
}

describe('incremental builds', () => {
  it('render nothing when nothing changed, and skip the whole pipeline', async () => {
    const first = await build(options('same'));
    const before = await readTree(options('same').outDir);
    const second = await build(options('same'));
    expect(first.pagesRendered).toBe(first.pages);
    expect(first.upToDate).toBe(false);
    expect(second.upToDate).toBe(true);
    expect(second.pagesRendered).toBe(0);
    expect(second.pages).toBe(first.pages);
    expect(second.timings.map((timing) => timing.stage)).not.toContain('render + write');
    expect(diffTrees(before, await readTree(options('same').outDir))).toEqual([]);
  });

  it('build again when a setting, the content or the output folder changed', async () => {
    const same = options('settings');
    await build(same);
    // Another base URL changes every canonical link.
    const rebased = await build({ ...same, baseUrl: 'https://example.org' });
    expect(rebased.upToDate).toBe(false);
    expect(rebased.pagesRendered).toBe(rebased.pages);
    expect((await readTree(same.outDir)).get('index.html')!.toString()).toContain('https://example.org/');
    // The output folder deleted: written whole again.
    await rm(same.outDir, { recursive: true });
    const rewritten = await build({ ...same, baseUrl: 'https://example.org' });
    expect(rewritten.upToDate).toBe(false);
    expect(rewritten.pagesRendered).toBe(rewritten.pages);
  });

  it('after one article changes, re-render only its pages and the lists, and equal a cold build byte for byte', async () => {
    const warm = options('warm');
    await build(warm);
    const feedTime = async (feed: string) => (await stat(path.join(warm.outDir, feed))).mtimeMs;
    const [englishFeed, dutchFeed] = [await feedTime('feed.xml'), await feedTime('nl/feed.xml')];
    server.setRecords('articles', editOldArticle(snapshot.articles!));
    try {
      const incremental = await build(warm);
      expect(incremental.pagesRendered).toBeGreaterThan(0);
      expect(incremental.pagesRendered).toBeLessThan(incremental.pages / 4);
      // The English feed holds the article and is written again; the Dutch one, unchanged, stays as it was.
      expect(await feedTime('feed.xml')).not.toBe(englishFeed);
      expect(await feedTime('nl/feed.xml')).toBe(dutchFeed);

      const cold = options('cold');
      const fresh = await build(cold);
      expect(fresh.pagesRendered).toBe(fresh.pages);
      const warmTree = await readTree(warm.outDir);
      expect(diffTrees(warmTree, await readTree(cold.outDir))).toEqual([]);
      expect(warmTree.get('blog/why-simple-analytics-is-a-great-alternative-to-matomo.html')!.toString()).toContain(
        'One more paragraph, added by an editor.',
      );
      expect(warmTree.get('feed.xml')!.toString()).toContain('One more paragraph, added by an editor.');
    } finally {
      server.setRecords('articles', snapshot.articles!);
    }
  });
});

describe("the feeds' bodies", () => {
  it("are whole when the body cache is gone: a rebuild that formats the English feed again, most of its entries' pages kept, equals a cold build", async () => {
    // Render workers even for the embedded content's few pages: the pages hand their bodies over from another thread.
    const warm = { ...options('bodies'), renderWorkers: 1 };
    await build(warm);
    const firstFeed = (await readTree(warm.outDir)).get('feed.xml')!.toString();
    expect(firstFeed).toContain('<content type="html">');
    // The store's table of feed bodies (rm fails if the build kept none there).
    await rm(path.join(warm.cacheDir, 'store', 'feed-bodies', 'table'));
    server.setRecords('articles', editOldArticle(snapshot.articles!));
    try {
      // The English feed is formatted again: the edited article's page is rendered and hands its body
      // over; the other entries' pages are kept, and their bodies are rendered here.
      const incremental = await build(warm);
      expect(incremental.pagesRendered).toBeLessThan(incremental.pages / 4);
      const cold = { ...options('bodies-cold'), renderWorkers: 1 };
      await build(cold);
      const warmTree = await readTree(warm.outDir);
      expect(diffTrees(warmTree, await readTree(cold.outDir))).toEqual([]);
      expect(warmTree.get('feed.xml')!.toString()).toContain('One more paragraph, added by an editor.');
      expect(warmTree.get('feed.xml')!.toString().split('<entry>').length).toBe(firstFeed.split('<entry>').length);
    } finally {
      server.setRecords('articles', snapshot.articles!);
    }
  });
});

describe('the crawl cache', () => {
  const listRequests = (since: number) =>
    server.requests.slice(since).filter((request) => /\/api\/(articles|key-terms)$/.test(request.path));

  // Pages of 5 records, so that a whole crawl costs more requests than patching it (2 per collection and locale).
  const paged = (name: string): BuildOptions => ({
    ...options(name),
    cms: { url: server.restUrl, concurrency: 4, pageSize: 5 },
  });

  it('fetches only what changed since the last build, and counts to notice removals', async () => {
    const cached = paged('crawl');
    const first = await build(cached);
    let since = server.requests.length;
    const second = await build(cached);
    const patched = listRequests(since);
    // One changed-only page and one count per collection and locale, nothing else.
    expect(
      patched.every(
        (request) =>
          request.query.get('filters[updatedAt][$gt]') !== null || request.query.get('pagination[pageSize]') === '1',
      ),
    ).toBe(true);
    expect(patched.length).toBe(2 * 2 * 6);
    expect(second.requests).toBe(patched.length);
    expect(second.requests).toBeLessThan(first.requests);
    expect(second.pagesRendered).toBe(0);

    server.setRecords('articles', editOldArticle(snapshot.articles!));
    try {
      since = server.requests.length;
      await build(cached);
      expect(listRequests(since).length).toBe(2 * 2 * 6);
      expect(
        (await readTree(cached.outDir))
          .get('blog/why-simple-analytics-is-a-great-alternative-to-matomo.html')!
          .toString(),
      ).toContain('One more paragraph, added by an editor.');

      // An unpublished entry is not seen by updatedAt: the counts differ, so everything is fetched again.
      const removed = snapshot.articles!.find(
        (record) => record.slug === 'why-simple-analytics-is-a-great-alternative-to-matomo',
      )!;
      server.setRecords(
        'articles',
        editOldArticle(snapshot.articles!).filter((record) => record !== removed && record.slug !== removed.slug),
      );
      since = server.requests.length;
      const afterRemoval = await build(cached);
      expect(afterRemoval.requests).toBeGreaterThan(2 * 2 * 6);
      expect(
        (await readTree(cached.outDir)).has('blog/why-simple-analytics-is-a-great-alternative-to-matomo.html'),
      ).toBe(false);

      // And the result equals a build that never had a cache.
      const cold = await build(paged('crawl-cold'));
      expect(cold.pages).toBe(afterRemoval.pages);
      expect(diffTrees(await readTree(cached.outDir), await readTree(paged('crawl-cold').outDir))).toEqual([]);
    } finally {
      server.setRecords('articles', snapshot.articles!);
    }
  });

  it('keeps the crawl in chunks: an edit or a new article rewrites one chunk and keeps the valid records of the others; a lost chunk means a whole crawl', async () => {
    const cached = paged('crawl-chunks');
    await build(cached);
    // The store's `crawl` stage holds the crawl's index (an entry) and its chunks (a snapshot folder as
    // `sitegen pull` writes it: cms/<collection>/<n>.json); `records` the chunks' valid records.
    const crawlDir = path.join(cached.cacheDir, 'store', 'crawl');
    const folders = (await readdir(crawlDir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
    expect(folders).toHaveLength(1);
    const snapshotDir = path.join(crawlDir, folders[0]!.name);
    /** Each chunk file's name with its bytes' digest: an edit changes the bytes of one. */
    const chunks = async () => {
      const files = (await readdir(path.join(snapshotDir, 'cms'), { recursive: true, withFileTypes: true })).filter(
        (entry) => entry.isFile() && entry.name.endsWith('.json'),
      );
      return new Set(
        await Promise.all(
          files.map(async (entry) => {
            const file = path.join(entry.parentPath, entry.name);
            return `${path.relative(snapshotDir, file)} ${digest(await readFile(file))}`;
          }),
        ),
      );
    };
    const keptRecords = async () =>
      new Set((await readdir(path.join(cached.cacheDir, 'store', 'records'))).filter((name) => !name.endsWith('.tmp')));
    const changedNames = (before: Set<string>, after: Set<string>) => ({
      added: [...after].filter((name) => !before.has(name)).length,
      removed: [...before].filter((name) => !after.has(name)).length,
    });
    const chunksBefore = await chunks();
    const keptBefore = await keptRecords();
    // The snapshot's articles and key-terms in six languages: more than one chunk of each, in the snapshot format.
    expect(chunksBefore.size).toBeGreaterThan(2);
    expect(keptBefore.size).toBe(chunksBefore.size);
    const firstChunk = [...chunksBefore][0]!.split(' ')[0]!;
    const body = JSON.parse(await readFile(path.join(snapshotDir, firstChunk), 'utf8')) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);

    const added = makeArticle({
      documentId: 'chunked-new',
      locale: 'en',
      updatedAt: '2026-12-02T10:00:00.000Z',
      publishedAt: '2026-12-02T10:00:00.000Z',
    });
    server.setRecords('articles', editOldArticle(snapshot.articles!));
    try {
      let since = server.requests.length;
      await build(cached);
      expect(listRequests(since).length).toBe(2 * 2 * 6);
      const chunksEdited = await chunks();
      // One chunk file rewritten; its new valid records kept beside the old ones (the clean-up leaves what was used within the hour).
      expect(changedNames(chunksBefore, chunksEdited)).toEqual({ added: 1, removed: 1 });
      expect(changedNames(keptBefore, await keptRecords())).toEqual({ added: 1, removed: 0 });

      server.setRecords('articles', [...editOldArticle(snapshot.articles!), added]);
      since = server.requests.length;
      await build(cached);
      expect(listRequests(since).length).toBe(2 * 2 * 6);
      expect(changedNames(chunksEdited, await chunks())).toEqual({ added: 1, removed: 1 });
      expect((await readTree(cached.outDir)).has('blog/chunked-new-en.html')).toBe(true);
      const cold = await build(paged('crawl-chunks-cold'));
      expect(diffTrees(await readTree(cached.outDir), await readTree(paged('crawl-chunks-cold').outDir))).toEqual([]);

      // The chunk files gone (the index and their valid records still kept): the next change cannot be put in, so everything is fetched again.
      await rm(path.join(snapshotDir, 'cms'), { recursive: true });
      expect(await chunks().catch(() => new Set())).toEqual(new Set());
      server.setRecords('articles', [
        ...editOldArticle(snapshot.articles!),
        { ...added, title: 'A new article, renamed', updatedAt: '2026-12-03T10:00:00.000Z' },
      ]);
      since = server.requests.length;
      const refetched = await build(cached);
      expect(refetched.requests).toBeGreaterThan(2 * 2 * 6);
      expect(refetched.pages).toBe(cold.pages);
      expect((await readTree(cached.outDir)).get('blog/chunked-new-en.html')!.toString()).toContain(
        'A new article, renamed',
      );
      expect((await chunks()).size).toBe(chunksBefore.size);
    } finally {
      server.setRecords('articles', snapshot.articles!);
    }
  });

  it('fetches everything with fullCrawl', async () => {
    const cached = paged('crawl-full');
    const first = await build(cached);
    const again = await build({ ...cached, fullCrawl: true });
    expect(again.requests).toBe(first.requests);
  });
});
