import { appendFile, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../../pipeline/build.ts';
import { checkBuildInputs } from '../../../pipeline/cache/input-fingerprint.ts';
import { SITE_DATA_FILES } from '../../../pipeline/site/site-files.ts';
import { makeTempDir, readTree } from '../../helpers/files.ts';
import { copySiteData } from '../../helpers/project-copy.ts';

let dir: string;
let cleanup: () => Promise<void>;
let siteDir: string;

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('fingerprint'));
  siteDir = await copySiteData(path.join(dir, 'site'));
});
afterAll(async () => cleanup());

const options = (overrides: Partial<BuildOptions> = {}): BuildOptions => ({
  siteDir,
  outDir: path.join(dir, 'out'),
  cacheDir: path.join(dir, 'cache'),
  cms: undefined,
  includeDrafts: false,
  skipInvalid: false,
  ...overrides,
});

const keyOf = async (overrides: Partial<BuildOptions> = {}) =>
  (await checkBuildInputs(options(overrides)))!.fingerprint.key;

/** Edits a file so that its bytes (and so its fingerprint) change, runs `check`, and puts the bytes back. */
async function whileEdited(
  file: string,
  edit: (bytes: Buffer) => Buffer | string,
  check: () => Promise<void>,
): Promise<void> {
  const original = await readFile(path.join(siteDir, file));
  await writeFile(path.join(siteDir, file), edit(original));
  try {
    await check();
  } finally {
    await writeFile(path.join(siteDir, file), original);
  }
}

describe('the input fingerprint of a build of the embedded content', () => {
  it('is the same for the same files and settings, and none for a CMS or preview build', async () => {
    expect(await keyOf()).toBe(await keyOf());
    expect(await checkBuildInputs(options({ cms: { url: 'http://127.0.0.1:9/api', concurrency: 1 } }))).toBeUndefined();
  });

  it('changes with every setting that changes the output', async () => {
    const base = await keyOf();
    for (const overrides of [
      { baseUrl: 'https://example.org' },
      { host: 'nginx' as const },
      { includeDrafts: true },
      { skipInvalid: true },
      { strict: true },
      { outDir: path.join(dir, 'elsewhere') },
    ]) {
      expect(await keyOf(overrides), JSON.stringify(overrides)).not.toBe(base);
    }
    // Worker threads change how fast, not what.
    expect(await keyOf({ renderWorkers: 1 })).toBe(base);
  });

  it.each(SITE_DATA_FILES)('changes when %s changes', async (file) => {
    const base = await keyOf();
    await whileEdited(
      file,
      (bytes) => `${bytes.toString('utf8')}\n`,
      async () => expect(await keyOf()).not.toBe(base),
    );
    expect(await keyOf()).toBe(base);
  });

  it('changes when a snapshot file, an upload or a public file changes', async () => {
    const base = await keyOf();
    await whileEdited(
      'content/cms/articles/blog-a.json',
      (bytes) => bytes.toString('utf8').replace('"title": "', '"title": "New: '),
      async () => expect(await keyOf()).not.toBe(base),
    );
    // Media and public files by size and modification time.
    const upload = path.join(
      siteDir,
      'content',
      'uploads',
      (await readTree(path.join(siteDir, 'content', 'uploads'))).keys().next().value!,
    );
    await utimes(upload, new Date(), new Date(Date.now() + 60_000));
    const afterUpload = await keyOf();
    expect(afterUpload).not.toBe(base);
    await appendFile(path.join(siteDir, 'public', 'robots-extra.txt'), 'hello');
    expect(await keyOf()).not.toBe(afterUpload);
  });
});

describe('a build with nothing changed', () => {
  it('answers from the fingerprint alone, and builds again after an edit', async () => {
    const first = await build(options());
    expect(first.upToDate).toBe(false);
    const second = await build(options());
    expect(second.upToDate).toBe(true);
    expect(second.pages).toBe(first.pages);
    expect(second.timings.map((timing) => timing.stage)).toEqual(['up to date']);

    await whileEdited(
      'locales/nl.json',
      (bytes) => JSON.stringify({ ...JSON.parse(bytes.toString('utf8')), 'nav.blog': 'Het blog' }, null, 2),
      async () => {
        const edited = await build(options());
        expect(edited.upToDate).toBe(false);
        expect(edited.pagesRendered).toBeGreaterThan(0);
        expect(await readFile(path.join(options().outDir, 'nl.html'), 'utf8')).toContain('Het blog');
      },
    );
  });

  it('builds again when the output folder of the host files is gone', async () => {
    await build(options());
    await rm(`${options().outDir}-host`, { recursive: true });
    const again = await build(options());
    expect(again.upToDate).toBe(false);
  });
});
