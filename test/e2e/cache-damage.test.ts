import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions, type BuildReport } from '../../pipeline/build.ts';
import { diffTrees, makeTempDir, readTree } from '../helpers/files.ts';
import { siteCopyBuilds, type SiteCopyBuilds } from '../helpers/site-copy-builds.ts';

// Issue 26: a CI job whose restored cache comes back damaged. A real build of the embedded content
// leaves its cache folder and output; one article is edited; then every kept file is damaged in each
// way a cache can be (removed, emptied, cut off, overwritten with garbage, written by another version,
// left half-written beside its place), one at a time, and each rebuild must succeed with at most one
// notice line and write exactly what a cold build of the edited content writes.

let dir: string;
let cleanup: () => Promise<void>;
let builds: SiteCopyBuilds;
let warm: BuildOptions;
let pristine: { cache: string; out: string; host: string };
let expected: Map<string, Buffer>;
let keptFiles: string[];

const DAMAGES: Record<string, (bytes: Buffer) => Buffer | undefined> = {
  removed: () => undefined,
  emptied: () => Buffer.alloc(0),
  'cut off': (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2)),
  garbage: (bytes) =>
    Buffer.from(Array.from({ length: Math.max(bytes.length, 64) }, (_, index) => (index * 131 + 17) % 256)),
  // The same frame from a sitegen whose format or V8 differs: the version text in the header changes.
  'another version': (bytes) =>
    Buffer.from(bytes.toString('latin1').replace(/^sitegen-store\0\d+\0/, 'sitegen-store\u00009\u0000'), 'latin1'),
  // A build killed while writing: its temporary file is left beside a whole entry cut off at the end.
  'half-written': (bytes) => bytes.subarray(0, bytes.length - 1),
};

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('cache-damage'));
  builds = await siteCopyBuilds(dir);
  warm = builds.options('warm');
  await build(warm);
  pristine = {
    cache: path.join(dir, 'pristine-cache'),
    out: path.join(dir, 'pristine-out'),
    host: path.join(dir, 'pristine-host'),
  };
  // Hard-linked copies: the store and the writer replace files by renaming, never in place, and a
  // damaged file is written anew (below), so the pristine copies stay as the first build left them.
  execFileSync('cp', ['-al', warm.cacheDir, pristine.cache]);
  execFileSync('cp', ['-al', warm.outDir, pristine.out]);
  execFileSync('cp', ['-al', `${warm.outDir}-host`, pristine.host]);
  const article = path.join(builds.siteDir, 'content', 'cms', 'articles', 'blog-a.json');
  const text = await readFile(article, 'utf8');
  await writeFile(article, text.replace('"title": "', '"title": "Edited: '));
  const cold = builds.options('cold');
  await build(cold);
  expected = await readTree(cold.outDir);
  keptFiles = await listKept(pristine.cache);
}, 600_000);
afterAll(async () => cleanup());

/** Every file the cache folder holds, but only three of the many drawn social images (all alike). */
async function listKept(root: string): Promise<string[]> {
  const files = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
  const images = files.filter((file) => file.endsWith('.png'));
  return [...files.filter((file) => !file.endsWith('.png')), ...images.slice(0, 3)];
}

async function restore(): Promise<void> {
  for (const [from, to] of [
    [pristine.cache, warm.cacheDir],
    [pristine.out, warm.outDir],
    [pristine.host, `${warm.outDir}-host`],
  ] as const) {
    await rm(to, { recursive: true, force: true });
    execFileSync('cp', ['-al', from, to]);
  }
}

async function damage(file: string, how: string): Promise<void> {
  const full = path.join(warm.cacheDir, file);
  const bytes = await readFile(full);
  await rm(full);
  const damaged = DAMAGES[how]!(bytes);
  if (damaged) await writeFile(full, damaged);
  if (how === 'half-written') await writeFile(`${full}.99999.1.tmp`, bytes.subarray(0, 10));
}

describe('every cache fault is a miss', () => {
  it('finds the kind of files the cache folder holds', () => {
    const kinds = new Set(keptFiles.map((file) => path.dirname(file)));
    // One store: every kept file is an entry or plain file of a stage folder under store/.
    expect([...kinds].every((kind) => kind.startsWith('store'))).toBe(true);
    expect(kinds.size).toBeGreaterThanOrEqual(8);
  });

  it.each(Object.keys(DAMAGES))('rebuilds as a cold build does with each kept file %s in turn', async (how) => {
    const failures: string[] = [];
    for (const file of keptFiles) {
      await restore();
      await damage(file, how);
      let report: BuildReport;
      try {
        report = await build(warm);
      } catch (error) {
        failures.push(`${file}: the build failed: ${(error as Error).message}`);
        continue;
      }
      const notices = report.warnings.filter((warning) => warning.startsWith('cache:'));
      if (notices.length > 1) failures.push(`${file}: ${notices.length} notices`);
      const diff = diffTrees(await readTree(warm.outDir), expected);
      if (diff.length > 0) failures.push(`${file}: the output differs: ${diff.slice(0, 3).join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(keptFiles.length).toBeGreaterThan(10);
  });

  it('two builds sharing one cache folder at once both succeed and write what a cold build writes', async () => {
    await restore();
    const second = builds.options('second', { cacheDir: warm.cacheDir });
    await rm(path.join(warm.cacheDir, 'store'), { recursive: true, force: true });
    const [a, b] = await Promise.all([build(warm), build(second)]);
    expect(a.pages).toBe(b.pages);
    expect(diffTrees(await readTree(warm.outDir), expected)).toEqual([]);
    expect(diffTrees(await readTree(second.outDir), expected)).toEqual([]);
    // What both left is whole: a third build from it is the same again.
    expect((await stat(path.join(warm.cacheDir, 'store'))).isDirectory()).toBe(true);
    await rm(warm.outDir, { recursive: true, force: true });
    await build(warm);
    expect(diffTrees(await readTree(warm.outDir), expected)).toEqual([]);
  });
});
