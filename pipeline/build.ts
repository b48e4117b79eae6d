import path from 'node:path';
import { openBuildCache, type BuildCache } from './cache/build-cache.ts';
import { loadCodeHashes } from './cache/code-hash.ts';
import {
  checkBuildInputs,
  outputFolders,
  outputSettings,
  upToDateReport,
  type CheckedInputs,
} from './cache/input-fingerprint.ts';
import { loadClientBundles, saveClientBundles } from './cache/client-bundles-cache.ts';
import { splitFeeds, type FeedReuse } from './cache/feed-reuse.ts';
import { planSitePages } from './cache/page-reuse.ts';
import { reuseSitemap } from './cache/sitemap-reuse.ts';
import { openContentReuse } from './cache/content-reuse.ts';
import { planHosting } from './cache/stage-results.ts';
import { versionNames } from './cache/version-keys.ts';
import { bundleClient, type ClientBundles } from './emit/bundle-client.ts';
import { formatFeeds } from './emit/format-feeds.ts';
import { formatRobots } from './emit/format-robots.ts';
import type { UrlElement } from './emit/format-sitemap.ts';
import { loadSiteAssets } from './emit/load-site-assets.ts';
import type { OutputFile, OutputItem } from './emit/output-file.ts';
import { writeOutput, type OutputEntries } from './emit/write-output.ts';
import type { Collection } from './fetch/collections.ts';
import type { CmsOptions } from './fetch/fetch-cms.ts';
import { fetchEntries, type FetchEntriesOptions } from './fetch/fetch-entries.ts';
import { fetchMedia, type FetchMediaOptions } from './fetch/fetch-media.ts';
import type { SnapshotMemo } from './fetch/load-snapshot.ts';
import type { FetchedContent } from './fetch/raw-entry.ts';
import { LOCALES, type Locale } from './locale.ts';
import { planFeeds, renderFeedBodies } from './plan/plan-feeds.ts';
import { planShells } from './plan/plan-pages.ts';
import { dropShadowedPages } from './plan/drop-shadowed-pages.ts';
import { dropClashingPages } from './plan/drop-clashing-pages.ts';
import { redirectInputs } from './plan/plan-redirects.ts';
import { createRenderPool, defaultRenderWorkers, type RenderedPage, type RenderPool } from './render/render-pool.ts';
import { createRenderShared } from './render/render-shared.ts';
import { loadSite, type SiteMemo } from './site/load-site.ts';
import type { HostName } from './site/schemas.ts';
import type { Site } from './site/site.ts';
import { SitegenError } from './errors.ts';
import { checkImage, extractCoverColours, measureImages } from './transform/cover-colours.ts';
import {
  describeUnavailableMedia,
  findUnavailableMedia,
  listMedia,
  type UnavailableMedia,
} from './transform/list-media.ts';
import type { MarkdownOptions } from './transform/markdown.ts';
import { planMarkdownJobs, type MarkdownBodyMemo } from './transform/markdown-jobs.ts';
import { writeSocialImages } from './transform/social-images.ts';
import { transformContent } from './transform/transform-content.ts';
import { validateContent, type ValidationMemo } from './validate/validate-content.ts';

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
  // --- for the preview (pipeline/preview/): a rebuild without a crawl, rendered by a reloadable worker ---
  /** Entries already fetched (the preview's last crawl with what changed since merged in); skips the fetch stage. */
  fetched?: FetchedContent | undefined;
  /** A render pool that outlives the build (the preview's, which reloads the templates when they change); left open. */
  renderPool?: RenderPool | undefined;
  /** Kept by the caller between builds; build() reads and updates it. */
  memo?: BuildMemo | undefined;
  /** The quick up-to-date check, when the caller made it already (the CLI, before it loads the pipeline). */
  checkedInputs?: CheckedInputs<BuildReport> | undefined;
}

/**
 * Results of costly steps a long-running caller (the preview) keeps in memory between builds, each
 * under a key of all its inputs, so a hit is what the step would return.
 */
export interface BuildMemo {
  /** The browser bundles, for one state of the pipeline and the templates. */
  clientBundles?: { key: string; bundles: ClientBundles } | undefined;
  /** The embedded snapshot's files as last loaded: a file whose size and time did not change is not read again. */
  snapshot?: SnapshotMemo | undefined;
  /** Each raw record's valid record: records the fetch stage hands out again are not checked again. */
  validated?: ValidationMemo | undefined;
  /** The site data files' texts and the Site they gave: read again, parsed again only when one changed. */
  site?: SiteMemo | undefined;
  /** Each valid record's Markdown hash and images: not hashed again while the record is the same. */
  markdownBodies?: MarkdownBodyMemo | undefined;
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
  timings: StageTiming[];
  /** The host written for, its redirect count, and the folder of its non-public files. */
  hosting: { host: HostName; redirects: number; configDir: string };
  /** Nothing changed since the build that wrote the output: it was left as it is (figures are that build's). */
  upToDate: boolean;
}

/** The whole pipeline: load, fetch, validate, transform, plan, render, emit. Throws SitegenError on bad input; the previous output then stays. */
export async function build(options: BuildOptions): Promise<BuildReport> {
  const timings: StageTiming[] = [];
  const timed = async <T>(stage: string, run: () => Promise<T> | T): Promise<T> => {
    options.log?.stage(stage);
    const started = performance.now();
    const result = await run();
    timings.push({ stage, ms: Math.round(performance.now() - started) });
    return result;
  };
  const { outDir, hostConfigDir } = outputFolders(options);
  // A build of the embedded content with every input file as the build that wrote the output had it: nothing to do.
  const inputs = options.checkedInputs ?? (await timed('up to date', () => checkBuildInputs(options)));
  if (inputs?.unchanged) return upToDateReport(inputs.unchanged, 0, timings);

  const site = await timed('load site', () => loadSiteStage(options));
  const host = options.host ?? site.config.host;
  // Valid records, Markdown hashes and snapshot files from earlier builds (the preview's memory, the cache
  // folder). A CMS build keeps the valid records of its crawl's chunks the same way, keyed by the code too.
  const code =
    inputs?.fingerprint.code ?? (options.cms && !options.memo && !options.fetched ? await loadCodeHashes() : undefined);
  const reuse = openContentReuse({
    memo: options.memo,
    cacheDir: options.cacheDir,
    includeDrafts: options.includeDrafts,
    codeHash: code?.engine,
  });
  let fetched: FetchedContent | undefined = await timed(
    'fetch',
    () =>
      options.fetched ??
      fetchEntries({
        ...fetchOptions(options),
        snapshot: inputs?.fingerprint.takeSnapshot(),
        snapshotMemo: reuse.snapshotMemo,
        savedSnapshotFile: reuse.savedSnapshotFile,
      }),
  );
  const assets = await timed('assets', () => loadSiteAssets(options.siteDir));
  const cache = await timed('cache', () =>
    openBuildCache<BuildReport>({
      cacheDir: options.cacheDir,
      outDir,
      hostConfigDir,
      site,
      fetched: fetched!,
      assets,
      settings: outputSettings(options),
      neverUpToDate: options.fetched !== undefined,
      fingerprint: inputs?.fingerprint,
      code,
    }),
  );
  // Nothing the output depends on changed since the build that wrote it, and its folders are in place.
  // A build that went without some media asks for them again: they may be back in the library.
  if (cache.upToDate && !cache.upToDate.mediaUnavailable)
    return upToDateReport(cache.upToDate, fetched.requests, timings);

  // A rebuild starts one render worker now: it loads React and the templates on the other core while
  // this thread plans, instead of this thread loading them to render the few pages that changed. A cold
  // build starts its workers once it has planned: loading them now would slow this thread's validation
  // down.
  let ownPool =
    options.renderPool === undefined && cache.previous
      ? createRenderPool({ workers: options.renderWorkers ?? 1 })
      : undefined;
  try {
    // The crawl and the validated records are needed only until the content is transformed: kept inside
    // this function, they are garbage before rendering starts (the peak RSS of a 10,000-record build).
    const loadContent = async (fetched: FetchedContent) => {
      const valid = await timed('validate', () =>
        validateContent(fetched.entries, { skipInvalid: options.skipInvalid, memo: reuse.validated }),
      );
      const mediaList = listMedia(valid, reuse.markdownBodies);
      const media = await timed('media', () => fetchMedia(mediaOptions(options, mediaList.urls, fetched.mediaOrigin)));
      const present = (urls: string[]) =>
        urls.filter((url) => media.files.has(url)).map((url) => ({ url, file: media.files.get(url)!.sourceFile }));
      const colours = await timed('cover colours', () =>
        extractCoverColours(present(mediaList.needColour), options.cacheDir),
      );
      const imageSizes = await timed('image sizes', () =>
        measureImages(present(mediaList.contentImages), options.cacheDir),
      );
      // What the source lacks or cannot serve as an image: the pages go without it, with a warning per entry (--strict: fail).
      const unavailable = new Map([...media.missing, ...colours.unreadable]);
      for (const url of colours.unreadable.keys()) media.files.delete(url);
      const missingUses = findUnavailableMedia(valid, unavailable, reuse.markdownBodies);
      if (options.strict && missingUses.length > 0) throw mediaUnavailableError(missingUses);
      const markdownJobs = await timed('markdown jobs', () =>
        planMarkdownJobs({
          content: valid,
          site,
          media: media.files,
          imageSizes,
          codeHash: cache.code.engine,
          memo: reuse.markdownBodies,
        }),
      );
      if (reuse.keepSnapshotFiles && fetched.snapshotFiles)
        await timed('keep valid records', () => reuse.keepSnapshotFiles!(fetched.snapshotFiles!));
      const content = await timed('transform', () =>
        transformContent({
          content: valid,
          site,
          media: media.files,
          colours: colours.colours,
          markdown: markdownJobs,
          unavailableMedia: unavailable,
        }),
      );
      return {
        content,
        // Names of the versions of kept records: the page hashes take these instead of hashing the versions.
        versionNames: versionNames(
          valid,
          { keys: reuse.recordKeys, bodies: reuse.markdownBodies },
          { engine: cache.code.engine, site, media: media.files, colours: colours.colours, imageSizes, unavailable },
        ),
        media,
        markdownOptions: {
          baseUrl: site.config.baseUrl,
          media: media.files,
          imageSizes,
          unavailableMedia: unavailable,
        },
        mediaUnavailable: missingUses.length,
        source: {
          requests: fetched.requests,
          dialect: fetched.dialect,
          warnings: [...fetched.warnings, ...valid.warnings, ...missingUses.map(describeUnavailableMedia)],
        },
        problems: [
          ...valid.warnings.map((message): BuildProblem => ({ code: 'CONTENT_INVALID', message })),
          ...missingUses.map((item): BuildProblem => ({
            code: 'MEDIA_UNAVAILABLE',
            message: describeUnavailableMedia(item),
          })),
        ],
        coverColours: { fromCms: mediaList.colourFromCms, computed: colours.computed, cached: colours.cached },
      };
    };
    const loaded = await loadContent(fetched);
    const { media, markdownOptions, source, coverColours, mediaUnavailable, versionNames: names } = loaded;
    fetched = undefined;
    const shadowed = await timed('shadowed pages', () => dropShadowedPages({ content: loaded.content, site }));
    const { content, warnings: clashWarnings } = options.dropClashingPages
      ? await timed('clashing pages', () => dropClashingPages({ content: shadowed.content, site }))
      : { content: shadowed.content, warnings: [] };
    const shadowWarnings = [...shadowed.warnings, ...clashWarnings];
    const scripts = await timed('client bundles', () => clientBundles(options.memo, cache.code, options.cacheDir));
    const shells = await timed('shells', () => planShells({ content, site }));
    const shared = await timed('shared render data', () =>
      createRenderShared({ site, shells, assets, scripts, markdown: markdownOptions }),
    );
    const pages = await timed('plan', () =>
      planSitePages({
        content,
        site,
        shared,
        code: cache.code,
        previous: cache.previous,
        entryPages: cache.entryPages,
        versionNames: names,
      }),
    );
    if (
      options.renderPool === undefined &&
      (!ownPool || (options.renderWorkers === undefined && defaultRenderWorkers(pages.toRender.length) > 1))
    ) {
      // A cold build, or a rebuild of many pages (a template changed): the workers a cold build gets. They
      // load React and the templates while a child process draws the social images (0.3–0.5 s less
      // than loading them after it; the peak RSS, later, stays the same).
      await ownPool?.close();
      ownPool = createRenderPool({ workers: options.renderWorkers ?? defaultRenderWorkers(pages.toRender.length) });
    }
    const socialImages = await timed('social images', () =>
      writeSocialImages(
        pages.outlines.map((page) => page.socialImage),
        options.cacheDir,
      ),
    );
    // The feeds to format again, and the bodies they need that the cache does not hold: the pages that
    // show those bodies hand them back as they rendered them.
    const feeds = await timed('feeds', () =>
      splitFeeds(planFeeds({ content, site }), {
        options: feedOptions(site),
        engine: cache.code.engine,
        previous: cache.previous,
        bodies: cache.feedBodies,
      }),
    );
    const renderedBodies = new Map<string, string>();
    // Rendering starts here and goes on in the workers while this thread does the whole-site stages below.
    const pool = options.renderPool ?? ownPool!;
    const rendered = await timed('render start', () =>
      renderedFiles(
        pool.render(pages.toRender, shared, { keepBodies: bodiesToKeep(feeds, cache.feedBodies) }),
        renderedBodies,
        () => ownPool?.close(),
      ),
    );
    // The files written before the pages: sitemaps, the feeds kept as they are and the host's files
    // (54,000 redirect stubs at 10,000 records). Made in a function of their own and handed to the
    // writer in a queue it empties, so that nothing here holds one once it is written.
    const wholeSite = async () => {
      const discovery = await timed('sitemaps', () =>
        formatDiscovery({
          site,
          sitemap: pages.sitemap,
          keptFeeds: feeds.kept,
          previous: cache.previous,
          engine: cache.code.engine,
        }),
      );
      const { publicFiles, ...hosting } = await timed('redirects + host files', () =>
        planHosting(cache, {
          redirects: redirectInputs({ content, site, pages: pages.outlines, dropBroken: options.dropBrokenRedirects }),
          host,
          config: site.config,
          outputFileCount:
            pages.outlines.length +
            assets.files.length +
            scripts.files.length +
            media.files.size +
            discovery.files.length +
            feeds.toFormat.length +
            socialImages.files.length,
          hostConfigDir,
        }),
      );
      return {
        hosting,
        discoveryHashes: discovery.hashes,
        firstFiles: handOver([
          dedupeByPath([
            ...assets.files,
            ...scripts.files,
            ...mediaFiles(media),
            ...socialImages.files,
            ...discovery.files,
          ]),
          [publicFiles],
          pages.kept,
        ]),
      };
    };
    const { hosting, discoveryHashes, firstFiles } = await wholeSite();
    const problems = [
      ...loaded.problems,
      ...clashWarnings.map((message): BuildProblem => ({ code: 'OUTPUT_PATH_CLASH', message })),
      ...hosting.redirectWarnings.map((message): BuildProblem => ({ code: 'REDIRECTS_INVALID', message })),
    ];
    // The feeds come last: the pages hand over their bodies as they are rendered.
    const feedFiles = formattedFeeds({
      site,
      feeds,
      markdownOptions,
      rendered: renderedBodies,
      cache: cache.feedBodies,
    });
    const written = await timed('render + write', () =>
      writeOutput(outDir, concat(firstFiles, rendered, feedFiles), {
        previous: cache.previous,
        previousGroups: cache.previousGroups,
        hashes: new Map([...pages.hashes, ...discoveryHashes, ...feeds.hashes]),
        beforeCommit: cache.dropManifest,
      }),
    );
    // The host folder: written again unless it holds what the last build wrote for the same redirects.
    if (hosting.configFiles) await timed('host config', () => writeOutput(hostConfigDir, [hosting.configFiles!]));

    const report: BuildReport = {
      source: options.cms
        ? `${source.dialect === 'proxy' ? 'site proxy' : `Strapi v${source.dialect}`} at ${new URL(options.cms.url).origin}`
        : 'embedded content',
      records: content.counts,
      pages: pages.outlines.length,
      pagesRendered: pages.toRender.length,
      files: written.files,
      bytes: written.bytes,
      requests: source.requests,
      mediaDownloads: media.downloads,
      coverColours,
      warnings: [
        ...source.warnings,
        ...content.warnings,
        ...shadowWarnings,
        ...hosting.redirectWarnings,
        ...hosting.warnings,
      ],
      ...(problems.length > 0 ? { problems } : {}),
      ...(mediaUnavailable > 0 ? { mediaUnavailable } : {}),
      hosting: { host, redirects: hosting.redirectRules, configDir: hostConfigDir },
      upToDate: false,
      timings,
    };
    await timed('cache write', () => cache.save(written, report));
    return report;
  } finally {
    await ownPool?.close();
  }
}

async function loadSiteStage(options: BuildOptions): Promise<Site> {
  const loaded = await loadSite(options.siteDir, options.memo && (options.memo.site ??= {}));
  return options.baseUrl
    ? { ...loaded, config: { ...loaded.config, baseUrl: options.baseUrl.replace(/\/+$/, '') } }
    : loaded;
}

function fetchOptions(options: BuildOptions): FetchEntriesOptions {
  return {
    cms: options.cms,
    contentDir: path.join(options.siteDir, 'content'),
    locales: LOCALES,
    includeDrafts: options.includeDrafts,
    cacheDir: options.cacheDir,
    fullCrawl: options.fullCrawl,
    ...(options.log ? { onProgress: options.log.progress } : {}),
  };
}

function mediaOptions(options: BuildOptions, urls: string[], origin: FetchMediaOptions['origin']): FetchMediaOptions {
  return {
    urls,
    origin,
    cacheDir: options.cacheDir,
    concurrency: options.cms?.concurrency ?? 8,
    check: checkImage,
    ...(options.cms?.timeoutMs === undefined ? {} : { timeoutMs: options.cms.timeoutMs }),
    ...(options.cms?.faultRetry ? { faultRetry: options.cms.faultRetry } : {}),
    ...(options.log ? { onProgress: options.log.progress } : {}),
  };
}

/** --strict: the images entries use that the source could not serve fail the build. */
function mediaUnavailableError(missingUses: UnavailableMedia[]): SitegenError {
  return new SitegenError({
    code: 'MEDIA_UNAVAILABLE',
    message: `${missingUses.length} ${missingUses.length === 1 ? 'image an entry uses is' : 'images entries use are'} not available (--strict):\n${missingUses.map((item) => `  ${describeUnavailableMedia(item)}`).join('\n')}`,
    hint: 'upload the files again to the CMS media library (or content/uploads/), or remove them from the entries; without --strict the pages are built without them',
  });
}

/** sitemap.xml, robots.txt and the feeds kept as they are, with the sitemap's keys for the writer (a sitemap whose key the output holds stays as it is). */
function formatDiscovery({
  site,
  sitemap,
  keptFeeds,
  previous,
  engine,
}: {
  site: Site;
  sitemap: UrlElement[];
  keptFeeds: FeedReuse['kept'];
  previous: OutputEntries | undefined;
  engine: string;
}): { files: OutputFile[]; hashes: Map<string, string> } {
  const sitemapFiles = reuseSitemap(sitemap, { baseUrl: site.config.baseUrl, engine, previous });
  return {
    files: [...sitemapFiles.files, formatRobots({ baseUrl: site.config.baseUrl }), ...keptFeeds],
    hashes: sitemapFiles.hashes,
  };
}

function feedOptions(site: Site) {
  return { baseUrl: site.config.baseUrl, product: site.config.product, locales: site.locales };
}

/** The content keys of the bodies the feeds to format need and the cache does not hold: the pages that show them hand them back. */
function bodiesToKeep(feeds: FeedReuse, cached: BuildCache<BuildReport>['feedBodies']): Set<string> {
  const keys = new Set<string>();
  for (const feed of feeds.toFormat)
    for (const { body } of feed.entries) if (!cached.known.has(body.contentKey)) keys.add(body.contentKey);
  return keys;
}

/**
 * The feeds to format, once every page is rendered. Each body is the HTML its page rendered, else the
 * cache's; a body neither has (its page was kept, and the cache lost it) is rendered here.
 */
async function* formattedFeeds({
  site,
  feeds,
  markdownOptions,
  rendered,
  cache,
}: {
  site: Site;
  feeds: FeedReuse;
  markdownOptions: MarkdownOptions;
  rendered: ReadonlyMap<string, string>;
  cache: BuildCache<BuildReport>['feedBodies'];
}): AsyncGenerator<OutputFile[]> {
  if (feeds.toFormat.length === 0) return;
  const known = new Map([...cache.known, ...rendered]);
  yield formatFeeds({
    ...feedOptions(site),
    feeds: await renderFeedBodies(feeds.toFormat, markdownOptions, known, cache.used),
  });
}

/** The browser bundles: the memo's (the preview) or the cache folder's for the same pipeline and templates, else made now. */
async function clientBundles(
  memo: BuildMemo | undefined,
  code: { engine: string; allTemplates: string },
  cacheDir: string,
): Promise<ClientBundles> {
  const key = `${code.engine}:${code.allTemplates}`;
  if (memo?.clientBundles?.key === key) return memo.clientBundles.bundles;
  let bundles = await loadClientBundles(cacheDir, key);
  if (!bundles) {
    bundles = await bundleClient();
    await saveClientBundles(cacheDir, key, bundles);
  }
  if (memo) memo.clientBundles = { key, bundles };
  return bundles;
}

function mediaFiles(media: { files: Map<string, { outputPath: string; sourceFile: string }> }): OutputFile[] {
  return [...media.files.values()].map((file) => ({ path: file.outputPath, copyFrom: file.sourceFile, link: true }));
}

/**
 * The render pool's pages as output files, the bodies they hand back put in `bodies`; a pool of its
 * own is closed as soon as it has rendered the last one.
 */
async function* renderedFiles(
  batches: AsyncIterable<RenderedPage[]>,
  bodies: Map<string, string>,
  done: () => Promise<void> | undefined,
): AsyncGenerator<OutputFile[]> {
  try {
    for await (const batch of batches) {
      for (const page of batch) for (const body of page.bodies ?? []) bodies.set(body.contentKey, body.html);
      yield batch.map((page) => ({ path: page.path, contents: page.bytes }));
    }
  } finally {
    await done();
  }
}

/** The batches in a queue emptied as they are taken: each is garbage once its reader is done with it. */
function* handOver(batches: OutputItem[][]): Generator<OutputItem[]> {
  while (batches.length > 0) yield batches.shift()!;
}

async function* concat(
  ...sources: Array<Iterable<OutputItem[]> | AsyncIterable<OutputItem[]>>
): AsyncGenerator<OutputItem[]> {
  for (const source of sources) yield* source;
}

/** Two entries sharing one media file (localizations reuse covers) are one output file. */
function dedupeByPath(files: OutputFile[]): OutputFile[] {
  return [...new Map(files.map((file) => [file.path, file])).values()];
}
