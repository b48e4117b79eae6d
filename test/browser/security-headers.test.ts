import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatRedirectStub } from '../../pipeline/emit/hosts/format-redirect-stub.ts';
import type { HostManifest } from '../../pipeline/plan/host-manifest.ts';
import { loadHostManifest } from '../../pipeline/preview/load-host-manifest.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { buildEmbeddedSite, type BuiltSite } from '../helpers/built-site.ts';
import { startPreviewServer, type PreviewServer } from '../helpers/preview-server.ts';

/**
 * The header policy in a real Chromium, served by the preview's request handler: no page breaks the
 * Content-Security-Policy (its inline scripts are allowed by hash, the cover colours by
 * `style-src-attr`), and the root language detection works by the inline script alone, as on hosts
 * without conditional redirects.
 */
let site: BuiltSite | undefined;
let manifest: HostManifest;
let preview: PreviewServer | undefined;
let withoutConditions: PreviewServer | undefined;
let browser: Browser | undefined;
const contexts: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  site = await buildEmbeddedSite('csp');
  manifest = await loadHostManifest(`${site.outDir}-host`);
  const stub = formatRedirectStub(
    { from: '/old-pricing', to: '/pricing', status: 308, origin: 'list', force: false, label: 'test' },
    { baseUrl: manifest.baseUrl, lang: 'en' },
  );
  await writeFile(path.join(site.outDir, stub.path), 'contents' in stub ? stub.contents : '');
  preview = await startPreviewServer(site.outDir, manifest);
  // A host that cannot redirect by cookie or language: only the page's inline script can.
  withoutConditions = await startPreviewServer(site.outDir, {
    ...manifest,
    redirects: { ...manifest.redirects, rootLanguage: { ...manifest.redirects.rootLanguage, targets: [] } },
  });
  browser = await launchBrowser();
}, 180_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
  await preview?.close();
  await withoutConditions?.close();
  await site?.cleanup();
});

/** A page that records every CSP violation; requests to other origins are aborted (no network in tests). */
async function open(
  origin: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; violations: () => Promise<string[]> }> {
  const context = await browser!.newContext(options);
  contexts.push(context);
  await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.effectiveDirective} ${event.blockedURI || '(inline)'} ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Permissions-Policy/i.test(message.text())) console.push(message.text());
  });
  return {
    page,
    violations: async () => [
      ...console,
      ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? [])),
    ],
  };
}

async function firstHref(file: string, pattern: RegExp): Promise<string> {
  const match = (await readFile(path.join(site!.outDir, file), 'utf8')).match(pattern);
  if (!match?.[1]) throw new Error(`no match for ${pattern} in ${file}`);
  return match[1];
}

describe('the Content-Security-Policy in Chromium', () => {
  it('is sent on pages and 404 pages', async () => {
    const { page } = await open(preview!.url);
    for (const urlPath of ['/', '/nl/prijzen', '/nl/bestaat-niet']) {
      const response = await page.goto(`${preview!.url}${urlPath}`);
      expect(response!.headers()['content-security-policy'], urlPath).toBe(manifest.headers.security[0]!.value);
      expect(response!.headers()['x-content-type-options'], urlPath).toBe('nosniff');
    }
  });

  it('blocks nothing on the pages with inline scripts, cover colours, islands, the video and the 404 page', async () => {
    const article = await firstHref('blog.html', /<a[^>]+href="(\/blog\/[^"]+)"/);
    const blocked: string[] = [];
    for (const urlPath of [
      '/',
      '/pricing',
      '/blog',
      article,
      '/video',
      '/utm-generator',
      '/google-analytics-is-illegal-in-these-countries',
      '/nl/bestaat-niet',
    ]) {
      const { page, violations } = await open(preview!.url);
      await page.goto(`${preview!.url}${urlPath}`, { waitUntil: 'load' });
      // Wake the islands: hover, focus and scroll bring in their bundles.
      await page.mouse.move(10, 10);
      await page.keyboard.press('Tab');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForTimeout(300);
      blocked.push(...(await violations()).map((violation) => `${urlPath}: ${violation}`));
    }
    expect(blocked).toEqual([]);
  });

  it('would report a blocked inline script (the check above is not vacuous)', async () => {
    const withoutHashes = manifest.headers.security.map((header) =>
      header.name === 'Content-Security-Policy'
        ? { ...header, value: header.value.replace(/ 'sha256-[^']+'/g, '') }
        : header,
    );
    const strict = await startPreviewServer(site!.outDir, {
      ...manifest,
      headers: { ...manifest.headers, security: withoutHashes },
    });
    try {
      const { page, violations } = await open(strict.url);
      await page.context().addCookies([{ name: 'theme', value: 'dark', url: strict.url }]);
      await page.goto(`${strict.url}/pricing`);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
      expect((await violations()).join('\n')).toContain('script-src-elem inline');
    } finally {
      await strict.close();
    }
  });

  it('lets the theme script run before first paint (allowed by its hash)', async () => {
    const { page, violations } = await open(preview!.url);
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: preview!.url }]);
    await page.goto(`${preview!.url}/pricing`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await violations()).toEqual([]);
  });

  it('lets a redirect stub carry the query string and fragment along (its script allowed by hash)', async () => {
    const { page, violations } = await open(preview!.url);
    await page.goto(`${preview!.url}/old-pricing?plan=business#faq`);
    await page.waitForURL(`${preview!.url}/pricing?plan=business#faq`);
    expect(await violations()).toEqual([]);
  });
});

describe('root language detection by the inline script alone (a host without conditions)', () => {
  it('follows the locale cookie', async () => {
    const { page, violations } = await open(withoutConditions!.url);
    await page.context().addCookies([{ name: 'locale', value: 'nl', url: withoutConditions!.url }]);
    await page.goto(`${withoutConditions!.url}/?ref=x`);
    await page.waitForURL(`${withoutConditions!.url}/nl?ref=x`);
    expect(await violations()).toEqual([]);
  });

  it('else the browser language', async () => {
    const { page } = await open(withoutConditions!.url, { locale: 'de-DE' });
    await page.goto(`${withoutConditions!.url}/`);
    await page.waitForURL(`${withoutConditions!.url}/de`);
  });

  it('else stays on English', async () => {
    const { page } = await open(withoutConditions!.url, { locale: 'pt-BR' });
    const response = await page.goto(`${withoutConditions!.url}/`);
    expect(response!.status()).toBe(200);
    await page.waitForTimeout(200);
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('is done by the host where it can: the preview answers 307 before the page loads', async () => {
    const { page } = await open(preview!.url, { locale: 'es-ES' });
    const response = await page.goto(`${preview!.url}/`);
    expect(new URL(page.url()).pathname).toBe('/es');
    expect(response!.request().redirectedFrom()?.url()).toBe(`${preview!.url}/`);
  });
});
