import { LOCALES, type Locale } from '../locale.ts';
import type { Site } from '../site/site.ts';
import { entryFamilies, withoutPages, type Content, type ContentFamily } from '../transform/transform-content.ts';
import { familyPageUrl, matchesEntryRoute } from './family-route.ts';
import { planListRedirects } from './plan-redirects.ts';

export interface DropShadowedPagesResult {
  content: Content;
  /** One line per page left out, naming the rule and the entry. */
  warnings: string[];
}

/**
 * A hand-written redirect is the site owner's intent and wins over a CMS page on the same URL path
 * (issue 11; the original site ran its redirects before its pages): the entry loses its page in that
 * locale, so the page, its hreflang alternates, sitemap entry, feed entry and list entries all go, and
 * the redirect is emitted. Rules over the site's own pages (pricing, lists) are left to planRedirects.
 * Pure.
 */
export function dropShadowedPages({ content, site }: { content: Content; site: Site }): DropShadowedPagesResult {
  const rules = planListRedirects(site.redirects, site.routes).rules;
  if (rules.length === 0) return { content, warnings: [] };
  const pageOf = (family: ContentFamily, locale: Locale) => familyPageUrl(site.routes, family, locale);
  const entryPages = new Set(
    entryFamilies(content).flatMap((family) =>
      LOCALES.map((locale) => pageOf(family, locale)).filter((urlPath) => urlPath !== undefined),
    ),
  );
  // A rule that points at an entry this build does not have is left out by planRedirects (with a warning):
  // it must not take the page with it. (A rule over a page and a rule over its target both win: a chain.)
  const isEntryPath = matchesEntryRoute(site.routes);
  const lands = (to: string) => !to.startsWith('/') || !isEntryPath(to) || entryPages.has(to);
  const sources = new Map(rules.filter((rule) => lands(rule.to)).map((rule) => [rule.from, rule.label]));
  const warnings: string[] = [];
  const kept = withoutPages(content, (family, locale) => {
    const urlPath = pageOf(family, locale)!;
    const label = sources.get(urlPath);
    if (label === undefined) return false;
    const version = family.versions[family.languages[locale]!.sourceLocale]!;
    warnings.push(
      `${label}: the redirect from ${urlPath} wins over the page of ${version.collection} #${version.id} (${family.key}, ${locale}); the page is left out`,
    );
    return true;
  });
  return { content: kept, warnings };
}
