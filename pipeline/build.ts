import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { benchOff } from './bench-off.ts';
import type { CheckedInputs } from './cache/input-fingerprint.ts';
import { checkBuildInputs, outputFolders, outputSettings, upToDateReport } from './cache/input-fingerprint.ts';
import { loadCodeHashes, type CodeHashes } from './cache/code-hash.ts';
import {
  dropOutputManifest,
  loadOutputManifest,
  writeOutputManifest,
  type OutputManifest,
} from './cache/output-manifest.ts';
import { loadPreviousBuild, type PreviousBuild, type PreviousBuildOptions } from './cache/previous-build.ts';
import { openSnapshotRecords, type RecordKeys, type SnapshotRecords } from './cache/snapshot-records.ts';
import { openStore, type Store } from './cache/store.ts';
import type { ClientBundles } from './emit/bundle-client.ts';
import { bodiesToKeep, emitSite, type EmitSiteOptions, type EmittedSite } from './emit/emit-site.ts';
import { loadSiteAssets } from './emit/load-site-assets.ts';
import type { Collection } from './fetch/collections.ts';
import type { CmsOptions } from './fetch/fetch-cms.ts';
import { fetchEntries } from './fetch/fetch-entries.ts';
import { statSnapshotFiles, type SnapshotMemo } from './fetch/load-snapshot.ts';
import type { FetchedContent, RawEntry } from './fetch/raw-entry.ts';
import { LOCALES, type Locale } from './locale.ts';
import { entrySocialImages, planSocialImages } from './plan/plan-pages.ts';
import { planSite, type SitePlan } from './plan/plan-site.ts';
import { createRenderPool, defaultRenderWorkers, type RenderPool } from './render/render-pool.ts';
import { loadSite, type SiteMemo } from './site/load-site.ts';
import type { HostName } from './site/schemas.ts';
import { mediaFreeMarkdownJobs, type MarkdownBodyMemo } from './transform/markdown-jobs.ts';
import { prepareContent, type PreparedContent } from './transform/prepare-content.ts';
import {
  distinctImages,
  socialImageFolder,
  startDrawingChild,
  writeSocialImages,
  type DrawingChild,
  type SocialImage,
} from './transform/social-images.ts';
import type { Site } from './site/site.ts';
import { validateContent, type ValidContent, type ValidationMemo } from './validate/validate-content.ts';

export interface BuildLogger {
  /** A stage starts. */
  stage(name: string): void;
  /** Something worth a line on a terminal (a page of the crawl). */
  progress(message: string): void;
}

export interface BuildOptions {
  /** Where site.json, routes.json, locales/, content/ … live. */
  siteDir: string;
  outDir: string;
  /** Media downloads and computed cover colours, kept between builds. */
  cacheDir: string;
  /** A live CMS; undefined builds from the embedded snapshot in `<siteDir>/content`. */
  cms: CmsOptions | undefined;
  includeDrafts: boolean;
  skipInvalid: boolean;
  /** Fail (MEDIA_UNAVAILABLE) when an entry's cover or text image cannot be had, instead of building the page without it and warning. */
  strict?: boolean | undefined;
  /** Leave out redirect rules that fail the checks, with a warning each, instead of failing with REDIRECTS_INVALID (the preview). */
  dropBrokenRedirects?: boolean | undefined;
  /** Leave out the pages of entries that claim one URL path (in a locale), with a warning, instead of failing with OUTPUT_PATH_CLASH (the preview). */
  dropClashingPages?: boolean | undefined;
  /** Fetch every entry from the CMS even when the cache holds the last crawl (which is then patched with what changed). */
  fullCrawl?: boolean | undefined;
  /** Overrides site.json's baseUrl (canonical and hreflang URLs). */
  baseUrl?: string | undefined;
  /** Render worker threads; undefined picks by page count. */
  renderWorkers?: number | undefined;
  /** Whose redirect and header files to write; default: site.json `host`. */
  host?: HostName | undefined;
  /** Where the files that are not deployed go (nginx configuration, the manifest); default `<outDir>-host`. */
  hostConfigDir?: string | undefined;
  log?: BuildLogger | undefined;
  /** The quick up-to-date check, when the caller made it already (the CLI, before it loads the pipeline). */
  checkedInputs?: CheckedInputs | undefined;
  /** What a long-running caller (the preview) keeps between its builds. */
  session?: BuildSession | undefined;
}

/** What the preview hands every build: its last crawl, its render pool and what it keeps in memory. */
export interface BuildSession {
  /** Entries already fetched (the last crawl with what changed since merged in); skips the fetch stage. */
  fetched?: FetchedContent | undefined;
  /** A render pool that outlives the build (reloads the templates when they change); left open. */
  renderPool: RenderPool;
  memo: ContentMemo;
}

/**
 * Results a build keeps in memory while it runs, and the preview between its builds: each under a key
 * of all its inputs (or the very object it was made from), so a hit is what the step would return.
 */
export interface ContentMemo {
  /** The browser bundles, for one state of the pipeline and the templates. */
  clientBundles?: { key: string; bundles: ClientBundles } | undefined;
  /** The embedded snapshot's files as last loaded: a file whose size and time did not change is not read again. */
  snapshot?: SnapshotMemo | undefined;
  /** Each raw record's valid record: records the fetch stage hands out again are not checked again. */
  validated: ValidationMemo;
  /** The site data files' texts and the Site they gave: read again, parsed again only when one changed. */
  site?: SiteMemo | undefined;
  /** Each valid record's Markdown hash and images: not hashed again while the record is the same. */
  markdownBodies: MarkdownBodyMemo;
  /** The key of each record the store's kept records gave (version-keys.ts names their versions by it). */
  recordKeys: RecordKeys;
}

/**
 * Something in the content (or redirects.json) that the build went around instead of failing on, with
 * the code it would otherwise fail with: an entry left out (CONTENT_INVALID, under skipInvalid), an
 * image a page goes without (MEDIA_UNAVAILABLE), a redirect left out (REDIRECTS_INVALID), the pages of
 * entries that claim one URL path left out (OUTPUT_PATH_CLASH, under dropClashingPages). The message
 * names the entry, file or URL; each is also one of the report's warnings. The preview lists them.
 */
export interface BuildProblem {
  code: 'CONTENT_INVALID' | 'MEDIA_UNAVAILABLE' | 'REDIRECTS_INVALID' | 'OUTPUT_PATH_CLASH';
  message: string;
}

export interface StageTiming {
  stage: string;
  ms: number;
}

export interface BuildReport {
  source: string;
  records: Record<Collection, Partial<Record<Locale, number>>>;
  pages: number;
  /** Pages rendered this time; the others were unchanged and taken from the previous output. */
  pagesRendered: number;
  files: number;
  bytes: number;
  requests: number;
  mediaDownloads: number;
  coverColours: { fromCms: number; computed: number; cached: number };
  warnings: string[];
  /** The warnings that are content problems the build went around, with their codes. */
  problems?: BuildProblem[] | undefined;
  /** Uses of media files the build could not have (the pages went without them); each is also a warning. */
  mediaUnavailable?: number | undefined;
  /**
   * Social images drawn by this build (those kept from earlier builds are not counted), and the drawing
   * child's CPU time in ms (its start included) when a child drew them.
   */
  socialImages?: { drawn: number; childCpuMs?: number | undefined } | undefined;
  timings: StageTiming[];
  /** The host written for, its redirect count, and the folder of its non-public files. */
  hosting: { host: HostName; redirects: number; configDir: string };
  /** Nothing changed since the build that wrote the output: it was left as it is (figures are that build's). */
  upToDate: boolean;
}

/** The whole pipeline: load, fetch, validate, transform, plan, render, emit. Throws SitegenError on bad input; the previous output then stays. */
export async function build(options: BuildOptions): Promise<BuildReport> {
  const run = startRun(options);
  const inputs = options.checkedInputs ?? (await run.stage('up to date', () => checkBuildInputs(options)));
  if (inputs?.unchanged) return upToDateReport(inputs.unchanged, 0, run.timings);
  const kept = await openKept(options, inputs);
  const { store, memo, code } = kept;
  // A build without an output to update renders every page: its heap grows by half between collections.
  // A one-off build's process (the CLI's): not the preview's, whose later builds are rebuilds.
  if (!kept.manifest && !options.session) growHeapByHalf();
  const site = await run.stage('load', () => loadSiteFor(options, memo));
  // The social images being drawn: a build that fails meanwhile ends after them (nothing writes to its store after it).
  let drawing: Promise<unknown> | undefined;
  let drawer: DrawingChild | undefined;
  let pool: StartedPool | undefined;
  let rendered: AsyncGenerator<unknown> | undefined;
  try {
    // A cold build from the embedded snapshot draws its social images while this thread reads the snapshot.
    const ahead = await startDrawingAhead(options, kept, site);
    drawer = ahead?.drawer;
    let fetched: FetchedContent | undefined = await run.stage('fetch', () =>
      fetchContent(options, kept, ahead?.onEntries),
    );
    const assets = await loadSiteAssets(options.siteDir);
    const previous = await loadPreviousBuild(previousBuildOptions(options, kept, { site, fetched, assets }));
    // A build that went without some media asks for them again: they may be back in the library.
    if (previous.upToDate && !previous.upToDate.mediaUnavailable)
      return await finish(kept, options, upToDateReport(previous.upToDate, fetched.requests, run.timings));
    pool = startRenderPool(options, previous.manifest ? undefined : fetched.entries.length);
    // Another cold build's drawing child starts (Node and its modules) while the content is validated and transformed.
    drawer ??= previous.manifest || benchOff('social-images') ? undefined : startDrawingChild(fetched.entries.length);
    let valid: ValidContent | undefined = await run.stage('validate', () =>
      validateContent(fetched!.entries, { skipInvalid: options.skipInvalid, memo: memo.validated }),
    );
    // A cold build's workers would wait for the plan: they render the Markdown meanwhile (what needs no media).
    if (pool && !previous.manifest && !options.session) renderBodiesAhead(pool.pool, valid, site, kept);
    const prepared = await run.stage('transform', () =>
      prepareContent({ valid: valid!, fetched: fetched!, site, code, store, memo, records: kept.records, options }),
    );
    const source = { requests: fetched.requests, dialect: fetched.dialect };
    // The crawl and the validated records are garbage from here on: 100 MB at 10,000 records, which the
    // closures above would otherwise hold through the render (the peak memory of a large build).
    fetched = undefined;
    valid = undefined;
    // The social images the pages will name: those of a snapshot's entries are drawn already or being
    // drawn (startDrawingAhead); the rest are drawn (in a child process) while the main thread plans and
    // the render starts. libvips' memory is given back before the render's peak.
    const drawnAhead = drawSocialImagesAhead(
      benchOff('social-images') ? [] : planSocialImages({ content: prepared.content, site }),
      store,
      drawer,
    );
    drawing = drawnAhead.catch(() => undefined); // the writer awaits the images, or the finally below when the plan fails first
    const dropClashing = options.dropClashingPages === true;
    const plan = await run.stage('plan', () =>
      planSite({ prepared, site, assets, code, store, memo, previous: previous.manifest?.entries, dropClashing }),
    );
    pool = await poolFor(options, pool, plan.pages.toRender.length);
    // The images the pages name: those drawn ahead, and any the plan names that were not (none, unless planSocialImages missed one).
    const named = benchOff('social-images') ? [] : distinctImages(plan.pages.outlines.map((page) => page.socialImage));
    const images = drawnAhead.then(async (ahead) => {
      const rest = await writeSocialImages(named, store, { written: ahead.written });
      return { files: rest.files, drawn: ahead.drawn + rest.drawn, childCpuMs: ahead.childCpuMs };
    });
    drawing = images.catch(() => undefined);
    const pages = pool.pool.render(plan.pages.toRender, plan.shared, { keepBodies: bodiesToKeep(plan) });
    rendered = pages;
    const emitted = await run.stage('render and write', () =>
      emitSite(
        emitOptions(
          options,
          kept,
          {
            plan,
            rendered: pages,
            images: { count: named.length, files: images.then((drawn) => drawn.files) },
            site,
            assets,
            prepared,
          },
          previous,
        ),
      ),
    );
    const { drawn, childCpuMs } = await images;
    const report = buildReport({
      options,
      kept,
      site,
      source,
      prepared,
      plan,
      socialImages: { drawn, childCpuMs },
      ...emitted,
      timings: run.timings,
    });
    await run.stage('save', () =>
      writeOutputManifest(store, kept.outDir, {
        entries: emitted.written.entries,
        groups: emitted.written.groups,
        previousGroups: previous.manifest?.groups,
        inputKey: previous.inputKey,
        fingerprint: kept.fingerprint?.key,
        report,
      }),
    );
    return await finish(kept, options, report);
  } finally {
    // A write that failed before it read every page (or any): the render stops and frees its workers.
    await rendered?.return(undefined);
    await drawer?.discard();
    await drawing;
    if (!options.session) await pool?.pool.close();
  }
}

/**
 * V8 lets a heap grow to up to 4× what survived its last full collection before it collects again. A
 * cold build's main thread makes most of its garbage in long synchronous stages (the snapshot, the
 * plan, 54,000 redirects at 10,000 records), and that garbage then sits on top of the render's peak: at
 * 1.5× the peak RSS of that build is about 80 MB lower, for no CPU time the benchmarks can tell. Not for
 * a rebuild, whose small heap it would collect more often for nothing. A process-wide V8 setting, read
 * at each collection, set before the fetch; it stays for the process, so only a build without a session
 * sets it (the CLI's `sitegen build`, whose process ends with it).
 */
function growHeapByHalf(): void {
  setFlagsFromString('--heap-growing-percent=50');
}

/**
 * Has the render workers render the bodies whose HTML needs no media (mediaFreeMarkdownJobs) while this
 * thread fetches the media, transforms and plans: the pages that show them then go to the worker that
 * holds their HTML.
 */
function renderBodiesAhead(pool: RenderPool, valid: ValidContent, site: Site, { code, memo }: Kept): void {
  const ahead = mediaFreeMarkdownJobs({ content: valid, site, codeHash: code.engine, memo: memo.markdownBodies });
  pool.prepareBodies(ahead.jobs, ahead.options);
}

/**
 * A snapshot record takes 6 KB (the embedded content's) to 9 KB (the benchmark's) of its file: a cold
 * build counts the records it will have from the snapshot's size, before it reads them.
 */
const SNAPSHOT_BYTES_PER_RECORD = 6_000;

/**
 * A cold build from the embedded snapshot starts its drawing child before the fetch, when the
 * snapshot's size says it will have enough new images (startDrawingChild), and has it draw each entry's
 * social image (entrySocialImages) as soon as the fetch has read the entry's file: on the core this
 * thread leaves idle while it reads and checks the snapshot, instead of beside the render. The build's
 * own list (planSocialImages, after transform) then finds them drawn. Undefined for any other build.
 */
async function startDrawingAhead(
  options: BuildOptions,
  { store, manifest }: Kept,
  site: Site,
): Promise<{ drawer: DrawingChild; onEntries: (entries: readonly RawEntry[]) => void } | undefined> {
  if (options.cms || options.session || manifest || benchOff('social-images')) return undefined;
  const files = await statSnapshotFiles(path.join(options.siteDir, 'content'));
  const drawer = startDrawingChild(files.reduce((sum, file) => sum + file.size, 0) / SNAPSHOT_BYTES_PER_RECORD);
  if (!drawer) return undefined;
  const folder = await socialImageFolder(store);
  const named = new Set<string>();
  const onEntries = (entries: readonly RawEntry[]) => {
    const fresh: SocialImage[] = [];
    for (const image of entrySocialImages(entries, site)) {
      if (named.has(image.src)) continue;
      named.add(image.src);
      fresh.push(image);
    }
    drawer.drawAhead(fresh, folder);
  };
  return { drawer, onEntries };
}

/** Draws the images the pages will name (writeSocialImages): their srcs, how many were drawn, and the drawing child's CPU time. */
async function drawSocialImagesAhead(
  images: SocialImage[],
  store: Store,
  child: DrawingChild | undefined,
): Promise<{ written: ReadonlySet<string>; drawn: number; childCpuMs: number | undefined }> {
  const { drawn, childCpuMs } = await writeSocialImages(images, store, { child });
  return { written: new Set(images.map((image) => image.src)), drawn, childCpuMs };
}

/** What a build keeps and reuses: the store, the memory of this build (or the preview's), the code's hashes, the kept records. */
interface Kept {
  store: Store;
  memo: ContentMemo;
  code: CodeHashes;
  /** The valid records of unchanged snapshot files and crawl chunks (not the preview's: it keeps them in memory). */
  records: SnapshotRecords | undefined;
  /** The quick check's hash of the inputs (undefined for a build from a CMS, and the preview's). */
  fingerprint: CheckedInputs['fingerprint'] | undefined;
  outDir: string;
  hostConfigDir: string;
  /** What the output folder holds, by the manifest its last build left; undefined: the build writes it whole. */
  manifest: OutputManifest<BuildReport> | undefined;
}

async function openKept(options: BuildOptions, inputs: CheckedInputs | undefined): Promise<Kept> {
  const store = inputs?.store ?? openStore(options.cacheDir);
  const memo = options.session?.memo ?? newMemo();
  const code = inputs?.fingerprint.code ?? (await loadCodeHashes());
  const records = options.session
    ? undefined
    : openSnapshotRecords({
        store,
        codeHash: code.engine,
        includeDrafts: options.includeDrafts,
        valid: memo.validated,
        bodies: memo.markdownBodies,
        keys: memo.recordKeys,
      });
  const folders = outputFolders(options);
  const manifest = await loadOutputManifest<BuildReport>(store, folders.outDir);
  return { store, memo, code, records, fingerprint: inputs?.fingerprint, ...folders, manifest };
}

function fetchContent(
  options: BuildOptions,
  { store, memo, records, fingerprint }: Kept,
  onSnapshotEntries: ((entries: readonly RawEntry[]) => void) | undefined,
) {
  if (options.session?.fetched) return options.session.fetched;
  return fetchEntries({
    cms: options.cms,
    contentDir: path.join(options.siteDir, 'content'),
    locales: LOCALES,
    includeDrafts: options.includeDrafts,
    store,
    fullCrawl: options.fullCrawl,
    snapshot: fingerprint?.takeSnapshot(),
    snapshotMemo: options.session && (memo.snapshot ??= new Map()),
    savedSnapshotFile: records?.load,
    onSnapshotEntries,
    ...(options.log ? { onProgress: options.log.progress } : {}),
  });
}

function previousBuildOptions(
  options: BuildOptions,
  { code, outDir, hostConfigDir, fingerprint, manifest }: Kept,
  parts: Pick<PreviousBuildOptions, 'site' | 'fetched' | 'assets'>,
): PreviousBuildOptions {
  return {
    ...parts,
    manifest,
    outDir,
    hostConfigDir,
    code: code.engine + code.allTemplates,
    settings: outputSettings(options),
    uploads: fingerprint?.uploads ?? '',
    neverUpToDate: options.session?.fetched !== undefined,
  };
}

/**
 * The workers start before the content is validated, so that they load React and the templates on the
 * other cores while this thread validates, transforms and plans: one for a rebuild (which renders few
 * pages), and for a cold build as many as its records ask for (each record is about one page). This
 * thread renders too whenever it would wait for their pages (callerRenders), so a cold build needs one
 * worker fewer than the cores.
 */
function startRenderPool(options: BuildOptions, coldRecords: number | undefined): StartedPool | undefined {
  if (options.session) return { pool: options.session.renderPool, workers: Infinity };
  const workers = options.renderWorkers ?? (coldRecords === undefined ? 1 : defaultRenderWorkers(coldRecords));
  return workers > 0 ? { pool: createRenderPool({ workers, callerRenders: true }), workers } : undefined;
}

interface StartedPool {
  pool: RenderPool;
  workers: number;
}

/** The pool that renders: the one started early, unless the planned pages ask for more workers than it has (a template changed). */
async function poolFor(options: BuildOptions, early: StartedPool | undefined, pages: number): Promise<StartedPool> {
  const workers = options.renderWorkers ?? defaultRenderWorkers(pages);
  if (early && early.workers >= workers) return early;
  await early?.pool.close();
  return { pool: createRenderPool({ workers, callerRenders: true }), workers };
}

function emitOptions(
  options: BuildOptions,
  { store, code, outDir, hostConfigDir }: Kept,
  parts: Pick<EmitSiteOptions, 'plan' | 'rendered' | 'images' | 'site' | 'assets' | 'prepared'>,
  previous: PreviousBuild,
): EmitSiteOptions {
  return {
    ...parts,
    store,
    engine: code.engine,
    host: options.host ?? parts.site.config.host,
    outDir,
    hostConfigDir,
    dropBrokenRedirects: options.dropBrokenRedirects === true,
    previous: previous.manifest,
    beforeCommit: () => dropOutputManifest(store, outDir),
  };
}

/** Timed stages: each is told to the logger as it starts and kept in the report's timings. */
function startRun(options: BuildOptions) {
  const timings: StageTiming[] = [];
  return {
    timings,
    async stage<T>(name: string, run: () => Promise<T> | T): Promise<T> {
      options.log?.stage(name);
      const started = performance.now();
      const result = await run();
      timings.push({ stage: name, ms: Math.round(performance.now() - started) });
      return result;
    },
  };
}

function newMemo(): ContentMemo {
  return { validated: new WeakMap(), markdownBodies: new WeakMap(), recordKeys: new WeakMap() };
}

async function loadSiteFor(options: BuildOptions, memo: ContentMemo) {
  const loaded = await loadSite(options.siteDir, options.session ? (memo.site ??= {}) : undefined);
  return options.baseUrl
    ? { ...loaded, config: { ...loaded.config, baseUrl: options.baseUrl.replace(/\/+$/, '') } }
    : loaded;
}

/** Closes the store: the preview's builds keep what the others left (it keeps its own in memory). */
async function finish({ store }: Kept, options: BuildOptions, report: BuildReport): Promise<BuildReport> {
  await store.close({ sweep: !options.session });
  return report;
}

interface ReportParts extends EmittedSite {
  options: BuildOptions;
  kept: Kept;
  site: Site;
  source: Pick<FetchedContent, 'requests' | 'dialect'>;
  prepared: PreparedContent;
  plan: SitePlan;
  socialImages: NonNullable<BuildReport['socialImages']>;
  timings: StageTiming[];
}

function buildReport(parts: ReportParts): BuildReport {
  const { options, kept, site, source, prepared, plan, socialImages, written, hosting, timings } = parts;
  const damaged = kept.store.damaged;
  const problems = [
    ...prepared.problems,
    ...plan.clashWarnings.map((message): BuildProblem => ({ code: 'OUTPUT_PATH_CLASH', message })),
    ...hosting.redirectWarnings.map((message): BuildProblem => ({ code: 'REDIRECTS_INVALID', message })),
  ];
  const cacheNotice =
    damaged > 0 ? [`cache: ${damaged} damaged ${damaged === 1 ? 'entry' : 'entries'} ignored and computed again`] : [];
  return {
    source: options.cms
      ? `${source.dialect === 'proxy' ? 'site proxy' : `Strapi v${source.dialect}`} at ${new URL(options.cms.url).origin}`
      : 'embedded content',
    records: plan.content.counts,
    pages: plan.pages.outlines.length,
    pagesRendered: plan.pages.toRender.length,
    files: written.files,
    bytes: written.bytes,
    requests: source.requests,
    mediaDownloads: prepared.mediaDownloads,
    coverColours: prepared.coverColours,
    warnings: [
      ...prepared.warnings,
      ...plan.content.warnings,
      ...plan.warnings,
      ...hosting.redirectWarnings,
      ...hosting.warnings,
      ...cacheNotice,
    ],
    ...(problems.length > 0 ? { problems } : {}),
    ...(prepared.mediaUnavailable > 0 ? { mediaUnavailable: prepared.mediaUnavailable } : {}),
    socialImages,
    hosting: {
      host: options.host ?? site.config.host,
      redirects: hosting.redirectRules,
      configDir: kept.hostConfigDir,
    },
    upToDate: false,
    timings,
  };
}
