import type { Locale } from '../locale.ts';
import type { RouteName, RoutesFile } from '../site/schemas.ts';

export interface RouteTarget {
  route: RouteName;
  locale: Locale;
  params?: Record<string, string> | undefined;
}

/** The URL path of a route in a locale (`/de/blog/hallo-welt`): the only code that builds URL paths. */
export function urlFor(routes: RoutesFile, target: RouteTarget): string {
  let byRoute = compiledRoutes.get(routes);
  if (!byRoute) compiledRoutes.set(routes, (byRoute = new Map()));
  const key = `${target.route} ${target.locale}`;
  let parts = byRoute.get(key);
  if (!parts) byRoute.set(key, (parts = routes[target.route][target.locale].split(/\{([a-z]+)\}/)));
  let url = parts[0] as string;
  for (let index = 1; index < parts.length; index += 2) {
    const name = parts[index] as string;
    const value = target.params?.[name];
    if (value === undefined) throw new Error(`urlFor: route ${target.route} needs the parameter "${name}"`);
    url += encodeURIComponent(value) + (parts[index + 1] as string);
  }
  return url;
}

/** A route's pattern split once into text and parameter names (`['/blog/', 'slug', '']`): urlFor runs for every link of every page. */
const compiledRoutes = new WeakMap<RoutesFile, Map<string, string[]>>();

/**
 * A URL path with every character outside ASCII percent-encoded, as urlFor writes slugs
 * (`/fr/blog/café` → `/fr/blog/caf%C3%A9`): the form of URL paths in the plan, the sitemaps and the redirects.
 */
export function encodeUrlPath(text: string): string {
  return text.replace(/[^\x00-\x7f]+/gu, (characters) => encodeURIComponent(characters));
}

/** A URL path of the plan as a host sees it after decoding (nginx's `$uri`, serve's matcher, the file name). */
export function decodeUrlPath(urlPath: string): string {
  return decodeURIComponent(urlPath);
}

/** Where a URL path is written: flat files, so every host serves the canonical URL without a redirect. */
export function outputPathFor(urlPath: string): string {
  return urlPath === '/' ? 'index.html' : `${decodeURIComponent(urlPath.slice(1))}.html`;
}

/** The Atom feed of a locale's blog: `/feed.xml`, `/nl/feed.xml` … */
export function feedPathFor(locale: Locale): string {
  return locale === 'en' ? '/feed.xml' : `/${locale}/feed.xml`;
}
