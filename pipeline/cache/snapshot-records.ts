import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import type { SnapshotFileEntries } from '../fetch/load-snapshot.ts';
import type { RawEntry } from '../fetch/raw-entry.ts';
import type { ArticleRecord, KeyTermRecord } from '../validate/schemas.ts';
import type { ValidationMemo } from '../validate/validate-content.ts';

/**
 * The valid records of each embedded snapshot file, kept between builds in `<cacheDir>/snapshot-records/`
 * under a key of the file's bytes, the code (schemas, the Strapi shape) and the drafts setting: a file
 * that did not change is neither parsed nor validated again. Reading one back (V8's serialization)
 * costs about a quarter of parsing and validating its JSON, and gives the very records validation
 * gave, keys in the same order. Only files whose every record was valid are kept, and only those of the
 * last build.
 */
export interface SnapshotRecords {
  /** A file's entries as kept (registered as valid in the memo), or undefined. */
  load(fileHash: string): Promise<RawEntry[] | undefined>;
  /** Keeps the valid records of the files parsed this time, and drops those of files no longer there. */
  save(files: SnapshotFileEntries[]): Promise<void>;
}

export function openSnapshotRecords({ cacheDir, codeHash, includeDrafts, valid }: { cacheDir: string; codeHash: string; includeDrafts: boolean; valid: ValidationMemo }): SnapshotRecords {
  const dir = path.join(cacheDir, 'snapshot-records');
  const fileOf = (fileHash: string) => path.join(dir, `${createHash('sha256').update(JSON.stringify([codeHash, includeDrafts, fileHash])).digest('hex').slice(0, 32)}.v8`);
  return {
    async load(fileHash) {
      let entries: RawEntry[];
      try {
        entries = v8.deserialize(await readFile(fileOf(fileHash))) as RawEntry[];
      } catch {
        // Missing, or left unreadable by a build that stopped while writing it: the file is parsed instead.
        return undefined;
      }
      for (const entry of entries) valid.set(entry.record, entry.record as unknown as ArticleRecord | KeyTermRecord);
      return entries;
    },
    async save(files) {
      await mkdir(dir, { recursive: true });
      const keep = new Set<string>();
      for (const file of files) {
        const target = fileOf(file.hash);
        keep.add(path.basename(target));
        if (file.saved) continue;
        const records = file.entries.map((entry) => ({ collection: entry.collection, record: valid.get(entry.record) }));
        if (records.some((entry) => entry.record === undefined)) continue;
        await writeFile(`${target}.tmp`, v8.serialize(records));
        await rename(`${target}.tmp`, target);
      }
      for (const name of await readdir(dir)) if (!keep.has(name)) await rm(path.join(dir, name), { force: true });
    },
  };
}
