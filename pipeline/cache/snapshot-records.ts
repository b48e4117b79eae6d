import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import type { SnapshotFileEntries, SnapshotFileKey } from '../fetch/load-snapshot.ts';
import type { RawEntry } from '../fetch/raw-entry.ts';
import type { MarkdownBodyMemo } from '../transform/markdown-jobs.ts';
import type { ArticleRecord, KeyTermRecord } from '../validate/schemas.ts';
import type { ValidationMemo } from '../validate/validate-content.ts';

/**
 * The valid records of each embedded snapshot file, kept between builds in
 * `<cacheDir>/snapshot-records/<with-drafts|published>/` under a key of the file's bytes, its collection
 * and the code (schemas, the Strapi shape): a file that did not change is neither parsed nor validated again. Reading one back (V8's serialization)
 * costs about a quarter of parsing and validating its JSON, and gives the very records validation
 * gave, keys in the same order. With them go the hash and images of each record's Markdown (what the
 * content keys need, and hashing 100 MB of text again costs more than reading it back). Only files
 * whose every record was valid are kept, and only those of the last build.
 */
export interface SnapshotRecords {
  /** A file's entries as kept (registered as valid in `valid`, their Markdown in `bodies`), or undefined. */
  load(file: SnapshotFileKey): Promise<RawEntry[] | undefined>;
  /** Keeps the valid records (with their Markdown's hash) of the files parsed this time, and drops those of files no longer there. */
  save(files: SnapshotFileEntries[]): Promise<void>;
}

/** One kept file: the entries, and per entry its Markdown's hash and images (null: none). */
interface KeptFile {
  entries: RawEntry[];
  hashes: string[];
  images: Array<string[] | null>;
}

const NO_IMAGES: string[] = [];

export function openSnapshotRecords({ cacheDir, codeHash, includeDrafts, valid, bodies }: { cacheDir: string; codeHash: string; includeDrafts: boolean; valid: ValidationMemo; bodies: MarkdownBodyMemo }): SnapshotRecords {
  // A folder per drafts setting: builds with and without drafts that share a cache folder keep each other's files.
  const dir = path.join(cacheDir, 'snapshot-records', includeDrafts ? 'with-drafts' : 'published');
  // The collection too: two files of equal bytes in two collections give entries of two collections.
  const fileOf = (file: SnapshotFileKey) => path.join(dir, `${createHash('sha256').update(JSON.stringify([codeHash, file.collection, file.hash])).digest('hex').slice(0, 32)}.v8`);
  return {
    async load(file) {
      let kept: KeptFile;
      try {
        kept = v8.deserialize(await readFile(fileOf(file))) as KeptFile;
      } catch {
        // Missing, or left unreadable by a build that stopped while writing it: the file is parsed instead.
        return undefined;
      }
      if (!Array.isArray(kept?.entries) || kept.hashes?.length !== kept.entries.length || kept.images?.length !== kept.entries.length) return undefined;
      kept.entries.forEach(({ record }, index) => {
        valid.set(record, record as unknown as ArticleRecord | KeyTermRecord);
        bodies.set(record, { hash: kept.hashes[index]!, images: kept.images[index] ?? NO_IMAGES });
      });
      return kept.entries;
    },
    async save(files) {
      await mkdir(dir, { recursive: true });
      const keep = new Set<string>();
      for (const file of files) {
        const target = fileOf(file);
        keep.add(path.basename(target));
        if (file.saved) continue;
        const records = file.entries.map((entry) => valid.get(entry.record));
        const markdown = records.map((record) => record && bodies.get(record));
        if (records.some((record) => record === undefined) || markdown.some((body) => body === undefined)) continue;
        const kept: KeptFile = {
          entries: file.entries.map((entry, index) => ({ collection: entry.collection, record: records[index]! })),
          hashes: markdown.map((body) => body!.hash),
          images: markdown.map((body) => (body!.images.length > 0 ? body!.images : null)),
        };
        await writeFile(`${target}.tmp`, v8.serialize(kept));
        await rename(`${target}.tmp`, target);
      }
      for (const name of await readdir(dir)) if (!keep.has(name)) await rm(path.join(dir, name), { force: true });
    },
  };
}
