import { SitegenError } from '../errors.ts';
import type { PagePlan } from './page-plan.ts';

/**
 * Two pages on one URL path (or one output file, which differs only in case on some file systems) would
 * overwrite each other: throws OUTPUT_PATH_CLASH listing every clash and the pages involved.
 */
export function assertUniquePages(pages: PagePlan[]): void {
  const byPath = new Map<string, PagePlan[]>();
  for (const page of pages) {
    const key = page.outputPath.toLowerCase();
    byPath.set(key, [...(byPath.get(key) ?? []), page]);
  }
  const clashes = [...byPath.entries()].filter(([, group]) => group.length > 1).sort(([a], [b]) => (a < b ? -1 : 1));
  if (clashes.length === 0) return;
  const lines = clashes.map(([, group]) => `  ${group[0]!.urlPath}: ${group.map((page) => describe(page)).join(' and ')}`);
  throw new SitegenError({
    code: 'OUTPUT_PATH_CLASH',
    message: `${clashes.length} URL ${clashes.length === 1 ? 'path is' : 'paths are'} claimed by more than one page.\n${lines.join('\n')}`,
    hint: 'give the entries different slugs in the CMS (slugs must be unique per locale and type)',
  });
}

function describe(page: PagePlan): string {
  if (page.data.template === 'article') {
    const version = page.data.article.version;
    return `${page.name} (entry #${version.id}, ${version.locale})`;
  }
  return page.name;
}
