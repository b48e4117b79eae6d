import { createHash } from 'node:crypto';
import type { BuildMemo } from '../build.ts';
import type { MediaFiles } from '../fetch/fetch-media.ts';
import type { Site } from '../site/site.ts';
import type { SnapshotFileEntries, SnapshotFileKey, SnapshotMemo } from '../fetch/load-snapshot.ts';
import type { RawEntry } from '../fetch/raw-entry.ts';
import type { MarkdownBodyMemo } from '../transform/markdown-jobs.ts';
import type { ValidationMemo } from '../validate/validate-content.ts';
import { openSnapshotRecords, type SnapshotRecords } from './snapshot-records.ts';

/**
 * What the fetch, validate and Markdown stages take from earlier builds: valid records by raw record and
 * Markdown hashes by valid record (kept in memory by the preview, fresh for one build otherwise), the
 * preview's record of the snapshot files, and, for a build of the embedded content, the valid records
 * of unchanged snapshot files kept in the cache folder (snapshot-records.ts).
 */
export interface ContentReuse {
  validated: ValidationMemo;
  markdownBodies: MarkdownBodyMemo;
  snapshotMemo: SnapshotMemo | undefined;
  /** For fetchEntries: a snapshot file's entries as an earlier build kept them. */
  savedSnapshotFile: ((file: SnapshotFileKey) => Promise<RawEntry[] | undefined>) | undefined;
  /** Keeps this build's snapshot files for the next one; undefined when nothing is kept (CMS, preview). */
  keepSnapshotFiles: ((files: SnapshotFileEntries[]) => Promise<void>) | undefined;
  /**
   * A key of each valid record read back from a kept file (or kept now) and of everything else the
   * transform reads (site, media, colours, image sizes, unavailable media, code): equal keys, equal
   * versions, with neither the record nor the version hashed. Undefined for other records.
   */
  recordKeys(inputs: TransformInputs): (record: object) => string | undefined;
}

/** What the transform reads besides the records. */
export interface TransformInputs {
  site: Site;
  media: MediaFiles;
  colours: ReadonlyMap<string, unknown>;
  imageSizes: ReadonlyMap<string, unknown>;
  unavailable: ReadonlyMap<string, string>;
  codeHash: string;
}

export function openContentReuse({ memo, cacheDir, includeDrafts, codeHash }: { memo: BuildMemo | undefined; cacheDir: string; includeDrafts: boolean; codeHash: string | undefined }): ContentReuse {
  const validated: ValidationMemo = memo ? (memo.validated ??= new WeakMap()) : new WeakMap();
  const markdownBodies: MarkdownBodyMemo = memo ? (memo.markdownBodies ??= new WeakMap()) : new WeakMap();
  const origins = new WeakMap<object, string>();
  const records: SnapshotRecords | undefined = codeHash === undefined ? undefined : openSnapshotRecords({ cacheDir, codeHash, includeDrafts, valid: validated, bodies: markdownBodies, origins });
  return {
    validated,
    markdownBodies,
    snapshotMemo: memo && (memo.snapshot ??= new Map()),
    savedSnapshotFile: records?.load,
    keepSnapshotFiles: records?.save,
    recordKeys(inputs) {
      if (!records) return () => undefined;
      // The maps fill in any order (downloads and reads finish when they do): sorted by key.
      const sorted = (map: ReadonlyMap<string, unknown>) => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const inputsKey = createHash('sha256')
        .update(JSON.stringify([inputs.codeHash, { ...inputs.site, dir: undefined }, sorted(inputs.media), sorted(inputs.colours), sorted(inputs.imageSizes), sorted(inputs.unavailable)]))
        .digest('base64url');
      return (record) => {
        const origin = origins.get(record);
        return origin === undefined ? undefined : `${inputsKey}:${origin}`;
      };
    },
  };
}
