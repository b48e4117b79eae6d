import type { Collection } from './collections.ts';
import type { SnapshotFileEntries } from './load-snapshot.ts';

/**
 * One CMS record as fetched, before validation: the flat (Strapi v5) shape whatever the server spoke,
 * media URLs absolute (live CMS) or site-relative (snapshot).
 */
export interface RawEntry {
  collection: Collection;
  record: Record<string, unknown>;
}

/** Where the bytes behind a relative media URL live. */
export type MediaOrigin = { kind: 'http'; origin: string } | { kind: 'dir'; dir: string };

export interface FetchedContent {
  entries: RawEntry[];
  mediaOrigin: MediaOrigin;
  warnings: string[];
  requests: number;
  /** Which Strapi response shape the server spoke (4, 5), 'proxy', or 'snapshot'. */
  dialect: '4' | '5' | 'proxy' | 'snapshot' | 'unknown';
  /** A hash of every entry as fetched (before the record cap), where the source knows it cheaply. */
  digest?: string | undefined;
  /** Each file of the embedded snapshot, or each chunk of the kept CMS crawl (crawl-cache.ts), with its entries (before the record cap), for keeping their valid records between builds. */
  snapshotFiles?: SnapshotFileEntries[] | undefined;
}
