import { readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { digest, openStore } from '../../../pipeline/cache/store.ts';
import { makeTempDir } from '../../helpers/files.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await makeTempDir('store-table')));
afterEach(async () => cleanup());

const keys = Array.from({ length: 100 }, (_, index) => `key-${index}`);

/** Opens the store, runs `use` on the table `pages`, closes the store (as a build does). */
async function withTable(use: (table: Awaited<ReturnType<ReturnType<typeof openStore>['table']>>) => void) {
  const store = openStore(dir);
  use(await store.table<string>('pages'));
  await store.close();
}

const filesOf = async () => (await readdir(path.join(dir, 'store', 'pages'))).sort();
const mtimeOf = async (name: string) => (await stat(path.join(dir, 'store', 'pages', name))).mtimeMs;

describe('a store table', () => {
  it('gives back what a build set, and writes nothing when nothing changed', async () => {
    await withTable((table) => keys.forEach((key) => table.set(key, `value of ${key}`)));
    expect(await filesOf()).toEqual(['table']);
    const written = await mtimeOf('table');
    await withTable((table) => keys.forEach((key) => expect(table.get(key)).toBe(`value of ${key}`)));
    expect(await filesOf()).toEqual(['table']);
    expect(await mtimeOf('table')).toBe(written);
  });

  it('files a few changes as a delta beside the table, and the whole table again when they grow', async () => {
    await withTable((table) => keys.forEach((key) => table.set(key, 'first')));
    const written = await mtimeOf('table');
    // One key replaced by another: a delta of one entry, the table as it was.
    await withTable((table) => {
      keys.slice(1).forEach((key) => table.get(key));
      table.set('new-1', 'second');
    });
    expect(await filesOf()).toEqual(['delta', 'table']);
    expect(await mtimeOf('table')).toBe(written);
    await withTable((table) => {
      expect(table.get('new-1')).toBe('second');
      expect(table.get('key-50')).toBe('first');
      keys.slice(1).forEach((key) => table.get(key));
    });
    // A quarter of the keys set anew: the table is written whole with only the keys used, the delta is gone.
    await withTable((table) => keys.forEach((key, index) => (index < 25 ? table.set(key, 'third') : table.get(key))));
    expect(await filesOf()).toEqual(['table']);
    await withTable((table) => {
      expect(table.get('key-0')).toBe('third');
      expect(table.get('key-99')).toBe('first');
      expect(table.get('new-1')).toBeUndefined();
    });
  });

  it('reads a damaged delta or table as missing entries, never as an error', async () => {
    await withTable((table) => keys.forEach((key) => table.set(key, 'first')));
    await withTable((table) => {
      keys.forEach((key) => table.get(key));
      table.set('new-1', 'second');
    });
    await writeFile(path.join(dir, 'store', 'pages', 'delta'), 'garbage');
    const store = openStore(dir);
    const table = await store.table<string>('pages');
    expect(table.get('new-1')).toBeUndefined();
    expect(table.get('key-3')).toBe('first');
    expect(store.damaged).toBe(1);
    await store.close();
  });
});

describe('digest', () => {
  it('hashes texts and bytes alike, each part ended by a zero byte', () => {
    expect(digest('a', 'b')).toBe(digest(Buffer.from('a\0b\0')));
    expect(digest('a', Buffer.from('b'))).toBe(digest('a', 'b'));
    expect(digest('ab', '')).not.toBe(digest('a', 'b'));
    expect(digest('a')).toHaveLength(32);
  });
});
