import { createHash } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { BuildOptions, BuildReport, StageTiming } from '../build.ts';
import { STYLESHEETS } from '../emit/load-site-assets.ts';
import { isDirectory } from '../emit/write-output.ts';
import { readSnapshot, type SnapshotRead, type SnapshotStamps } from '../fetch/load-snapshot.ts';
import { SITE_DATA_FILES } from '../site/site-files.ts';
import { loadCodeHashes, type CodeHashes } from './code-hash.ts';
import { loadUnchangedReport } from './output-manifest.ts';
import { replaceFile } from '../replace-file.ts';

/**
 * Every input of a build of the embedded content, hashed without parsing any of it: the snapshot's and
 * the site's data files by their bytes (a snapshot file's hash is taken from snapshot-stamps.json in the
 * cache folder while its size, times and inode are those it had when hashed, see SnapshotStamps), the
 * stylesheets, public/ and content/uploads/ by size and modification time, the code, and the settings
 * that change what is written where. A build whose
 * fingerprint is the one saved by the build that wrote the output has nothing to do. This module loads
 * none of the pipeline's heavy modules (zod, React, Markdown, sharp), so that answer comes quickly.
 */
export interface InputFingerprint {
  key: string;
  /** The code hashes it includes, for the build's cache keys (computed once). */
  code: CodeHashes;
  /** The snapshot as read for the fingerprint, for the fetch stage to parse (once: it is handed over, not kept). */
  takeSnapshot(): SnapshotRead | undefined;
  /** A hash of content/uploads/ (each file's path, size and time): the media of the embedded content, for the build's input key. */
  uploads: string;
}

export interface CheckedInputs<Report> {
  fingerprint: InputFingerprint;
  /** The report of the build that wrote the output, when its fingerprint is this one and both its folders are there. */
  unchanged: Report | undefined;
}

/**
 * The quick check of a build of the embedded content (undefined for a CMS build, whose crawl decides, and
 * for the preview's, which rebuilds because a file it watches changed, and keeps what it read in its memo).
 * The CLI makes it before loading the pipeline; build() makes it when nobody did.
 */
export async function checkBuildInputs(options: BuildOptions): Promise<CheckedInputs<BuildReport> | undefined> {
  if (options.cms || options.fetched || options.memo) return undefined;
  const { outDir, hostConfigDir } = outputFolders(options);
  const fingerprint = await fingerprintInputs({
    siteDir: options.siteDir,
    cacheDir: options.cacheDir,
    includeDrafts: options.includeDrafts,
    settings: outputSettings(options),
  });
  const report = await loadUnchangedReport<BuildReport>(options.cacheDir, outDir, fingerprint.key);
  return { fingerprint, unchanged: report && (await isDirectory(hostConfigDir)) ? report : undefined };
}

/** The report of the build that wrote the output, for a build that had nothing to do. */
export function upToDateReport(report: BuildReport, requests: number, timings: StageTiming[]): BuildReport {
  return { ...report, upToDate: true, pagesRendered: 0, requests, mediaDownloads: 0, timings };
}

/** The output folder and the folder of the files not deployed, as absolute paths. */
export function outputFolders(options: Pick<BuildOptions, 'outDir' | 'hostConfigDir'>): {
  outDir: string;
  hostConfigDir: string;
} {
  const outDir = path.resolve(options.outDir);
  return { outDir, hostConfigDir: path.resolve(options.hostConfigDir ?? `${outDir}-host`) };
}

/** The options that change what is written where: part of every input key. */
export function outputSettings(options: BuildOptions): Record<string, unknown> {
  return {
    ...outputFolders(options),
    host: options.host ?? 'site.json',
    baseUrl: options.baseUrl ?? 'site.json',
    drafts: options.includeDrafts,
    skipInvalid: options.skipInvalid,
    strict: options.strict === true,
    cms: options.cms?.url,
    dropBrokenRedirects: options.dropBrokenRedirects === true,
    dropClashingPages: options.dropClashingPages === true,
  };
}

interface FingerprintOptions {
  siteDir: string;
  /** Where the snapshot files' stamps are kept (snapshot-stamps.json): a file whose stamp is unchanged is not read. */
  cacheDir: string;
  includeDrafts: boolean;
  /** What changes what is written where (output folders, host, drafts …), as the build's input key has them. */
  settings: Record<string, unknown>;
}

export async function fingerprintInputs(options: FingerprintOptions): Promise<InputFingerprint> {
  const contentDir = path.join(options.siteDir, 'content');
  const stamps = await loadSnapshotStamps(options.cacheDir, contentDir);
  const before = JSON.stringify(stamps.files);
  const [code, snapshot, siteFiles, stylesheets, publicFiles, uploads] = await Promise.all([
    loadCodeHashes(),
    readSnapshot(contentDir, { includeDrafts: options.includeDrafts, stamps: stamps.files }),
    Promise.all(SITE_DATA_FILES.map((file) => readFile(path.join(options.siteDir, file)).catch(() => 'missing'))),
    Promise.all(STYLESHEETS.map((file) => readFile(file))),
    statTree(path.join(options.siteDir, 'public')),
    statTree(path.join(contentDir, 'uploads')),
  ]);
  const hash = createHash('sha256').update(
    JSON.stringify(['fingerprint', 1, code.engine, code.allTemplates, options.settings, snapshot.digest]),
  );
  SITE_DATA_FILES.forEach((file, index) => hash.update(`\0${file}\0`).update(siteFiles[index]!));
  for (const css of stylesheets) hash.update('\0css\0').update(css);
  const uploadsKey = createHash('sha256').update(JSON.stringify(uploads)).digest('base64url');
  hash.update(JSON.stringify(publicFiles)).update(uploadsKey);
  if (JSON.stringify(stamps.files) !== before) await saveSnapshotStamps(options.cacheDir, stamps);
  let unread: SnapshotRead | undefined = snapshot;
  const takeSnapshot = () => {
    const taken = unread;
    unread = undefined;
    return taken;
  };
  return { key: hash.digest('base64url'), code, takeSnapshot, uploads: uploadsKey };
}

/** [path, size, mtime] of every file under a folder, sorted; none when it is missing. */
async function statTree(folder: string): Promise<Array<[string, number, number]>> {
  const files = (await fg('**/*', { cwd: folder, dot: false, onlyFiles: true })).sort();
  return Promise.all(
    files.map(async (file): Promise<[string, number, number]> => {
      const info = await stat(path.join(folder, file));
      return [file, info.size, info.mtimeMs];
    }),
  );
}

/** The stamps of one content folder's snapshot files (load-snapshot.ts, SnapshotStamps), kept in the cache folder. */
interface SavedStamps {
  version: 1;
  contentDir: string;
  files: SnapshotStamps;
}

async function loadSnapshotStamps(cacheDir: string, contentDir: string): Promise<SavedStamps> {
  const saved = JSON.parse(
    await readFile(path.join(cacheDir, 'snapshot-stamps.json'), 'utf8').catch(() => 'null'),
  ) as SavedStamps | null;
  return saved?.version === 1 && saved.contentDir === contentDir && saved.files && typeof saved.files === 'object'
    ? saved
    : { version: 1, contentDir, files: {} };
}

async function saveSnapshotStamps(cacheDir: string, stamps: SavedStamps): Promise<void> {
  const file = path.join(cacheDir, 'snapshot-stamps.json');
  await mkdir(cacheDir, { recursive: true });
  // Builds sharing the cache folder each write theirs whole; the last one stays.
  await replaceFile(file, JSON.stringify(stamps), { shared: true });
}
