import { LOCALES, type Locale } from '../locale.ts';
import type { Site } from '../site/site.ts';
import { entryFamilies, withoutPages, type Content, type ContentFamily } from '../transform/transform-content.ts';
import { slugClashKey } from '../validate/slug.ts';
import { familyPageUrl } from './family-route.ts';
import { decodeUrlPath } from './url-path.ts';

export interface DropClashingPagesResult {
  content: Content;
  /** One line per URL path two or more entries claim, naming each entry. */
  warnings: string[];
}

/**
 * The preview's way with entries whose pages clash (the same URL path in a locale, or paths that differ
 * only in case or Unicode normalisation): every page of the clash is left out in that locale, with a
 * warning naming the entries, so that planPages (which throws OUTPUT_PATH_CLASH on them, as `sitegen
 * build` must) builds the rest. Their other locales, and every other entry, are kept. Pure.
 */
export function dropClashingPages({ content, site }: { content: Content; site: Site }): DropClashingPagesResult {
  const claims = new Map<string, Array<{ family: ContentFamily; locale: Locale; urlPath: string }>>();
  for (const family of entryFamilies(content)) {
    for (const locale of LOCALES) {
      const urlPath = familyPageUrl(site.routes, family, locale);
      if (urlPath === undefined) continue;
      const key = slugClashKey(decodeUrlPath(urlPath));
      claims.set(key, [...(claims.get(key) ?? []), { family, locale, urlPath }]);
    }
  }
  const clashes = [...claims.values()].filter((group) => group.length > 1);
  if (clashes.length === 0) return { content, warnings: [] };

  const left = new Set(clashes.flatMap((group) => group.map(({ family, locale }) => `${family.key}\u0000${locale}`)));
  const warnings = clashes.map((group) => {
    const paths = [...new Set(group.map(({ urlPath }) => decodeUrlPath(urlPath)))];
    const entries = group.map(({ family, locale }) => {
      const language = family.languages[locale]!;
      const version = family.versions[language.sourceLocale]!;
      return `${version.collection} #${version.id} (${family.key}, ${locale}${language.isFallback ? ', the English fallback' : ''}, slug "${language.slug}")`;
    });
    const how = paths.length === 1 ? '' : ' (they differ only in case or Unicode normalisation)';
    return `${paths.join(' and ')}${how} is claimed by ${entries.join(' and ')}; their pages there are left out`;
  });
  return {
    content: withoutPages(content, (family, locale) => left.has(`${family.key}\u0000${locale}`)),
    warnings,
  };
}
