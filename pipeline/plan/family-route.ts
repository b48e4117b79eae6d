import type { Locale } from '../locale.ts';
import { LOCALES } from '../locale.ts';
import type { RouteName, RoutesFile } from '../site/schemas.ts';
import type { ContentFamily } from '../transform/transform-content.ts';
import { urlFor } from './url-path.ts';

/** The route an entry's pages live on: key terms, blog posts, country pages, glossary terms. */
export function familyRoute(family: Pick<ContentFamily, 'collection' | 'articleType'>): RouteName {
  if (family.collection === 'key-terms') return 'glossary-category-key-terms-slug';
  if (family.articleType === 'blog') return 'blog-slug';
  if (family.articleType === 'google-analytics-countries') return 'google-analytics-countries-slug';
  return 'glossary-category-slug';
}

/** The URL path of an entry in a locale under a given slug (its own, or another locale's). */
export function familyUrlFor(
  routes: RoutesFile,
  family: Pick<ContentFamily, 'collection' | 'articleType'>,
  locale: Locale,
  slug: string,
): string {
  // urlFor reads the parameters its route has: `category` only on the glossary routes.
  return urlFor(routes, { route: familyRoute(family), locale, params: { category: family.articleType, slug } });
}

/**
 * An entry's page in a locale (its language there, under that language's slug), or undefined where it
 * has none. Asked for by several stages for every family and locale (shadowed pages, the plan, its
 * lists and links), so kept per routes object and family: a family is never changed once made (a stage
 * that changes its languages makes a new one).
 */
export function familyPageUrl(
  routes: RoutesFile,
  family: Pick<ContentFamily, 'collection' | 'articleType' | 'languages'>,
  locale: Locale,
): string | undefined {
  let byFamily = pageUrls.get(routes);
  if (!byFamily) pageUrls.set(routes, (byFamily = new WeakMap()));
  let urls = byFamily.get(family);
  if (!urls) byFamily.set(family, (urls = {}));
  if (!(locale in urls)) {
    const language = family.languages[locale];
    urls[locale] = language && familyUrlFor(routes, family, locale, language.slug);
  }
  return urls[locale];
}

const pageUrls = new WeakMap<RoutesFile, WeakMap<object, Partial<Record<Locale, string | undefined>>>>();

/** The routes whose pages come from CMS entries. */
const ENTRY_ROUTES: readonly RouteName[] = [
  'blog-slug',
  'glossary-category-slug',
  'glossary-category-key-terms-slug',
  'google-analytics-countries-slug',
];

/** Whether a URL path has the shape of an entry's page in some locale (`/nl/blog/anything`). */
export function matchesEntryRoute(routes: RoutesFile): (urlPath: string) => boolean {
  // Route patterns hold only lowercase letters, digits, "-", "/" and {params} (routesFileSchema): no escaping needed.
  const patterns = ENTRY_ROUTES.flatMap((route) =>
    LOCALES.map((locale) => new RegExp(`^${routes[route][locale].replace(/\{[a-z]+\}/g, '[^/]+')}$`)),
  );
  return (urlPath) => patterns.some((pattern) => pattern.test(urlPath));
}
