import type { RenderShared } from '../../templates/page-context.ts';
import type { ContentMemo } from '../build.ts';
import type { CodeHashes } from '../cache/code-hash.ts';
import { splitFeeds, type FeedReuse } from '../cache/feed-reuse.ts';
import type { Store, StoreTable } from '../cache/store.ts';
import { digest } from '../cache/store.ts';
import { bundleClient, type ClientBundles } from '../emit/bundle-client.ts';
import type { SiteAssets } from '../emit/load-site-assets.ts';
import type { OutputEntries } from '../emit/write-output.ts';
import { createRenderShared } from '../render/render-shared.ts';
import type { Site } from '../site/site.ts';
import type { PreparedContent } from '../transform/prepare-content.ts';
import type { Content } from '../transform/transform-content.ts';
import { dropClashingPages } from './drop-clashing-pages.ts';
import { dropShadowedPages } from './drop-shadowed-pages.ts';
import { planFeeds } from './plan-feeds.ts';
import { planShells } from './plan-pages.ts';
import { planSitePages, type SitePages } from './plan-site-pages.ts';

export interface PlanSiteOptions {
  prepared: PreparedContent;
  site: Site;
  assets: SiteAssets;
  code: CodeHashes;
  store: Store;
  memo: ContentMemo;
  /** What the output folder holds: pages and feeds whose keys it holds are not made again. */
  previous: OutputEntries | undefined;
  dropClashing: boolean;
}

export interface SitePlan {
  content: Content;
  /** Pages left out (shadowed by a hand-written page, or clashing under dropClashing). */
  warnings: string[];
  clashWarnings: string[];
  scripts: ClientBundles;
  shared: RenderShared;
  pages: SitePages;
  feeds: FeedReuse;
  /** The feeds' entry bodies by content key (the store's table). */
  feedBodies: StoreTable<string>;
}

/** The plan stage: every page and feed, with what must be rendered and what the output holds already. */
export async function planSite(options: PlanSiteOptions): Promise<SitePlan> {
  const { site, code, store } = options;
  const shadowed = dropShadowedPages({ content: options.prepared.content, site });
  const { content, warnings: clashWarnings } = options.dropClashing
    ? dropClashingPages({ content: shadowed.content, site })
    : { content: shadowed.content, warnings: [] };
  const scripts = await clientBundles(store, options.memo, code);
  const shared = createRenderShared({
    site,
    shells: planShells({ content, site }),
    assets: options.assets,
    scripts,
    markdown: options.prepared.markdownOptions,
  });
  const pages = planSitePages({
    content,
    site,
    shared,
    code,
    previous: options.previous,
    entryPages: await store.table('entry-pages'),
    versionNames: options.prepared.versionNames,
  });
  const feedBodies = await store.table<string>('feed-bodies');
  const feeds = splitFeeds(planFeeds({ content, site }), {
    options: { baseUrl: site.config.baseUrl, product: site.config.product, locales: site.locales },
    engine: code.engine,
    previous: options.previous,
    bodies: feedBodies,
  });
  return {
    content,
    warnings: [...shadowed.warnings, ...clashWarnings],
    clashWarnings,
    scripts,
    shared,
    pages,
    feeds,
    feedBodies,
  };
}

/** The browser bundles for this code: the preview's memory, else the store, else esbuild now. */
async function clientBundles(store: Store, memo: ContentMemo, code: CodeHashes): Promise<ClientBundles> {
  const key = digest(code.engine, code.allTemplates);
  if (memo.clientBundles?.key === key) return memo.clientBundles.bundles;
  const bundles = await store.cached('client-bundles', key, bundleClient);
  memo.clientBundles = { key, bundles };
  return bundles;
}
