import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputEntries } from '../emit/write-output.ts';

/**
 * What the previous build wrote into an output folder: per file, the hash of what it was made from
 * (for pages, their inputs) and its size. One manifest per output folder, so a preview and a build
 * sharing a cache folder keep each other's.
 */
function manifestFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, `output-manifest-${createHash('sha256').update(outDir).digest('hex').slice(0, 12)}.json`);
}

interface SavedManifest {
  version: 2;
  outDir: string;
  /** [path, hash, bytes] */
  files: Array<[string, string, number]>;
}

/**
 * The previous build's files, when that build wrote this output folder and the folder is still there.
 * The folder is sitegen's: a file edited or deleted in it by hand stays so until its inputs change
 * (delete the folder, or the manifest in the cache folder, to have the next build write it whole).
 */
export async function loadOutputManifest(cacheDir: string, outDir: string): Promise<OutputEntries | undefined> {
  try {
    const saved = JSON.parse(await readFile(manifestFile(cacheDir, outDir), 'utf8')) as SavedManifest;
    if (saved.version !== 2 || saved.outDir !== outDir || !(await stat(outDir)).isDirectory()) return undefined;
    return new Map(saved.files.map(([file, hash, bytes]) => [file, { hash, bytes }]));
  } catch {
    return undefined;
  }
}

export async function writeOutputManifest(cacheDir: string, outDir: string, entries: OutputEntries): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const file = manifestFile(cacheDir, outDir);
  const saved: SavedManifest = { version: 2, outDir, files: [...entries].map(([name, entry]) => [name, entry.hash, entry.bytes]) };
  await writeFile(`${file}.tmp`, JSON.stringify(saved));
  await rename(`${file}.tmp`, file);
}

/** Before the output folder changes: if the build stops half-way, the next one must not trust the old manifest. */
export async function dropOutputManifest(cacheDir: string, outDir: string): Promise<void> {
  await rm(manifestFile(cacheDir, outDir), { force: true });
}
