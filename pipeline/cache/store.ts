import { createHash, hash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeFileSync, type Stats } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';

/**
 * The one store of everything kept between builds (docs/caching.md): a result is filed under a stage
 * name and a key (a digest of its inputs and code) as one file, `<cacheDir>/store/<stage>/<key>`. Every
 * fault is a miss (counted in `damaged`); writes go beside their place and are renamed into it.
 */
export interface Store {
  get<T>(stage: string, key: string): Promise<T | undefined>;
  /** `tail`: bytes kept after the value, read only when asked for (the Markdown texts of kept records). */
  put(stage: string, key: string, value: unknown, tail?: Uint8Array): Promise<void>;
  /** An entry's value now, its tail when first asked for (undefined: a miss). */
  getWithTail<T>(stage: string, key: string): Promise<{ value: T; tail(): Buffer } | undefined>;
  cached<T>(stage: string, key: string, compute: () => Promise<T> | T): Promise<T>;
  /** Forgets an entry now (the output manifest, before the output folder changes). */
  drop(stage: string, key: string): Promise<void>;
  table<V>(stage: string): Promise<StoreTable<V>>;
  /** A file's digest, from the stamp table while its size, times and inode are as they were. */
  digestFile(file: string): Promise<string | undefined>;
  /** The stamp table itself (absolute file → stamp and digest), for a reader that needs the bytes too. */
  stamps(): Promise<StoreTable<FileStamp>>;
  /** Where a plain file of a stage lives (media downloads, drawn images), marked as used. */
  fileOf(stage: string, name: string): string;
  /** Entries found damaged (and recomputed) so far. */
  readonly damaged: number;
  /** Saves the tables (the stamps among them), and removes what this build did not use (unless `sweep` is false). */
  close(options?: { sweep?: boolean }): Promise<void>;
}

/** Many small results of one stage, kept as one entry; saved with only the keys this build read or set. */
export interface StoreTable<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

/** The store's one hash: SHA-256 of the parts (each followed by a zero byte), base64url, 32 characters. */
export function digest(...parts: Array<string | Uint8Array>): string {
  if (parts.length === 1) return hash('sha256', parts[0]!, 'base64url').slice(0, 32);
  // Texts are joined into one string, not copied into buffers: page and version keys hash thousands of them.
  if (parts.every((part) => typeof part === 'string')) return digest(`${parts.join('\0')}\0`);
  const sha = createHash('sha256');
  for (const part of parts) sha.update(part).update(SEPARATOR);
  return sha.digest('base64url').slice(0, 32);
}

/** digest() of a value's JSON. */
export function digestJson(value: unknown): string {
  return digest(JSON.stringify(value));
}

const SEPARATOR = Buffer.from([0]);
/**
 * The frame: magic, format version, V8's version, the payload's length and a digest of its first and
 * last 4 KiB (hashing all of a 100 MB entry would cost more than reading it; a cut-off, emptied or
 * overwritten file fails the length, the frame or the digest).
 */
const MAGIC = 'sitegen-store';
const FORMAT = 2;
const HEADER = Buffer.from(`${MAGIC}\0${FORMAT}\0${process.versions.v8}\0`);
const STAMPS = 'stamps';
/** Stages whose entries stand for a folder, not for content: kept by the sweep (a preview's and a build's output manifests). */
const PINNED = new Set(['output']);
/** What the clean-up leaves: what was used (read or written) this recently. */
const KEEP_UNUSED_MS = 60 * 60 * 1000;
/** An entry read is marked used when its mark is older than this (one write per entry and ten minutes at most). */
const TOUCH_AFTER_MS = 10 * 60 * 1000;

export function encodeEntry(value: unknown, tail: Uint8Array = EMPTY): Buffer {
  const payload = v8.serialize(value);
  const lengths = Buffer.alloc(8);
  lengths.writeUInt32LE(payload.length, 0);
  lengths.writeUInt32LE(tail.length, 4);
  return Buffer.concat([HEADER, lengths, Buffer.from(payloadDigest(payload)), payload, tail]);
}

const EMPTY = new Uint8Array(0);
/** Header, the two lengths, the payload's digest. */
const FRAME = HEADER.length + 8 + 32;

/** The value (and tail) of an entry's bytes, or undefined when they are not a whole entry of this format. */
export function decodeEntry(bytes: Buffer): { value: unknown; tail: Buffer } | undefined {
  const lengths = frameLengths(bytes.subarray(0, FRAME), bytes.length);
  if (!lengths) return undefined;
  const value = decodePayload(bytes.subarray(FRAME, FRAME + lengths.payload), bytes.subarray(HEADER.length + 8, FRAME));
  return value && { value: value.value, tail: bytes.subarray(FRAME + lengths.payload) };
}

/** The payload's and tail's lengths from an entry's frame, when it is this format's and the size adds up. */
function frameLengths(frame: Buffer, size: number): { payload: number; tail: number } | undefined {
  if (frame.length < FRAME || !frame.subarray(0, HEADER.length).equals(HEADER)) return undefined;
  const payload = frame.readUInt32LE(HEADER.length);
  const tail = frame.readUInt32LE(HEADER.length + 4);
  return size === FRAME + payload + tail ? { payload, tail } : undefined;
}

function decodePayload(payload: Buffer, expected: Buffer): { value: unknown } | undefined {
  if (payloadDigest(payload) !== expected.toString('latin1')) return undefined;
  try {
    return { value: v8.deserialize(payload) };
  } catch {
    return undefined;
  }
}

/** An entry's value, read without its tail (synchronous reads: one open, two reads), and a reader of its tail. */
function readEntryHead(file: string): { value: unknown; tail(): Buffer } | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const { size } = fstatSync(fd);
    const frame = readExactly(fd, 0, FRAME);
    const lengths = frame && frameLengths(frame, size);
    if (!frame || !lengths) return undefined;
    const payload = readExactly(fd, FRAME, lengths.payload);
    const value = payload && decodePayload(payload, frame.subarray(HEADER.length + 8));
    if (!value) return undefined;
    let tail: Buffer | undefined;
    return { value: value.value, tail: () => (tail ??= readTail(file, FRAME + lengths.payload, lengths.tail)) };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function readExactly(fd: number, position: number, length: number): Buffer | undefined {
  const bytes = Buffer.allocUnsafe(length);
  return readSync(fd, bytes, 0, length, position) === length ? bytes : undefined;
}

/** An entry's tail, read when a build first needs it (the entry was read and marked used by this build, so it stays). */
function readTail(file: string, position: number, length: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const tail = readExactly(fd, position, length);
    if (!tail) throw new Error(`${file} changed while the build ran; run the build again`);
    return tail;
  } finally {
    closeSync(fd);
  }
}

const SAMPLE = 4 * 1024;

function payloadDigest(payload: Uint8Array): string {
  return payload.length <= 2 * SAMPLE
    ? digest(payload)
    : digest(payload.subarray(0, SAMPLE), payload.subarray(payload.length - SAMPLE));
}

/** A store in `cacheDir`, or, without one, a store that keeps nothing (every lookup a miss). */
export function openStore(cacheDir: string | undefined): Store {
  const root = cacheDir && path.join(cacheDir, 'store');
  const started = Date.now();
  const used = new Set<string>();
  const tables = new Map<string, Promise<OpenTable>>();
  let damaged = 0;
  let stamps: Promise<StoreTable<FileStamp>> | undefined;
  const fileName = (stage: string, key: string) => path.join(root!, stage, key);
  /** Marks an entry (or plain file) as used: the clean-up keeps it. */
  const keep = (stage: string, key: string) => used.add(path.join(stage, key));
  const read = async (stage: string, key: string): Promise<{ value: unknown; tail(): Buffer } | undefined> => {
    if (!root) return undefined;
    keep(stage, key);
    const file = fileName(stage, key);
    const info = await stat(file).catch(() => undefined);
    if (!info) return undefined;
    const entry = readEntryHead(file);
    if (!entry) damaged += 1;
    else await markUsed(file, info.mtimeMs);
    return entry;
  };
  const write = async (stage: string, key: string, bytes: Uint8Array) => {
    if (!root) return;
    keep(stage, key);
    const file = fileName(stage, key);
    await mkdir(path.dirname(file), { recursive: true });
    await replaceShared(file, bytes);
  };
  const mapOf = (entry: { value: unknown } | undefined) =>
    entry?.value instanceof Map ? (entry.value as Map<string, unknown>) : new Map<string, unknown>();
  const openTable = async (stage: string): Promise<OpenTable> => {
    const delta = mapOf(await read(stage, 'delta'));
    const entries = mapOf(await read(stage, 'table'));
    for (const [key, value] of delta) entries.set(key, value);
    const used = new Map<string, unknown>();
    const added = new Map<string, unknown>();
    return {
      entries,
      delta,
      used,
      added,
      get(key) {
        const value = entries.get(key);
        if (value !== undefined) used.set(key, value);
        return value;
      },
      set(key, value) {
        entries.set(key, value);
        used.set(key, value);
        added.set(key, value);
      },
    };
  };
  // A table is written whole with only the keys this build used, or, while what was added since and what
  // went unused stay under an eighth of it, as a small delta beside it (docs/caching.md). An old delta over
  // a newer table gives entries right for their keys, or stamps and downloads their readers find stale.
  const saveTable = async (stage: string, { entries, delta, used: usedKeys, added }: OpenTable) => {
    const unused = entries.size - usedKeys.size;
    const nextDelta = new Map([...[...delta].filter(([key]) => usedKeys.has(key)), ...added]);
    if (nextDelta.size + unused <= usedKeys.size / 8) {
      keep(stage, 'table');
      if (added.size === 0) keep(stage, 'delta');
      else await write(stage, 'delta', encodeEntry(nextDelta));
    } else {
      await write(stage, 'table', encodeEntry(usedKeys));
      if (delta.size > 0) await store.drop(stage, 'delta');
    }
  };
  const store: Store = {
    get: async <T>(stage: string, key: string) => (await read(stage, key))?.value as T | undefined,
    put: (stage, key, value, tail) => write(stage, key, encodeEntry(value, tail)),
    getWithTail: <T>(stage: string, key: string) =>
      read(stage, key) as Promise<{ value: T; tail(): Buffer } | undefined>,
    async cached<T>(stage: string, key: string, compute: () => Promise<T> | T): Promise<T> {
      const hit = await read(stage, key);
      if (hit) return hit.value as T;
      const value = await compute();
      await write(stage, key, encodeEntry(value));
      return value;
    },
    drop: async (stage, key) => {
      if (root) await rm(fileName(stage, key), { force: true });
    },
    table<V>(stage: string): Promise<StoreTable<V>> {
      let table = tables.get(stage);
      if (!table) tables.set(stage, (table = openTable(stage)));
      return table as Promise<StoreTable<V>>;
    },
    async digestFile(file) {
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      const table = await store.stamps();
      const stamp = fileStamp(info);
      const known = table.get(file);
      if (known?.stamp === stamp) return known.digest;
      const bytes = await readFile(file).catch(() => undefined);
      if (!bytes) return undefined;
      const fileDigest = digest(bytes);
      // Stamped before the read: a write during it gives a newer stamp, and the file is read again next time.
      table.set(file, { stamp, digest: fileDigest });
      return fileDigest;
    },
    stamps: () => (stamps ??= store.table<FileStamp>(STAMPS)),
    fileOf(stage, name) {
      keep(stage, name);
      return path.join(root ?? '', stage, name);
    },
    get damaged() {
      return damaged;
    },
    async close({ sweep: isSweeping = true } = {}) {
      if (!root) return;
      for (const [stage, table] of tables) await saveTable(stage, await table);
      if (isSweeping) await sweep(root, used, Math.min(started, Date.now() - KEEP_UNUSED_MS));
    },
  };
  return store;
}

interface OpenTable extends StoreTable<unknown> {
  /** Every entry: the table's, with its delta's over them. */
  entries: Map<string, unknown>;
  delta: Map<string, unknown>;
  /** What this build read or set, and what it set. */
  used: Map<string, unknown>;
  added: Map<string, unknown>;
}

interface FileStamp {
  stamp: string;
  digest: string;
}

/** Used now: another build's clean-up keeps it for the next hour (one write per entry and ten minutes at most). */
async function markUsed(file: string, mtimeMs: number): Promise<void> {
  if (Date.now() - mtimeMs <= TOUCH_AFTER_MS) return;
  const now = new Date();
  await utimes(file, now, now).catch(() => undefined);
}

/** A file's size, modification and change times and inode: any write changes the change time, which no tool sets back. */
export function fileStamp(info: Stats): string {
  return `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}`;
}

/**
 * Writes a file whole beside its place under a name of this process's own, then renames it there: a
 * reader finds the old file or the new one, never part of one, and two processes writing the same
 * file at once each rename a whole file of their own (the last one stays).
 */
export async function replaceShared(file: string, data: string | Uint8Array): Promise<void> {
  const temporary = temporaryBeside(file);
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * replaceShared in this thread, for many small files: a write through the thread pool costs about four
 * times the CPU of the same write made here (838 social images of 20 KB: 100 against 25 ms).
 */
export function replaceSharedSync(file: string, data: Uint8Array): void {
  const temporary = temporaryBeside(file);
  try {
    writeFileSync(temporary, data);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function temporaryBeside(file: string): string {
  return `${file}.${process.pid}.${(writes += 1)}.tmp`;
}

let writes = 0;

/**
 * Removes every entry and plain file this build did not use, and temporary files left by a build that
 * was stopped, except what was used or changed since `since` (another build's). An entry of a pinned
 * stage stays.
 */
async function sweep(root: string, used: Set<string>, since: number): Promise<void> {
  const stages = await readdir(root).catch(() => [] as string[]);
  for (const stage of stages) {
    if (PINNED.has(stage)) continue;
    const names = await readdir(path.join(root, stage)).catch(() => [] as string[]);
    for (const name of names) {
      if (used.has(path.join(stage, name))) continue;
      const file = path.join(root, stage, name);
      const info = await stat(file).catch(() => undefined);
      if (info && info.mtimeMs < since) await rm(file, { recursive: true, force: true });
    }
  }
}
