import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../pipeline/cache/store.ts';
import { makeTempDir } from '../../helpers/files.ts';
import { decodeKeptFile, encodeKeptFile, type DecodedKeptFile } from '../../../pipeline/cache/snapshot-records.ts';
import type { RawEntry } from '../../../pipeline/fetch/raw-entry.ts';

/** What the store keeps of a snapshot file (snapshot-records.ts). */
type StoredFile = ReturnType<typeof encodeKeptFile>;

const entries: RawEntry[] = [
  {
    collection: 'articles',
    record: { id: 1, locale: 'en', title: 'One', content: '# One\n\nPlain text.', slug: 'one' },
  },
  {
    collection: 'articles',
    record: { id: 2, locale: 'de', title: 'Zwei', content: '„Anführungszeichen“ – und ein Emoji 🙂', slug: 'zwei' },
  },
  { collection: 'key-terms', record: { id: 3, locale: 'fr', title: 'Trois', content: null, slug: 'trois' } },
];

/** The entries as read back, each text put back into its record. */
function withTexts(kept: DecodedKeptFile): RawEntry[] {
  return kept.entries.map((entry, index) => {
    const text = kept.texts[index];
    return text ? { ...entry, record: { ...entry.record, content: text() } } : entry;
  });
}

describe('kept snapshot files (Markdown texts after the records)', () => {
  it('give back the records, keys in the same order, each text equal once read', () => {
    const kept = decodeKeptFile(encodeKeptFile(entries, ['h1', 'h2', 'h3'], [['/uploads/a.png'], null, null]))!;
    expect(kept.hashes).toEqual(['h1', 'h2', 'h3']);
    expect(kept.images).toEqual([['/uploads/a.png'], null, null]);
    expect(kept.entries.map((entry) => Object.keys(entry.record))).toEqual(
      entries.map((entry) => Object.keys(entry.record)),
    );
    expect(withTexts(kept)).toEqual(entries);
    expect(JSON.stringify(withTexts(kept))).toBe(JSON.stringify(entries));
  });

  it('keep the texts out of the records, each decoded when first asked for', () => {
    const kept = decodeKeptFile(encodeKeptFile(entries, ['h1', 'h2', 'h3'], [null, null, null]))!;
    // A plain null, no getter: the record keeps V8's compact shape.
    expect(kept.entries.map((entry) => Object.getOwnPropertyDescriptor(entry.record, 'content'))).toEqual(
      entries.map(() => ({ value: null, writable: true, enumerable: true, configurable: true })),
    );
    expect(kept.texts.map((text) => text === null)).toEqual([false, false, true]);
    const second = kept.texts[1]!;
    expect(second()).toBe('„Anführungszeichen“ – und ein Emoji 🙂');
    expect(second()).toBe(second());
    expect(structuredClone(kept.entries[2]!.record)).toEqual(entries[2]!.record);
  });

  it('are refused when cut short or not one at all', () => {
    const kept = encodeKeptFile(entries, ['h1', 'h2', 'h3'], [null, null, null]);
    expect(decodeKeptFile({ ...kept, texts: kept.texts.subarray(0, kept.texts.length - 3) })).toBeUndefined();
    expect(decodeKeptFile({ ...kept, hashes: kept.hashes.slice(1) })).toBeUndefined();
    expect(decodeKeptFile({ ...kept, texts: [...kept.texts] as unknown as Uint8Array })).toBeUndefined();
    expect(decodeKeptFile('not a kept file' as unknown as StoredFile)).toBeUndefined();
    expect(decodeKeptFile(undefined)).toBeUndefined();
  });
});

/** A kept file as the store's `records` stage holds it, in a cache folder of its own for `run`. */
async function withKeptFile(
  value: StoredFile,
  run: (read: () => Promise<DecodedKeptFile | undefined>, file: string) => Promise<void>,
): Promise<void> {
  const { dir, cleanup } = await makeTempDir('kept-file');
  try {
    await openStore(dir).put('records', 'kept', value);
    // Each read with a store of its own, as a later build reads it.
    const read = async () => decodeKeptFile(await openStore(dir).get<StoredFile>('records', 'kept'));
    await run(read, path.join(dir, 'store', 'records', 'kept'));
  } finally {
    await cleanup();
  }
}

describe('a kept file read from the store', () => {
  const value = () => encodeKeptFile(entries, ['h1', 'h2', 'h3'], [null, null, null]);

  it('gives the records and their texts, read whole from one entry (the entry may go after)', async () => {
    await withKeptFile(value(), async (read, file) => {
      const kept = (await read())!;
      expect(kept.entries.map((entry) => entry.record.title)).toEqual(['One', 'Zwei', 'Trois']);
      await rm(file);
      expect(kept.texts[0]!()).toBe('# One\n\nPlain text.');
      expect(kept.texts[1]!()).toBe('„Anführungszeichen“ – und ein Emoji 🙂');
      expect(withTexts(kept)).toEqual(entries);
      expect(await read()).toBeUndefined();
    });
  });

  it('is refused when cut short, emptied or garbled on disk', async () => {
    await withKeptFile(value(), async (read, file) => {
      const whole = await readFile(file);
      expect(await read()).toBeDefined();
      await writeFile(file, whole.subarray(0, whole.length - 3));
      expect(await read()).toBeUndefined();
      await writeFile(file, whole.subarray(0, 10));
      expect(await read()).toBeUndefined();
      await writeFile(file, Buffer.alloc(0));
      expect(await read()).toBeUndefined();
      const garbled = Buffer.from(whole);
      garbled[garbled.length - 5]! ^= 0xff;
      await writeFile(file, garbled);
      expect(await read()).toBeUndefined();
    });
  });
});
