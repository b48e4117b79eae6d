import { chmod, copyFile, link, mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SitegenError } from '../errors.ts';
import type { OutputFile } from './output-file.ts';

export interface WriteOutputResult {
  files: number;
  bytes: number;
}

const WRITE_CONCURRENCY = 32;

/**
 * Writes the output into a fresh folder beside outDir and swaps it into place only when every file is
 * written; on any failure (here or in the batches' producer) the previous outDir is left as it was.
 * The only writer of the output.
 */
export async function writeOutput(outDir: string, batches: AsyncIterable<OutputFile[]> | Iterable<OutputFile[]>): Promise<WriteOutputResult> {
  const target = path.resolve(outDir);
  await mkdir(path.dirname(target), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(target), `.sitegen-${path.basename(target)}-`));
  // mkdtemp makes the folder 0700; as the output it must be readable by the web server's user (nginx's www-data).
  await chmod(staging, 0o755);
  try {
    const result = await writeAll(staging, batches);
    await swapInto(staging, target);
    return result;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function writeAll(root: string, batches: AsyncIterable<OutputFile[]> | Iterable<OutputFile[]>): Promise<WriteOutputResult> {
  // One mkdir per folder, shared by every file written into it at the same time.
  const folders = new Map<string, Promise<unknown>>();
  const seen = new Set<string>();
  let files = 0;
  let bytes = 0;
  const writeOne = async (file: OutputFile) => {
    const destination = path.join(root, ...file.path.split('/'));
    const folder = path.dirname(destination);
    if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
    await folders.get(folder);
    if ('copyFrom' in file) {
      // A hard link costs no copy; files in out/ and the cache are never changed in place.
      await link(file.copyFrom, destination).catch(() => copyFile(file.copyFrom, destination));
      // Await first: `bytes += await …` would read `bytes` before the await and lose concurrent updates.
      const { size } = await stat(destination);
      bytes += size;
    } else {
      await writeFile(destination, file.contents);
      bytes += typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength;
    }
    files += 1;
  };
  for await (const batch of batches) {
    for (const file of batch) {
      if (!isSafeRelativePath(file.path)) throw writeFailed(`refusing to write "${file.path}": not a plain relative path`);
      if (seen.has(file.path)) throw writeFailed(`two output files share the path "${file.path}"`);
      seen.add(file.path);
    }
    for (let start = 0; start < batch.length; start += WRITE_CONCURRENCY) {
      await Promise.all(batch.slice(start, start + WRITE_CONCURRENCY).map(writeOne));
    }
  }
  return { files, bytes };
}

async function swapInto(staging: string, target: string): Promise<void> {
  const previous = `${staging}-previous`;
  const hadPrevious = await stat(target).then(
    () => true,
    () => false,
  );
  if (hadPrevious) await rename(target, previous);
  try {
    await rename(staging, target);
  } catch (error) {
    if (hadPrevious) await rename(previous, target);
    throw writeFailed(`could not move the new output into ${target}: ${(error as Error).message}`, error);
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

function isSafeRelativePath(file: string): boolean {
  return file.length > 0 && !file.startsWith('/') && !file.includes('\\') && file.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

function writeFailed(message: string, cause?: unknown): SitegenError {
  return new SitegenError({ code: 'OUTPUT_WRITE_FAILED', message, hint: 'the previous output is untouched; check the disk and the path given to --out', cause });
}
