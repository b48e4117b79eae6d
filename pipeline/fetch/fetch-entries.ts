import { fetchCmsEntries, type CmsOptions } from './fetch-cms.ts';
import { loadSnapshot } from './load-snapshot.ts';
import type { FetchedContent } from './raw-entry.ts';
import { applyRecordCap } from './record-cap.ts';

export interface FetchEntriesOptions {
  /** A live CMS, or undefined for the embedded snapshot in contentDir. */
  cms: CmsOptions | undefined;
  contentDir: string;
  locales: readonly string[];
  includeDrafts: boolean;
  onProgress?: (message: string) => void;
}

/** Every entry of every collection from the configured source, capped per collection. The only network reader of content. */
export async function fetchEntries(options: FetchEntriesOptions): Promise<FetchedContent> {
  const fetched = options.cms
    ? await fetchCmsEntries({
        cms: options.cms,
        locales: options.locales,
        includeDrafts: options.includeDrafts,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      })
    : await loadSnapshot(options.contentDir, { includeDrafts: options.includeDrafts });
  const capped = applyRecordCap(fetched.entries);
  return { ...fetched, entries: capped.entries, warnings: [...fetched.warnings, ...capped.warnings] };
}
