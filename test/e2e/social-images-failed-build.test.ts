import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { isWholeImage } from '../../pipeline/transform/social-images.ts';
import { makeArticle } from '../helpers/content.ts';
import { drawnImageFiles, makeTempDir } from '../helpers/files.ts';
import { siteCopyBuilds, type SiteCopyBuilds } from '../helpers/site-copy-builds.ts';

// A cold build of many entries draws its social images in a child process while the main thread plans
// and the workers render (pipeline/build.ts). A build that fails meanwhile must still end cleanly: the
// error is the build's own, nothing writes into its cache folder once build() has returned, and no
// image is left half-written. Here the failure is a redirect loop in redirects.json, which the build
// finds when it plans the host's files, after the drawing has started.

let dir: string;
let cleanup: () => Promise<void>;
let builds: SiteCopyBuilds;

/** More new titles than the build draws in its own process (DRAW_IN_CHILD_FROM, 500). */
const ENTRIES = 600;

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('social-failed'));
  builds = await siteCopyBuilds(dir);
  const articles = Array.from({ length: ENTRIES }, (_, index) =>
    makeArticle({ documentId: `many-${index}`, locale: 'en', title: `A title of its own, number ${index}` }),
  );
  await writeFile(
    path.join(builds.siteDir, 'content', 'cms', 'articles', 'zz-many.json'),
    JSON.stringify({ data: articles }),
  );
  const redirectsFile = path.join(builds.siteDir, 'redirects.json');
  const redirects = JSON.parse(await readFile(redirectsFile, 'utf8')) as { redirects: unknown[] };
  redirects.redirects.push(
    { from: '/loop-one', to: '/loop-two', status: 301 },
    { from: '/loop-two', to: '/loop-one', status: 301 },
  );
  await writeFile(redirectsFile, JSON.stringify(redirects, null, 2));
});
afterAll(() => cleanup());

it('ends after the drawing when it fails while drawing, leaving only whole images and no output', async () => {
  const options = builds.options('cold');
  await expect(build(options)).rejects.toMatchObject({ code: 'REDIRECTS_INVALID' });
  const drawn = await drawnImageFiles(options.cacheDir);
  // Every title of the new entries was drawn (the drawing had started before the failure), and whole.
  expect(drawn.length).toBeGreaterThanOrEqual(ENTRIES);
  expect(drawn.filter((file) => !isWholeImage(file))).toEqual([]);
  // Nothing is drawing behind the caller's back.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(await drawnImageFiles(options.cacheDir)).toEqual(drawn);
  await expect(readdir(options.outDir)).rejects.toMatchObject({ code: 'ENOENT' });
}, 120_000);
