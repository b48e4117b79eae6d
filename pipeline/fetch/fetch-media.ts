import { createHash } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { SitegenError } from '../errors.ts';
import type { MediaDownloader } from './download-media.ts';
import type { FaultRetry } from './fetch-with-retries.ts';
import type { MediaOrigin } from './raw-entry.ts';
import { fileStamp, replaceShared, type Store } from '../cache/store.ts';

/** A media file the site serves itself: where its bytes are now, and where it goes in the output. */
export interface MediaFile {
  sourceFile: string;
  /** `_media/<name>.<hash>.<ext>`: content-hashed, so it can be cached forever. */
  outputPath: string;
}
export type MediaFiles = Map<string, MediaFile>;

export interface FetchMediaOptions {
  urls: Iterable<string>;
  origin: MediaOrigin;
  store: Store;
  concurrency: number;
  timeoutMs?: number;
  faultRetry?: Partial<FaultRetry> | undefined;
  /** Why the bytes are not a usable file (not an image), or undefined when they are; such files count as missing and are not cached. */
  check?: ((bytes: Uint8Array) => Promise<string | undefined>) | undefined;
  /** Told about each retry of a download. */
  onProgress?: ((message: string) => void) | undefined;
}

/**
 * What the store's media table holds of files whose bytes passed `check`. By URL, a downloaded file
 * (in the store's `media` files, with the store's digest of it); by `file:<path>:<stamp>`, a file of the
 * content folder (read in place, never copied).
 */
interface KnownMedia {
  file: string;
  hash: string;
  digest?: string | undefined;
}

/** Media the entries name that the source does not have (HTTP 404, no such file) or that are not images: url → why. */
export type MissingMedia = Map<string, string>;

/**
 * Mirrors every media file the pages use into the site (no third-party requests for visitors): reads
 * snapshot uploads from disk, downloads CMS media once into the cache and reuses it on later builds.
 * A file the source answers with a 4xx status or does not have, or whose bytes fail `check`, is
 * `missing` (the pages go without it); transient faults are retried (fetchWithRetries); what still
 * fails (a CMS that cannot be reached, a 5xx after its retry) throws MEDIA_UNAVAILABLE listing every
 * such file, so that nothing half-fetched is built.
 */
export async function fetchMedia(
  options: FetchMediaOptions,
): Promise<{ files: MediaFiles; downloads: number; missing: MissingMedia }> {
  const known = await options.store.table<KnownMedia>('media');
  const limit = pLimit(options.concurrency);
  const files: MediaFiles = new Map();
  const missing: MissingMedia = new Map();
  const failures: string[] = [];
  let downloads = 0;
  const stop = new AbortController();
  // Loaded with the first file to download (download-media.ts).
  let downloader: MediaDownloader | undefined;
  let loading: Promise<MediaDownloader> | undefined;
  const download = async (url: string) => {
    loading ??= import('./download-media.ts').then(
      ({ createMediaDownloader }) =>
        (downloader = createMediaDownloader({
          timeoutMs: options.timeoutMs ?? 30_000,
          faultRetry: options.faultRetry,
          signal: stop.signal,
          onProgress: options.onProgress,
        })),
    );
    return (await loading).download(url);
  };

  /** Where the bytes of `url` are, with their hash, or why it is missing. */
  const find = async (url: string): Promise<{ file: string; hash: string } | string> => {
    const local = localFile(url, options.origin);
    if (local) {
      // A file of the content folder that passed the check before, unchanged since (size and time): its hash is known.
      const info = await stat(local).catch(() => undefined);
      const seen = info?.isFile() ? `file:${local}:${fileStamp(info)}` : undefined;
      const before = seen && known.get(seen);
      if (before) return { file: local, hash: before.hash };
      const bytes = await readFile(local).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return undefined;
        throw error;
      });
      const problem = bytes === undefined ? 'no such file in the content folder' : await options.check?.(bytes);
      if (problem !== undefined) return problem;
      const hash = hashOf(bytes!);
      if (seen && options.check) known.set(seen, { file: local, hash });
      return { file: local, hash };
    }
    const absolute = absoluteUrl(url, options.origin);
    const cached = known.get(absolute);
    const cachedFile = cached && options.store.fileOf('media', cached.file);
    // A kept download is used while its bytes are the ones it was kept with (the store's stamp table
    // says so without reading them): it is copied into the output, and a damaged one must not be.
    if (cached && cachedFile && (await options.store.digestFile(cachedFile)) === cached.digest)
      return { file: cachedFile, hash: cached.hash };
    const bytes = await download(absolute);
    if (!(bytes instanceof Uint8Array)) return bytes.missing;
    downloads += 1;
    const problem = await options.check?.(bytes);
    if (problem !== undefined) return problem;
    const hash = hashOf(bytes);
    // Named by its content: a file of that name always holds these bytes.
    const name = `${hash}${extensionOf(url)}`;
    const file = options.store.fileOf('media', name);
    await mkdir(path.dirname(file), { recursive: true });
    await replaceShared(file, bytes);
    if (options.check) known.set(absolute, { file: name, hash, digest: await options.store.digestFile(file) });
    return { file, hash };
  };

  await Promise.all(
    [...new Set(options.urls)].sort().map((url) =>
      limit(async () => {
        try {
          const found = await find(url);
          if (typeof found === 'string') missing.set(url, found);
          else files.set(url, { sourceFile: found.file, outputPath: outputPathFor(url, found.hash) });
        } catch (error) {
          if (stop.signal.aborted && error === stop.signal.reason) return;
          failures.push(`${url}: ${downloader?.describe(error) ?? (error as Error).message}`);
          // One file that cannot be had fails the build: the other downloads stop rather than retry on.
          if (downloader?.isFault(error)) stop.abort(error);
        }
      }),
    ),
  );
  if (failures.length > 0) {
    const list = failures.sort().map((line) => `\n  ${line}`);
    throw new SitegenError({
      code: 'MEDIA_UNAVAILABLE',
      message: `${list.length} media ${list.length === 1 ? 'file' : 'files'} could not be read:${list.join('')}`,
      hint: 'the CMS or its media storage could not be reached or failed; check it and run the build again',
    });
  }
  return { files, downloads, missing };
}

function localFile(url: string, origin: MediaOrigin): string | undefined {
  if (origin.kind !== 'dir' || !url.startsWith('/')) return undefined;
  const relative = path.normalize(decodeURIComponent(url.split(/[?#]/)[0]!)).replace(/^[/\\]+/, '');
  if (relative.startsWith('..')) throw new Error('points outside the content folder');
  return path.join(origin.dir, relative);
}

function absoluteUrl(url: string, origin: MediaOrigin): string {
  if (/^https?:\/\//.test(url)) return url;
  if (origin.kind === 'http') return new URL(url, origin.origin).href;
  throw new Error('is relative, but there is no CMS origin to resolve it against');
}

function hashOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 10);
}

function extensionOf(url: string): string {
  const match = /\.([a-z0-9]{1,5})$/i.exec(new URL(url, 'https://x.invalid').pathname);
  return match ? `.${match[1]!.toLowerCase()}` : '';
}

/** The output path is named after the file, not its origin, so a snapshot build and a CMS build agree. */
function outputPathFor(url: string, hash: string): string {
  const base = decodeURIComponent(new URL(url, 'https://x.invalid').pathname.split('/').pop() ?? 'media');
  const extension = extensionOf(url);
  const stem =
    (extension ? base.slice(0, -extension.length) : base).replace(/[^a-zA-Z0-9_-]+/g, '-').slice(0, 80) || 'media';
  return `_media/${stem}.${hash}${extension}`;
}
