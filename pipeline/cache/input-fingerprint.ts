import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { BuildOptions, BuildReport, StageTiming } from '../build.ts';
import { STYLESHEETS } from '../emit/load-site-assets.ts';
import { isDirectory } from '../emit/write-output.ts';
import { readSnapshot, type SnapshotRead } from '../fetch/load-snapshot.ts';
import { SITE_DATA_FILES } from '../site/site-files.ts';
import { loadCodeHashes, type CodeHashes } from './code-hash.ts';
import { loadUnchangedReport } from './output-manifest.ts';
import { digest, digestJson, openStore, type Store } from './store.ts';

/**
 * Every input of a build of the embedded content, hashed without parsing any of it: the snapshot's and
 * the site's data files by their bytes (through the store's stamp table), the stylesheets, public/ and
 * content/uploads/ by size and modification time, the code, and the settings that change what is
 * written where. This module loads none of the pipeline's heavy modules (zod, React, Markdown, sharp),
 * so the quick check answers quickly.
 */
interface InputFingerprint {
  key: string;
  /** The code hashes it includes, for the build's cache keys (computed once). */
  code: CodeHashes;
  /** The snapshot as read for the fingerprint, for the fetch stage to parse (once: it is handed over, not kept). */
  takeSnapshot(): SnapshotRead | undefined;
  /** A hash of content/uploads/ (each file's path, size and time): the media of the embedded content, for the build's input key. */
  uploads: string;
}

export interface CheckedInputs {
  fingerprint: InputFingerprint;
  /** The store the check opened, for the build to go on with. */
  store: Store;
  /** The report of the build that wrote the output, when its fingerprint is this one and both its folders are there. */
  unchanged: BuildReport | undefined;
}

/**
 * The quick check of a build of the embedded content (undefined for a CMS build, whose crawl decides, and
 * for the preview's, which rebuilds because a file it watches changed, and keeps what it read in its memo).
 * The CLI makes it before loading the pipeline; build() makes it when nobody did.
 */
export async function checkBuildInputs(options: BuildOptions): Promise<CheckedInputs | undefined> {
  if (options.cms || options.session) return undefined;
  const { outDir, hostConfigDir } = outputFolders(options);
  const store = openStore(options.cacheDir);
  const fingerprint = await fingerprintInputs(options, store);
  const report = await loadUnchangedReport<BuildReport>(store, outDir, fingerprint.key);
  const unchanged = report && (await isDirectory(hostConfigDir)) ? report : undefined;
  // Nothing to do: the stamps the check took are kept, and nothing is swept (the build did not run).
  if (unchanged) await store.close({ sweep: false });
  return { fingerprint, store, unchanged };
}

/** The report of the build that wrote the output, for a build that had nothing to do. */
export function upToDateReport(report: BuildReport, requests: number, timings: StageTiming[]): BuildReport {
  return { ...report, upToDate: true, pagesRendered: 0, requests, mediaDownloads: 0, socialImages: undefined, timings };
}

/** The output folder and the folder of the files not deployed, as absolute paths. */
export function outputFolders(options: Pick<BuildOptions, 'outDir' | 'hostConfigDir'>) {
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

async function fingerprintInputs(options: BuildOptions, store: Store): Promise<InputFingerprint> {
  const contentDir = path.join(options.siteDir, 'content');
  const [code, snapshot, siteFiles, stylesheets, publicFiles, uploads] = await Promise.all([
    loadCodeHashes(),
    readSnapshot(contentDir, { includeDrafts: options.includeDrafts, store }),
    Promise.all(SITE_DATA_FILES.map((file) => readFile(path.join(options.siteDir, file)).catch(() => 'missing'))),
    Promise.all(STYLESHEETS.map((file) => readFile(file))),
    statTree(path.join(options.siteDir, 'public')),
    statTree(path.join(contentDir, 'uploads')),
  ]);
  const uploadsKey = digestJson(uploads);
  const key = digest(
    JSON.stringify(['fingerprint', code.engine, code.allTemplates, outputSettings(options), snapshot.digest]),
    ...SITE_DATA_FILES.flatMap((file, index) => [file, siteFiles[index]!]),
    ...stylesheets,
    JSON.stringify(publicFiles),
    uploadsKey,
  );
  let unread: SnapshotRead | undefined = snapshot;
  const takeSnapshot = () => {
    const taken = unread;
    unread = undefined;
    return taken;
  };
  return { key, code, takeSnapshot, uploads: uploadsKey };
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
