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

/** The small file beside the manifest: what the quick up-to-date check reads, without the file list. */
function headFile(cacheDir: string, outDir: string): string {
  return manifestFile(cacheDir, outDir).replace(/\.json$/, '.head.json');
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
  /** The input fingerprint of a build of the embedded content (input-fingerprint.ts). */
  fingerprint?: string | undefined;
  report: Report;
}

interface SavedHead<Report> {
  version: 1;
  outDir: string;
  fingerprint: string;
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
  const head = headFile(cacheDir, outDir);
  if (manifest.fingerprint === undefined) return;
  const savedHead: SavedHead<Report> = { version: 1, outDir, fingerprint: manifest.fingerprint, report: manifest.report };
  await writeFile(`${head}.tmp`, JSON.stringify(savedHead));
  await rename(`${head}.tmp`, head);
}

/**
 * The report of the build that wrote the output folder, when that build's input fingerprint is this
 * one and the folder is still there: the quick check of a build of the embedded content.
 */
export async function loadUnchangedReport<Report>(cacheDir: string, outDir: string, fingerprint: string): Promise<Report | undefined> {
  try {
    const saved = JSON.parse(await readFile(headFile(cacheDir, outDir), 'utf8')) as SavedHead<Report>;
    if (saved.version !== 1 || saved.outDir !== outDir || saved.fingerprint !== fingerprint || !(await isDirectory(outDir))) return undefined;
    return saved.report;
  } catch {
    return undefined;
  }
}

/**
 * A whole-site stage's result kept beside the manifest of the output folder it was written into, under
 * the key of its inputs. Saved only by a build that succeeded (with the manifest): a result is read
 * back only while the output folder still holds what that build wrote.
 */
function stageFile(cacheDir: string, outDir: string, stage: string): string {
  return besideManifest(cacheDir, outDir, `${stage}.json`);
}

/** A file kept beside the manifest of an output folder: `output-manifest-<folder hash>.<suffix>`. */
export function besideManifest(cacheDir: string, outDir: string, suffix: string): string {
  return manifestFile(cacheDir, outDir).replace(/\.json$/, `.${suffix}`);
}

export async function loadStageResult<T>(cacheDir: string, outDir: string, stage: string, key: string): Promise<T | undefined> {
  try {
    const saved = JSON.parse(await readFile(stageFile(cacheDir, outDir, stage), 'utf8')) as { key: string; result: T };
    return saved.key === key ? saved.result : undefined;
  } catch {
    return undefined;
  }
}

export async function saveStageResult(cacheDir: string, outDir: string, stage: string, key: string, result: unknown): Promise<void> {
  const file = stageFile(cacheDir, outDir, stage);
  await writeFile(`${file}.tmp`, JSON.stringify({ key, result }));
  await rename(`${file}.tmp`, file);
}

/** Before the output folder changes: if the build stops half-way, the next one must not trust the old manifest. */
export async function dropOutputManifest(cacheDir: string, outDir: string): Promise<void> {
  await rm(headFile(cacheDir, outDir), { force: true });
  await rm(manifestFile(cacheDir, outDir), { force: true });
}
