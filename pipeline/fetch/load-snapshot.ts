import { digest, digestJson, fileStamp, type Store } from '../cache/store.ts';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { SitegenError } from '../errors.ts';
import { COLLECTIONS, type Collection } from './collections.ts';
import type { FetchedContent, RawEntry } from './raw-entry.ts';
import { flattenRow } from './strapi-shape.ts';

/**
 * Reads the embedded snapshot (`content/cms/<collection>/*.json`, Strapi response bodies) into the same
 * raw entries a live crawl gives. Drafts (`publishedAt: null`) only with includeDrafts, as on a live CMS.
 * With a memo (the preview, which keeps it between builds), a file whose stamp (fileStamp) is as it
 * was is not read again: its entries are the very objects the last load gave, so the stages
 * after it can recognise them (validateContent's memo). Without one, `saved` may give a file's entries
 * as an earlier build kept them (valid already, see pipeline/cache/snapshot-records.ts) instead of
 * parsing it; the result lists each file's entries, so that they can be kept for the next build.
 */
export async function loadSnapshot(
  contentDir: string,
  options: SnapshotOptions,
  read?: SnapshotRead,
  memo?: SnapshotMemo,
): Promise<FetchedContent> {
  const loaded =
    memo && !read
      ? await loadWithMemo(contentDir, options, memo)
      : await loadAll(read ?? (await readSnapshot(contentDir, options)), options);
  return {
    entries: loaded.entries,
    mediaOrigin: { kind: 'dir', dir: contentDir },
    warnings: [],
    requests: 0,
    dialect: 'snapshot',
    digest: loaded.digest,
    ...(loaded.files ? { snapshotFiles: loaded.files } : {}),
  };
}

export interface SnapshotOptions {
  includeDrafts: boolean;
  /** A file's entries as kept by an earlier build, by its collection and the hash of its bytes; undefined: parse it. */
  saved?: ((file: SnapshotFileKey) => Promise<RawEntry[] | undefined>) | undefined;
  /** Told each file's entries as soon as they are read (not the preview's, which reads its files at once). */
  onEntries?: ((entries: readonly RawEntry[]) => void) | undefined;
}

/** What names a snapshot file's entries: its collection and the hash of its bytes. */
export interface SnapshotFileKey {
  collection: Collection;
  hash: string;
}

/** One snapshot file's entries; `saved` when they came from an earlier build's keeping. */
export interface SnapshotFileEntries extends SnapshotFileKey {
  entries: RawEntry[];
  saved: boolean;
}

/**
 * A long-running caller's record of the snapshot files it loaded: per file (`cms/<collection>/<name>.json`),
 * its stamp (fileStamp), its bytes' hash, and its entries.
 */
export type SnapshotMemo = Map<string, { stamp: string; hash: string; includeDrafts: boolean; entries: RawEntry[] }>;

async function loadAll(
  snapshot: SnapshotRead,
  options: SnapshotOptions,
): Promise<{ entries: RawEntry[]; digest: string; files: SnapshotFileEntries[] }> {
  const files: SnapshotFileEntries[] = [];
  // What earlier builds kept, asked for all files at once (their reads overlap); kept records hold their bytes anyway.
  const kept = await Promise.all(
    snapshot.files.map((file) => options.saved?.({ collection: file.collection, hash: file.hash })),
  );
  // The others one at a time out of the list, so that each file's bytes are garbage once it is parsed.
  for (let file = snapshot.files.shift(); file; file = snapshot.files.shift()) {
    const saved = kept.shift();
    const own =
      saved ?? parseEntries(file, file.bytes ?? (await readFile(path.join(snapshot.contentDir, file.name))), options);
    files.push({ collection: file.collection, hash: file.hash, entries: own, saved: saved !== undefined });
    if (options.onEntries) {
      options.onEntries(own);
      // A turn of the event loop between files: what the listener started (a child's messages) goes on meanwhile.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return { entries: files.flatMap((file) => file.entries), digest: snapshot.digest, files };
}

async function loadWithMemo(
  contentDir: string,
  options: SnapshotOptions,
  memo: SnapshotMemo,
): Promise<{ entries: RawEntry[]; digest: string; files?: undefined }> {
  const files = await listSnapshotFiles(contentDir);
  const loaded = await Promise.all(
    files.map(async (file) => {
      const stamp = fileStamp(await stat(path.join(contentDir, file.name)));
      const known = memo.get(file.name)?.includeDrafts === options.includeDrafts ? memo.get(file.name) : undefined;
      if (known?.stamp === stamp) return known;
      const bytes = await readFile(path.join(contentDir, file.name));
      const hash = digest(bytes);
      // The same bytes under a new time (a save without a change): the same entries.
      const entries = known?.hash === hash ? known.entries : parseEntries(file, bytes, options);
      return { stamp, hash, includeDrafts: options.includeDrafts, entries };
    }),
  );
  memo.clear();
  files.forEach((file, index) => memo.set(file.name, loaded[index]!));
  const hashes = files.map((file, index) => ({ name: file.name, hash: loaded[index]!.hash }));
  return { entries: loaded.flatMap((file) => file.entries), digest: snapshotDigest(hashes, options) };
}

/** The file's entries (drafts only with includeDrafts); SNAPSHOT_INVALID when it is not a Strapi response body. */
function parseEntries(file: SnapshotFile, bytes: Buffer, options: { includeDrafts: boolean }): RawEntry[] {
  const where = path.join('content', file.name);
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    throw new SitegenError({
      code: 'SNAPSHOT_INVALID',
      message: `${where} is not valid JSON: ${(error as Error).message}`,
      hint: 'fix the file, or rewrite the snapshot with `sitegen pull --cms URL`',
    });
  }
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) {
    throw new SitegenError({
      code: 'SNAPSHOT_INVALID',
      message: `${where} has no "data" list (a Strapi response body is { "data": [ … ] })`,
      hint: 'see content/README.md for the format',
    });
  }
  const records = data.map((row) => flattenRow(row));
  const kept = options.includeDrafts ? records : records.filter((record) => record.publishedAt !== null);
  return kept.map((record) => ({ collection: file.collection, record }));
}

/**
 * The snapshot's files as read, and their digest (what `loadSnapshot` returns as `digest`): the hash of
 * each file's name and bytes hash, with the drafts setting; the same digest means the same entries. The
 * build's input fingerprint reads them this way, and the fetch stage then parses these very bytes.
 */
export interface SnapshotRead {
  contentDir: string;
  digest: string;
  /**
   * Emptied by the loadSnapshot that parses them (the bytes are not kept for the rest of the build).
   * `bytes` is missing for a file whose hash was known from its stamp: loadSnapshot reads it only
   * if an earlier build did not keep its records.
   */
  files: Array<SnapshotFile & { bytes?: Buffer | undefined; hash: string }>;
}

export async function readSnapshot(
  contentDir: string,
  options: { includeDrafts: boolean; store?: Store | undefined },
): Promise<SnapshotRead> {
  // A file whose stamp is in the store's table is neither read nor hashed again (it may not be needed).
  const stamps = await options.store?.stamps();
  // All at once: each file is hashed while the next ones are still being read.
  const files: SnapshotRead['files'] = await Promise.all(
    (await listSnapshotFiles(contentDir)).map(async (file) => {
      const full = path.join(contentDir, file.name);
      // Stamped before the read: a write during it gives a newer stamp, and the file is read again next time.
      const stamp = stamps && fileStamp(await stat(full));
      const known = stamps?.get(full);
      if (known && known.stamp === stamp) return { ...file, hash: known.digest };
      const bytes = await readFile(full);
      const hash = digest(bytes);
      if (stamp !== undefined) stamps?.set(full, { stamp, digest: hash });
      return { ...file, bytes, hash };
    }),
  );
  return { contentDir, digest: snapshotDigest(files, options), files };
}

function snapshotDigest(files: Array<{ name: string; hash: string }>, options: { includeDrafts: boolean }): string {
  return digestJson(['snapshot', options.includeDrafts, files.map((file) => [file.name, file.hash])]);
}

interface SnapshotFile {
  collection: Collection;
  /** Relative to the content folder: `cms/<collection>/<name>.json`. */
  name: string;
}

/** The snapshot's files with their sizes in bytes (a cold build counts its records by them before it reads them). */
export async function statSnapshotFiles(contentDir: string): Promise<Array<SnapshotFile & { size: number }>> {
  const files = await listSnapshotFiles(contentDir);
  return Promise.all(
    files.map(async (file) => ({ ...file, size: (await stat(path.join(contentDir, file.name))).size })),
  );
}

async function listSnapshotFiles(contentDir: string): Promise<SnapshotFile[]> {
  const files: SnapshotFile[] = [];
  for (const collection of COLLECTIONS) {
    const names = (await readdir(path.join(contentDir, 'cms', collection)).catch(() => [] as string[]))
      .filter((file) => file.endsWith('.json'))
      .sort();
    for (const name of names) files.push({ collection, name: path.join('cms', collection, name) });
  }
  return files;
}
