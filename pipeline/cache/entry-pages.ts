import { readFile } from 'node:fs/promises';
import v8 from 'node:v8';
import type { UrlElement } from '../emit/format-sitemap.ts';
import type { PagePlan } from '../plan/page-plan.ts';
import { besideManifest } from './output-manifest.ts';
import { replaceFile } from '../replace-file.ts';

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

/** The pages of each entry family, under the family's key (PageHasher.familyKey). */
export type KeptEntryPages = Map<string, KeptEntryFamily>;

/**
 * The entry pages of the last build into an output folder, kept beside its manifest (V8's
 * serialization: 11,000 pages read back in a few tens of milliseconds). An empty map when there are
 * none or the file cannot be read; the plan then plans every page.
 */
export async function loadEntryPages(cacheDir: string, outDir: string): Promise<KeptEntryPages> {
  try {
    const kept = v8.deserialize(await readFile(besideManifest(cacheDir, outDir, 'entry-pages.v8'))) as unknown;
    return kept instanceof Map ? (kept as KeptEntryPages) : new Map();
  } catch {
    return new Map();
  }
}

export async function saveEntryPages(cacheDir: string, outDir: string, pages: KeptEntryPages): Promise<void> {
  const file = besideManifest(cacheDir, outDir, 'entry-pages.v8');
  await replaceFile(file, v8.serialize(pages));
}
