import { SitegenError } from '../errors.ts';
import { slugClashKey } from '../validate/slug.ts';
import type { PagePlan } from './page-plan.ts';

/**
 * Two pages on one URL path, or on paths that differ only in case or Unicode normalisation (`café` in
 * NFC and NFD), would overwrite each other on case-insensitive file systems and hosts (issue 11): throws
 * OUTPUT_PATH_CLASH listing every clash and the pages and entries involved.
 */
export function assertUniquePages(pages: PagePlan[]): void {
  const byPath = new Map<string, PagePlan[]>();
  for (const page of pages) {
    const key = slugClashKey(page.outputPath);
    byPath.set(key, [...(byPath.get(key) ?? []), page]);
  }
  const clashes = [...byPath.entries()].filter(([, group]) => group.length > 1).sort(([a], [b]) => (a < b ? -1 : 1));
  if (clashes.length === 0) return;
  const lines = clashes.map(([, group]) => {
    const paths = [...new Set(group.map((page) => page.urlPath))];
    const how = paths.length === 1 ? '' : ' (they differ only in case or Unicode normalisation)';
    return `  ${paths.map((urlPath) => decodeURIComponent(urlPath)).join(' and ')}${how}: ${group.map((page) => describe(page)).join(' and ')}`;
  });
  throw new SitegenError({
    code: 'OUTPUT_PATH_CLASH',
    message: `${clashes.length} URL ${clashes.length === 1 ? 'path is' : 'paths are'} claimed by more than one page.\n${lines.join('\n')}`,
    hint: 'give the entries different slugs in the CMS (slugs must be unique per locale and type, regardless of case and Unicode normalisation)',
  });
}

function describe(page: PagePlan): string {
  if (page.data.template === 'article') {
    const version = page.data.article.version;
    return `${page.name} (${version.collection} #${version.id}, ${version.locale}, slug "${version.slug}")`;
  }
  return page.name;
}
