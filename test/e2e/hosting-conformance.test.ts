import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { formatCloudflareWorker } from '../../pipeline/emit/hosts/format-cloudflare-worker.ts';
import type { HostManifest } from '../../pipeline/plan/host-manifest.ts';
import { loadHostManifest } from '../../pipeline/preview/load-host-manifest.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir } from '../helpers/files.ts';
import { probe, staysOnSite, type ProbeRequest, type ProbeResponse } from '../helpers/http-probe.ts';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { startPreviewServer, type PreviewServer } from '../helpers/preview-server.ts';

/**
 * One table of requests and answers (issue: "Redirects and hosting"), run against the preview's request
 * handler and against a real nginx with the emitted configuration: both must give exactly these answers.
 */
type Expected =
  { status: 301 | 302 | 307 | 308; location: string } | { status: 200 | 404; page: string } | { status: 400 };
interface Row extends ProbeRequest {
  why: string;
  expect: Expected;
  /** `Vary: Cookie, Accept-Language` (the root's answers). */
  vary?: boolean;
}

const NL_DENMARK = '/nl/blog/denemarken-verbiedt-google-workspace-voor-gemeenten';
const DE_LIGHTHOUSE = '/de/blog/google-analytics-auswirkung-auf-die-performance-mit-google-lighthouse';
const page = (file: string) => ({ status: 200 as const, page: file });
const notFound = (file: string) => ({ status: 404 as const, page: file });
const to = (location: string, status: 307 | 308 = 308) => ({ status, location });

const TABLE: Row[] = [
  // Root language detection: cookie `locale`, else the first Accept-Language entry, else English; 307 with Vary.
  { why: 'root without signals stays English', path: '/', expect: page('index.html'), vary: true },
  {
    why: 'root, Dutch browser',
    path: '/',
    acceptLanguage: 'nl-NL,nl;q=0.9,en;q=0.8',
    expect: to('/nl', 307),
    vary: true,
  },
  { why: 'root, German browser', path: '/', acceptLanguage: 'de', expect: to('/de', 307), vary: true },
  {
    why: 'root, English first',
    path: '/',
    acceptLanguage: 'en-US,en;q=0.9,nl;q=0.8',
    expect: page('index.html'),
    vary: true,
  },
  {
    why: 'root, unsupported first language',
    path: '/',
    acceptLanguage: 'pt-BR,nl;q=0.8',
    expect: page('index.html'),
    vary: true,
  },
  {
    why: 'root, cookie wins over the browser',
    path: '/',
    cookie: 'theme=dark; locale=fr',
    acceptLanguage: 'nl',
    expect: to('/fr', 307),
    vary: true,
  },
  {
    why: 'root, English cookie stays',
    path: '/',
    cookie: 'locale=en',
    acceptLanguage: 'nl',
    expect: page('index.html'),
    vary: true,
  },
  {
    why: 'root, unknown cookie stays',
    path: '/',
    cookie: 'locale=xx',
    acceptLanguage: 'nl',
    expect: page('index.html'),
    vary: true,
  },
  {
    why: 'root keeps the query',
    path: '/?utm_source=news&x=1',
    acceptLanguage: 'es-ES',
    expect: to('/es?utm_source=news&x=1', 307),
    vary: true,
  },
  { why: 'only the root detects', path: '/nl', cookie: 'locale=de', acceptLanguage: 'de', expect: page('nl.html') },
  { why: 'several slashes on the root', path: '//', expect: to('/'), vary: true },
  { why: '/index.html is the root', path: '/index.html', acceptLanguage: 'nl', expect: to('/') },
  // The spec's redirects (§2) and the legacy URLs (original-site-facts §1.4).
  { why: 'spec: /glossary', path: '/glossary', expect: to('/glossaries') },
  { why: 'spec: /nl/glossary to a real page', path: '/nl/glossary', expect: to('/nl/begrippenlijsten') },
  { why: 'spec: /en/glossary without the prefix', path: '/en/glossary', expect: to('/glossaries') },
  {
    why: 'legacy: privacy tips',
    path: '/practical-privacy-tips-for-your-business',
    expect: to('/blog/practical-privacy-tips-for-your-business'),
  },
  {
    why: 'legacy: Finland',
    path: '/google-analytics-illegal/is-google-analytics-illegal-in-finland',
    expect: to('/blog/finland-is-latest-eu-country-to-crack-down-on-google-analytics'),
  },
  {
    why: 'legacy: Norway',
    path: '/google-analytics-illegal/is-google-analytics-illegal-in-norway',
    expect: to('/blog/norway-takes-a-stance-against-google-analytics'),
  },
  {
    why: 'legacy: countries overview',
    path: '/google-analytics-countries',
    expect: to('/google-analytics-is-illegal-in-these-countries'),
  },
  {
    why: 'legacy slug',
    path: '/blog/what-is-wrong-with-developers',
    expect: to('/blog/why-simple-analytics-is-my-first-successful-project'),
  },
  {
    why: 'legacy slug in German, one hop to the German slug',
    path: '/de/blog/stop-using-google-analytics-if-you-care-about-your-page-rank',
    expect: to(DE_LIGHTHOUSE),
  },
  {
    why: 'legacy slug in Dutch through a slug redirect, one hop',
    path: '/nl/blog/denmark-bans-all-google-products',
    expect: to(NL_DENMARK),
  },
  // Localized-slug redirects.
  {
    why: 'slug: English slug under /nl',
    path: '/nl/blog/denmark-bans-google-workspace-for-municipalities',
    expect: to(NL_DENMARK),
  },
  {
    why: 'slug: Dutch slug without prefix',
    path: '/blog/denemarken-verbiedt-google-workspace-voor-gemeenten',
    expect: to('/blog/denmark-bans-google-workspace-for-municipalities'),
  },
  {
    why: 'slug: Dutch slug under /de',
    path: '/de/blog/denemarken-verbiedt-google-workspace-voor-gemeenten',
    expect: to('/de/blog/danemark-verbietet-google-workspace-fur-kommunen'),
  },
  {
    why: 'slug: glossary term',
    path: '/nl/begrippenlijst/analytics/che-cos-e-il-tracciamento-senza-cookie',
    expect: to('/nl/begrippenlijst/analytics/wat-is-cookieloze-tracking'),
  },
  {
    why: 'slug: key term',
    path: '/nl/begrippenlijst/analytics/kernbegrip/conversion-funnel',
    expect: to('/nl/begrippenlijst/analytics/kernbegrip/conversietrechter'),
  },
  {
    why: 'slug: country page',
    path: '/google-analytics-illegal/es-ilegal-google-analytics-en-alemania',
    expect: to('/google-analytics-illegal/is-google-analytics-illegal-in-germany'),
  },
  {
    why: 'slug with a trailing slash and a query, one hop',
    path: '/nl/blog/denmark-bans-google-workspace-for-municipalities/?ref=mail',
    expect: to(`${NL_DENMARK}?ref=mail`),
  },
  {
    why: 'slug after several slashes, one hop',
    path: '//nl//blog/denmark-bans-google-workspace-for-municipalities',
    expect: to(NL_DENMARK),
  },
  // Slashes and .html.
  { why: 'trailing slash', path: '/pricing/', expect: to('/pricing') },
  { why: 'trailing slash keeps the query', path: '/pricing/?plan=business', expect: to('/pricing?plan=business') },
  { why: 'a lone ? is no query', path: '/pricing/?', expect: to('/pricing') },
  { why: 'prefix with a trailing slash', path: '/nl/', expect: to('/nl') },
  { why: 'several leading slashes', path: '///blog?x=1', expect: to('/blog?x=1') },
  { why: 'slashes inside', path: '//nl//prijzen', expect: to('/nl/prijzen') },
  { why: '.html suffix', path: '/nl/prijzen.html', expect: to('/nl/prijzen') },
  { why: '/index is the root', path: '/index', expect: to('/') },
  // Pages.
  { why: 'a page', path: '/pricing', expect: page('pricing.html') },
  { why: 'a Dutch page', path: '/nl/prijzen', expect: page('nl/prijzen.html') },
  { why: 'an article', path: NL_DENMARK, expect: page(`${NL_DENMARK.slice(1)}.html`) },
  { why: 'percent-encoded letters are the same page', path: '/%70ricing', expect: page('pricing.html') },
  { why: 'dot segments resolve', path: '/blog/../pricing', expect: page('pricing.html') },
  // 404 pages, per locale, with status 404.
  { why: 'missing English page', path: '/does-not-exist', expect: notFound('404.html') },
  { why: 'missing Dutch page', path: '/nl/bestaat-niet', expect: notFound('nl/404.html') },
  { why: 'missing German article', path: '/de/blog/gibt-es-nicht', expect: notFound('de/404.html') },
  { why: 'the 404 page at its own URL', path: '/nl/404', expect: notFound('nl/404.html') },
  { why: 'the 404 file', path: '/it/404.html', expect: notFound('it/404.html') },
  { why: 'a prefix-like path is English', path: '/nlx', expect: notFound('404.html') },
  { why: 'a missing asset', path: '/_assets/missing.js', expect: notFound('404.html') },
  // Hostile paths: no Location may leave the site.
  { why: 'hostile: //host', path: '//evil.example', expect: to('/evil.example') },
  { why: 'hostile: //host/', path: '//evil.example/', expect: to('/evil.example') },
  { why: 'hostile: encoded slashes', path: '/%2F%2Fevil.example', expect: notFound('404.html') },
  { why: 'hostile: encoded slashes and a trailing slash', path: '/%2F%2Fevil.example/', expect: to('/evil.example') },
  { why: 'hostile: backslash', path: '/\\evil.example', expect: notFound('404.html') },
  { why: 'hostile: backslash and a trailing slash', path: '/\\evil.example/', expect: notFound('404.html') },
  { why: 'hostile: encoded backslash', path: '/%5Cevil.example/', expect: notFound('404.html') },
  { why: 'hostile: slashes then a backslash', path: '///\\evil.example', expect: notFound('404.html') },
  { why: 'hostile: header injection', path: '/%0d%0aLocation:%20//evil.example/', expect: notFound('404.html') },
  { why: 'hostile: above the root', path: '/..//evil.example', expect: { status: 400 } },
  { why: 'hostile: bad escape', path: '/%ZZ', expect: { status: 400 } },
  {
    why: 'hostile: query only carried along',
    path: '/nl/blog/denmark-bans-all-google-products/?next=//evil.example',
    expect: to(`${NL_DENMARK}?next=//evil.example`),
  },
];

let dir: { dir: string; cleanup: () => Promise<void> } | undefined;
let outDir: string;
let manifest: HostManifest;
let nginx: RunningNginx | undefined;
let preview: PreviewServer | undefined;
let worker: {
  fetch(request: Request, env: { ASSETS: { fetch(request: Request | URL): Promise<Response> } }): Promise<Response>;
};
const servers: Array<[string, () => string]> = [
  ['the preview request handler', () => preview!.url],
  ["a real nginx (Debian's) with the emitted configuration", () => nginx!.url],
];

beforeAll(async () => {
  dir = await makeTempDir('conformance');
  outDir = path.join(dir.dir, 'out');
  const hostConfigDir = path.join(dir.dir, 'host');
  await build({
    siteDir: REPO_ROOT,
    outDir,
    hostConfigDir,
    cacheDir: path.join(dir.dir, 'cache'),
    cms: undefined,
    includeDrafts: false,
    skipInvalid: false,
    host: 'nginx',
  });
  manifest = await loadHostManifest(hostConfigDir);
  preview = await startPreviewServer(outDir, manifest);
  nginx = await startNginx({ root: outDir, sitegenConfig: path.join(hostConfigDir, 'nginx', 'sitegen') });
  // The Cloudflare worker with every redirect in it (the form past 2,000 _redirects rules).
  const workerFile = path.join(dir.dir, '_worker.mjs');
  await writeFile(workerFile, formatCloudflareWorker(manifest, manifest.redirects.rules));
  worker = ((await import(pathToFileURL(workerFile).href)) as { default: typeof worker }).default;
}, 120_000);

afterAll(async () => {
  await preview?.close();
  await nginx?.close();
  await dir?.cleanup();
});

type Answer = Pick<ProbeResponse, 'status' | 'location' | 'body'> & {
  headers: Record<string, string | string[] | undefined>;
};

async function check(response: Answer, row: Row): Promise<void> {
  const what = `${row.why}: ${row.path}`;
  expect(response.status, what).toBe(row.expect.status);
  if ('location' in row.expect) expect(response.location, what).toBe(row.expect.location);
  else expect(response.location, what).toBeUndefined();
  if ('page' in row.expect)
    expect(
      response.body.equals(await readFile(path.join(outDir, row.expect.page))),
      `${what} serves ${row.expect.page}`,
    ).toBe(true);
  if (response.location !== undefined) expect(staysOnSite(response.location), what).toBe(true);
  expect(response.headers.vary, what).toBe(row.vary ? 'Cookie, Accept-Language' : undefined);
  if (row.expect.status !== 400)
    expect(response.headers['content-security-policy'], what).toBe(manifest.headers.security[0]!.value);
}

describe.each(servers)('the conformance table against %s', (_name, origin) => {
  it.each(TABLE.map((row) => [`${row.why} (${row.path})`, row] as const))('%s', async (_title, row) => {
    await check(await probe(origin(), row), row);
  });

  it('answers every redirect of the manifest, with and without a trailing slash, in one hop', async () => {
    const wrong: string[] = [];
    for (const rule of manifest.redirects.rules) {
      for (const from of [rule.from, `${rule.from}/`]) {
        const response = await probe(origin(), { path: `${from}?q=1` });
        if (response.status !== rule.status || response.location !== `${rule.to}?q=1`)
          wrong.push(`${from}: ${response.status} ${response.location}`);
      }
    }
    expect(manifest.redirects.rules.length).toBeGreaterThan(900);
    expect(wrong).toEqual([]);
  });

  it('puts the security headers and long caching on assets', async () => {
    const css = (await readFile(path.join(outDir, 'index.html'), 'utf8')).match(/href="(\/_assets\/[^"]+\.css)"/)?.[1];
    const response = await probe(origin(), { path: css! });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

it('nginx and the request handler agree on every hostile and ordinary row, header for header', async () => {
  const keys = [
    'content-security-policy',
    'referrer-policy',
    'permissions-policy',
    'strict-transport-security',
    'x-content-type-options',
    'cross-origin-opener-policy',
    'vary',
    'location',
  ];
  const differences: string[] = [];
  for (const row of TABLE) {
    const [a, b] = await Promise.all([probe(preview!.url, row), probe(nginx!.url, row)]);
    for (const key of keys)
      if (a.headers[key] !== b.headers[key] && row.expect.status !== 400)
        differences.push(`${row.path} ${key}: ${a.headers[key]} / ${b.headers[key]}`);
  }
  expect(differences).toEqual([]);
});

describe('the conformance table against the Cloudflare worker (run in Node, static files from the preview)', () => {
  /** Pages' static assets, stood in for by the preview server (the worker only forwards what it does not answer). */
  const assets = {
    fetch: (request: Request | URL) =>
      fetch(
        new URL(
          new URL(request instanceof URL ? request : request.url).pathname +
            new URL(request instanceof URL ? request : request.url).search,
          preview!.url,
        ),
        { redirect: 'manual' },
      ),
  };
  const ask = async (row: Row): Promise<Answer> => {
    const headers: Record<string, string> = {
      ...(row.cookie ? { cookie: row.cookie } : {}),
      ...(row.acceptLanguage ? { 'accept-language': row.acceptLanguage } : {}),
    };
    const response = await worker.fetch(new Request(`https://www.simpleanalytics.com${row.path}`, { headers }), {
      ASSETS: assets,
    });
    return {
      status: response.status,
      location: response.headers.get('location') ?? undefined,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    };
  };
  /** The Workers runtime hands the worker a parsed URL: `\\` is already `/` and `..` resolved, as a browser would send them. */
  const parsedAlike = (row: Row) =>
    new URL(`https://www.simpleanalytics.com${row.path}`).pathname === row.path.split('?')[0];

  it.each(TABLE.filter(parsedAlike).map((row) => [`${row.why} (${row.path})`, row] as const))(
    '%s',
    async (_title, row) => {
      await check(await ask(row), row);
    },
  );

  it.each(TABLE.filter((row) => !parsedAlike(row)).map((row) => [`${row.why} (${row.path})`, row] as const))(
    '%s stays on the site after URL parsing',
    async (_title, row) => {
      const answer = await ask(row);
      expect(answer.status).toBeLessThan(500);
      if (answer.location !== undefined) expect(staysOnSite(answer.location)).toBe(true);
    },
  );
});
