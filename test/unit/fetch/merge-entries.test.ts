import { describe, expect, it } from 'vitest';
import type { FetchedContent, RawEntry } from '../../../pipeline/fetch/raw-entry.ts';
import { latestUpdatedAt, mergeEntries } from '../../../pipeline/fetch/merge-entries.ts';

const entry = (record: Record<string, unknown>): RawEntry => ({
  collection: 'articles',
  record: { locale: 'en', publishedAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z', ...record },
});
const fetched = (entries: RawEntry[], dialect: FetchedContent['dialect'] = '5'): FetchedContent => ({
  entries,
  dialect,
  mediaOrigin: { kind: 'http', origin: 'http://cms' },
  warnings: [],
  requests: 1,
});

describe('mergeEntries', () => {
  it('replaces a changed entry by document and locale, keeps the others, and adds new ones', () => {
    const previous = fetched([
      entry({ id: 1, documentId: 'a', title: 'A' }),
      entry({ id: 2, documentId: 'a', locale: 'nl', title: 'A nl' }),
    ]);
    const merged = mergeEntries(
      previous,
      fetched([entry({ id: 1, documentId: 'a', title: 'A edited' }), entry({ id: 3, documentId: 'b', title: 'B' })]),
    );
    expect(merged.entries.map((item) => item.record.title)).toEqual(['A edited', 'A nl', 'B']);
  });

  it('keeps the published id and date of a v5 document whose draft alone changed', () => {
    const previous = fetched([entry({ id: 1, documentId: 'a', title: 'A' })]);
    const merged = mergeEntries(
      previous,
      fetched([entry({ id: 1001, documentId: 'a', title: 'A draft', publishedAt: null })]),
    );
    expect(merged.entries).toEqual([entry({ id: 1, documentId: 'a', title: 'A draft' })]);
  });

  it('takes a v4 entry that was unpublished as it is, matched by id', () => {
    const previous = fetched([entry({ id: 7, title: 'A' })], '4');
    const merged = mergeEntries(previous, fetched([entry({ id: 7, title: 'A', publishedAt: null })], '4'));
    expect(merged.entries[0]!.record.publishedAt).toBeNull();
  });
});

describe('latestUpdatedAt', () => {
  it('is the newest updatedAt of the entries', () => {
    expect(
      latestUpdatedAt([
        entry({ id: 1, updatedAt: '2024-05-01T10:00:00.000Z' }),
        entry({ id: 2, updatedAt: '2025-01-01T00:00:00.000Z' }),
        entry({ id: 3, updatedAt: '2024-12-31T23:59:59.999Z' }),
      ]),
    ).toBe('2025-01-01T00:00:00.000Z');
  });
});
