import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { SitegenError } from '../errors.ts';
import type { SnapshotFileEntries, SnapshotFileKey } from '../fetch/load-snapshot.ts';
import type { RawEntry } from '../fetch/raw-entry.ts';
import type { MarkdownBodyMemo } from '../transform/markdown-jobs.ts';
import type { ArticleRecord, KeyTermRecord } from '../validate/schemas.ts';
import type { ValidationMemo } from '../validate/validate-content.ts';
import { replaceFile } from '../replace-file.ts';

/**
 * The valid records of each embedded snapshot file, and of each chunk of the kept CMS crawl
 * (fetch/crawl-cache.ts), kept between builds in `<cacheDir>/snapshot-records/<with-drafts|published>/`
 * under a key of the file's bytes, its collection and the code (schemas, the Strapi shape): a file
 * that did not change is neither parsed nor validated again. Reading one back (V8's serialization, the Markdown texts apart, see encodeKeptFile) gives the
 * records validation gave, keys in the same order, except that a record's Markdown is not in its
 * `content` (null) but in the Markdown memo (`bodies`), read from the file's bytes when something asks
 * for it. With it go the hash and images of each record's Markdown (what the content keys need, and
 * hashing 100 MB of text again costs more than reading it back), and a key of each record as a whole
 * (recordKeyOf: the page hashes name an unchanged entry's version by it, pipeline/cache/version-keys.ts).
 * Only files whose every record was valid are kept, and only those of the last build.
 */
export interface SnapshotRecords {
  /** A file's entries as kept (registered as valid in `valid`, their Markdown's hash, images and text in `bodies`, their keys in `keys`), or undefined. */
  load(file: SnapshotFileKey): Promise<RawEntry[] | undefined>;
  /** Keeps the valid records (with their Markdown's hash) of the files parsed this time (their keys in `keys`), and drops those of files no longer there. */
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

/** Each kept record's key (recordKeyOf), by valid record. */
export type RecordKeys = WeakMap<object, string>;

/**
 * A kept file's bytes: the length of the serialized KeptFile (4 bytes), the KeptFile, then the Markdown
 * texts as UTF-8 one after the other. The texts are most of the bytes, and a one-article rebuild reads
 * few of them (the pages it renders, the fallbacks' links): reading a file back reads the records
 * only, and the texts are read from the file when the first of them is asked for (readKeptFile).
 */
export function encodeKeptFile(entries: RawEntry[], hashes: string[], images: Array<string[] | null>): Buffer {
  return encodeKept(entries, hashes, images).bytes;
}

function encodeKept(
  entries: RawEntry[],
  hashes: string[],
  images: Array<string[] | null>,
): { bytes: Buffer; keys: string[] } {
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
  const keys = withoutTexts.map((entry, index) => recordKeyOf(entry, hashes[index]!));
  const head = v8.serialize({ entries: withoutTexts, keys, hashes, images, bodies } satisfies KeptFile);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  return { bytes: Buffer.concat([length, head, ...texts]), keys };
}

/** A kept file as read back: the records (`content` null where a text was kept), and per record its text, decoded on first call. */
export interface DecodedKeptFile extends Omit<KeptFile, 'bodies'> {
  texts: Array<(() => string) | null>;
}

export function decodeKeptFile(bytes: Buffer): DecodedKeptFile | undefined {
  const length = bytes.readUInt32LE(0);
  return decodeHead(bytes.subarray(4, 4 + length), bytes.length - 4 - length, () => bytes.subarray(4 + length));
}

/**
 * A kept file read from disk: its records now, its texts (one read of the rest of the file) when the
 * first of them is asked for. Undefined when it is not a whole kept file.
 */
export async function readKeptFile(file: string): Promise<DecodedKeptFile | undefined> {
  // Synchronous reads: a hundred small reads of files the system has cached cost less than as many
  // round trips through the thread pool (and a kept file is read whole or not at all).
  const fd = openSync(file, 'r');
  try {
    const { size } = fstatSync(fd);
    const prefix = readExactly(fd, 0, 4);
    const length = prefix?.readUInt32LE(0);
    const head = length === undefined || 4 + length > size ? undefined : readExactly(fd, 4, length);
    return head && decodeHead(head, size - 4 - length!, () => readTexts(file, 4 + length!, size - 4 - length!));
  } finally {
    closeSync(fd);
  }
}

function readExactly(fd: number, position: number, length: number): Buffer | undefined {
  const bytes = Buffer.allocUnsafe(length);
  return readSync(fd, bytes, 0, length, position) === length ? bytes : undefined;
}

/** The texts of a kept file, read when a build first needs one (the file is the build's own and stays). */
function readTexts(file: string, position: number, length: number): Buffer {
  let texts: Buffer | undefined;
  try {
    const fd = openSync(file, 'r');
    try {
      texts = readExactly(fd, position, length);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    throw textsUnreadable(file, (error as Error).message, error);
  }
  if (!texts) throw textsUnreadable(file, `fewer than ${length} bytes`);
  return texts;
}

function textsUnreadable(file: string, problem: string, cause?: unknown): SitegenError {
  return new SitegenError({
    code: 'SNAPSHOT_INVALID',
    message: `the Markdown texts kept in ${file} could not be read (${problem}): the file changed while the build ran`,
    hint: 'run the build again; if it fails again, delete the cache folder',
    cause,
  });
}

function decodeHead(head: Buffer, textLength: number, readAllTexts: () => Buffer): DecodedKeptFile | undefined {
  const kept = v8.deserialize(head) as KeptFile;
  const n = kept?.entries?.length;
  if (
    !Array.isArray(kept?.entries) ||
    kept.keys?.length !== n ||
    kept.hashes?.length !== n ||
    kept.images?.length !== n ||
    kept.bodies?.length !== n
  )
    return undefined;
  // Texts that do not end where the file does: a damaged file, parsed again instead.
  const lastEnd = kept.bodies.reduce((end, body) => (body ? Math.max(end, body[1]) : end), 0);
  if (lastEnd !== textLength) return undefined;
  let texts: Buffer | undefined;
  const allTexts = () => (texts ??= readAllTexts());
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

/**
 * A key of a valid record as a whole: its entry as kept (the text left out) with its Markdown's hash.
 * Equal keys, equal records.
 */
function recordKeyOf(entry: RawEntry, markdownHash: string): string {
  return createHash('sha256').update(JSON.stringify(entry)).update('\0').update(markdownHash).digest('base64url');
}

/** The UTF-8 text of `bytes[start, end)`, decoded at the first call. */
function lazyText(bytes: () => Buffer, start: number, end: number): () => string {
  let text: string | undefined;
  return () => (text ??= bytes().toString('utf8', start, end));
}

export function openSnapshotRecords({
  cacheDir,
  codeHash,
  includeDrafts,
  valid,
  bodies,
  keys,
}: {
  cacheDir: string;
  codeHash: string;
  includeDrafts: boolean;
  valid: ValidationMemo;
  bodies: MarkdownBodyMemo;
  keys: RecordKeys;
}): SnapshotRecords {
  // A folder per drafts setting: builds with and without drafts that share a cache folder keep each other's files.
  const dir = path.join(cacheDir, 'snapshot-records', includeDrafts ? 'with-drafts' : 'published');
  // The collection too: two files of equal bytes in two collections give entries of two collections.
  const fileOf = (file: SnapshotFileKey) =>
    path.join(
      dir,
      `${createHash('sha256')
        .update(JSON.stringify([codeHash, file.collection, file.hash]))
        .digest('hex')
        .slice(0, 32)}.v8`,
    );
  return {
    async load(file) {
      let kept: DecodedKeptFile | undefined;
      try {
        kept = await readKeptFile(fileOf(file));
      } catch {
        // Missing, or left unreadable by a build that stopped while writing it: the file is parsed instead.
        return undefined;
      }
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
      await mkdir(dir, { recursive: true });
      const keep = new Set<string>();
      for (const file of files) {
        const target = fileOf(file);
        keep.add(path.basename(target));
        if (file.saved) continue;
        const records = file.entries.map((entry) => valid.get(entry.record));
        const markdown = records.map((record) => record && bodies.get(record));
        if (records.some((record) => record === undefined) || markdown.some((body) => body === undefined)) continue;
        const { bytes, keys: recordKeys } = encodeKept(
          file.entries.map((entry, index) => ({ collection: entry.collection, record: records[index]! })),
          markdown.map((body) => body!.hash),
          markdown.map((body) => (body!.images.length > 0 ? body!.images : null)),
        );
        records.forEach((record, index) => keys.set(record!, recordKeys[index]!));
        await replaceFile(target, bytes);
      }
      for (const name of await readdir(dir)) if (!keep.has(name)) await rm(path.join(dir, name), { force: true });
    },
  };
}
