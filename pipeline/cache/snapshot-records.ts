import type { SnapshotFileEntries, SnapshotFileKey } from '../fetch/load-snapshot.ts';
import type { RawEntry } from '../fetch/raw-entry.ts';
import type { MarkdownBodyMemo } from '../transform/markdown-jobs.ts';
import type { ArticleRecord, KeyTermRecord } from '../validate/schemas.ts';
import type { ValidationMemo } from '../validate/validate-content.ts';
import { digest, type Store } from './store.ts';

/**
 * The valid records of each embedded snapshot file and of each chunk of the kept CMS crawl, in the store
 * (stage `records`) under a key of the file's bytes, its collection, the drafts setting and the code: a
 * file that did not change is neither parsed nor validated again. A record comes back with its Markdown
 * (`content`) null and its text in the Markdown memo, read when first asked for, together with its
 * Markdown's hash and images and a key of the whole record (see encodeKeptFile; it names its version for the
 * page hashes, version-keys.ts). Only files whose every record was valid are kept.
 */
export interface SnapshotRecords {
  /** A file's entries as kept (registered as valid in `valid`, their Markdown's hash, images and text in `bodies`, their keys in `keys`), or undefined. */
  load(file: SnapshotFileKey): Promise<RawEntry[] | undefined>;
  /** Keeps the valid records (with their Markdown's hash) of the files parsed this time (their keys in `keys`). */
  save(files: SnapshotFileEntries[]): Promise<void>;
}

/**
 * One kept file: the entries with their Markdown left out, and per entry its Markdown's hash, images
 * (null: none), where its text is among the bodies that follow (null: the record has none) and its key.
 */
export interface KeptFile {
  entries: RawEntry[];
  keys: string[];
  hashes: string[];
  images: Array<string[] | null>;
  bodies: Array<[start: number, end: number] | null>;
}

const NO_IMAGES: string[] = [];

/** Each kept record's key (its entry as kept and its Markdown's hash), by valid record. */
export type RecordKeys = WeakMap<object, string>;

/** A kept file with the Markdown texts as one run of UTF-8 bytes, decoded one by one when asked for. */
interface StoredFile extends KeptFile {
  texts: Uint8Array;
}

export function encodeKeptFile(entries: RawEntry[], hashes: string[], images: Array<string[] | null>): StoredFile {
  const texts: Buffer[] = [];
  let offset = 0;
  const bodies = entries.map(({ record }): [number, number] | null => {
    const text = (record as { content?: unknown }).content;
    if (typeof text !== 'string') return null;
    const bytes = Buffer.from(text, 'utf8');
    texts.push(bytes);
    offset += bytes.length;
    return [offset - bytes.length, offset];
  });
  // The key stays in its place (key order is part of what validation gave), its text goes after the records.
  const withoutTexts = entries.map((entry, index) =>
    bodies[index] ? { ...entry, record: { ...entry.record, content: null } } : entry,
  );
  // A key of each record as a whole (equal keys, equal records): its entry as kept, with its Markdown's hash.
  const keys = withoutTexts.map((entry, index) => digest(JSON.stringify(entry), hashes[index]!));
  return { entries: withoutTexts, keys, hashes, images, bodies, texts: Buffer.concat(texts) };
}

/** A kept file as read back: the records (`content` null where a text was kept), and per record its text, decoded on first call. */
export interface DecodedKeptFile extends Omit<KeptFile, 'bodies'> {
  texts: Array<(() => string) | null>;
}

/**
 * A kept file's value as the store gave it (its texts in the value, or in the entry's tail, read when
 * the first text is asked for), or undefined when it is not a whole one.
 */
export function decodeKeptFile(
  kept: StoredFile | Omit<StoredFile, 'texts'> | undefined,
  tail?: () => Buffer,
): DecodedKeptFile | undefined {
  const n = kept?.entries?.length;
  if (
    !kept ||
    !Array.isArray(kept.entries) ||
    kept.keys?.length !== n ||
    kept.hashes?.length !== n ||
    kept.images?.length !== n ||
    kept.bodies?.length !== n
  )
    return undefined;
  const inValue = 'texts' in kept && kept.texts instanceof Uint8Array ? kept.texts : undefined;
  if (!inValue && !tail) return undefined;
  let texts: Buffer | undefined = inValue && Buffer.from(inValue.buffer, inValue.byteOffset, inValue.byteLength);
  const allTexts = () => (texts ??= tail!());
  // Texts that do not end where the run does: not a whole file, parsed again instead (checked now when
  // they are at hand; a tail was checked by the store's frame).
  const lastEnd = kept.bodies.reduce((end, body) => (body ? Math.max(end, body[1]) : end), 0);
  if (inValue && lastEnd !== inValue.length) return undefined;
  // The texts stay out of the records: a getter on a record would turn V8's compact objects into slow
  // dictionaries (every field read after it costs more), and would hold the whole record for its text.
  return {
    entries: kept.entries,
    keys: kept.keys,
    hashes: kept.hashes,
    images: kept.images,
    texts: kept.bodies.map((body) => body && lazyText(allTexts, body[0], body[1])),
  };
}

/** The UTF-8 text of `bytes[start, end)`, decoded at the first call. */
function lazyText(bytes: () => Buffer, start: number, end: number): () => string {
  let text: string | undefined;
  return () => (text ??= bytes().toString('utf8', start, end));
}

export interface SnapshotRecordsOptions {
  store: Store;
  codeHash: string;
  includeDrafts: boolean;
  valid: ValidationMemo;
  bodies: MarkdownBodyMemo;
  keys: RecordKeys;
}

/** The records kept in the store (stage `records`), for one build. */
export function openSnapshotRecords(options: SnapshotRecordsOptions): SnapshotRecords {
  const { store, codeHash, includeDrafts, valid, bodies, keys } = options;
  // The collection too: two files of equal bytes in two collections give entries of two collections.
  const keyOf = (file: SnapshotFileKey) => digest(codeHash, String(includeDrafts), file.collection, file.hash);
  return {
    async load(file) {
      const entry = await store.getWithTail<StoredFile>(STAGE, keyOf(file));
      // The texts are the entry's tail: read from the file when the first of them is asked for.
      const kept = entry && decodeKeptFile(entry.value, entry.tail);
      if (!kept) return undefined;
      kept.entries.forEach(({ record }, index) => {
        valid.set(record, record as unknown as ArticleRecord | KeyTermRecord);
        const text = kept.texts[index];
        bodies.set(record, {
          hash: kept.hashes[index]!,
          images: kept.images[index] ?? NO_IMAGES,
          ...(text ? { text } : {}),
        });
        keys.set(record, kept.keys[index]!);
      });
      return kept.entries;
    },
    async save(files) {
      for (const file of files) {
        if (file.saved) continue;
        const records = file.entries.map((entry) => valid.get(entry.record));
        const markdown = records.map((record) => record && bodies.get(record));
        if (records.some((record) => record === undefined) || markdown.some((body) => body === undefined)) continue;
        const kept = encodeKeptFile(
          file.entries.map((entry, index) => ({ collection: entry.collection, record: records[index]! })),
          markdown.map((body) => body!.hash),
          markdown.map((body) => (body!.images.length > 0 ? body!.images : null)),
        );
        records.forEach((record, index) => keys.set(record!, kept.keys[index]!));
        const { texts, ...head } = kept;
        await store.put(STAGE, keyOf(file), head, texts);
      }
    },
  };
}

const STAGE = 'records';
