import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { isWholeImage } from '../../pipeline/transform/social-images.ts';
import { loadSnapshotRecords, makeArticle } from '../helpers/content.ts';
import { diffTrees, drawnImageFiles, makeTempDir, readTree } from '../helpers/files.ts';
import { siteCopyBuilds, type SiteCopyBuilds } from '../helpers/site-copy-builds.ts';
import { startFakeStrapi } from '../fixtures/strapi/fake-strapi.ts';

// A cold build of a large embedded snapshot starts its drawing child before it reads the snapshot, and
// has it draw each entry's social image as soon as the entry's file is read (pipeline/build.ts,
// startDrawingAhead): a snapshot of 600 new articles with bodies of 6 KB is large enough for that. The
// build from a Strapi serving the same records draws after the transform, the other way.

let dir: string;
let cleanup: () => Promise<void>;
let builds: SiteCopyBuilds;

const ENTRIES = 600;
const BODY = 'Counting visits without cookies keeps the numbers honest and the visitors unbothered. '.repeat(70);

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('social-ahead'));
  builds = await siteCopyBuilds(dir);
  const articles = Array.from({ length: ENTRIES }, (_, index) =>
    makeArticle({
      documentId: `many-${index}`,
      locale: index % 2 === 0 ? 'en' : 'fr',
      title: `L'analyse d'audience, numéro ${index}`,
      content: `${BODY}\n\nNumber ${index}.`,
    }),
  );
  await writeFile(
    path.join(builds.siteDir, 'content', 'cms', 'articles', 'zz-many.json'),
    JSON.stringify({ data: articles }),
  );
});
afterAll(() => cleanup());

it('draws them while it reads the snapshot, and writes the site a build from a Strapi with the same records writes', async () => {
  // Large enough to be drawn ahead: more than 500 records by the snapshot's size (6,000 bytes a record).
  const { size } = await stat(path.join(builds.siteDir, 'content', 'cms', 'articles', 'zz-many.json'));
  expect(size).toBeGreaterThan(500 * 6_000);
  const ahead = await build(builds.options('ahead'));
  expect(ahead.socialImages?.drawn).toBeGreaterThanOrEqual(ENTRIES);
  expect(ahead.socialImages?.childCpuMs).toBeGreaterThan(0);
  expect((await drawnImageFiles(builds.options('ahead').cacheDir)).filter((file) => !isWholeImage(file))).toEqual([]);

  const server = await startFakeStrapi({
    version: 5,
    collections: await loadSnapshotRecords(builds.siteDir),
    uploadsDir: path.join(builds.siteDir, 'content', 'uploads'),
  });
  try {
    const fromCms = await build(builds.options('cms', { cms: { url: server.restUrl, concurrency: 4 } }));
    expect(fromCms.socialImages?.drawn).toBe(ahead.socialImages?.drawn);
    const [aheadTree, cmsTree] = await Promise.all([
      readTree(builds.options('ahead').outDir),
      readTree(builds.options('cms').outDir),
    ]);
    expect(aheadTree.size).toBeGreaterThan(ENTRIES);
    expect(diffTrees(aheadTree, cmsTree)).toEqual([]);
  } finally {
    await server.close();
  }
}, 240_000);

it('draws none again when the cache is kept and the output is not (a CI job that restores only its cache)', async () => {
  const first = builds.options('kept-cache');
  const drawnFirst = await build(first);
  expect(drawnFirst.socialImages?.drawn).toBeGreaterThanOrEqual(ENTRIES);
  const tree = await readTree(first.outDir);
  await rm(first.outDir, { recursive: true });
  await rm(`${first.outDir}-host`, { recursive: true });
  const again = await build(first);
  expect(again.pagesRendered).toBe(again.pages);
  expect(again.socialImages?.drawn ?? 0).toBe(0);
  expect(diffTrees(tree, await readTree(first.outDir))).toEqual([]);
}, 240_000);

it('stops drawing when a later snapshot file is broken: SNAPSHOT_INVALID, only whole images, no output', async () => {
  await writeFile(path.join(builds.siteDir, 'content', 'cms', 'key-terms', 'zz-broken.json'), '{ "data": [');
  const options = builds.options('broken');
  await expect(build(options)).rejects.toMatchObject({ code: 'SNAPSHOT_INVALID' });
  const drawn = await drawnImageFiles(options.cacheDir);
  expect(drawn.filter((file) => !isWholeImage(file))).toEqual([]);
  // Nothing is drawing behind the caller's back.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await drawnImageFiles(options.cacheDir)).toEqual(drawn);
  await expect(readdir(options.outDir)).rejects.toMatchObject({ code: 'ENOENT' });
}, 120_000);
