import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../pipeline/build.ts';
import { startFakeStrapi, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { loadSnapshotRecords, REPO_ROOT } from '../helpers/content.ts';
import { diffTrees, makeTempDir, readTree } from '../helpers/files.ts';
import { namedBuildOptions } from '../helpers/site-copy-builds.ts';

let dir: string;
let cleanup: () => Promise<void>;
let fromSnapshot: Map<string, Buffer>;

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('determinism'));
  await build(options('snapshot'));
  fromSnapshot = await readTree(path.join(dir, 'snapshot', 'out'));
});
afterAll(() => cleanup());

function options(name: string, overrides: Partial<BuildOptions> = {}): BuildOptions {
  return namedBuildOptions(REPO_ROOT, dir, name, overrides);
}

describe('output determinism', () => {
  it('builds the embedded content into a real site', () => {
    expect(fromSnapshot.size).toBeGreaterThan(100);
    expect(fromSnapshot.has('index.html')).toBe(true);
    expect(fromSnapshot.has('nl.html')).toBe(true);
    expect(fromSnapshot.has('de/preise.html')).toBe(true);
  });

  it('gives byte-identical output for two builds of the same input', async () => {
    await build(options('second'));
    expect(diffTrees(fromSnapshot, await readTree(path.join(dir, 'second', 'out')))).toEqual([]);
  });

  it('gives byte-identical output when rendering in worker threads', async () => {
    await build(options('workers', { renderWorkers: 2 }));
    expect(diffTrees(fromSnapshot, await readTree(path.join(dir, 'workers', 'out')))).toEqual([]);
  });

  it.each([4, 5] as const)('gives byte-identical output from a Strapi v%i serving the snapshot', async (version) => {
    let server: FakeStrapi | undefined;
    try {
      server = await startFakeStrapi({
        version,
        collections: await loadSnapshotRecords(),
        uploadsDir: path.join(REPO_ROOT, 'content', 'uploads'),
      });
      const report = await build(options(`strapi-v${version}`, { cms: { url: server.restUrl, concurrency: 4 } }));
      expect(report.mediaDownloads).toBeGreaterThan(0);
      expect(diffTrees(fromSnapshot, await readTree(path.join(dir, `strapi-v${version}`, 'out')))).toEqual([]);
    } finally {
      await server?.close();
    }
  });
});

describe('the cover-colour cache', () => {
  it('lets a second build read every computed colour from the cache', async () => {
    const first = await build(options('cache-1', { cacheDir: path.join(dir, 'shared-cache') }));
    const second = await build(options('cache-2', { cacheDir: path.join(dir, 'shared-cache') }));
    expect(first.coverColours.computed).toBeGreaterThan(0);
    expect(first.coverColours.fromCms).toBeGreaterThan(0);
    expect(second.coverColours).toEqual({
      fromCms: first.coverColours.fromCms,
      computed: 0,
      cached: first.coverColours.computed,
    });
  });
});
