import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import type { SiteAssets } from '../emit/load-site-assets.ts';
import { isDirectory, type OutputEntries, type PreviousGroup, type WrittenGroup } from '../emit/write-output.ts';
import type { FetchedContent } from '../fetch/raw-entry.ts';
import type { Site } from '../site/site.ts';
import type { InputFingerprint } from './input-fingerprint.ts';
import { loadCodeHashes, type CodeHashes } from './code-hash.ts';
import { loadEntryPages, saveEntryPages, type KeptEntryPages } from './entry-pages.ts';
import { loadFeedBodies, saveFeedBodies } from './feed-bodies.ts';
import {
  dropOutputManifest,
  loadOutputManifest,
  loadStageResult,
  saveStageResult,
  writeOutputManifest,
} from './output-manifest.ts';

/**
 * What a build keeps between runs in its cache folder, read once before the pipeline runs and written
 * once after it: the code hashes, what the output folder holds (with the input key and report of the
 * build that wrote it), and the feeds' rendered bodies. The stages get plain values from it.
 */
export interface BuildCache<Report> {
  code: CodeHashes;
  /** What the output folder holds, when the build that wrote it left a manifest. */
  previous: OutputEntries | undefined;
  /** The groups of files (OutputGroup) the output folder holds, with `previous`: their files are not in it. */
  previousGroups: ReadonlyMap<string, PreviousGroup> | undefined;
  /** The report of the build that wrote the output, when every input is the same now: nothing to do. */
  upToDate: Report | undefined;
  /** Feed entry bodies by content key: `known` from the last build, `used` filled by this one. */
  feedBodies: { known: Map<string, string>; used: Map<string, string> };
  /** Entry pages by family key: `known` as the build that wrote the output planned them, `next` filled by this one (planSitePages). */
  entryPages: { known: KeptEntryPages; next: KeptEntryPages };
  /**
   * A whole-site stage's result as the last successful build into this output folder left it, when the
   * stage's inputs hash the same (with the code); else undefined, and `remember` keeps this build's
   * new result for the next one: save() writes what `result` gives once the output is written (a
   * result read back stays as it was saved).
   */
  stageResult<T>(stage: string, key: string): Promise<T | undefined>;
  remember(stage: string, key: string, result: () => Promise<unknown>): void;
  /** Before the output folder changes: a build stopped half-way must not leave a manifest the next one trusts. */
  dropManifest(): Promise<void>;
  save(written: { entries: OutputEntries; groups: ReadonlyMap<string, WrittenGroup> }, report: Report): Promise<void>;
}

export interface OpenBuildCacheOptions {
  cacheDir: string;
  outDir: string;
  hostConfigDir: string;
  site: Site;
  fetched: FetchedContent;
  assets: SiteAssets;
  /** What changes what is written where (output folders, host, drafts …). */
  settings: Record<string, unknown>;
  /** The preview with a CMS hands in its own crawl and never skips a build. */
  neverUpToDate: boolean;
  /** A build of the embedded content: its input fingerprint (with the code hashes it computed), saved for the next build's quick check. */
  fingerprint?: InputFingerprint | undefined;
  /** The code hashes, when the build has them already (the input fingerprint's, or loaded for a CMS build's kept records). */
  code?: CodeHashes | undefined;
}

export async function openBuildCache<Report>(options: OpenBuildCacheOptions): Promise<BuildCache<Report>> {
  const [code, previous, knownBodies, knownPages] = await Promise.all([
    options.code ?? loadCodeHashes(),
    loadOutputManifest<Report>(options.cacheDir, options.outDir),
    loadFeedBodies(options.cacheDir),
    loadEntryPages(options.cacheDir, options.outDir),
  ]);
  const inputKey = options.neverUpToDate
    ? ''
    : await hashBuildInputs({
        site: options.site,
        fetched: options.fetched,
        code: code.engine + code.allTemplates,
        assets: options.assets,
        settings: options.settings,
        uploads: options.fingerprint?.uploads ?? '',
      });
  const upToDate =
    inputKey !== '' && previous?.inputKey === inputKey && (await isDirectory(options.hostConfigDir))
      ? previous.report
      : undefined;
  const feedBodies = { known: knownBodies, used: new Map<string, string>() };
  const entryPages = { known: knownPages, next: new Map() as KeptEntryPages };
  const stages = new Map<string, { key: string; result: () => Promise<unknown> }>();
  // The functions below keep only these, not `options`: its crawl (every fetched record, and through
  // the validation memo every valid one) would otherwise stay in memory until the build ends.
  const { cacheDir, outDir, hostConfigDir } = options;
  const fingerprintKey = options.fingerprint?.key;
  const stageKey = (key: string) =>
    createHash('sha256')
      .update(JSON.stringify([code.engine, code.allTemplates, outDir, hostConfigDir, key]))
      .digest('base64url');
  return {
    code,
    previous: previous?.entries,
    previousGroups: previous?.groups,
    upToDate,
    feedBodies,
    entryPages,
    stageResult: async <T>(stage: string, key: string) =>
      previous ? loadStageResult<T>(cacheDir, outDir, stage, stageKey(key)) : undefined,
    remember: (stage, key, result) => stages.set(stage, { key: stageKey(key), result }),
    dropManifest: () => dropOutputManifest(cacheDir, outDir),
    save: async ({ entries, groups }, report) => {
      for (const [stage, { key, result }] of stages)
        await saveStageResult(cacheDir, outDir, stage, key, await result());
      await saveFeedBodies(cacheDir, feedBodies.known, feedBodies.used);
      await saveEntryPages(cacheDir, outDir, entryPages.next);
      await writeOutputManifest(cacheDir, outDir, { entries, groups, inputKey, fingerprint: fingerprintKey, report });
    },
  };
}

/** A Site is never changed once loaded, and the preview's memo hands out the same one while its files stay. */
const siteJsons = new WeakMap<Site, string>();

function siteJson(site: Site): string {
  let json = siteJsons.get(site);
  if (json === undefined) siteJsons.set(site, (json = JSON.stringify(site)));
  return json;
}

/**
 * A hash of everything the output depends on: the content as fetched, the site's files (config,
 * routes, redirects, locales, local data), the stylesheet and public/, the embedded content's media
 * (content/uploads/, from the input fingerprint), the pipeline and templates, and the settings that
 * change what is written where.
 */
async function hashBuildInputs(inputs: {
  site: Site;
  fetched: FetchedContent;
  code: string;
  assets: SiteAssets;
  settings: Record<string, unknown>;
  uploads: string;
}): Promise<string> {
  const hash = createHash('sha256')
    .update(inputs.code)
    .update(siteJson(inputs.site))
    .update(JSON.stringify(inputs.settings))
    .update(inputs.uploads);
  const stats = await Promise.all(
    inputs.assets.files.map((file) => ('copyFrom' in file ? stat(file.copyFrom) : undefined)),
  );
  inputs.assets.files.forEach((file, index) => {
    if ('contents' in file) hash.update(file.path).update(file.contents);
    else if ('copyFrom' in file) hash.update(JSON.stringify([file.path, stats[index]!.size, stats[index]!.mtimeMs]));
  });
  hash.update(inputs.fetched.dialect);
  // A source that did not hash its entries (the snapshot, a crawl with drafts) is hashed here.
  return hash
    .update(
      inputs.fetched.digest ?? createHash('sha256').update(JSON.stringify(inputs.fetched.entries)).digest('base64url'),
    )
    .digest('base64url');
}
