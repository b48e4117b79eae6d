import { describe, expect, it } from 'vitest';
import { decodeKeptFile, encodeKeptFile } from '../../../pipeline/cache/snapshot-records.ts';
import type { RawEntry } from '../../../pipeline/fetch/raw-entry.ts';

const entries: RawEntry[] = [
  { collection: 'articles', record: { id: 1, locale: 'en', title: 'One', content: '# One\n\nPlain text.', slug: 'one' } },
  { collection: 'articles', record: { id: 2, locale: 'de', title: 'Zwei', content: '„Anführungszeichen“ – und ein Emoji 🙂', slug: 'zwei' } },
  { collection: 'key-terms', record: { id: 3, locale: 'fr', title: 'Trois', content: null, slug: 'trois' } },
];

describe('kept snapshot files (Markdown texts after the records)', () => {
  it('give back the records, keys in the same order, each text equal once read', () => {
    const kept = decodeKeptFile(encodeKeptFile(entries, ['h1', 'h2', 'h3'], [['/uploads/a.png'], null, null]))!;
    expect(kept.hashes).toEqual(['h1', 'h2', 'h3']);
    expect(kept.images).toEqual([['/uploads/a.png'], null, null]);
    expect(kept.entries.map((entry) => Object.keys(entry.record))).toEqual(entries.map((entry) => Object.keys(entry.record)));
    expect(kept.entries).toEqual(entries);
    expect(JSON.stringify(kept.entries)).toBe(JSON.stringify(entries));
  });

  it('decode a text only when it is read, and take a new value like a plain property', () => {
    const kept = decodeKeptFile(encodeKeptFile(entries, ['h1', 'h2', 'h3'], [null, null, null]))!;
    const record = kept.entries[1]!.record as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(record, 'content')?.get).toBeTypeOf('function');
    expect(record.content).toBe('„Anführungszeichen“ – und ein Emoji 🙂');
    expect(Object.getOwnPropertyDescriptor(record, 'content')?.value).toBe('„Anführungszeichen“ – und ein Emoji 🙂');
    record.content = 'replaced';
    expect(record.content).toBe('replaced');
    expect(structuredClone(kept.entries[0]!.record)).toEqual(entries[0]!.record);
  });

  it('are refused when cut short or not one at all', () => {
    const bytes = encodeKeptFile(entries, ['h1', 'h2', 'h3'], [null, null, null]);
    expect(decodeKeptFile(bytes.subarray(0, bytes.length - 3))).toBeUndefined();
    expect(() => decodeKeptFile(Buffer.from('not a V8 value'))).toThrow();
  });
});
