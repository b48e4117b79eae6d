import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../pipeline/build.ts';
import { diffTrees, makeTempDir, readTree } from '../helpers/files.ts';
import { siteCopyBuilds, type SiteCopyBuilds } from '../helpers/site-copy-builds.ts';

// The whole-site stages that keep their results between builds (redirects, host files): a build that
// reuses them must write exactly what a cold build of the same input writes, and a change to what they
// depend on (a slug) must reach the output.

let cleanup: () => Promise<void>;
let builds: SiteCopyBuilds;

beforeAll(async () => {
  let dir: string;
  ({ dir, cleanup } = await makeTempDir('stage-cache'));
  builds = await siteCopyBuilds(dir);
});
afterAll(async () => cleanup());

const options = (name: string): BuildOptions => builds.options(name);

const SNAPSHOT = 'content/cms/articles/blog-a.json';
const OLD_SLUG = 'waarom-simple-analytics-een-goed-alternatief-is-voor-matomo';
const NEW_SLUG = 'waarom-simple-analytics-beter-is-dan-matomo';

async function editSnapshot(edit: (text: string) => string): Promise<void> {
  const file = path.join(builds.siteDir, SNAPSHOT);
  await writeFile(file, edit(await readFile(file, 'utf8')));
}

/** The output and host folders of a warm build against a cold build of the same input. */
async function expectSameAsCold(warm: BuildOptions, coldName: string): Promise<Map<string, Buffer>> {
  const { warmTree, cold } = await builds.expectSameAsCold(warm, coldName);
  expect(diffTrees(await readTree(`${warm.outDir}-host`), await readTree(`${cold.outDir}-host`))).toEqual([]);
  return warmTree;
}

describe('whole-site stages kept between builds', () => {
  it('an edit that leaves the redirects alone reuses them and the host files, and equals a cold build', async () => {
    const warm = options('warm');
    await build(warm);
    await editSnapshot((text) => text.replace('"title": "', '"title": "Edited: '));
    const second = await build(warm);
    expect(second.upToDate).toBe(false);
    expect(second.pagesRendered).toBeGreaterThan(0);
    await expectSameAsCold(warm, 'cold-1');
  });

  it('a changed slug reaches the redirects and the host files, and a hand-edited host folder is written again; each equals a cold build', async () => {
    const warm = options('warm');
    await editSnapshot((text) => text.replaceAll(OLD_SLUG, NEW_SLUG));
    const report = await build(warm);
    expect(report.upToDate).toBe(false);
    const tree = await expectSameAsCold(warm, 'cold-2');
    // The host folder edited by hand is written again by the next build, even with the redirects unchanged.
    await writeFile(path.join(`${warm.outDir}-host`, 'manifest.json'), 'edited by hand');
    await editSnapshot((text) => text.replace('"title": "Edited: ', '"title": "Edited again: '));
    await build(warm);
    await expectSameAsCold(warm, 'cold-3');
    const manifest = await readFile(path.join(`${options('cold-2').outDir}-host`, 'manifest.json'), 'utf8');
    // The Dutch slug under the German prefix goes to the German page; the old Dutch slug is gone.
    expect(manifest).toContain(`"/de/blog/${NEW_SLUG}"`);
    expect(manifest).not.toContain(OLD_SLUG);
    expect(tree.has(`nl/blog/${NEW_SLUG}.html`)).toBe(true);
  });
});
