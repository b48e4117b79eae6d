import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../pipeline/build.ts';
import { startFakeStrapi, type FakeRecord, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { loadSnapshotRecords, REPO_ROOT } from '../helpers/content.ts';
import { diffTrees, makeTempDir, readTree } from '../helpers/files.ts';

let server: FakeStrapi;
let snapshot: Record<string, FakeRecord[]>;
let dir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('incremental'));
  snapshot = await loadSnapshotRecords();
  server = await startFakeStrapi({ version: 5, collections: snapshot, uploadsDir: path.join(REPO_ROOT, 'content', 'uploads') });
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
      ? { ...record, content: `${String(record.content)}\n\nOne more paragraph, added by an editor.`, updatedAt: '2026-11-20T10:00:00.000Z' }
      : record,
  );
}

describe('incremental builds', () => {
  it('render nothing when nothing changed', async () => {
    const first = await build(options('same'));
    const second = await build(options('same'));
    expect(first.pagesRendered).toBe(first.pages);
    expect(second.pagesRendered).toBe(0);
    expect(second.markdown).toEqual({ rendered: 0, cached: first.markdown.rendered });
  });

  it('after one article changes, re-render only its pages and the lists, and equal a cold build byte for byte', async () => {
    const warm = options('warm');
    await build(warm);
    server.setRecords('articles', editOldArticle(snapshot.articles!));
    try {
      const incremental = await build(warm);
      expect(incremental.markdown.rendered).toBe(1);
      expect(incremental.pagesRendered).toBeGreaterThan(0);
      expect(incremental.pagesRendered).toBeLessThan(incremental.pages / 4);

      const cold = options('cold');
      const fresh = await build(cold);
      expect(fresh.pagesRendered).toBe(fresh.pages);
      const warmTree = await readTree(warm.outDir);
      expect(diffTrees(warmTree, await readTree(cold.outDir))).toEqual([]);
      expect(warmTree.get('blog/why-simple-analytics-is-a-great-alternative-to-matomo.html')!.toString()).toContain('One more paragraph, added by an editor.');
    } finally {
      server.setRecords('articles', snapshot.articles!);
    }
  });
});
