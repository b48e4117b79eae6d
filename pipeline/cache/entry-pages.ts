import type { UrlElement } from '../emit/format-sitemap.ts';
import type { PagePlan } from '../plan/page-plan.ts';

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
