import { hash as hashOf } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { SitegenError } from '../errors.ts';
import type { OutputFile, OutputGroup, OutputItem } from './output-file.ts';

/** Per output path, what the file was made from (a hash) and its size. */
export type OutputEntries = Map<string, { hash: string; bytes: number }>;

/** A group of files as the output manifest lists it (OutputGroup): its key, how many files, their size. */
export interface GroupSummary {
  key: string;
  files: number;
  bytes: number;
}

/** A group the previous build wrote; its files' entries are read only when something needs them. */
export interface PreviousGroup extends GroupSummary {
  entries(): Promise<OutputEntries>;
}

/** A group of this build: `entries` when its files were written, none when the previous build's group stayed. */
export interface WrittenGroup extends GroupSummary {
  entries?: OutputEntries | undefined;
}

export interface WriteOutputOptions {
  /**
   * What outDir holds from the previous build, when it still holds exactly that: then only new and
   * changed files are written (into a staging folder first), and moved into outDir once all succeeded.
   */
  previous?: OutputEntries | undefined;
  /** The previous build's groups of files (OutputGroup), by name: their files are not in `previous`. */
  previousGroups?: ReadonlyMap<string, PreviousGroup> | undefined;
  /**
   * Hashes of files whose inputs are hashed elsewhere (pages: their input hash); other files are hashed
   * here, and a kept file without one has the hash the previous build recorded.
   */
  hashes?: ReadonlyMap<string, string> | undefined;
  /** Runs after every file is written and before outDir changes (the caller drops its manifest of outDir here). */
  beforeCommit?: (() => Promise<void>) | undefined;
}

export interface WriteOutputResult {
  files: number;
  bytes: number;
  /** Files written this time (the rest were unchanged in outDir). */
  changed: number;
  /** Every file of the output now outside the groups, for the next build's `previous`. */
  entries: OutputEntries;
  /** The groups of files now, by name, for the next build's `previousGroups`. */
  groups: Map<string, WrittenGroup>;
}

export type OutputBatches = AsyncIterable<OutputItem[]> | Iterable<OutputItem[]>;

const WRITE_CONCURRENCY = 32;
/** Files written between two turns of the event loop. */
const WRITE_SLICE = 128;

/**
 * The only writer of the output. Nothing in outDir changes until every file is written: a failure
 * here or in the batches' producer leaves the previous output as it was.
 *
 * Without `previous`, the output is written into a fresh folder beside outDir that then takes its
 * place. With it, only the files that differ are written, and moved into outDir one by one at the end
 * (files no longer produced are removed): a build that changed ten pages touches ten files.
 */
export async function writeOutput(
  outDir: string,
  batches: OutputBatches,
  options: WriteOutputOptions = {},
): Promise<WriteOutputResult> {
  const target = path.resolve(outDir);
  await mkdir(path.dirname(target), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(target), `.sitegen-${path.basename(target)}-`));
  // mkdtemp makes the folder 0700; as the output it must be readable by the web server's user (nginx's www-data).
  await chmod(staging, 0o755);
  const previous =
    options.previous && (await isDirectory(target))
      ? { files: options.previous, groups: options.previousGroups ?? new Map<string, PreviousGroup>() }
      : undefined;
  try {
    const result = await writeAll(staging, batches, previous, options.hashes ?? new Map());
    await options.beforeCommit?.();
    if (previous) {
      await moveChanges(staging, target, result.changedPaths, await removedPaths(previous, result));
      await rm(staging, { recursive: true, force: true });
    } else {
      await swapInto(staging, target);
    }
    const { changedPaths, ...written } = result;
    const files = written.entries.size + [...written.groups.values()].reduce((sum, group) => sum + group.files, 0);
    return { ...written, files, changed: changedPaths.length };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

interface PreviousOutput {
  files: OutputEntries;
  groups: ReadonlyMap<string, PreviousGroup>;
}

type WrittenOutput = Pick<WriteOutputResult, 'entries' | 'groups' | 'bytes'> & { changedPaths: string[] };

/** The previous build's files that this one did not produce: outside the groups, and in each group not kept whole. */
async function removedPaths(previous: PreviousOutput, result: WrittenOutput): Promise<string[]> {
  const written = [...result.groups.values()].flatMap((group) => (group.entries ? [group.entries] : []));
  const produced = (file: string) => result.entries.has(file) || written.some((entries) => entries.has(file));
  const removed = [...previous.files.keys()].filter((file) => !produced(file));
  for (const [name, group] of previous.groups) {
    const now = result.groups.get(name);
    // Kept whole: every file of it stays.
    if (now && !now.entries) continue;
    for (const file of (await group.entries()).keys()) if (!produced(file)) removed.push(file);
  }
  return removed;
}

async function writeAll(
  root: string,
  batches: OutputBatches,
  previous: PreviousOutput | undefined,
  hashes: ReadonlyMap<string, string>,
): Promise<WrittenOutput> {
  // One mkdir per folder.
  const folders = new Set<string>();
  const entries: OutputEntries = new Map();
  const groups = new Map<string, WrittenGroup>();
  const changedPaths: string[] = [];
  // Paths the previous build did not have where this file is recorded now.
  const added: string[] = [];
  let bytes = 0;
  // Where a file is recorded (outside the groups, or in a group written now) and what it is compared with.
  interface Target {
    entries: OutputEntries;
    previous: OutputEntries | undefined;
  }
  const outside: Target = { entries, previous: previous?.files };
  const record = (target: Target, file: string, hash: string, size: number, changed: boolean) => {
    target.entries.set(file, { hash, bytes: size });
    bytes += size;
    if (changed) changedPaths.push(file);
    if (changed && !target.previous?.has(file)) added.push(file);
  };
  const unchanged = (target: Target, file: string, hash: string) => {
    const before = target.previous?.get(file);
    if (before?.hash !== hash) return false;
    record(target, file, hash, before.bytes, false);
    return true;
  };
  // A file's path is a plain relative one (isSafeRelativePath, checked before any file is written) and
  // root an absolute folder, so joining them is putting a separator between them.
  const destinationOf = (file: string) => {
    const slash = file.lastIndexOf('/');
    if (slash !== -1) {
      const folder = file.slice(0, slash);
      if (!folders.has(folder)) {
        mkdirSync(`${root}${path.sep}${folder}`, { recursive: true });
        folders.add(folder);
      }
    }
    return `${root}${path.sep}${file}`;
  };
  // Synchronous calls, one file at a time: creating files concurrently in the same folders (the thread
  // pool) makes them queue on the folder's lock in the kernel, which on some
  // filesystems costs more CPU than the writes. Batches are short and the loop yields between them.
  const writeOne = (target: Target, file: OutputFile) => {
    if ('kept' in file) {
      // The previous build's file: the hash that build recorded, which must be the caller's when it names one.
      const hash = hashes.get(file.path) ?? target.previous?.get(file.path)?.hash;
      if (hash === undefined || !unchanged(target, file.path, hash))
        throw writeFailed(`"${file.path}" was to stay as the previous build wrote it, but that build did not write it`);
    } else if ('copyFrom' in file) {
      const source = statSync(file.copyFrom);
      const hash = `copy:${source.size}:${source.mtimeMs}:${source.ino}`;
      if (unchanged(target, file.path, hash)) return;
      const destination = destinationOf(file.path);
      // A link only where the source is never changed in place (the media cache); public/ files are copied.
      if (file.link) linkOrCopy(file.copyFrom, destination);
      else copyFileSync(file.copyFrom, destination);
      record(target, file.path, hash, source.size, true);
    } else {
      const hash = hashes.get(file.path) ?? hashOf('sha256', file.contents, 'base64url');
      if (unchanged(target, file.path, hash)) return;
      writeFileSync(destinationOf(file.path), file.contents);
      record(target, file.path, hash, Buffer.byteLength(file.contents), true);
    }
  };
  const writeFiles = async (target: Target, files: OutputFile[]) => {
    const inBatch = new Set<string>();
    const others = [...groups.values()].flatMap((group) => (group.entries ? [group.entries] : []));
    for (const file of files) {
      // A kept file is neither written nor removed: its path is one the previous build wrote.
      if (!('kept' in file) && !isSafeRelativePath(file.path))
        throw writeFailed(`refusing to write "${file.path}": not a plain relative path`);
      if (entries.has(file.path) || inBatch.has(file.path) || others.some((group) => group.has(file.path)))
        throw writeFailed(`two output files share the path "${file.path}"`);
      inBatch.add(file.path);
    }
    for (let start = 0; start < files.length; start += WRITE_SLICE) {
      for (const file of files.slice(start, start + WRITE_SLICE)) writeOne(target, file);
      // Let the render workers' messages in (they wait for their next batch).
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const writeGroup = async (group: OutputGroup) => {
    if (groups.has(group.group)) throw writeFailed(`two groups of output files share the name "${group.group}"`);
    const before = previous?.groups.get(group.group);
    if (!group.files) {
      if (before?.key !== group.key)
        throw writeFailed(
          `the files of "${group.group}" were to stay as the previous build wrote them, but that build did not write them`,
        );
      groups.set(group.group, { key: before.key, files: before.files, bytes: before.bytes });
      bytes += before.bytes;
      return;
    }
    const target: Target = { entries: new Map(), previous: before && (await before.entries()) };
    const bytesBefore = bytes;
    await writeFiles(target, group.files);
    groups.set(group.group, {
      key: group.key,
      files: target.entries.size,
      bytes: bytes - bytesBefore,
      entries: target.entries,
    });
  };
  for await (const batch of batches) {
    const files: OutputFile[] = [];
    for (const item of batch) {
      if ('group' in item) await writeGroup(item);
      else files.push(item);
    }
    await writeFiles(outside, files);
  }
  // A group kept whole was not listed: the paths new since the previous build must not be among its files.
  const keptGroups = [...groups].filter(([, group]) => !group.entries).map(([name]) => previous!.groups.get(name)!);
  for (const group of added.length > 0 ? keptGroups : []) {
    const kept = await group.entries();
    const clash = added.find((file) => kept.has(file));
    if (clash !== undefined) throw writeFailed(`two output files share the path "${clash}"`);
  }
  return { entries, groups, bytes, changedPaths };
}

/** Moves what was written into the live folder, then removes the files no longer produced (and folders left empty). */
async function moveChanges(staging: string, target: string, changed: string[], removed: string[]): Promise<void> {
  const folders = new Map<string, Promise<unknown>>();
  const moveOne = async (file: string) => {
    const destination = path.join(target, ...file.split('/'));
    const folder = path.dirname(destination);
    if (!folders.has(folder)) folders.set(folder, mkdir(folder, { recursive: true }));
    await folders.get(folder);
    await rename(path.join(staging, ...file.split('/')), destination);
  };
  const removeOne = async (file: string) => {
    await unlink(path.join(target, ...file.split('/'))).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  };
  try {
    for (let start = 0; start < changed.length; start += WRITE_CONCURRENCY)
      await Promise.all(changed.slice(start, start + WRITE_CONCURRENCY).map(moveOne));
    for (let start = 0; start < removed.length; start += WRITE_CONCURRENCY)
      await Promise.all(removed.slice(start, start + WRITE_CONCURRENCY).map(removeOne));
  } catch (error) {
    throw writeFailed(
      `could not update ${target} in place: ${(error as Error).message}; the next build rewrites it whole`,
      error,
    );
  }
  // Deepest first, so a folder emptied by its emptied subfolder goes too; a folder still in use stays.
  const emptied = [...new Set(removed.flatMap((file) => ancestors(file)))].sort(
    (a, b) => b.split('/').length - a.split('/').length,
  );
  for (const folder of emptied) await rmdir(path.join(target, ...folder.split('/'))).catch(() => undefined);
}

function ancestors(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

async function swapInto(staging: string, target: string): Promise<void> {
  const previous = `${staging}-previous`;
  const hadPrevious = existsSync(target);
  if (hadPrevious) await rename(target, previous);
  try {
    await rename(staging, target);
  } catch (error) {
    if (hadPrevious) await rename(previous, target);
    throw writeFailed(`could not move the new output into ${target}: ${(error as Error).message}`, error);
  }
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

function linkOrCopy(source: string, destination: string): void {
  try {
    linkSync(source, destination);
  } catch {
    copyFileSync(source, destination);
  }
}

export async function isDirectory(folder: string): Promise<boolean> {
  return stat(folder).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

function isSafeRelativePath(file: string): boolean {
  return (
    file.length > 0 &&
    !file.startsWith('/') &&
    !file.includes('\\') &&
    file.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

function writeFailed(message: string, cause?: unknown): SitegenError {
  return new SitegenError({
    code: 'OUTPUT_WRITE_FAILED',
    message,
    hint: 'the previous output is untouched; check the disk and the path given to --out',
    cause,
  });
}
