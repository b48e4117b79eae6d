import type { RenderShared } from '../../templates/page-context.ts';
import type { ClientBundles } from '../emit/bundle-client.ts';
import type { SiteAssets } from '../emit/load-site-assets.ts';
import type { ShellData } from '../plan/plan-pages.ts';
import type { Locale } from '../locale.ts';
import type { Site } from '../site/site.ts';
import { loadWorldMap } from '../transform/world-map.ts';
import type { MarkdownOptions } from '../transform/markdown.ts';

export interface RenderSharedOptions {
  site: Site;
  shells: Record<Locale, ShellData>;
  assets: SiteAssets;
  scripts: ClientBundles;
  markdown: MarkdownOptions;
}

/** Everything every page is rendered with, built once per build (and sent once to each render worker). */
export function createRenderShared({ site, shells, assets, scripts, markdown }: RenderSharedOptions): RenderShared {
  return {
    product: site.config.product,
    baseUrl: site.config.baseUrl,
    links: site.config.links,
    locales: site.locales,
    messages: site.messages,
    shells,
    assets: { ...assets.urls, script: scripts.urls.site, islands: scripts.urls.islands },
    analytics: site.config.analytics,
    cmsAdminUrl: site.config.cms.adminUrl,
    plans: site.plans,
    video: site.config.video,
    customers: site.config.customers,
    newsletterEndpoint: site.config.newsletter.endpoint,
    socialImage: site.config.socialImage,
    worldMap: loadWorldMap(),
    markdown,
  };
}
