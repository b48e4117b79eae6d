import type { BuildMemo } from '../build.ts';
import type { SnapshotFileEntries, SnapshotFileKey, SnapshotMemo } from '../fetch/load-snapshot.ts';
import type { RawEntry } from '../fetch/raw-entry.ts';
import type { MarkdownBodyMemo } from '../transform/markdown-jobs.ts';
import type { ValidationMemo } from '../validate/validate-content.ts';
import { openSnapshotRecords, type RecordKeys, type SnapshotRecords } from './snapshot-records.ts';

/**
 * What the fetch, validate and Markdown stages take from earlier builds: valid records by raw record and
 * Markdown hashes by valid record (kept in memory by the preview, fresh for one build otherwise), the
 * preview's record of the snapshot files, and, for a build of the embedded content, the valid records
 * of unchanged snapshot files kept in the cache folder (snapshot-records.ts).
 */
export interface ContentReuse {
  validated: ValidationMemo;
  markdownBodies: MarkdownBodyMemo;
  /** The key of each record the snapshot records kept or keep (version-keys.ts names their versions by it). */
  recordKeys: RecordKeys;
  snapshotMemo: SnapshotMemo | undefined;
  /** For fetchEntries: a snapshot file's entries as an earlier build kept them. */
  savedSnapshotFile: ((file: SnapshotFileKey) => Promise<RawEntry[] | undefined>) | undefined;
  /** Keeps this build's snapshot files for the next one; undefined when nothing is kept (CMS, preview). */
  keepSnapshotFiles: ((files: SnapshotFileEntries[]) => Promise<void>) | undefined;
}

export function openContentReuse({
  memo,
  cacheDir,
  includeDrafts,
  codeHash,
}: {
  memo: BuildMemo | undefined;
  cacheDir: string;
  includeDrafts: boolean;
  codeHash: string | undefined;
}): ContentReuse {
  const validated: ValidationMemo = memo ? (memo.validated ??= new WeakMap()) : new WeakMap();
  const markdownBodies: MarkdownBodyMemo = memo ? (memo.markdownBodies ??= new WeakMap()) : new WeakMap();
  const recordKeys: RecordKeys = new WeakMap();
  const records: SnapshotRecords | undefined =
    codeHash === undefined
      ? undefined
      : openSnapshotRecords({
          cacheDir,
          codeHash,
          includeDrafts,
          valid: validated,
          bodies: markdownBodies,
          keys: recordKeys,
        });
  return {
    validated,
    markdownBodies,
    recordKeys,
    snapshotMemo: memo && (memo.snapshot ??= new Map()),
    savedSnapshotFile: records?.load,
    keepSnapshotFiles: records?.save,
  };
}
