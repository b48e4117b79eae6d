import type { Locale } from '../locale.ts';
import type { RouteName, RoutesFile } from '../site/schemas.ts';
import type { ContentFamily } from '../transform/transform-content.ts';
import { urlFor } from './url-path.ts';

/** The route an entry's pages live on: key terms, blog posts, country pages, glossary terms. */
export function familyRoute(family: ContentFamily): RouteName {
  if (family.collection === 'key-terms') return 'glossary-category-key-terms-slug';
  if (family.articleType === 'blog') return 'blog-slug';
  if (family.articleType === 'google-analytics-countries') return 'google-analytics-countries-slug';
  return 'glossary-category-slug';
}

/** The URL path of an entry in a locale under a given slug (its own, or another locale's). */
export function familyUrlFor(routes: RoutesFile, family: ContentFamily, locale: Locale, slug: string): string {
  const route = familyRoute(family);
  const params: Record<string, string> = route === 'glossary-category-slug' || route === 'glossary-category-key-terms-slug' ? { category: family.articleType, slug } : { slug };
  return urlFor(routes, { route, locale, params });
}
