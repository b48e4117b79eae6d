import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { formatFeeds } from './emit/format-feeds.ts';
import { formatRobots } from './emit/format-robots.ts';
import { formatSitemaps } from './emit/format-sitemap.ts';
import { bundleClient } from './emit/bundle-client.ts';
import { loadSiteAssets } from './emit/load-site-assets.ts';
import { isDirectory, writeOutput } from './emit/write-output.ts';
import type { OutputFile } from './emit/output-file.ts';
import type { ClientBundles } from './emit/bundle-client.ts';
import type { SiteAssets } from './emit/load-site-assets.ts';
import type { Site } from './site/site.ts';
import type { Collection } from './fetch/collections.ts';
import type { CmsOptions } from './fetch/fetch-cms.ts';
import type { FetchedContent } from './fetch/raw-entry.ts';
import { fetchEntries } from './fetch/fetch-entries.ts';
import { fetchMedia } from './fetch/fetch-media.ts';
import { LOCALES, type Locale } from './locale.ts';
import { planFeeds, renderFeedBodies } from './plan/plan-feeds.ts';
import { planPages } from './plan/plan-pages.ts';
import { dropShadowedPages } from './plan/drop-shadowed-pages.ts';
import { formatHostFiles } from './emit/hosts/format-host-files.ts';
import { planHostManifest } from './plan/host-manifest.ts';
import { planRedirects } from './plan/plan-redirects.ts';
import type { HostName } from './site/schemas.ts';
import { defaultRenderWorkers, renderPages, startRenderPool, type RenderPagesOptions } from './render/render-pages.ts';
import { createRenderShared } from './render/render-shared.ts';
import { loadSite } from './site/load-site.ts';
import { checkImage, extractCoverColours, measureImages } from './transform/cover-colours.ts';
import { describeUnavailableMedia, findUnavailableMedia, listMedia } from './transform/list-media.ts';
import { SitegenError } from './errors.ts';
import { transformContent } from './transform/transform-content.ts';
import { validateContent } from './validate/validate-content.ts';
import { loadCodeHash, loadTemplateHashes } from './cache/code-hash.ts';
import { dropOutputManifest, loadOutputManifest, writeOutputManifest } from './cache/output-manifest.ts';
import { loadFeedBodies, saveFeedBodies } from './cache/feed-bodies.ts';
import { planMarkdownJobs } from './transform/markdown-jobs.ts';
import { hashPageInputs } from './render/page-hash.ts';
import type { PagePlan } from './plan/page-plan.ts';

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
  /** Renders instead of renderPages' own pool; gets the same options. The preview's keeps template changes live. */
  renderPages?: ((options: RenderPagesOptions) => AsyncIterable<OutputFile[]>) | undefined;
  /** Kept by the caller between builds; build() reads and updates it. */
  memo?: BuildMemo | undefined;
}

/**
 * Results of costly steps a long-running caller (the preview) keeps in memory between builds, each
 * under a key of all its inputs, so a hit is what the step would return.
 */
export interface BuildMemo {
  /** The browser bundles, for one state of the pipeline and the templates. */
  clientBundles?: { key: string; bundles: ClientBundles } | undefined;
}

/**
 * Something in the content (or redirects.json) that the build went around instead of failing on, with
 * the code it would otherwise fail with: an entry left out (CONTENT_INVALID, under skipInvalid), an
 * image a page goes without (MEDIA_UNAVAILABLE), a redirect left out (REDIRECTS_INVALID). The message
 * names the entry, file or URL; each is also one of the report's warnings. The preview lists them.
 */
export interface BuildProblem {
  code: 'CONTENT_INVALID' | 'MEDIA_UNAVAILABLE' | 'REDIRECTS_INVALID';
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
  const contentDir = path.join(options.siteDir, 'content');

  const loaded = await timed('load site', () => loadSite(options.siteDir));
  const site = options.baseUrl ? { ...loaded, config: { ...loaded.config, baseUrl: options.baseUrl.replace(/\/+$/, '') } } : loaded;
  let fetched: FetchedContent | undefined = await timed('fetch', () =>
    options.fetched ??
    fetchEntries({
      cms: options.cms,
      contentDir,
      locales: LOCALES,
      includeDrafts: options.includeDrafts,
      cacheDir: options.cacheDir,
      fullCrawl: options.fullCrawl,
      ...(options.log ? { onProgress: options.log.progress } : {}),
    }),
  );
  const outDir = path.resolve(options.outDir);
  const hostConfigDir = path.resolve(options.hostConfigDir ?? `${outDir}-host`);
  const host = options.host ?? site.config.host;
  const codeHash = await timed('code hash', async () => {
    const [engine, templates] = await Promise.all([loadCodeHash(), loadTemplateHashes()]);
    return { engine, templates: templates.pages, allTemplates: templates.all };
  });
  const assets = await timed('assets', () => loadSiteAssets(options.siteDir));
  const previous = await timed('output manifest', () => loadOutputManifest<BuildReport>(options.cacheDir, outDir));
  // The preview hands in its own crawl and keeps its own memo: it never skips a build.
  const settings = { outDir, hostConfigDir, host, drafts: options.includeDrafts, skipInvalid: options.skipInvalid, strict: options.strict === true, cms: options.cms?.url, ...(options.dropBrokenRedirects ? { dropBrokenRedirects: true } : {}) };
  const inputKey =
    options.fetched !== undefined ? '' : await timed('input key', () => hashBuildInputs({ site, fetched: fetched!, code: codeHash.engine + codeHash.allTemplates, assets, settings }));
  // A build that went without some media asks for them again: they may be back in the library.
  if (inputKey !== '' && previous?.inputKey === inputKey && !previous.report.mediaUnavailable && (await isDirectory(hostConfigDir))) {
    // Nothing the output depends on changed since the build that wrote it (same content, site files,
    // code and settings), and that build's folders are in place: they are the result.
    return { ...previous.report, upToDate: true, pagesRendered: 0, requests: fetched.requests, mediaDownloads: 0, timings };
  }

  // A cold build of many pages starts its render workers now, so that they load while the content is
  // planned on this thread (the second core is idle until rendering starts).
  const workerCount = options.renderWorkers ?? defaultRenderWorkers(fetched.entries.length);
  const pool = options.renderPages === undefined && previous === undefined && workerCount > 0 ? startRenderPool(workerCount) : undefined;
  try {
    // The crawl and the validated records are needed only until the content is transformed: kept inside
    // this function, they are garbage before rendering starts (the peak RSS of a 10,000-record build).
    const loadContent = async (fetched: FetchedContent) => {
      const valid = await timed('validate', () => validateContent(fetched.entries, { skipInvalid: options.skipInvalid }));
      const mediaList = listMedia(valid);
      const media = await timed('media', () =>
        fetchMedia({
          urls: mediaList.urls,
          origin: fetched.mediaOrigin,
          cacheDir: options.cacheDir,
          concurrency: options.cms?.concurrency ?? 8,
          check: checkImage,
          ...(options.cms?.timeoutMs === undefined ? {} : { timeoutMs: options.cms.timeoutMs }),
          ...(options.cms?.faultRetry ? { faultRetry: options.cms.faultRetry } : {}),
          ...(options.log ? { onProgress: options.log.progress } : {}),
        }),
      );
      const present = (urls: string[]) => urls.filter((url) => media.files.has(url)).map((url) => ({ url, file: media.files.get(url)!.sourceFile }));
      const colours = await timed('cover colours', () => extractCoverColours(present(mediaList.needColour), options.cacheDir));
      const imageSizes = await timed('image sizes', () => measureImages(present(mediaList.contentImages)));
      // What the source lacks or cannot serve as an image: the pages go without it, with a warning per entry (--strict: fail).
      const unavailable = new Map([...media.missing, ...colours.unreadable]);
      for (const url of colours.unreadable.keys()) media.files.delete(url);
      const missingUses = findUnavailableMedia(valid, unavailable);
      if (options.strict && missingUses.length > 0) {
        throw new SitegenError({
          code: 'MEDIA_UNAVAILABLE',
          message: `${missingUses.length} ${missingUses.length === 1 ? 'image an entry uses is' : 'images entries use are'} not available (--strict):\n${missingUses.map((item) => `  ${describeUnavailableMedia(item)}`).join('\n')}`,
          hint: 'upload the files again to the CMS media library (or content/uploads/), or remove them from the entries; without --strict the pages are built without them',
        });
      }
      const markdownJobs = await timed('markdown jobs', () => planMarkdownJobs({ content: valid, site, media: media.files, imageSizes, codeHash: codeHash.engine }));
      const content = await timed('transform', () =>
        transformContent({ content: valid, site, media: media.files, colours: colours.colours, markdown: markdownJobs, unavailableMedia: unavailable }),
      );
      return {
        content,
        media,
        markdownOptions: { baseUrl: site.config.baseUrl, media: media.files, imageSizes, unavailableMedia: unavailable },
        mediaUnavailable: missingUses.length,
        source: { requests: fetched.requests, dialect: fetched.dialect, warnings: [...fetched.warnings, ...valid.warnings, ...missingUses.map(describeUnavailableMedia)] },
        problems: [
          ...valid.warnings.map((message): BuildProblem => ({ code: 'CONTENT_INVALID', message })),
          ...missingUses.map((item): BuildProblem => ({ code: 'MEDIA_UNAVAILABLE', message: describeUnavailableMedia(item) })),
        ],
        coverColours: { fromCms: mediaList.colourFromCms, computed: colours.computed, cached: colours.cached },
      };
    };
    const loaded = await loadContent(fetched);
    const { media, markdownOptions, source, coverColours, mediaUnavailable } = loaded;
    fetched = undefined;
    const { content, warnings: shadowWarnings } = await timed('shadowed pages', () => dropShadowedPages({ content: loaded.content, site }));
    const plan = await timed('plan', () => planPages({ content, site }));
    const redirects = await timed('redirects', () => planRedirects({ content, site, pages: plan.pages, dropBroken: options.dropBrokenRedirects }));
    const problems = [...loaded.problems, ...redirects.warnings.map((message): BuildProblem => ({ code: 'REDIRECTS_INVALID', message }))];
    const discovery = await timed('sitemaps + feeds', async () => {
      const knownBodies = await loadFeedBodies(options.cacheDir);
      const usedBodies = new Map<string, string>();
      const feeds = renderFeedBodies(planFeeds({ content, site }), markdownOptions, knownBodies, usedBodies);
      await saveFeedBodies(options.cacheDir, knownBodies, usedBodies);
      return [
        ...formatSitemaps(plan.pages, { baseUrl: site.config.baseUrl }),
        formatRobots({ baseUrl: site.config.baseUrl }),
        ...formatFeeds({ baseUrl: site.config.baseUrl, product: site.config.product, locales: site.locales, feeds }),
      ];
    });
    const scripts = await timed('client bundles', async () => {
      const key = `${codeHash.engine}:${codeHash.allTemplates}`;
      if (options.memo?.clientBundles?.key === key) return options.memo.clientBundles.bundles;
      const bundles = await bundleClient();
      if (options.memo) options.memo.clientBundles = { key, bundles };
      return bundles;
    });
    const shared = await timed('shared render data', () => createRenderShared({ site, shells: plan.shells, assets, scripts, markdown: markdownOptions }));

    const pageHashes = await timed('page hashes', () => hashPageInputs(plan.pages, shared, codeHash));
    const reuse = previous ? { isUnchanged: (page: PagePlan) => previous.entries.get(page.outputPath)?.hash === pageHashes.get(page.outputPath) } : undefined;
    const pageCounts = { rendered: 0, reused: 0 };
    const hosting = await timed('host files', () =>
      formatHostFiles({ host, manifest: planHostManifest({ config: site.config, redirects: redirects.plan }), outputFileCount: plan.pages.length + assets.files.length + scripts.files.length + media.files.size + discovery.length }),
    );
    const mediaFiles: OutputFile[] = [...media.files.values()].map((file) => ({ path: file.outputPath, copyFrom: file.sourceFile, link: true }));
    const rendered = (root: string) =>
      (options.renderPages ?? renderPages)({ pages: plan.pages, shared, reuse, counts: pageCounts, writeTo: root, pool, ...(options.renderWorkers === undefined ? {} : { workers: options.renderWorkers }) });
    const written = await timed('render + write', () =>
      writeOutput(outDir, (root) => concat([dedupeByPath([...assets.files, ...scripts.files, ...mediaFiles, ...discovery]), hosting.publicFiles], rendered(root)), {
        previous: previous?.entries,
        hashes: pageHashes,
        beforeCommit: () => dropOutputManifest(options.cacheDir, outDir),
      }),
    );
    await timed('host config', () => writeOutput(hostConfigDir, [hosting.configFiles]));

    const report: BuildReport = {
      source: options.cms ? `${source.dialect === 'proxy' ? 'site proxy' : `Strapi v${source.dialect}`} at ${new URL(options.cms.url).origin}` : 'embedded content',
      records: content.counts,
      pages: plan.pages.length,
      pagesRendered: pageCounts.rendered,
      files: written.files,
      bytes: written.bytes,
      requests: source.requests,
      mediaDownloads: media.downloads,
      coverColours,
      warnings: [...source.warnings, ...content.warnings, ...shadowWarnings, ...redirects.warnings, ...hosting.warnings],
      ...(problems.length > 0 ? { problems } : {}),
      ...(mediaUnavailable > 0 ? { mediaUnavailable } : {}),
      hosting: { host, redirects: redirects.plan.rules.length, configDir: hostConfigDir },
      upToDate: false,
      timings,
    };
    await timed('manifest write', () => writeOutputManifest(options.cacheDir, outDir, { entries: written.entries, inputKey, report }));
    return report;
  } finally {
    await pool?.close();
  }
}

/**
 * A hash of everything the output depends on: the content as fetched, the site's files (config,
 * routes, redirects, locales, local data), the stylesheet and public/, the pipeline and templates,
 * and the settings that change what is written where.
 */
async function hashBuildInputs(inputs: { site: Site; fetched: FetchedContent; code: string; assets: SiteAssets; settings: Record<string, unknown> }): Promise<string> {
  const hash = createHash('sha256').update(inputs.code).update(JSON.stringify(inputs.site)).update(JSON.stringify(inputs.settings));
  for (const file of inputs.assets.files) {
    if ('contents' in file) hash.update(file.path).update(file.contents);
    else if ('copyFrom' in file) {
      const info = await stat(file.copyFrom);
      hash.update(JSON.stringify([file.path, info.size, info.mtimeMs]));
    }
  }
  hash.update(inputs.fetched.dialect);
  // A source that did not hash its entries (the snapshot, a crawl with drafts) is hashed here.
  return hash.update(inputs.fetched.digest ?? createHash('sha256').update(JSON.stringify(inputs.fetched.entries)).digest('base64url')).digest('base64url');
}


async function* concat(...sources: Array<Iterable<OutputFile[]> | AsyncIterable<OutputFile[]>>): AsyncGenerator<OutputFile[]> {
  for (const source of sources) yield* source;
}

/** Two entries sharing one media file (localizations reuse covers) are one output file. */
function dedupeByPath(files: OutputFile[]): OutputFile[] {
  return [...new Map(files.map((file) => [file.path, file])).values()];
}
