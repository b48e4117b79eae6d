import type { HostManifest } from '../plan/host-manifest.ts';
import type { RedirectRule, RedirectStatus } from '../plan/redirect-rule.ts';

/** One request, as it arrived: the raw path (percent-encoded, before `?`) and the raw query (`?a=1`; a lone `?` counts as none, as in nginx). */
export interface IncomingRoute {
  rawPath: string;
  rawQuery: string;
  cookie: string | undefined;
  acceptLanguage: string | undefined;
}

/** What the server answers. `file` lists the candidates in order (`/x`, then `/x.html`); none found is `notFound`. */
export type RouteDecision =
  | { kind: 'redirect'; status: RedirectStatus; location: string; vary: boolean }
  | { kind: 'file'; candidates: string[]; notFound: string; vary: boolean; immutable: boolean }
  | { kind: 'not-found'; notFound: string }
  | { kind: 'bad-request' };

/** A canonical path whose characters are all plain URL characters: the only kind echoed into a Location. */
const SAFE_LOCATION = /^\/(?:[A-Za-z0-9._~!&()*+,;=:@-]+(?:\/[A-Za-z0-9._~!&()*+,;=:@-]+)*)?$/;
const CANONICAL = /^(\/.*?)(?:\.html)?\/*$/;
/**
 * The canonical form of a raw request path with percent-encoded characters above ASCII (`/fr/blog/caf%C3%A9/`),
 * which the decoded path cannot give (it would echo raw UTF-8): plain characters and `%XX` of bytes above
 * 0x7F only, no empty or dot segments, then one `.html` and/or trailing slashes. The emitted nginx
 * configuration matches `$request_uri` with the same pattern (ENCODED_CANONICAL_PATTERN).
 */
export const ENCODED_CANONICAL_PATTERN = String.raw`^((?:/(?!\.\.?(?:[/?]|$))(?:[A-Za-z0-9._~!&()*+,;=:@-]|%[89A-Fa-f][0-9A-Fa-f])+?)+?)(?:\.html/*|/+)(?:\?.*)?$`;
const ENCODED_CANONICAL = new RegExp(ENCODED_CANONICAL_PATTERN);

type RouteTable = ReturnType<typeof createRouteTable>;

/**
 * The redirect rules by the decoded path they are looked up by (nginx's `$uri`): lowercased (nginx maps ignore
 * case too), except the lowercase-to-real-case rules, which match exactly (they would send a page to itself
 * otherwise). The Cloudflare worker carries the same two tables.
 */
export function redirectTables(rules: readonly RedirectRule[]) {
  const byPath = (isCase: boolean, key: (decoded: string) => string) =>
    new Map(
      rules
        .filter((rule) => (rule.origin === 'case') === isCase)
        .map((rule) => [key(decodeURIComponent(rule.from)), rule]),
    );
  return {
    redirects: byPath(false, (decoded) => decoded.toLowerCase()),
    caseRedirects: byPath(true, (decoded) => decoded),
  };
}

/** The manifest prepared for lookups. */
export function createRouteTable(manifest: HostManifest) {
  return {
    ...redirectTables(manifest.redirects.rules),
    languages: manifest.redirects.rootLanguage.targets.map((target) => ({
      ...target,
      header: new RegExp(`^\\s*${target.locale}(?![a-z0-9])`, 'i'),
    })),
    notFound: manifest.redirects.notFound,
    rootNotFound: manifest.redirects.notFound.find((page) => page.prefix === '/')?.outputPath ?? '404.html',
    immutableFolders: manifest.headers.immutable.folders,
  };
}

/**
 * The site's request semantics, the same as the emitted nginx configuration: the path is decoded,
 * slashes merged and dot segments resolved (nginx's `$uri`); the 404 pages answer 404 at their own
 * URLs; `/` redirects by cookie `locale`, else the first Accept-Language entry (307, `Vary`); elsewhere
 * a redirect source is looked up by the canonical path (no trailing slash, no `.html`) and answered in
 * one hop, else a non-canonical request URL is redirected to its canonical path (308, query kept) when
 * that path holds only plain URL characters. Pure.
 */
export function routeRequest(request: IncomingRoute, table: RouteTable): RouteDecision {
  const uri = normalizeUri(request.rawPath);
  if (uri === undefined) return { kind: 'bad-request' };
  const page404 = table.notFound.find((page) => uri === page.urlPath || uri === `/${page.outputPath}`);
  if (page404) return { kind: 'not-found', notFound: page404.outputPath };

  const path = uri === '/index.html' || uri === '/index' ? '/' : (CANONICAL.exec(uri)?.[1] ?? uri);
  const query = request.rawQuery.length > 1 ? request.rawQuery : '';
  const redirect = (status: RedirectStatus, to: string, vary = false): RouteDecision => ({
    kind: 'redirect',
    status,
    location: `${to}${query}`,
    vary,
  });
  const canonical =
    ((/\/\//.test(request.rawPath) || path !== uri) && SAFE_LOCATION.test(path) ? path : undefined) ??
    ENCODED_CANONICAL.exec(request.rawPath)?.[1];

  if (uri === '/') {
    if (canonical) return redirect(308, canonical, true);
    const language = rootLanguage(request, table);
    if (language) return redirect(307, language, true);
    return { kind: 'file', candidates: ['/index.html'], notFound: table.rootNotFound, vary: true, immutable: false };
  }
  if (table.immutableFolders.some((folder) => uri.startsWith(folder))) {
    return { kind: 'file', candidates: [uri], notFound: table.rootNotFound, vary: false, immutable: true };
  }
  const target = table.redirects.get(path.toLowerCase()) ?? table.caseRedirects.get(path);
  if (target) return redirect(target.status, target.to);
  if (canonical) return redirect(308, canonical);
  const notFound =
    table.notFound.find((page) => page.prefix !== '/' && uri.startsWith(page.prefix))?.outputPath ?? table.rootNotFound;
  return { kind: 'file', candidates: [uri, `${uri}.html`], notFound, vary: false, immutable: false };
}

/** nginx's `$uri`: percent-decoded, slashes merged, `.` and `..` resolved; undefined where nginx answers 400. */
function normalizeUri(rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return undefined;
  const segments: string[] = [];
  const parts = decoded.split(/\/+/).slice(1);
  for (const [index, part] of parts.entries()) {
    if (part === '..' && segments.length === 0) return undefined;
    if (part === '..') segments.pop();
    else if (part !== '.') segments.push(part);
    // A dot segment at the end leaves a trailing slash: `/a/b/..` is `/a/`.
    if ((part === '.' || part === '..') && index === parts.length - 1) segments.push('');
  }
  return `/${segments.join('/')}`;
}

function rootLanguage(request: IncomingRoute, table: RouteTable): string | undefined {
  const cookie = cookieValue(request.cookie, 'locale');
  if (cookie) return table.languages.find((language) => language.locale === cookie.toLowerCase())?.urlPath;
  return table.languages.find((language) => language.header.test(request.acceptLanguage ?? ''))?.urlPath;
}

/** The first cookie of that name, as nginx's `$cookie_<name>` reads it. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  const pairs = (header ?? '').split(/[;,]/).map((pair) => pair.trim().split('='));
  return pairs
    .find(([key]) => key === name)
    ?.slice(1)
    .join('=');
}
