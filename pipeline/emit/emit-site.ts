import { reuseSitemap } from '../cache/sitemap-reuse.ts';
import type { Store } from '../cache/store.ts';
import { renderFeedBodies } from '../plan/plan-feeds.ts';
import { redirectInputs } from '../plan/plan-redirects.ts';
import type { SitePlan } from '../plan/plan-site.ts';
import type { RenderedPage } from '../render/render-page.ts';
import type { HostName } from '../site/schemas.ts';
import type { Site } from '../site/site.ts';
import type { PreparedContent } from '../transform/prepare-content.ts';
import { formatFeeds } from './format-feeds.ts';
import { formatRobots } from './format-robots.ts';
import { planHosting, type Hosting } from './hosts/plan-hosting.ts';
import type { SiteAssets } from './load-site-assets.ts';
import type { CopiedFile, OutputFile, OutputItem } from './output-file.ts';
import { writeOutput, type OutputEntries, type PreviousGroup, type WriteOutputResult } from './write-output.ts';

export interface EmitSiteOptions {
  plan: SitePlan;
  /** The pages as the render pool hands them over, batch by batch. */
  rendered: AsyncIterable<RenderedPage[]>;
  /**
   * The social images: how many, and their files once drawn (writeSocialImages). The render does not
   * wait for them: they are written after the pages.
   */
  images: { count: number; files: Promise<CopiedFile[]> };
  site: Site;
  assets: SiteAssets;
  prepared: Pick<PreparedContent, 'media' | 'markdownOptions'>;
  store: Store;
  /** The pipeline's code hash: part of the sitemap's and feeds' keys. */
  engine: string;
  host: HostName;
  outDir: string;
  hostConfigDir: string;
  dropBrokenRedirects: boolean;
  previous: { entries: OutputEntries; groups: ReadonlyMap<string, PreviousGroup> } | undefined;
  /** Runs after every file is written and before the output folder changes. */
  beforeCommit: () => Promise<void>;
}

export interface EmittedSite {
  written: WriteOutputResult;
  hosting: Omit<Hosting, 'publicFiles' | 'configFiles' | 'save'>;
}

/**
 * The emit stage: the files written before the pages (assets, bundles, media, sitemaps, robots.txt,
 * kept feeds, the host's files), the pages as they are rendered, the social images, then the feeds, whose
 * bodies the pages hand back as they are rendered; then the host folder. Nothing in the output folder
 * changes before everything is written.
 */
export async function emitSite(options: EmitSiteOptions): Promise<EmittedSite> {
  const { first, hashes, configFiles, save, hosting } = await filesBeforePages(options);
  const bodies = new Map<string, string>();
  const written = await writeOutput(
    options.outDir,
    concat(first, pageFiles(options.rendered, bodies), awaited(options.images.files), feedFiles(options, bodies)),
    {
      previous: options.previous?.entries,
      previousGroups: options.previous?.groups,
      hashes,
      beforeCommit: options.beforeCommit,
    },
  );
  // The host folder: written again unless it holds what the last build wrote for the same redirects.
  if (configFiles) {
    await writeOutput(options.hostConfigDir, [configFiles]);
    await save();
  }
  return { written, hosting };
}

/**
 * The files written before the pages, as batches that the writer takes out of their array: each
 * (54,000 redirect stubs, a 14 MB sitemap) is garbage once written, not held while the pages render.
 */
async function filesBeforePages(options: EmitSiteOptions) {
  const { plan, site, store } = options;
  const { pages, feeds } = plan;
  const sitemap = reuseSitemap(pages.sitemap, {
    baseUrl: site.config.baseUrl,
    engine: options.engine,
    previous: options.previous?.entries,
  });
  const firstFiles = [
    ...options.assets.files,
    ...plan.scripts.files,
    ...[...options.prepared.media.values()].map((file): OutputFile => ({
      path: file.outputPath,
      copyFrom: file.sourceFile,
      link: true,
    })),
    ...sitemap.files,
    formatRobots({ baseUrl: site.config.baseUrl }),
    ...feeds.kept,
  ];
  const { publicFiles, configFiles, save, ...hosting } = await planHosting(store, {
    redirects: redirectInputs({
      content: plan.content,
      site,
      pages: pages.outlines,
      dropBroken: options.dropBrokenRedirects,
    }),
    host: options.host,
    config: site.config,
    outputFileCount: pages.outlines.length + firstFiles.length + options.images.count + feeds.toFormat.length,
    hostConfigDir: options.hostConfigDir,
    previousGroups: options.previous?.groups,
    outDir: options.outDir,
  });
  return {
    first: [dedupeByPath(firstFiles), [publicFiles], pages.kept],
    hashes: new Map([...pages.hashes, ...sitemap.hashes, ...feeds.hashes]),
    configFiles,
    save,
    hosting,
  };
}

/** The content keys of the bodies the feeds to format need and the store does not hold: the pages that show them hand them back. */
export function bodiesToKeep(plan: SitePlan): Set<string> {
  const keys = plan.feeds.toFormat.flatMap((feed) => feed.entries.map(({ body }) => body.contentKey));
  return new Set(keys.filter((key) => plan.feedBodies.get(key) === undefined));
}

/** The rendered pages as output files, the bodies they hand back put in `bodies`. */
async function* pageFiles(
  batches: AsyncIterable<RenderedPage[]>,
  bodies: Map<string, string>,
): AsyncGenerator<OutputFile[]> {
  for await (const batch of batches) {
    for (const page of batch) for (const body of page.bodies ?? []) bodies.set(body.contentKey, body.html);
    yield batch.map((page) => ({ path: page.path, contents: page.bytes }));
  }
}

/**
 * The feeds to format, once every page is rendered. Each body is the HTML its page rendered, else the
 * store's; a body neither has (its page was kept, and the store lost it) is rendered here.
 */
async function* feedFiles(
  options: EmitSiteOptions,
  rendered: ReadonlyMap<string, string>,
): AsyncGenerator<OutputFile[]> {
  const { plan, site } = options;
  if (plan.feeds.toFormat.length === 0) return;
  for (const [key, html] of rendered) plan.feedBodies.set(key, html);
  yield formatFeeds({
    baseUrl: site.config.baseUrl,
    product: site.config.product,
    locales: site.locales,
    feeds: await renderFeedBodies(plan.feeds.toFormat, options.prepared.markdownOptions, plan.feedBodies),
  });
}

/** The first batches, taken out of their queue (each is garbage once its reader is done with it), then each source's. */
async function* concat(
  first: OutputItem[][],
  ...sources: Array<AsyncIterable<OutputItem[]>>
): AsyncGenerator<OutputItem[]> {
  while (first.length > 0) yield first.shift()!;
  for (const source of sources) yield* source;
}

/** Files that are ready later, as one batch. */
async function* awaited(files: Promise<OutputFile[]>): AsyncGenerator<OutputFile[]> {
  yield await files;
}

/** Two entries sharing one media file (localizations reuse covers) are one output file. */
function dedupeByPath(files: OutputFile[]): OutputFile[] {
  return [...new Map(files.map((file) => [file.path, file])).values()];
}
