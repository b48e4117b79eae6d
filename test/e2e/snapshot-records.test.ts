import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../pipeline/build.ts';
import type { RawEntry } from '../../pipeline/fetch/raw-entry.ts';
import { decodeKeptFile, encodeKeptFile } from '../../pipeline/cache/snapshot-records.ts';
import { decodeEntry, encodeEntry } from '../../pipeline/cache/store.ts';
import { makeTempDir, readTree } from '../helpers/files.ts';
import { siteCopyBuilds, type SiteCopyBuilds } from '../helpers/site-copy-builds.ts';

// The valid records of each snapshot file, kept in the cache folder between builds of the embedded
// content (pipeline/cache/snapshot-records.ts): a warm build reads those of unchanged files back instead
// of parsing and validating them, and must still write what a cold build of the same files writes.

let dir: string;
let cleanup: () => Promise<void>;
let builds: SiteCopyBuilds;
let siteDir: string;

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('snapshot-records'));
  builds = await siteCopyBuilds(dir);
  siteDir = builds.siteDir;
});
afterAll(async () => cleanup());

const options = (name: string, overrides: Partial<BuildOptions> = {}): BuildOptions => builds.options(name, overrides);

/** The store's `records` stage: the kept records of builds with and without drafts (the setting is part of each key). */
const recordsDir = (options: BuildOptions) => path.join(options.cacheDir, 'store', 'records');
/** A kept file's value, as the store gave it, with its texts (the entry's tail); undefined when the entry is damaged. */
const readKept = async (file: string) => {
  const entry = decodeEntry(await readFile(file));
  return (
    entry && ({ ...(entry.value as object), texts: entry.tail } as unknown as Parameters<typeof decodeKeptFile>[0])
  );
};
/** content/cms/articles/*.json and content/cms/key-terms/*.json of the site copy. */
async function snapshotFiles(): Promise<number> {
  const count = async (collection: string) =>
    (await readdir(path.join(siteDir, 'content', 'cms', collection))).filter((name) => name.endsWith('.json')).length;
  return (await count('articles')) + (await count('key-terms'));
}

async function editSnapshot(file: string, edit: (text: string) => string): Promise<void> {
  const full = path.join(siteDir, 'content', 'cms', file);
  const before = await readFile(full, 'utf8');
  const after = edit(before);
  expect(after).not.toBe(before);
  await writeFile(full, after);
}

async function expectSameAsCold(warm: BuildOptions, coldName: string): Promise<Map<string, Buffer>> {
  return (await builds.expectSameAsCold(warm, coldName)).warmTree;
}

/** The kept files with their modification times. */
async function keptFiles(options: BuildOptions): Promise<Map<string, number>> {
  const names = (await readdir(recordsDir(options))).filter((name) => !name.endsWith('.tmp'));
  return new Map(
    await Promise.all(
      names.map(async (name): Promise<[string, number]> => [
        name,
        (await stat(path.join(recordsDir(options), name))).mtimeMs,
      ]),
    ),
  );
}

describe('valid records kept per snapshot file', () => {
  it('keeps one file per snapshot file; after an edit only that one is written again, and the output equals a cold build', async () => {
    const warm = options('warm');
    await build(warm);
    const first = await keptFiles(warm);
    expect(first.size).toBe(await snapshotFiles());
    expect(first.size).toBe(5);

    await editSnapshot('articles/blog-a.json', (text) => text.replace('"title": "', '"title": "Edited: '));
    const second = await build(warm);
    expect(second.upToDate).toBe(false);
    const after = await keptFiles(warm);
    // The edited file's new records beside its old ones (the clean-up leaves what was used within the hour).
    expect(after.size).toBe((await snapshotFiles()) + 1);
    const unchanged = [...after].filter(([name, mtime]) => first.get(name) === mtime);
    expect(unchanged).toHaveLength(await snapshotFiles());
    expect([...after.keys()].filter((name) => !first.has(name))).toHaveLength(1);
    await expectSameAsCold(warm, 'cold-1');
  });

  it('builds from what it kept: a doctored record shows (so unchanged files are not parsed again)', async () => {
    const warm = options('doctored');
    await build(warm);
    // Doctor the kept records of the key-terms file, then change another file so that the build runs.
    const keyTermsFile = await findKept(warm, (entries) => entries.every((entry) => entry.collection === 'key-terms'));
    const kept = decodeKeptFile(await readKept(keyTermsFile))!;
    const target = kept.entries.find((entry) => entry.record.locale === 'en')!;
    const title = String(target.record.title);
    target.record.title = `${title} (kept)`;
    const entries = kept.entries.map((entry, index) => ({
      ...entry,
      record: { ...entry.record, content: kept.texts[index]?.() ?? entry.record.content },
    }));
    await writeFile(keyTermsFile, encodeEntry(encodeKeptFile(entries, kept.hashes, kept.images)));
    await editSnapshot('articles/blog-a.json', (text) =>
      text.replace('"title": "Edited: ', '"title": "Edited twice: '),
    );
    await build(warm);
    const page = (await readTree(warm.outDir)).get(
      `glossary/${String(target.record.articleType)}/key-term/${String(target.record.slug)}.html`,
    );
    expect(page?.toString()).toContain(`${title} (kept)`);
  });

  it('parses a file again when what it kept cannot be read, and equals a cold build', async () => {
    const warm = options('broken');
    await build(warm);
    for (const name of await readdir(recordsDir(warm)))
      await writeFile(path.join(recordsDir(warm), name), 'not a V8 value');
    await editSnapshot('articles/blog-b.json', (text) => text.replace('"title": "', '"title": "Edited: '));
    const report = await build(warm);
    expect(report.upToDate).toBe(false);
    // One notice line for what was damaged; every file's records kept again, whole (the edited file's
    // old, damaged entry stays until the clean-up's hour has passed).
    expect(report.warnings.filter((warning) => warning.startsWith('cache:'))).toHaveLength(1);
    const kept = await Promise.all(
      (await readdir(recordsDir(warm))).map((name) => readKept(path.join(recordsDir(warm), name))),
    );
    expect(kept.filter((value) => decodeKeptFile(value) !== undefined)).toHaveLength(await snapshotFiles());
    await expectSameAsCold(warm, 'cold-2');
  });

  it('keeps the files of builds with and without drafts apart (one cache folder, both kept)', async () => {
    const published = options('drafts-apart');
    const withDrafts = { ...published, outDir: path.join(dir, 'drafts-apart', 'out-drafts'), includeDrafts: true };
    await build(published);
    // One store for both: the published build's files are those there before the build with drafts.
    const first = await keptFiles(published);
    expect(first.size).toBe(await snapshotFiles());
    await build(withDrafts);
    const both = await keptFiles(withDrafts);
    expect(both.size).toBe(2 * (await snapshotFiles()));
    expect(new Map([...both].filter(([name]) => first.has(name)))).toEqual(first);
    await editSnapshot('articles/blog-b.json', (text) => text.replace('"title": "', '"title": "Edited again: '));
    await build(withDrafts);
    const after = await keptFiles(published);
    expect(new Map([...after].filter(([name]) => first.has(name)))).toEqual(first);
  });

  it('keeps two files of equal bytes in two collections apart (their entries belong to different collections)', async () => {
    const twin = {
      data: [
        {
          id: 9001,
          documentId: 'twin-bounce-rate',
          locale: 'en',
          title: 'Bounce rate, twice',
          slug: 'bounce-rate-twice',
          excerpt: 'The same record as a glossary article and as a key term.',
          content: 'A bounce is a visit that views one page and leaves.',
          articleType: 'google-analytics',
          createdAt: '2026-01-01T09:00:00.000Z',
          updatedAt: '2026-01-01T09:00:00.000Z',
          publishedAt: '2026-01-01T09:00:00.000Z',
        },
      ],
    };
    for (const collection of ['articles', 'key-terms'])
      await writeFile(
        path.join(siteDir, 'content', 'cms', collection, 'twin.json'),
        `${JSON.stringify(twin, null, 2)}\n`,
      );
    const warm = options('twins');
    await build(warm);
    await editSnapshot('articles/blog-b.json', (text) => text.replace('"title": "', '"title": "Twice edited: '));
    await build(warm);
    const tree = await expectSameAsCold(warm, 'cold-twins');
    expect(tree.has('glossary/google-analytics/bounce-rate-twice.html')).toBe(true);
    expect(tree.has('glossary/google-analytics/key-term/bounce-rate-twice.html')).toBe(true);
  });

  it('keeps no records of a file with an invalid entry (it is checked again each build)', async () => {
    const warm = options('invalid', { skipInvalid: true });
    await editSnapshot('articles/glossary.json', (text) => text.replace(/"slug": "[^"]+"/, '"slug": "Not a slug!"'));
    const report = await build(warm);
    expect(report.problems?.some((problem) => problem.code === 'CONTENT_INVALID')).toBe(true);
    expect((await keptFiles(warm)).size).toBe((await snapshotFiles()) - 1);
    await expectSameAsCold(warm, 'cold-3');
  });
});

async function findKept(options: BuildOptions, matches: (entries: RawEntry[]) => boolean): Promise<string> {
  for (const name of await readdir(recordsDir(options))) {
    const file = path.join(recordsDir(options), name);
    const kept = decodeKeptFile(await readKept(file));
    if (kept && matches(kept.entries)) return file;
  }
  throw new Error('no kept file matches');
}

const FRANCE_PAGE = 'blog/france-rules-google-analytics-to-be-in-conflict-with-gdpr-ruling.html';

/** A site copy of its own, built once with a warm cache; `run` changes it, and builds and compares. */
async function withWarmCopy(run: (copy: SiteCopyBuilds, warm: BuildOptions) => Promise<void>): Promise<void> {
  const { dir: own, cleanup: cleanOwn } = await makeTempDir('snapshot-media');
  try {
    const copy = await siteCopyBuilds(own);
    const warm = copy.options('warm');
    await build(warm);
    await run(copy, warm);
  } finally {
    await cleanOwn();
  }
}

describe('entry pages of unchanged records', () => {
  it('follow a change of what their records point at (a cover file gone from content/uploads), and equal a cold build', async () => {
    await withWarmCopy(async (copy, warm) => {
      expect((await readTree(warm.outDir)).get(FRANCE_PAGE)?.toString()).toContain(
        'france_cnil_google_analytics_no_text',
      );
      // No snapshot file changes: every record is read back as kept, and only its cover's file is gone.
      await rm(path.join(copy.siteDir, 'content', 'uploads', 'france_cnil_google_analytics_no_text_1fe349.png'));
      const report = await build(warm);
      expect(report.upToDate).toBe(false);
      expect(report.mediaUnavailable).toBeGreaterThan(0);
      const tree = (await copy.expectSameAsCold(warm, 'cold')).warmTree;
      expect(tree.get(FRANCE_PAGE)?.toString()).not.toContain('france_cnil_google_analytics_no_text');
    });
  });

  it('follow a cover file whose bytes changed (a new output path), and equal a cold build', async () => {
    await withWarmCopy(async (copy, warm) => {
      const coverPath = (html: string | undefined) =>
        /_media\/medium_france_cnil_google_analytics_no_text_1fe349\.[0-9a-f]+\.png/.exec(html ?? '')?.[0];
      const before = coverPath((await readTree(warm.outDir)).get(FRANCE_PAGE)?.toString());
      expect(before).toBeDefined();
      // No snapshot file changes: every record is read back as kept; the cover's medium size gets other bytes.
      const uploads = path.join(copy.siteDir, 'content', 'uploads');
      const other = (await readdir(uploads)).find((name) => name.endsWith('.png') && !name.startsWith('france_cnil'))!;
      await writeFile(
        path.join(uploads, 'medium_france_cnil_google_analytics_no_text_1fe349.png'),
        await readFile(path.join(uploads, other)),
      );
      const report = await build(warm);
      expect(report.upToDate).toBe(false);
      const after = coverPath((await copy.expectSameAsCold(warm, 'cold')).warmTree.get(FRANCE_PAGE)?.toString());
      expect(after).toBeDefined();
      expect(after).not.toBe(before);
    });
  });
});
