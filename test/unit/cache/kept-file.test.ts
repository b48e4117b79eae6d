import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SitegenError } from '../../../pipeline/errors.ts';
import { makeTempDir } from '../../helpers/files.ts';
import {
  decodeKeptFile,
  encodeKeptFile,
  readKeptFile,
  type DecodedKeptFile,
} from '../../../pipeline/cache/snapshot-records.ts';
import type { RawEntry } from '../../../pipeline/fetch/raw-entry.ts';

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
    const bytes = encodeKeptFile(entries, ['h1', 'h2', 'h3'], [null, null, null]);
    expect(decodeKeptFile(bytes.subarray(0, bytes.length - 3))).toBeUndefined();
    expect(() => decodeKeptFile(Buffer.from('not a V8 value'))).toThrow();
  });
});

/** `bytes` written to a kept file in a folder of its own for `run`. */
async function withKeptFile(bytes: Buffer, run: (file: string) => Promise<void>): Promise<void> {
  const { dir, cleanup } = await makeTempDir('kept-file');
  try {
    const file = path.join(dir, 'records.v8');
    await writeFile(file, bytes);
    await run(file);
  } finally {
    await cleanup();
  }
}

describe('a kept file read from disk', () => {
  const bytes = () => encodeKeptFile(entries, ['h1', 'h2', 'h3'], [null, null, null]);

  it('gives the records at once and reads the texts from the file when the first is asked for', async () => {
    await withKeptFile(bytes(), async (file) => {
      const kept = (await readKeptFile(file))!;
      expect(kept.entries.map((entry) => entry.record.title)).toEqual(['One', 'Zwei', 'Trois']);
      expect(kept.texts[0]!()).toBe('# One\n\nPlain text.');
      // Read once: the other texts come from what that read gave.
      await rm(file);
      expect(kept.texts[1]!()).toBe('„Anführungszeichen“ – und ein Emoji 🙂');
    });
  });

  it('has not read the texts before one is asked for, and says so when the file is gone by then', async () => {
    await withKeptFile(bytes(), async (file) => {
      const kept = (await readKeptFile(file))!;
      await rm(file);
      expect(() => kept.texts[0]!()).toThrow(SitegenError);
      expect(() => kept.texts[0]!()).toThrow(/could not be read/);
    });
  });

  it('is refused when cut short', async () => {
    await withKeptFile(bytes().subarray(0, bytes().length - 3), async (file) => {
      expect(await readKeptFile(file)).toBeUndefined();
      await writeFile(file, bytes().subarray(0, 10));
      expect(await readKeptFile(file)).toBeUndefined();
    });
  });
});
