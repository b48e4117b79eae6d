import type { Store } from '../cache/store.ts';
import type { CmsOptions, FetchCmsOptions } from './fetch-cms.ts';
import { loadSnapshot, type SnapshotMemo, type SnapshotOptions, type SnapshotRead } from './load-snapshot.ts';
import type { FetchedContent } from './raw-entry.ts';
import { applyRecordCap } from './record-cap.ts';

export interface FetchEntriesOptions extends Omit<FetchCmsOptions, 'cms' | 'updatedAfter'> {
  /** A live CMS, or undefined for the embedded snapshot in contentDir. */
  cms: CmsOptions | undefined;
  contentDir: string;
  /** Keep the crawl in this store and fetch only what changed next time (crawl-cache.ts); unset: always fetch everything. */
  store?: Store | undefined;
  /** With a store: fetch everything this time anyway. */
  fullCrawl?: boolean | undefined;
  /** The embedded snapshot as already read (by the input fingerprint): parsed instead of read again. */
  snapshot?: SnapshotRead | undefined;
  /** A long-running caller's (the preview's) record of the snapshot files: those unchanged since are not read again. */
  snapshotMemo?: SnapshotMemo | undefined;
  /** A snapshot file's or kept crawl chunk's entries as an earlier build kept them (pipeline/cache/snapshot-records.ts), by its bytes' hash. */
  savedSnapshotFile?: SnapshotOptions['saved'];
  /** The embedded snapshot's entries, told file by file as they are read (before the record cap). */
  onSnapshotEntries?: SnapshotOptions['onEntries'];
}

/** Every entry of every collection from the configured source, capped per collection. The only network reader of content. */
export async function fetchEntries(options: FetchEntriesOptions): Promise<FetchedContent> {
  const { cms, store, includeDrafts, onProgress, savedSnapshotFile: saved } = options;
  const crawl = { locales: options.locales, includeDrafts, ...(onProgress ? { onProgress } : {}) };
  let fetched: FetchedContent;
  // The CMS modules (and ky, with the fetch implementation it sets up) are loaded only for a crawl.
  if (!cms)
    fetched = await loadSnapshot(
      options.contentDir,
      { includeDrafts, saved, onEntries: options.onSnapshotEntries },
      options.snapshot,
      options.snapshotMemo,
    );
  else if (!store) fetched = await (await import('./fetch-cms.ts')).fetchCmsEntries({ ...crawl, cms });
  else {
    const { fetchWithCrawlCache } = await import('./crawl-cache.ts');
    fetched = await fetchWithCrawlCache({ ...crawl, cms, store, fullCrawl: options.fullCrawl === true, saved });
  }
  const capped = applyRecordCap(fetched.entries);
  return { ...fetched, entries: capped.entries, warnings: [...fetched.warnings, ...capped.warnings] };
}
