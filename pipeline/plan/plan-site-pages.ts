import type { RenderShared } from '../../templates/page-context.ts';
import { sitemapElements, urlElementOf, type UrlElement } from '../emit/format-sitemap.ts';
import type { KeptFile } from '../emit/output-file.ts';
import type { OutputEntries } from '../emit/write-output.ts';
import type { PagePlan } from './page-plan.ts';
import { hasFallbackPage, planPages } from './plan-pages.ts';
import type { Site } from '../site/site.ts';
import { entryFamilies, type Content, type ContentFamily } from '../transform/transform-content.ts';
import { slugClashKey } from '../validate/slug.ts';
import type { StoreTable } from '../cache/store.ts';
import { createPageHasher, type PageCodeHashes } from '../cache/page-hash.ts';

/**
 * An entry page as the build that wrote the output planned it: what the whole-site stages need of a
 * page that is not planned or rendered again (its paths for the redirects and the clash check, its
 * social image, its sitemap element) and the hash of its inputs.
 */
export interface KeptEntryPage extends PageOutline {
  hash: string;
  /** slugClashKey of the output path. */
  clashKey: string;
  /** Its `<url>` in the sitemap (with the family's `alternates`, urlElementOf); undefined for a page the sitemap leaves out (a draft). */
  sitemap: Pick<UrlElement, 'loc' | 'lastModified'> | undefined;
}

/** A family's pages in locale order, and the hreflang lines of their sitemap elements (the same for all). */
export interface KeptEntryFamily {
  alternates: string;
  pages: KeptEntryPage[];
}

/** What the whole-site stages after the plan read of every page, planned or kept. */
export type PageOutline = Pick<PagePlan, 'route' | 'locale' | 'urlPath' | 'outputPath' | 'socialImage'>;

/** Every page of the site: which the render stage must render, and which stay as the previous build wrote them. */
export interface SitePages {
  /** Per output path, the hash of the page's inputs: emit records it, the next build compares it. */
  hashes: Map<string, string>;
  /** Pages whose inputs did not change since the build that wrote the output: their files stay. */
  kept: KeptFile[];
  toRender: PagePlan[];
  /** Every page of the site, planned now or kept, in plan order (static, categories, entries, 404s). */
  outlines: PageOutline[];
  /** The sitemap's `<url>` of every indexable page. */
  sitemap: UrlElement[];
  /** Entry families whose pages were planned now, and those taken as the last build planned them. */
  families: { planned: number; kept: number };
}

/**
 * The plan and the page hashes, planning only the entry families that changed. An entry family whose
 * key (PageHasher.familyKey: its versions, the site, every locale's shell, the code) is one the last
 * build planned, and whose pages the output holds as that build wrote them, is not planned, hashed or
 * listed in the sitemap again: its pages are taken as the store's `entry-pages` table has them. A
 * family with a page showing its English version elsewhere is always planned (the links in that text go
 * to other entries' pages). Every other page is planned and hashed.
 * Files this build's entry pages in the table by family key (except those of families with a fallback
 * page), for the next build.
 */
export function planSitePages({
  content,
  site,
  shared,
  code,
  previous,
  entryPages,
  versionNames,
}: {
  content: Content;
  site: Site;
  shared: RenderShared;
  code: PageCodeHashes;
  previous: OutputEntries | undefined;
  entryPages: StoreTable<KeptEntryFamily>;
  versionNames?: ReadonlyMap<string, string> | undefined;
}): SitePages {
  const hasher = createPageHasher(shared, code, site, versionNames);
  const families = entryFamilies(content);
  const keyOf = new Map<ContentFamily, string>();
  const reused = new Map<ContentFamily, KeptEntryFamily>();
  for (const family of families) {
    if (hasFallbackPage(family)) continue;
    const key = hasher.familyKey(family);
    keyOf.set(family, key);
    const keptFamily = previous && entryPages.get(key);
    if (keptFamily && keptFamily.pages.every((page) => previous.get(page.outputPath)?.hash === page.hash))
      reused.set(family, keptFamily);
  }
  let plan = planPages({ content, site, isKept: (family) => reused.has(family) });
  if (reused.size > 0 && claimsKeptPath(plan.pages, reused)) {
    // A changed entry takes a kept page's path: planned whole, which names the pages that clash.
    reused.clear();
    plan = planPages({ content, site });
  }
  const hashes = hasher.hashPages(plan.pages, plan.familyOf, plan.listed);
  const isUnchanged = (page: PagePlan) => previous?.get(page.outputPath)?.hash === hashes.get(page.outputPath);
  const toRender = plan.pages.filter((page) => !isUnchanged(page));
  const kept: KeptFile[] = plan.pages.filter(isUnchanged).map((page) => ({ path: page.outputPath, kept: true }));

  const plannedOf = new Map<ContentFamily, PagePlan[]>();
  for (const [page, family] of plan.familyOf) plannedOf.set(family, [...(plannedOf.get(family) ?? []), page]);
  const others = plan.pages.filter((page) => !plan.familyOf.has(page));
  // Elements per family: a page's alternates are its family's pages, whose noindex drops them.
  const sitemap = sitemapElements(others);
  const outlines: PageOutline[] = others.filter((page) => page.route !== 'not-found');
  for (const family of families) {
    const keptFamily = reused.get(family);
    if (keptFamily) {
      for (const page of keptFamily.pages) {
        outlines.push(page);
        if (page.sitemap)
          sitemap.push(urlElementOf(page.sitemap.loc, page.sitemap.lastModified, keptFamily.alternates));
        hashes.set(page.outputPath, page.hash);
        kept.push({ path: page.outputPath, kept: true });
      }
      continue;
    }
    const pages = plannedOf.get(family) ?? [];
    const elements = new Map(sitemapElements(pages).map((element) => [element.loc, element]));
    outlines.push(...pages);
    sitemap.push(...elements.values());
    const key = keyOf.get(family);
    if (key !== undefined) {
      // Every element of a family has the same hreflang lines.
      const alternates = elements.values().next().value?.alternates ?? '';
      entryPages.set(key, {
        alternates,
        pages: pages.map((page) =>
          keptPage(
            page,
            hashes.get(page.outputPath)!,
            page.canonical === undefined ? undefined : elements.get(page.canonical),
          ),
        ),
      });
    }
  }
  for (const page of others) if (page.route === 'not-found') outlines.push(page);
  const familyCounts = { planned: families.length - reused.size, kept: reused.size };
  return { hashes, kept, toRender, outlines, sitemap, families: familyCounts };
}

function keptPage(page: PagePlan, hash: string, element: UrlElement | undefined): KeptEntryPage {
  return {
    route: page.route,
    locale: page.locale,
    urlPath: page.urlPath,
    outputPath: page.outputPath,
    socialImage: page.socialImage,
    hash,
    clashKey: slugClashKey(page.outputPath),
    sitemap: element && { loc: element.loc, lastModified: element.lastModified },
  };
}

function claimsKeptPath(pages: PagePlan[], reused: Map<ContentFamily, KeptEntryFamily>): boolean {
  const keptKeys = new Set<string>();
  for (const family of reused.values()) for (const page of family.pages) keptKeys.add(page.clashKey);
  return pages.some((page) => keptKeys.has(slugClashKey(page.outputPath)));
}
