import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../pipeline/locale.ts';
import { formatViolations, launchBrowser, runAxe } from '../helpers/browser.ts';
import { buildEmbeddedSite, listPages, type BuiltSite } from '../helpers/built-site.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import { startStaticServer, type StaticServer } from '../helpers/static-server.ts';

/** One page of each type, by its route in routes.json; the URL is taken from the build, not hard-coded. */
const PAGE_TYPES = [
  ['home', 'index'],
  ['pricing', 'pricing'],
  ['blog list', 'blog'],
  ['blog article', 'blog-slug'],
  ['glossary overview', 'glossary'],
  ['glossary category', 'glossary-category'],
  ['glossary term', 'glossary-category-slug'],
  ['key-terms list', 'glossary-category-key-terms'],
  ['key term', 'glossary-category-key-terms-slug'],
  ['countries overview', 'google-analytics-countries'],
  ['country page', 'google-analytics-countries-slug'],
  ['UTM generator', 'utm-generator'],
  ['video', 'video'],
] as const;
const LOCALES: Locale[] = ['en', 'de'];
const SCHEMES = ['light', 'dark'] as const;
const NOT_FOUND = '404 (a missing URL)';

const cases = LOCALES.flatMap((locale) =>
  [...PAGE_TYPES.map(([type]) => type), NOT_FOUND].flatMap((type) =>
    SCHEMES.map((scheme) => [type, locale, scheme] as const),
  ),
);

let site: BuiltSite | undefined;
let server: StaticServer | undefined;
let browser: Browser | undefined;
/** `${route} ${locale}` → the first built URL path of that route (sorted). */
const samples = new Map<string, string>();

beforeAll(async () => {
  site = await buildEmbeddedSite('axe');
  server = await startStaticServer(site.outDir);
  browser = await launchBrowser();
  const routes = JSON.parse(await readFile(path.join(REPO_ROOT, 'routes.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  for (const page of await listPages(site.outDir)) {
    if (page.isNotFound) continue;
    // A path can fit two patterns (`/glossary/{category}/key-terms` is also `/glossary/{category}/{slug}`): the fewest placeholders wins.
    const route = Object.entries(routes)
      .filter(
        ([, byLocale]) => byLocale[page.locale] !== undefined && patternFor(byLocale[page.locale]!).test(page.urlPath),
      )
      .sort(([, a], [, b]) => placeholders(a[page.locale]!) - placeholders(b[page.locale]!))[0]?.[0];
    if (route && !samples.has(`${route} ${page.locale}`)) samples.set(`${route} ${page.locale}`, page.urlPath);
  }
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await site?.cleanup();
});

function patternFor(route: string): RegExp {
  const escaped = route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

function placeholders(route: string): number {
  return (route.match(/\{[a-z]+\}/g) ?? []).length;
}

describe('accessibility (axe-core: WCAG 2 A/AA + best practices)', () => {
  it.each(cases)('%s (%s, %s)', async (type, locale, scheme) => {
    let urlPath: string;
    if (type === NOT_FOUND) {
      urlPath = `${locale === 'en' ? '' : `/${locale}`}/this-page-does-not-exist`;
    } else {
      const route = PAGE_TYPES.find(([name]) => name === type)![1];
      const found = samples.get(`${route} ${locale}`);
      expect(found, `the build has no ${type} page in ${locale} (route "${route}")`).toBeDefined();
      urlPath = found!;
    }

    const context = await browser!.newContext({ bypassCSP: true });
    try {
      // Only the local site loads: third-party scripts and fonts would make the check depend on the network.
      await context.route('**/*', (route) =>
        route.request().url().startsWith(`${server!.url}/`) ? route.continue() : route.abort(),
      );
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      const response = await page.goto(`${server!.url}${encodeURI(urlPath)}`, { waitUntil: 'load' });
      expect(response?.status(), `status of ${urlPath}`).toBe(type === NOT_FOUND ? 404 : 200);
      const violations = await runAxe(page);
      expect(
        violations.length,
        `${violations.length} axe violations on ${urlPath} (${scheme}):\n${formatViolations(violations)}\n`,
      ).toBe(0);
    } finally {
      await context.close();
    }
  });
});
