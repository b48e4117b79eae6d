import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isDirectory, type OutputEntries } from '../emit/write-output.ts';

/**
 * What the previous build wrote into an output folder: per file, the hash of what it was made from
 * (for pages, their inputs) and its size. One manifest per output folder, so a preview and a build
 * sharing a cache folder keep each other's.
 */
function manifestFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, `output-manifest-${createHash('sha256').update(outDir).digest('hex').slice(0, 12)}.json`);
}

interface SavedManifest<Report> {
  version: 2;
  outDir: string;
  /** [path, hash, bytes] */
  files: Array<[string, string, number]>;
  /** A hash of every input of the build that wrote the folder, and what it reported. */
  inputKey: string;
  report: Report;
}

export interface OutputManifest<Report> {
  entries: OutputEntries;
  inputKey: string;
  report: Report;
}

/**
 * The previous build's files, when that build wrote this output folder and the folder is still there.
 * The folder is sitegen's: a file edited or deleted in it by hand stays so until its inputs change
 * (delete the folder, or the manifest in the cache folder, to have the next build write it whole).
 */
export async function loadOutputManifest<Report>(cacheDir: string, outDir: string): Promise<OutputManifest<Report> | undefined> {
  try {
    const saved = JSON.parse(await readFile(manifestFile(cacheDir, outDir), 'utf8')) as SavedManifest<Report>;
    if (saved.version !== 2 || saved.outDir !== outDir || !(await isDirectory(outDir))) return undefined;
    return { entries: new Map(saved.files.map(([file, hash, bytes]) => [file, { hash, bytes }])), inputKey: saved.inputKey, report: saved.report };
  } catch {
    return undefined;
  }
}

export async function writeOutputManifest<Report>(cacheDir: string, outDir: string, manifest: OutputManifest<Report>): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const file = manifestFile(cacheDir, outDir);
  const saved: SavedManifest<Report> = {
    version: 2,
    outDir,
    files: [...manifest.entries].map(([name, entry]) => [name, entry.hash, entry.bytes]),
    inputKey: manifest.inputKey,
    report: manifest.report,
  };
  await writeFile(`${file}.tmp`, JSON.stringify(saved));
  await rename(`${file}.tmp`, file);
}

/** Before the output folder changes: if the build stops half-way, the next one must not trust the old manifest. */
export async function dropOutputManifest(cacheDir: string, outDir: string): Promise<void> {
  await rm(manifestFile(cacheDir, outDir), { force: true });
}
