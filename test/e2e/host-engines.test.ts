// issue 29: the host files checked on the hosts' own engines, beside the nginx suite. Cloudflare: the
// Cloudflare build of the embedded content served by `wrangler pages dev` (workerd, offline). Netlify: the
// Netlify build served with Netlify's redirect engine (netlify-redirector) in netlify dev's file order.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { downgradeStatus } from '../../pipeline/emit/hosts/host-files.ts';
import type { HostManifest } from '../../pipeline/plan/host-manifest.ts';
import type { RedirectRule } from '../../pipeline/plan/redirect-rule.ts';
import { loadHostManifest } from '../../pipeline/preview/load-host-manifest.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir } from '../helpers/files.ts';
import { probe, staysOnSite, type ProbeRequest, type ProbeResponse } from '../helpers/http-probe.ts';
import { startNetlifyEngine } from '../helpers/netlify-engine.ts';
import { startWranglerPages } from '../helpers/wrangler-pages.ts';

type Host = 'cloudflare' | 'netlify';
interface Served {
  outDir: string;
  manifest: HostManifest;
  url: string;
  close(): Promise<void>;
}

let temp: { dir: string; cleanup: () => Promise<void> } | undefined;
const served = new Map<Host, Served>();
/** At most 8 requests in flight: the machine has two cores, shared. */
let inFlight = 0;
const waiting: Array<() => void> = [];
async function limit<T>(run: () => Promise<T>): Promise<T> {
  // A finishing request hands its slot to the next waiting one, so the count never passes 8.
  if (inFlight >= 8) await new Promise<void>((resolve) => waiting.push(resolve));
  else inFlight += 1;
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  }
}

async function buildFor(host: Host): Promise<{ outDir: string; manifest: HostManifest }> {
  const outDir = path.join(temp!.dir, host, 'out');
  const hostConfigDir = path.join(temp!.dir, host, 'host');
  await build({
    siteDir: REPO_ROOT,
    outDir,
    hostConfigDir,
    cacheDir: path.join(temp!.dir, 'cache'),
    cms: undefined,
    includeDrafts: false,
    skipInvalid: false,
    host,
  });
  return { outDir, manifest: await loadHostManifest(hostConfigDir) };
}

beforeAll(async () => {
  temp = await makeTempDir('host-engines');
  const cloudflare = await buildFor('cloudflare');
  const pages = await startWranglerPages(cloudflare.outDir);
  served.set('cloudflare', { ...cloudflare, url: pages.url, close: pages.close });
  const netlify = await buildFor('netlify');
  const engine = await startNetlifyEngine(netlify.outDir);
  served.set('netlify', { ...netlify, url: engine.url, close: engine.close });
}, 240_000);

afterAll(async () => {
  for (const server of served.values()) await server.close();
  await temp?.cleanup();
});

/** The Location as a path: wrangler answers `_redirects` with the path, the worker with what it was given. */
function locationPath(response: ProbeResponse, origin: string): string | undefined {
  return response.location?.startsWith(origin) ? response.location.slice(origin.length) : response.location;
}

const ask = (host: Host, request: ProbeRequest) => limit(() => probe(served.get(host)!.url, request));
const statusOn = (host: Host, rule: RedirectRule) => (host === 'netlify' ? downgradeStatus(rule.status) : rule.status);
const lang = (response: ProbeResponse) => /<html lang="([a-z]+)[-"]/.exec(response.body.toString('utf8'))?.[1];

/** The uppercase form of a source's last segment's first letter, `/nl/blog/Abc`; the mixed case a visitor types. */
const mixedCase = (from: string) =>
  from.replace(/\/([a-z])([^/]*)$/, (_, first: string, rest: string) => `/${first.toUpperCase()}${rest}`);
/** Each segment's first letter percent-encoded, `/%6El/%62log/…`: the same URL to RFC 3986. */
const encodedLetters = (from: string) =>
  from.replace(/\/([a-z])/g, (_, letter: string) => `/%${letter.charCodeAt(0).toString(16).toUpperCase()}`);

describe.each(['cloudflare', 'netlify'] as const)('on %s', (host) => {
  it('answers every redirect of the manifest, with and without a trailing slash, in one hop, with the security headers', async () => {
    const { manifest, url } = served.get(host)!;
    const csp = manifest.headers.security[0]!.value;
    const wrong: string[] = [];
    await Promise.all(
      manifest.redirects.rules.flatMap((rule) =>
        [rule.from, `${rule.from}/`].map(async (from) => {
          const response = await ask(host, { path: `${from}?q=1` });
          const location = locationPath(response, url);
          if (response.status !== statusOn(host, rule) || location !== `${rule.to}?q=1`)
            wrong.push(`${from}: ${response.status} ${location}`);
          else if (response.headers['content-security-policy'] !== csp) wrong.push(`${from}: no CSP on the redirect`);
        }),
      ),
    );
    expect(manifest.redirects.rules.length).toBeGreaterThan(900);
    expect(wrong).toEqual([]);
  });

  it('answers the mixed-case form of every redirect source with a 404 (both engines match with case), never a wrong page', async () => {
    // Both engines match sources with case; the preview and nginx redirect them (documented in docs/hosting.md).
    const { manifest, url } = served.get(host)!;
    const wrong: string[] = [];
    await Promise.all(
      manifest.redirects.rules.map(async (rule) => {
        const from = mixedCase(rule.from);
        const response = await ask(host, { path: from });
        if (
          response.status !== 404 &&
          !(response.status === statusOn(host, rule) && locationPath(response, url) === rule.to)
        )
          wrong.push(`${from}: ${response.status} ${response.location}`);
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('answers the percent-encoded form of every redirect source like the source, or with a 404', async () => {
    const { manifest, url } = served.get(host)!;
    const outcomes = new Map<string, number>();
    const wrong: string[] = [];
    await Promise.all(
      manifest.redirects.rules.map(async (rule) => {
        const from = encodedLetters(rule.from);
        const response = await ask(host, { path: from });
        const redirected = response.status === statusOn(host, rule) && locationPath(response, url) === rule.to;
        if (!redirected && response.status !== 404) wrong.push(`${from}: ${response.status} ${response.location}`);
        const outcome = redirected ? 'redirect' : '404';
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }),
    );
    expect(wrong).toEqual([]);
    // What each engine does (docs/hosting.md): Netlify matches the decoded path, Pages the path as sent.
    expect([...outcomes.keys()]).toEqual([host === 'netlify' ? 'redirect' : '404']);
  });

  it("answers every locale's 404 page, at its own URL too, and unknown paths with 404 and the security headers", async () => {
    const { manifest } = served.get(host)!;
    const csp = manifest.headers.security[0]!.value;
    const wrong: string[] = [];
    for (const page of manifest.redirects.notFound) {
      for (const requestPath of [page.urlPath, `/${page.outputPath}`, `${page.prefix}does-not-exist`]) {
        const response = await ask(host, { path: requestPath });
        if (response.status !== 404 || lang(response) !== page.locale)
          wrong.push(`${requestPath}: ${response.status} ${response.location ?? lang(response)}`);
        if (response.headers['content-security-policy'] !== csp) wrong.push(`${requestPath}: no CSP`);
      }
    }
    expect(manifest.redirects.notFound).toHaveLength(6);
    expect(wrong).toEqual([]);
  });

  it('serves pages with the security headers, the root by language, and the long caching on assets', async () => {
    const { manifest, outDir, url } = served.get(host)!;
    const page = await ask(host, { path: '/nl/prijzen' });
    expect(page.status).toBe(200);
    expect(page.body.equals(await readFile(path.join(outDir, 'nl', 'prijzen.html')))).toBe(true);
    for (const header of manifest.headers.security) expect(page.headers[header.name.toLowerCase()]).toBe(header.value);
    const root = await ask(host, { path: '/', acceptLanguage: 'de' });
    expect([root.status, locationPath(root, url)]).toEqual([host === 'netlify' ? 302 : 307, '/de']);
    expect((await ask(host, { path: '/', acceptLanguage: 'en-US,nl;q=0.5' })).status).toBe(200);
    const css = (await readFile(path.join(outDir, 'index.html'), 'utf8')).match(/href="(\/_assets\/[^"]+\.css)"/)?.[1];
    const asset = await ask(host, { path: css! });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe(manifest.headers.immutable.cacheControl);
  });

  it('redirects no request off the site', async () => {
    const wrong: string[] = [];
    for (const hostile of [
      '//evil.example',
      '//evil.example/',
      '/%2F%2Fevil.example',
      '/%2F%2Fevil.example/',
      '/\\evil.example',
      '/\\evil.example/',
      '/%5Cevil.example/',
      '///\\evil.example',
      '/..//evil.example',
      '/%0d%0aLocation:%20//evil.example/',
      '/nl/blog/denmark-bans-all-google-products/?next=//evil.example',
    ]) {
      const response = await ask(host, { path: hostile });
      const location = locationPath(response, served.get(host)!.url);
      if (response.status >= 500) wrong.push(`${hostile}: ${response.status}`);
      if (location !== undefined && !staysOnSite(location))
        wrong.push(`${hostile}: ${response.status} ${response.location}`);
    }
    expect(wrong).toEqual([]);
  });
});
