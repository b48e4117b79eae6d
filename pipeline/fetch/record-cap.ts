import { COLLECTIONS, RECORD_CAP } from './collections.ts';
import type { RawEntry } from './raw-entry.ts';

/**
 * Keeps at most `cap` records per collection, the newest first (publishedAt, else updatedAt), and says
 * how many were left out. Pure.
 */
export function applyRecordCap(entries: RawEntry[], cap = RECORD_CAP): { entries: RawEntry[]; warnings: string[] } {
  const warnings: string[] = [];
  const kept = COLLECTIONS.flatMap((collection) => {
    const rows = entries.filter((entry) => entry.collection === collection);
    if (rows.length <= cap) return rows;
    warnings.push(
      `${collection}: ${rows.length} records, more than the cap of ${cap.toLocaleString('en-US')}; the ${rows.length - cap} oldest were left out`,
    );
    return rows.sort(compareNewestFirst).slice(0, cap);
  });
  return { entries: kept, warnings };
}

function timeOf(entry: RawEntry): string {
  const { publishedAt, updatedAt } = entry.record;
  return typeof publishedAt === 'string' ? publishedAt : typeof updatedAt === 'string' ? updatedAt : '';
}

function compareNewestFirst(a: RawEntry, b: RawEntry): number {
  return timeOf(b).localeCompare(timeOf(a)) || Number(b.record.id) - Number(a.record.id);
}
