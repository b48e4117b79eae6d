import { cp, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadSnapshot,
  readSnapshot,
  type SnapshotMemo,
  type SnapshotRead,
} from '../../../pipeline/fetch/load-snapshot.ts';
import { openStore } from '../../../pipeline/cache/store.ts';
import type { RawEntry } from '../../../pipeline/fetch/raw-entry.ts';
import { REPO_ROOT } from '../../helpers/content.ts';
import { makeTempDir } from '../../helpers/files.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('load-snapshot'));
  await cp(path.join(REPO_ROOT, 'content', 'cms'), path.join(dir, 'cms'), { recursive: true });
});
afterAll(async () => {
  await cleanup();
});

describe('loadSnapshot digest (the build input key of a snapshot build)', () => {
  it('is the same for the same files, and changes with a file, with the drafts setting', async () => {
    const first = await loadSnapshot(dir, { includeDrafts: false });
    // The store's digest (store.ts): SHA-256, base64url, 32 characters.
    expect(first.digest).toMatch(/^[\w-]{32}$/);
    expect((await loadSnapshot(dir, { includeDrafts: false })).digest).toBe(first.digest);
    expect((await loadSnapshot(dir, { includeDrafts: true })).digest).not.toBe(first.digest);
    const file = path.join(dir, 'cms', 'articles', 'blog-a.json');
    const text = await readFile(file, 'utf8');
    await writeFile(
      file,
      text.replace('Google Analytics runs on a large share', 'Google Analytics runs on a big share'),
    );
    expect((await loadSnapshot(dir, { includeDrafts: false })).digest).not.toBe(first.digest);
  });
});

describe('loadSnapshot with a memo (the preview, between rebuilds)', () => {
  const bySlug = (entries: RawEntry[]) =>
    new Map(
      entries.map((entry) => [
        `${entry.collection}:${String(entry.record.locale)}:${String(entry.record.slug)}`,
        entry.record,
      ]),
    );

  it('gives what a load without it gives, and the same objects for the files that did not change', async () => {
    const memo: SnapshotMemo = new Map();
    const first = await loadSnapshot(dir, { includeDrafts: true }, undefined, memo);
    const plain = await loadSnapshot(dir, { includeDrafts: true });
    expect(first.digest).toBe(plain.digest);
    expect(first.entries).toEqual(plain.entries);

    const fileA = path.join(dir, 'cms', 'articles', 'blog-a.json');
    const text = await readFile(fileA, 'utf8');
    const edited = text.replace(
      '"title": "Why Simple Analytics is a great alternative to Matomo"',
      '"title": "Matomo, compared (edited)"',
    );
    expect(edited).not.toBe(text);
    await writeFile(fileA, edited);
    const second = await loadSnapshot(dir, { includeDrafts: true }, undefined, memo);
    expect(second.digest).toBe((await loadSnapshot(dir, { includeDrafts: true })).digest);
    expect(second.digest).not.toBe(first.digest);
    const before = bySlug(first.entries);
    const after = bySlug(second.entries);
    const editedKey = 'articles:en:why-simple-analytics-is-a-great-alternative-to-matomo';
    expect(after.get(editedKey)?.title).toBe('Matomo, compared (edited)');
    expect(after.get(editedKey)).not.toBe(before.get(editedKey));
    // An entry of another file is the very object of the first load; one of the edited file is parsed again.
    const other = first.entries.find(
      (entry) => entry.record.slug !== undefined && !text.includes(`"slug": "${String(entry.record.slug)}"`),
    )!;
    expect(after.get(`${other.collection}:${String(other.record.locale)}:${String(other.record.slug)}`)).toBe(
      other.record,
    );
    expect(after.get('articles:en:why-simple-analytics-is-a-great-alternative-to-google-analytics')).not.toBe(
      before.get('articles:en:why-simple-analytics-is-a-great-alternative-to-google-analytics'),
    );

    // Saved again with the same bytes (a new modification time): the same entries.
    await utimes(fileA, new Date(), new Date(Date.now() + 5_000));
    const third = await loadSnapshot(dir, { includeDrafts: true }, undefined, memo);
    expect(third.digest).toBe(second.digest);
    expect(bySlug(third.entries).get(editedKey)).toBe(after.get(editedKey));
    await writeFile(fileA, text);
  });

  it('keeps the drafts setting apart', async () => {
    const memo: SnapshotMemo = new Map();
    const withDrafts = await loadSnapshot(dir, { includeDrafts: true }, undefined, memo);
    const without = await loadSnapshot(dir, { includeDrafts: false }, undefined, memo);
    expect(without.entries.length).toBeLessThan(withDrafts.entries.length);
    expect(without.entries.every((entry) => entry.record.publishedAt !== null)).toBe(true);
    expect(without.digest).toBe((await loadSnapshot(dir, { includeDrafts: false })).digest);
  });
});

describe('readSnapshot with stamps (the input fingerprint of the CLI, between builds)', () => {
  const bytesRead = (read: SnapshotRead) =>
    read.files.filter((file) => file.bytes !== undefined).map((file) => file.name);
  /** A build's read with the store of `cacheDir`: its stamp table is saved when the store closes, for the next build. */
  const readStamped = async (cacheDir: string) => {
    const store = openStore(cacheDir);
    try {
      return await readSnapshot(dir, { includeDrafts: false, store });
    } finally {
      await store.close();
    }
  };

  it('reads a file again only when its stamp changed, and gives the digest of a read without stamps', async () => {
    const cacheDir = path.join(dir, 'cache-stamps');
    const plain = await readSnapshot(dir, { includeDrafts: false });
    const first = await readStamped(cacheDir);
    expect(first.digest).toBe(plain.digest);
    expect(bytesRead(first)).toEqual(plain.files.map((file) => file.name));
    const again = await readStamped(cacheDir);
    expect(bytesRead(again)).toEqual([]);
    expect(again.digest).toBe(plain.digest);

    // A file written again with the same bytes (a save without a change): read, same hash.
    const file = path.join(dir, 'cms', 'key-terms', 'key-terms.json');
    await writeFile(file, await readFile(file));
    const saved = await readStamped(cacheDir);
    expect(bytesRead(saved)).toEqual(['cms/key-terms/key-terms.json']);
    expect(saved.digest).toBe(plain.digest);

    // An edit: read, and the digest changes as without stamps.
    await writeFile(file, (await readFile(file, 'utf8')).replace('"title": "', '"title": "Stamped: '));
    const edited = await readStamped(cacheDir);
    expect(bytesRead(edited)).toEqual(['cms/key-terms/key-terms.json']);
    expect(edited.digest).toBe((await readSnapshot(dir, { includeDrafts: false })).digest);
    expect(edited.digest).not.toBe(plain.digest);
  });

  it('takes the hash from an unchanged stamp without reading the file (a doctored hash shows in the digest)', async () => {
    const cacheDir = path.join(dir, 'cache-doctored');
    const first = await readStamped(cacheDir);
    const name = first.files[0]!.name;
    // The stamp table is keyed by the file's absolute path.
    const store = openStore(cacheDir);
    const stamps = await store.stamps();
    const full = path.join(dir, name);
    expect(stamps.get(full)?.digest).toBe(first.files[0]!.hash);
    stamps.set(full, { ...stamps.get(full)!, digest: 'doctored' });
    await store.close();
    expect((await readStamped(cacheDir)).files.find((file) => file.name === name)?.hash).toBe('doctored');
    // Its entries are read when loadSnapshot needs them and nothing kept them.
    const loaded = await loadSnapshot(dir, { includeDrafts: false }, await readStamped(cacheDir));
    expect(loaded.entries).toEqual((await loadSnapshot(dir, { includeDrafts: false })).entries);
  });
});
