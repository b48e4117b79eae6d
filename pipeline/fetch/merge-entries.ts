import { applyRecordCap } from './record-cap.ts';
import type { FetchedContent, RawEntry } from './raw-entry.ts';

/**
 * The last crawl with the entries the CMS changed since (a crawl with `updatedAfter`) put in: a changed
 * entry replaces the one with the same document and locale (v5, snapshot) or id (v4), a new one is
 * added. Pure.
 *
 * A v5 draft crawl answers the draft version of a document that is also published; a full crawl merges
 * it with the published row (fetch-cms.ts, mergeDrafts), which the changed-only crawl may not include.
 * Such a draft keeps the published row's id and publishedAt here, as a full crawl would give it.
 * Deleted and unpublished entries are not seen by `updatedAt`; a full refresh picks them up.
 */
export function mergeEntries(previous: FetchedContent, changed: FetchedContent): FetchedContent {
  const isV5 = previous.dialect === '5' || changed.dialect === '5';
  const index = new Map(previous.entries.map((entry, position) => [entryKey(entry), position]));
  const entries = [...previous.entries];
  for (const entry of changed.entries) {
    const position = index.get(entryKey(entry));
    if (position !== undefined) entries[position] = replacementOf(entries[position]!, entry, isV5);
    else {
      index.set(entryKey(entry), entries.length);
      entries.push(entry);
    }
  }
  const capped = applyRecordCap(entries);
  return {
    ...previous,
    entries: capped.entries,
    warnings: [...new Set([...previous.warnings, ...changed.warnings, ...capped.warnings])],
    requests: changed.requests,
  };
}

/** The newest `updatedAt` among the entries: where the next changed-only crawl starts. */
export function latestUpdatedAt(entries: readonly RawEntry[]): string | undefined {
  let latest: string | undefined;
  for (const { record } of entries) {
    const updatedAt = record.updatedAt;
    if (typeof updatedAt === 'string' && (latest === undefined || Date.parse(updatedAt) > Date.parse(latest)))
      latest = updatedAt;
  }
  return latest;
}

/** What takes an entry's place when the CMS changed it: the changed entry, keeping a v5 draft's published id (see mergeEntries). Pure. */
export function replacementOf(previous: RawEntry, changed: RawEntry, isV5: boolean): RawEntry {
  const old = previous.record;
  const keepsPublished = isV5 && changed.record.publishedAt === null && typeof old.publishedAt === 'string';
  return keepsPublished
    ? { ...changed, record: { ...changed.record, id: old.id, publishedAt: old.publishedAt } }
    : changed;
}

/** Which entry an entry is: its collection, document and locale (v5, snapshot), or its collection and id (v4). */
export function entryKey({ collection, record }: RawEntry): string {
  return typeof record.documentId === 'string'
    ? `${collection}|${record.documentId}|${String(record.locale)}`
    : `${collection}|#${String(record.id)}`;
}
