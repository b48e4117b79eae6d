// issue 11: real content builds. Slugs as Strapi holds them (mixed case, "_", ".", "~", é, Cyrillic),
// a family without an English version, and a hand-written redirect over a CMS country page, built
// from the fake Strapi over HTTP and served by the preview's request handler, a real nginx and the
// Cloudflare worker.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions, type BuildReport } from '../../pipeline/build.ts';
import { formatCloudflareWorker } from '../../pipeline/emit/hosts/format-cloudflare-worker.ts';
import { SitegenError } from '../../pipeline/errors.ts';
import type { HostManifest } from '../../pipeline/plan/host-manifest.ts';
import { loadHostManifest } from '../../pipeline/preview/load-host-manifest.ts';
import { startFakeStrapi, type FakeRecord, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { makeArticle, makeKeyTerm, REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir } from '../helpers/files.ts';
import { attr, parseHtml } from '../helpers/html.ts';
import { probe } from '../helpers/http-probe.ts';
import { startNginx, type RunningNginx } from '../helpers/nginx.ts';
import { startPreviewServer, type PreviewServer } from '../helpers/preview-server.ts';

const BASE = 'https://www.simpleanalytics.com';
const CYRILLIC = 'привет-мир';
const FINLAND_COUNTRY = '/google-analytics-illegal/is-google-analytics-illegal-in-finland';
const NORWAY_COUNTRY = '/google-analytics-illegal/is-google-analytics-illegal-in-norway';

/** The hard cases of real content, all valid. */
function hardCases(): FakeRecord[] {
  return [
    makeArticle({ documentId: 'cjeu', locale: 'en', slug: 'CJEU-cookies-are-sensitive-data' }),
    makeArticle({ documentId: 'cjeu', locale: 'de', slug: 'EuGH-Cookies-sind-sensible-Daten' }),
    makeArticle({ documentId: 'ccpa', locale: 'en', slug: 'ccpa_vs_cpra' }),
    makeArticle({ documentId: 'ccpa', locale: 'fr', slug: 'Été-sans-cookies' }),
    makeArticle({ documentId: 'fines', locale: 'en', slug: 'gdpr_fines_faq' }),
    makeArticle({ documentId: 'notes', locale: 'en', slug: 'release-1.2~notes' }),
    makeArticle({ documentId: 'coffee', locale: 'en', slug: 'coffee-and-privacy' }),
    makeArticle({ documentId: 'coffee', locale: 'fr', slug: 'café-et-vie-privée' }),
    makeArticle({ documentId: 'hello', locale: 'en', slug: 'hello-world-en' }),
    makeArticle({ documentId: 'hello', locale: 'nl', slug: CYRILLIC }),
    // No English version: pages in nl and de only.
    makeArticle({
      documentId: 'dutch-only',
      locale: 'nl',
      slug: 'alleen-in-het-nederlands',
      title: 'Alleen Nederlands',
    }),
    makeArticle({ documentId: 'dutch-only', locale: 'de', slug: 'nur-auf-deutsch', title: 'Nur Deutsch' }),
    // The legacy country pages of redirects.json, as CMS pages; the Finland rule's target exists, Norway's does not.
    makeArticle({
      documentId: 'finland',
      locale: 'en',
      slug: 'is-google-analytics-illegal-in-finland',
      articleType: 'google-analytics-countries',
      metadata: { country_code: 'FI', illegal: 'yes' },
    }),
    makeArticle({
      documentId: 'finland',
      locale: 'nl',
      slug: 'is-google-analytics-verboden-in-finland',
      articleType: 'google-analytics-countries',
      metadata: { country_code: 'FI', illegal: 'yes' },
    }),
    makeArticle({
      documentId: 'finland-blog',
      locale: 'en',
      slug: 'finland-is-latest-eu-country-to-crack-down-on-google-analytics',
    }),
    makeArticle({
      documentId: 'norway',
      locale: 'en',
      slug: 'is-google-analytics-illegal-in-norway',
      articleType: 'google-analytics-countries',
      metadata: { country_code: 'NO', illegal: 'yes' },
    }),
  ];
}

function keyTerms(): FakeRecord[] {
  return [
    makeKeyTerm({ documentId: 'funnel', locale: 'en', slug: 'conversion-funnel' }),
    makeKeyTerm({ documentId: 'funnel', locale: 'nl', slug: 'Conversietrechter' }),
    makeKeyTerm({ documentId: 'dutch-term', locale: 'nl', slug: 'alleen-een-nederlands-begrip' }),
  ];
}

const cleanups: Array<() => Promise<void>> = [];

async function buildFrom(
  server: FakeStrapi,
  overrides: Partial<BuildOptions> = {},
): Promise<{ options: BuildOptions; hostDir: string; report: BuildReport }> {
  const temp = await makeTempDir('hard-cases');
  cleanups.push(temp.cleanup);
  const hostDir = path.join(temp.dir, 'host');
  const options: BuildOptions = {
    siteDir: REPO_ROOT,
    outDir: path.join(temp.dir, 'out'),
    hostConfigDir: hostDir,
    cacheDir: path.join(temp.dir, 'cache'),
    cms: { url: server.restUrl, concurrency: 4 },
    includeDrafts: false,
    skipInvalid: false,
    host: 'nginx',
    ...overrides,
  };
  return { options, hostDir, report: await build(options) };
}

async function fake(articles: FakeRecord[], terms: FakeRecord[] = keyTerms()): Promise<FakeStrapi> {
  const server = await startFakeStrapi({ version: 5, collections: { articles, 'key-terms': terms } });
  cleanups.push(() => server.close());
  return server;
}

afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

describe('a build of the hard cases', () => {
  let outDir: string;
  let report: BuildReport;
  let manifest: HostManifest;
  let preview: PreviewServer;
  let nginx: RunningNginx;
  const read = (file: string) => readFile(path.join(outDir, file), 'utf8');

  beforeAll(async () => {
    const built = await buildFrom(await fake(hardCases()));
    outDir = built.options.outDir;
    report = built.report;
    manifest = await loadHostManifest(built.hostDir);
    preview = await startPreviewServer(outDir, manifest);
    cleanups.push(() => preview.close());
    nginx = await startNginx({ root: outDir, sitegenConfig: path.join(built.hostDir, 'nginx', 'sitegen') });
    cleanups.push(() => nginx.close());
  }, 120_000);

  it('writes every slug exactly as the CMS has it into the file name', async () => {
    for (const file of [
      'blog/CJEU-cookies-are-sensitive-data.html',
      'de/blog/EuGH-Cookies-sind-sensible-Daten.html',
      'blog/ccpa_vs_cpra.html',
      'blog/gdpr_fines_faq.html',
      'blog/release-1.2~notes.html',
      'fr/blog/café-et-vie-privée.html',
      `nl/blog/${CYRILLIC}.html`,
      'nl/begrippenlijst/analytics/kernbegrip/Conversietrechter.html',
    ]) {
      expect((await read(file)).startsWith('<!DOCTYPE html>'), file).toBe(true);
    }
  });

  it('percent-encodes the slug in canonical, hreflang, sitemap and feed URLs, and nowhere changes its case', async () => {
    const fr = `${BASE}/fr/blog/caf%C3%A9-et-vie-priv%C3%A9e`;
    const html = parseHtml(await read('blog/coffee-and-privacy.html'));
    expect(
      attr(
        html.one('link', (element) => attr(element, 'hreflang') === 'fr-FR'),
        'href',
      ),
    ).toBe(fr);
    expect(
      attr(
        parseHtml(await read('fr/blog/café-et-vie-privée.html')).one(
          'link',
          (element) => attr(element, 'rel') === 'canonical',
        ),
        'href',
      ),
    ).toBe(fr);
    const sitemap = await read('sitemap.xml');
    expect(sitemap).toContain(`<loc>${fr}</loc>`);
    expect(sitemap).toContain(`<loc>${BASE}/nl/blog/${encodeURIComponent(CYRILLIC)}</loc>`);
    expect(sitemap).toContain(`<loc>${BASE}/blog/CJEU-cookies-are-sensitive-data</loc>`);
    expect(sitemap).toContain(`<loc>${BASE}/blog/release-1.2~notes</loc>`);
    expect(await read('fr/feed.xml')).toContain(fr);
  });

  it('plans a 308 from the lowercase form of each mixed-case URL path to the real one', () => {
    const rule = (from: string) => manifest.redirects.rules.find((candidate) => candidate.from === from);
    expect(rule('/blog/cjeu-cookies-are-sensitive-data')).toMatchObject({
      to: '/blog/CJEU-cookies-are-sensitive-data',
      status: 308,
      origin: 'case',
    });
    expect(rule('/de/blog/eugh-cookies-sind-sensible-daten')).toMatchObject({
      to: '/de/blog/EuGH-Cookies-sind-sensible-Daten',
      origin: 'case',
    });
    expect(rule('/nl/begrippenlijst/analytics/kernbegrip/conversietrechter')).toMatchObject({
      to: '/nl/begrippenlijst/analytics/kernbegrip/Conversietrechter',
      origin: 'case',
    });
    // The English fallback pages (nl, es, fr, it) carry the English mixed-case slug too.
    expect(
      manifest.redirects.rules.filter((candidate) => candidate.origin === 'case').map((candidate) => candidate.to),
    ).toEqual([
      '/blog/CJEU-cookies-are-sensitive-data',
      '/de/blog/EuGH-Cookies-sind-sensible-Daten',
      '/es/blog/CJEU-cookies-are-sensitive-data',
      '/fr/blog/%C3%89t%C3%A9-sans-cookies',
      '/fr/blog/CJEU-cookies-are-sensitive-data',
      '/it/blog/CJEU-cookies-are-sensitive-data',
      '/nl/begrippenlijst/analytics/kernbegrip/Conversietrechter',
      '/nl/blog/CJEU-cookies-are-sensitive-data',
    ]);
  });

  it('gives a family without English no English page and no fallbacks; its own pages, lists, hreflang and sitemap are right', async () => {
    const files = new Set(
      (await readTreeNames(outDir)).filter((file) => /alleen-in-het-nederlands|nur-auf-deutsch/.test(file)),
    );
    expect([...files].sort()).toEqual(['de/blog/nur-auf-deutsch.html', 'nl/blog/alleen-in-het-nederlands.html']);
    const page = await read('nl/blog/alleen-in-het-nederlands.html');
    expect(page).toContain('<html lang="nl-NL"');
    expect(page).not.toContain('Below is the English version');
    expect(page).not.toContain('Deze inhoud is nog niet vertaald');
    const hreflangs = parseHtml(page)
      .all('link', (element) => attr(element, 'rel') === 'alternate' && attr(element, 'hreflang') !== undefined)
      .map((element) => `${attr(element, 'hreflang')} ${attr(element, 'href')}`);
    expect(hreflangs).toEqual([
      `nl-NL ${BASE}/nl/blog/alleen-in-het-nederlands`,
      `de-DE ${BASE}/de/blog/nur-auf-deutsch`,
    ]);
    const sitemap = await read('sitemap.xml');
    expect(sitemap.match(/alleen-in-het-nederlands|nur-auf-deutsch/g)?.length).toBe(6); // two <loc>, two alternates each
    expect(sitemap).not.toMatch(/simpleanalytics\.com\/(?:blog|fr\/blog|es\/blog|it\/blog)\/(?:alleen|nur)/);
    expect(await read('nl/blog.html')).toContain('href="/nl/blog/alleen-in-het-nederlands"');
    expect(await read('blog.html')).not.toMatch(/alleen-in-het-nederlands|nur-auf-deutsch/);
    expect(await read('fr/blog.html')).not.toMatch(/alleen-in-het-nederlands|nur-auf-deutsch/);
    expect(await read('feed.xml')).not.toMatch(/alleen|nur-auf/);
    expect(await read('nl/feed.xml')).toContain('alleen-in-het-nederlands');
    // The same for a key term: listed under its own locale only.
    expect(await read('nl/begrippenlijst/analytics/kernbegrippen.html')).toContain(
      'href="/nl/begrippenlijst/analytics/kernbegrip/alleen-een-nederlands-begrip"',
    );
    expect(await read('glossary/analytics/key-terms.html')).not.toContain('alleen-een-nederlands-begrip');
    expect((await readTreeNames(outDir)).filter((file) => file.includes('alleen-een-nederlands-begrip'))).toEqual([
      'nl/begrippenlijst/analytics/kernbegrip/alleen-een-nederlands-begrip.html',
    ]);
  });

  it('still shows English as the fallback where English exists, with its notice', async () => {
    const page = await read('es/blog/ccpa_vs_cpra.html');
    expect(page).toContain('<html lang="es-ES"');
    expect(page).toContain('A continuación aparece la versión en inglés.');
    expect(page).toContain('<div class="prose" lang="en-US">');
    expect(page).toMatch(/Article ccpa \(en\)/);
    // A locale's own version never carries the notice.
    expect(await read('de/blog/EuGH-Cookies-sind-sensible-Daten.html')).not.toContain(
      'Dieser Inhalt ist noch nicht übersetzt',
    );
  });

  it('lets the hand-written Finland redirect win over the CMS country page, with a warning naming both', async () => {
    const rule = manifest.redirects.rules.find((candidate) => candidate.from === FINLAND_COUNTRY);
    expect(rule).toMatchObject({
      to: '/blog/finland-is-latest-eu-country-to-crack-down-on-google-analytics',
      status: 308,
      origin: 'list',
    });
    const warning = report.warnings.find((line) => line.includes(FINLAND_COUNTRY));
    expect(warning).toMatch(
      /^redirects\.json #\d+: the redirect from \/google-analytics-illegal\/is-google-analytics-illegal-in-finland wins over the page of articles #\d+ \(articles:finland, en\); the page is left out$/,
    );
    const files = await readTreeNames(outDir);
    expect(files).not.toContain(`${FINLAND_COUNTRY.slice(1)}.html`);
    expect(files).toContain('nl/google-analytics-verboden/is-google-analytics-verboden-in-finland.html');
    expect(await read('sitemap.xml')).not.toContain(FINLAND_COUNTRY);
    expect(await read('google-analytics-is-illegal-in-these-countries.html')).not.toContain(
      `href="${FINLAND_COUNTRY}"`,
    );
    const dutch = parseHtml(await read('nl/google-analytics-verboden/is-google-analytics-verboden-in-finland.html'));
    expect(
      dutch.all(
        'link',
        (element) => attr(element, 'hreflang') === 'en-US' || attr(element, 'hreflang') === 'x-default',
      ),
    ).toEqual([]);
  });

  it('keeps a CMS page whose hand-written redirect points at an entry this build lacks', async () => {
    expect(await readTreeNames(outDir)).toContain(`${NORWAY_COUNTRY.slice(1)}.html`);
    expect(manifest.redirects.rules.find((candidate) => candidate.from === NORWAY_COUNTRY)).toBeUndefined();
  });

  const servers: Array<[string, () => string]> = [
    ['the preview request handler', () => preview.url],
    ['a real nginx with the emitted configuration', () => nginx.url],
  ];
  describe.each(servers)('served by %s', (_name, origin) => {
    const page = async (requestPath: string, file: string) => {
      const response = await probe(origin(), { path: requestPath });
      expect(response.status, requestPath).toBe(200);
      expect(response.body.equals(await readFile(path.join(outDir, file))), `${requestPath} serves ${file}`).toBe(true);
    };
    const redirect = async (requestPath: string, location: string) => {
      const response = await probe(origin(), { path: requestPath });
      expect([response.status, response.location], requestPath).toEqual([308, location]);
    };

    it('serves encoded non-ASCII paths from the decoded file names', async () => {
      await page('/fr/blog/caf%C3%A9-et-vie-priv%C3%A9e', 'fr/blog/café-et-vie-privée.html');
      await page(`/nl/blog/${encodeURIComponent(CYRILLIC)}`, `nl/blog/${CYRILLIC}.html`);
      await page('/blog/release-1.2~notes', 'blog/release-1.2~notes.html');
    });

    it('sends a non-ASCII path with a trailing slash or .html to its canonical form, encoded', async () => {
      await redirect('/fr/blog/caf%C3%A9-et-vie-priv%C3%A9e/', '/fr/blog/caf%C3%A9-et-vie-priv%C3%A9e');
      await redirect('/fr/blog/caf%C3%A9-et-vie-priv%C3%A9e.html?x=1', '/fr/blog/caf%C3%A9-et-vie-priv%C3%A9e?x=1');
      // Encoded slashes or dot segments are never echoed: no page, no redirect.
      expect((await probe(origin(), { path: '/fr/blog/%2F%2Fcaf%C3%A9/' })).status).toBe(404);
    });

    it('serves mixed-case pages without a loop, and sends their lowercase form to them', async () => {
      await page('/blog/CJEU-cookies-are-sensitive-data', 'blog/CJEU-cookies-are-sensitive-data.html');
      await page(
        '/nl/begrippenlijst/analytics/kernbegrip/Conversietrechter',
        'nl/begrippenlijst/analytics/kernbegrip/Conversietrechter.html',
      );
      await redirect('/blog/cjeu-cookies-are-sensitive-data', '/blog/CJEU-cookies-are-sensitive-data');
      await redirect('/blog/cjeu-cookies-are-sensitive-data/?x=1', '/blog/CJEU-cookies-are-sensitive-data?x=1');
      await redirect(
        '/nl/begrippenlijst/analytics/kernbegrip/conversietrechter',
        '/nl/begrippenlijst/analytics/kernbegrip/Conversietrechter',
      );
      await page('/fr/blog/%C3%89t%C3%A9-sans-cookies', 'fr/blog/Été-sans-cookies.html');
      await redirect('/fr/blog/%C3%A9t%C3%A9-sans-cookies', '/fr/blog/%C3%89t%C3%A9-sans-cookies');
      // Only the exact lowercase form is a source: other spellings are no page.
      expect((await probe(origin(), { path: '/blog/Cjeu-Cookies-Are-Sensitive-Data' })).status).toBe(404);
    });

    it('redirects localized slugs with non-ASCII characters, encoded, in one hop', async () => {
      await redirect('/blog/caf%C3%A9-et-vie-priv%C3%A9e', '/blog/coffee-and-privacy');
      await redirect('/fr/blog/coffee-and-privacy', '/fr/blog/caf%C3%A9-et-vie-priv%C3%A9e');
      await redirect(`/blog/${encodeURIComponent(CYRILLIC)}`, '/blog/hello-world-en');
    });

    it('redirects the legacy Finland country URL over the CMS page', async () => {
      await redirect(FINLAND_COUNTRY, '/blog/finland-is-latest-eu-country-to-crack-down-on-google-analytics');
    });
  });

  it('the Cloudflare worker answers the same, matching the lowercase rules with case', async () => {
    const dir = await makeTempDir('worker');
    cleanups.push(dir.cleanup);
    const file = path.join(dir.dir, '_worker.mjs');
    await writeFile(file, formatCloudflareWorker(manifest, manifest.redirects.rules));
    const worker = (
      (await import(pathToFileURL(file).href)) as {
        default: { fetch(request: Request, env: unknown): Promise<Response> };
      }
    ).default;
    const assets = { fetch: async () => new Response('asset', { status: 200 }) };
    const ask = async (requestPath: string) => {
      const response = await worker.fetch(new Request(`${BASE}${requestPath}`), { ASSETS: assets });
      return [response.status, response.headers.get('location')];
    };
    expect(await ask('/blog/cjeu-cookies-are-sensitive-data')).toEqual([308, '/blog/CJEU-cookies-are-sensitive-data']);
    expect(await ask('/blog/CJEU-cookies-are-sensitive-data')).toEqual([200, null]);
    expect(await ask('/blog/caf%C3%A9-et-vie-priv%C3%A9e')).toEqual([308, '/blog/coffee-and-privacy']);
    expect(await ask('/fr/blog/caf%C3%A9-et-vie-priv%C3%A9e/')).toEqual([308, '/fr/blog/caf%C3%A9-et-vie-priv%C3%A9e']);
    expect(await ask(FINLAND_COUNTRY)).toEqual([
      308,
      '/blog/finland-is-latest-eu-country-to-crack-down-on-google-analytics',
    ]);
  });
});

describe('slugs that cannot be built', () => {
  const unsafe = [
    'a/b',
    'back\\slash',
    '50%-off',
    'what?',
    'x#y',
    'two words',
    'tab\there',
    'bell\u0007',
    '.',
    '..',
    'colon:x',
  ];
  const withUnsafe = () => [
    ...hardCases(),
    ...unsafe.map((slug, index) => makeArticle({ id: 700 + index, documentId: `unsafe-${index}`, locale: 'en', slug })),
  ];

  it('fails with CONTENT_INVALID listing every unsafe slug with its reason', async () => {
    const failure = (await buildFrom(await fake(withUnsafe())).catch((error: unknown) => error)) as SitegenError;
    expect(failure).toBeInstanceOf(SitegenError);
    expect(failure.code).toBe('CONTENT_INVALID');
    const lines = failure.message
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .sort();
    expect(lines).toEqual([
      'articles #700 (en)  slug: "/" is not allowed in a slug (it is unsafe in a URL path): use letters, digits and "-", "_", ".", "~"',
      'articles #701 (en)  slug: "\\" is not allowed in a slug (it is unsafe in a URL path): use letters, digits and "-", "_", ".", "~"',
      'articles #702 (en)  slug: "%" is not allowed in a slug (it is unsafe in a URL path): use letters, digits and "-", "_", ".", "~"',
      'articles #703 (en)  slug: "?" is not allowed in a slug (it is unsafe in a URL path): use letters, digits and "-", "_", ".", "~"',
      'articles #704 (en)  slug: "#" is not allowed in a slug (it is unsafe in a URL path): use letters, digits and "-", "_", ".", "~"',
      'articles #705 (en)  slug: whitespace (U+0020) is not allowed in a slug (it is unsafe in a URL path): use letters, digits and "-", "_", ".", "~"',
      'articles #706 (en)  slug: whitespace (U+0009) is not allowed in a slug (it is unsafe in a URL path): use letters, digits and "-", "_", ".", "~"',
      'articles #707 (en)  slug: the character U+0007 is not allowed in a slug (it is unsafe in a URL path): use letters, digits and "-", "_", ".", "~"',
      'articles #708 (en)  slug: "." is a dot segment, not a slug',
      'articles #709 (en)  slug: ".." is a dot segment, not a slug',
      'articles #710 (en)  slug: ":" is not allowed in a slug: use letters, digits and "-", "_", ".", "~"',
    ]);
  });

  it('with --skip-invalid builds the rest and lists each as a warning', async () => {
    const { report, options } = await buildFrom(await fake(withUnsafe()), { skipInvalid: true });
    expect(report.warnings.filter((line) => line.startsWith('left out: articles #7'))).toHaveLength(unsafe.length);
    expect(await readTreeNames(options.outDir)).toContain('blog/ccpa_vs_cpra.html');
  });

  it('refuses two slugs of one route and locale that differ only in case, naming both entries', async () => {
    const articles = [
      ...hardCases(),
      makeArticle({ id: 801, documentId: 'clash', locale: 'en', slug: 'cjeu-COOKIES-are-sensitive-data' }),
    ];
    const failure = (await buildFrom(await fake(articles)).catch((error: unknown) => error)) as SitegenError;
    expect(failure.code).toBe('OUTPUT_PATH_CLASH');
    expect(failure.message).toMatch(
      /\/blog\/(?:CJEU-cookies|cjeu-COOKIES)-are-sensitive-data and \/blog\/(?:CJEU-cookies|cjeu-COOKIES)-are-sensitive-data \(they differ only in case or Unicode normalisation\)/,
    );
    expect(failure.message).toMatch(/articles #801, en, slug "cjeu-COOKIES-are-sensitive-data"/);
    expect(failure.message).toMatch(/articles #\d+, en, slug "CJEU-cookies-are-sensitive-data"/);
  });

  it('refuses two slugs that differ only in Unicode normalisation (NFC and NFD), naming both entries', async () => {
    const nfd = 'café-et-vie-privée'.normalize('NFD');
    const articles = [...hardCases(), makeArticle({ id: 802, documentId: 'nfd', locale: 'fr', slug: nfd })];
    const failure = (await buildFrom(await fake(articles)).catch((error: unknown) => error)) as SitegenError;
    expect(failure.code).toBe('OUTPUT_PATH_CLASH');
    expect(failure.message).toContain('they differ only in case or Unicode normalisation');
    expect(failure.message).toContain(`articles #802, fr, slug "${nfd}"`);
    expect(failure.message).toMatch(/articles #\d+, fr, slug "café-et-vie-privée"/);
  });
});

async function readTreeNames(root: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}
