import type { HostManifest } from '../../plan/host-manifest.ts';
import type { RedirectRule } from '../../plan/redirect-rule.ts';
import { redirectTables } from '../../preview/route-request.ts';
import { GENERATED } from './host-files.ts';

/**
 * `_worker.js` for Cloudflare Pages (advanced mode): the request semantics of routeRequest
 * (pipeline/preview/route-request.ts) in plain JavaScript, with the redirect table inline. It answers
 * redirects, the root language detection and the 404 pages itself and hands everything else to the
 * static assets (`env.ASSETS`), adding the security headers, which `_headers` does not give to a
 * worker's responses. The conformance tests run it with the same table as the preview and nginx.
 */
export function formatCloudflareWorker(manifest: HostManifest, rules: readonly RedirectRule[]): string {
  const { redirects, caseRedirects } = redirectTables(rules);
  const tableJson = (table: Map<string, RedirectRule>) =>
    JSON.stringify(Object.fromEntries([...table].map(([path, rule]) => [path, [rule.to, rule.status]])));
  const site = {
    languages: manifest.redirects.rootLanguage.targets.map((target) => [target.locale, target.urlPath]),
    notFound: manifest.redirects.notFound.map((page) => [page.prefix, page.urlPath, page.outputPath]),
    immutable: manifest.headers.immutable.folders,
    cacheControl: manifest.headers.immutable.cacheControl,
    security: manifest.headers.security.map((header) => [header.name, header.value]),
    vary: manifest.headers.rootVary,
  };
  return `// ${GENERATED}
// Cloudflare Pages advanced mode: ${describeWorker(rules)}.
const SITE = ${JSON.stringify(site)};
const REDIRECTS = new Map(Object.entries(${tableJson(redirects)}));
const CASE_REDIRECTS = new Map(Object.entries(${tableJson(caseRedirects)}));
${WORKER_CODE}`;
}

function describeWorker(rules: readonly RedirectRule[]): string {
  if (rules.length === 0)
    return 'the root language detection on / and the 404 status of the 404 pages (the redirects are in _redirects)';
  if (rules.every((rule) => rule.origin === 'case'))
    return `the root language detection on /, the 404 status of the 404 pages and ${rules.length} lowercase-to-real-case redirects (the others are in _redirects)`;
  return `${rules.length} redirects, the root language detection and the 404 pages`;
}

const WORKER_CODE = String.raw`const SAFE_LOCATION = /^\/(?:[A-Za-z0-9._~!&()*+,;=:@-]+(?:\/[A-Za-z0-9._~!&()*+,;=:@-]+)*)?$/;
const CANONICAL = /^(\/.*?)(?:\.html)?\/*$/;
const ENCODED_CANONICAL = /^((?:\/(?!\.\.?(?:[/?]|$))(?:[A-Za-z0-9._~!&()*+,;=:@-]|%[89A-Fa-f][0-9A-Fa-f])+?)+?)(?:\.html\/*|\/+)(?:\?.*)?$/;
const LANGUAGES = SITE.languages.map(([locale, urlPath]) => ({ locale, urlPath, header: new RegExp('^\\s*' + locale + '(?![a-z0-9])', 'i') }));

function normalizeUri(rawPath) {
  let decoded;
  try { decoded = decodeURIComponent(rawPath); } catch { return undefined; }
  if (!decoded.startsWith('/') || decoded.includes('\0')) return undefined;
  const parts = decoded.replace(/\/{2,}/g, '/').split('/').slice(1);
  const segments = [];
  for (let index = 0; index < parts.length; index += 1) {
    const part = parts[index];
    const last = index === parts.length - 1;
    if (part === '..') {
      if (segments.length === 0) return undefined;
      segments.pop();
      if (last) segments.push('');
    } else if (part === '.') {
      if (last) segments.push('');
    } else {
      segments.push(part);
    }
  }
  return '/' + segments.join('/');
}

function cookieValue(header, name) {
  for (const pair of (header || '').split(/[;,]/)) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function route(rawPath, rawQuery, headers) {
  const uri = normalizeUri(rawPath);
  if (uri === undefined) return { kind: 'bad-request' };
  const page404 = SITE.notFound.find(([, urlPath, outputPath]) => uri === urlPath || uri === '/' + outputPath);
  if (page404) return { kind: 'not-found', page: page404[1] };
  const match = CANONICAL.exec(uri);
  const path = uri === '/index.html' || uri === '/index' ? '/' : match ? match[1] : uri;
  const redirect = (status, to, vary) => ({ kind: 'redirect', status, location: to + rawQuery, vary: Boolean(vary) });
  const ascii = (/\/\//.test(rawPath) || path !== uri) && SAFE_LOCATION.test(path) ? path : undefined;
  const encoded = ENCODED_CANONICAL.exec(rawPath);
  const canonical = ascii || (encoded ? encoded[1] : undefined);
  if (uri === '/') {
    if (canonical) return redirect(308, canonical, true);
    const cookie = cookieValue(headers.get('cookie'), 'locale');
    const language = cookie
      ? LANGUAGES.find((entry) => entry.locale === cookie.toLowerCase())
      : LANGUAGES.find((entry) => entry.header.test(headers.get('accept-language') || ''));
    if (language) return redirect(307, language.urlPath, true);
    return { kind: 'asset', vary: true };
  }
  if (SITE.immutable.some((folder) => uri.startsWith(folder))) return { kind: 'asset', immutable: true };
  const target = REDIRECTS.get(path.toLowerCase()) || CASE_REDIRECTS.get(path);
  if (target) return redirect(target[1], target[0]);
  if (canonical) return redirect(308, canonical);
  return { kind: 'asset' };
}

function withHeaders(response, decision) {
  const headers = new Headers(response.headers);
  for (const [name, value] of SITE.security) headers.set(name, value);
  if (decision.vary) headers.set('Vary', SITE.vary);
  if (decision.immutable) headers.set('Cache-Control', SITE.cacheControl);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const decision = route(url.pathname, url.search, request.headers);
    if (decision.kind === 'bad-request') return new Response('Bad Request', { status: 400 });
    if (decision.kind === 'redirect') return withHeaders(new Response(null, { status: decision.status, headers: { Location: decision.location } }), decision);
    if (decision.kind === 'not-found') {
      // Pages serves a 404 page at its clean URL with status 200; answer it as the 404 it is.
      const page = await env.ASSETS.fetch(new URL(decision.page, url));
      return withHeaders(new Response(page.body, { status: 404, headers: page.headers }), decision);
    }
    return withHeaders(await env.ASSETS.fetch(request), decision);
  },
};
`;
