import { createHash } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { SitegenError } from '../errors.ts';
import { isDirectory, type OutputEntries, type PreviousGroup, type WrittenGroup } from '../emit/write-output.ts';
import { replaceFile } from '../replace-file.ts';

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
  version: 3;
  outDir: string;
  /** [path, hash, bytes] of the files outside the groups */
  files: Array<[string, string, number]>;
  /** [name, key, files, bytes] of each group of files; a group's files are in a file of their own (groupFile). */
  groups: Array<[string, string, number, number]>;
  /** A hash of every input of the build that wrote the folder, and what it reported. */
  inputKey: string;
  report: Report;
}

/** A group's files, beside the manifest: read only by a build that does not keep the group whole. */
interface SavedGroup {
  key: string;
  files: Array<[string, string, number]>;
}

function groupFile(cacheDir: string, outDir: string, name: string): string {
  return besideManifest(cacheDir, outDir, `group-${name}.json`);
}

export interface OutputManifest<Report> {
  entries: OutputEntries;
  inputKey: string;
  /** The input fingerprint of a build of the embedded content (input-fingerprint.ts). */
  fingerprint?: string | undefined;
  report: Report;
}

/** The manifest as loaded: the groups' files are read when asked for. */
export interface LoadedManifest<Report> extends OutputManifest<Report> {
  groups: Map<string, PreviousGroup>;
}

/** The manifest as written: the groups written this time come with their files. */
export interface WrittenManifest<Report> extends OutputManifest<Report> {
  groups: ReadonlyMap<string, WrittenGroup>;
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
export async function loadOutputManifest<Report>(
  cacheDir: string,
  outDir: string,
): Promise<LoadedManifest<Report> | undefined> {
  try {
    const saved = JSON.parse(await readFile(manifestFile(cacheDir, outDir), 'utf8')) as SavedManifest<Report>;
    if (saved.version !== 3 || saved.outDir !== outDir || !(await isDirectory(outDir))) return undefined;
    const groups = new Map(
      saved.groups.map(([name, key, files, bytes]): [string, PreviousGroup] => [
        name,
        { key, files, bytes, entries: once(() => loadGroup(groupFile(cacheDir, outDir, name), key, files)) },
      ]),
    );
    return {
      entries: new Map(saved.files.map(([file, hash, bytes]) => [file, { hash, bytes }])),
      groups,
      inputKey: saved.inputKey,
      report: saved.report,
    };
  } catch {
    return undefined;
  }
}

async function loadGroup(file: string, key: string, count: number): Promise<OutputEntries> {
  let saved: SavedGroup | undefined;
  try {
    saved = JSON.parse(await readFile(file, 'utf8')) as SavedGroup;
  } catch {
    // Below.
  }
  if (saved?.key !== key || saved.files.length !== count) {
    throw new SitegenError({
      code: 'OUTPUT_WRITE_FAILED',
      message: `the list of files the previous build wrote (${file}) is missing or does not match its manifest`,
      hint: 'delete the output folder (or the cache folder) to have the next build write it whole',
    });
  }
  return new Map(saved.files.map(([name, hash, bytes]) => [name, { hash, bytes }]));
}

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

export async function writeOutputManifest<Report>(
  cacheDir: string,
  outDir: string,
  manifest: WrittenManifest<Report>,
): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  // The groups' files first: a manifest on disk always names groups whose files are there.
  for (const [name, group] of manifest.groups) {
    if (!group.entries) continue;
    const file = groupFile(cacheDir, outDir, name);
    const savedGroup: SavedGroup = {
      key: group.key,
      files: [...group.entries].map(([name, entry]) => [name, entry.hash, entry.bytes]),
    };
    await replaceFile(file, JSON.stringify(savedGroup));
  }
  const file = manifestFile(cacheDir, outDir);
  const saved: SavedManifest<Report> = {
    version: 3,
    outDir,
    files: [...manifest.entries].map(([name, entry]) => [name, entry.hash, entry.bytes]),
    groups: [...manifest.groups].map(([name, group]) => [name, group.key, group.files, group.bytes]),
    inputKey: manifest.inputKey,
    report: manifest.report,
  };
  await replaceFile(file, JSON.stringify(saved));
  const head = headFile(cacheDir, outDir);
  if (manifest.fingerprint === undefined) return;
  const savedHead: SavedHead<Report> = {
    version: 1,
    outDir,
    fingerprint: manifest.fingerprint,
    report: manifest.report,
  };
  await replaceFile(head, JSON.stringify(savedHead));
}

/**
 * The report of the build that wrote the output folder, when that build's input fingerprint is this
 * one and the folder is still there: the quick check of a build of the embedded content.
 */
export async function loadUnchangedReport<Report>(
  cacheDir: string,
  outDir: string,
  fingerprint: string,
): Promise<Report | undefined> {
  try {
    const saved = JSON.parse(await readFile(headFile(cacheDir, outDir), 'utf8')) as SavedHead<Report>;
    if (
      saved.version !== 1 ||
      saved.outDir !== outDir ||
      saved.fingerprint !== fingerprint ||
      !(await isDirectory(outDir))
    )
      return undefined;
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

export async function loadStageResult<T>(
  cacheDir: string,
  outDir: string,
  stage: string,
  key: string,
): Promise<T | undefined> {
  try {
    const saved = JSON.parse(await readFile(stageFile(cacheDir, outDir, stage), 'utf8')) as { key: string; result: T };
    return saved.key === key ? saved.result : undefined;
  } catch {
    return undefined;
  }
}

export async function saveStageResult(
  cacheDir: string,
  outDir: string,
  stage: string,
  key: string,
  result: unknown,
): Promise<void> {
  const file = stageFile(cacheDir, outDir, stage);
  await replaceFile(file, JSON.stringify({ key, result }));
}

/** Before the output folder changes: if the build stops half-way, the next one must not trust the old manifest. */
export async function dropOutputManifest(cacheDir: string, outDir: string): Promise<void> {
  await rm(headFile(cacheDir, outDir), { force: true });
  await rm(manifestFile(cacheDir, outDir), { force: true });
}
