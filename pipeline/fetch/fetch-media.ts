import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ky from 'ky';
import pLimit from 'p-limit';
import { SitegenError } from '../errors.ts';
import type { MediaOrigin } from './raw-entry.ts';
import { RETRY_STATUSES } from './fetch-cms.ts';

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
  cacheDir: string;
  concurrency: number;
  timeoutMs?: number;
}

interface CacheIndex {
  [url: string]: { file: string; hash: string };
}

/**
 * Mirrors every media file the pages use into the site (no third-party requests for visitors): reads
 * snapshot uploads from disk, downloads CMS media once into the cache and reuses it on later builds.
 * Throws MEDIA_UNAVAILABLE listing every file that could not be had.
 */
export async function fetchMedia(options: FetchMediaOptions): Promise<{ files: MediaFiles; downloads: number }> {
  const cacheFolder = path.join(options.cacheDir, 'media');
  const indexFile = path.join(cacheFolder, 'index.json');
  const index: CacheIndex = JSON.parse(await readFile(indexFile, 'utf8').catch(() => '{}')) as CacheIndex;
  const limit = pLimit(options.concurrency);
  const client = ky.create({ timeout: options.timeoutMs ?? 30_000, retry: { limit: 1, methods: ['get'], statusCodes: RETRY_STATUSES } });
  const files: MediaFiles = new Map();
  const failures: string[] = [];
  let downloads = 0;

  await Promise.all(
    [...new Set(options.urls)].sort().map((url) =>
      limit(async () => {
        try {
          const local = localFile(url, options.origin);
          if (local) {
            files.set(url, { sourceFile: local, outputPath: outputPathFor(url, hashOf(await readFile(local))) });
            return;
          }
          const absolute = absoluteUrl(url, options.origin);
          const cached = index[absolute];
          if (cached && (await exists(path.join(cacheFolder, cached.file)))) {
            files.set(url, { sourceFile: path.join(cacheFolder, cached.file), outputPath: outputPathFor(url, cached.hash) });
            return;
          }
          const bytes = new Uint8Array(await client.get(absolute).arrayBuffer());
          downloads += 1;
          const hash = hashOf(bytes);
          const file = `${createHash('sha256').update(absolute).digest('hex').slice(0, 32)}${extensionOf(url)}`;
          await mkdir(cacheFolder, { recursive: true });
          await writeFile(path.join(cacheFolder, file), bytes);
          index[absolute] = { file, hash };
          files.set(url, { sourceFile: path.join(cacheFolder, file), outputPath: outputPathFor(url, hash) });
        } catch (error) {
          failures.push(`${url}: ${(error as Error).message}`);
        }
      }),
    ),
  );
  if (downloads > 0) {
    await mkdir(cacheFolder, { recursive: true });
    await writeFile(`${indexFile}.tmp`, JSON.stringify(index));
    await rename(`${indexFile}.tmp`, indexFile);
  }
  if (failures.length > 0) {
    throw new SitegenError({
      code: 'MEDIA_UNAVAILABLE',
      message: `${failures.length} media ${failures.length === 1 ? 'file' : 'files'} could not be read:\n${failures.sort().map((line) => `  ${line}`).join('\n')}`,
      hint: 'check that the files exist in the CMS media library (or content/uploads/), or remove them from the entries',
    });
  }
  return { files, downloads };
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
  const stem = (extension ? base.slice(0, -extension.length) : base).replace(/[^a-zA-Z0-9_-]+/g, '-').slice(0, 80) || 'media';
  return `_media/${stem}.${hash}${extension}`;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
