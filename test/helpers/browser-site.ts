import { readFileSync } from 'node:fs';
import { typeset } from '../../pipeline/locale-format.ts';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Cookie, Page, Request } from 'playwright-core';
import { expect } from 'vitest';
import type { Locale } from '../../pipeline/locale.ts';
import { launchBrowser } from './browser.ts';
import { buildEmbeddedSite, type BuiltSite } from './built-site.ts';
import { REPO_ROOT } from './content.ts';
import { startStaticServer, type StaticServer } from './static-server.ts';

/**
 * One built site, served on 127.0.0.1, and one Chromium for a whole test file. Every context it opens
 * loads only the local site: any other request is aborted (a test may answer one itself with page.route,
 * which takes precedence).
 */
export interface BrowserSite {
  site: BuiltSite;
  server: StaticServer;
  browser: Browser;
  /** `http://127.0.0.1:<port>` + path. */
  url(urlPath: string): string;
  /** A fresh context (cookies, storage) limited to the local site, and a page in it. */
  open(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** Closes the contexts opened since the last call (use in afterEach). */
  closeContexts(): Promise<void>;
  close(): Promise<void>;
}

export async function openBrowserSite(prefix: string): Promise<BrowserSite> {
  const site = await buildEmbeddedSite(prefix);
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startStaticServer(site.outDir);
    browser = await launchBrowser();
  } catch (error) {
    await server?.close();
    await site.cleanup();
    throw error;
  }
  const origin = server.url;
  const contexts = new Set<BrowserContext>();
  const closeContexts = async () => {
    const open = [...contexts];
    contexts.clear();
    await Promise.all(open.map((context) => context.close().catch(() => undefined)));
  };
  return {
    site,
    server,
    browser,
    url: (urlPath) => `${origin}${urlPath}`,
    async open(options = {}) {
      const context = await browser.newContext(options);
      contexts.add(context);
      await context.route('**/*', (route) =>
        route.request().url().startsWith(`${origin}/`) ? route.fallback() : route.abort('blockedbyclient'),
      );
      const page = await context.newPage();
      return { context, page };
    },
    closeContexts,
    async close() {
      await closeContexts();
      await browser.close();
      await server.close();
      await site.cleanup();
    },
  };
}

// --- Site data the tests compare against -------------------------------------------------------------

const siteJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'site.json'), 'utf8')) as {
  newsletter: { endpoint: string };
  links: Record<string, string>;
  analytics: { scriptUrl: string };
};

/** Where the newsletter form posts (site.json). */
export const NEWSLETTER_ENDPOINT = siteJson.newsletter.endpoint;
export const SITE_LINKS = siteJson.links;
export const ANALYTICS_SCRIPT_URL = siteJson.analytics.scriptUrl;

const routes = JSON.parse(readFileSync(path.join(REPO_ROOT, 'routes.json'), 'utf8')) as Record<
  string,
  Record<string, string>
>;

/** A named route's path in a locale, placeholders filled: routePath('pricing', 'nl') → /nl/prijzen. */
export function routePath(name: string, locale: Locale, params: Record<string, string> = {}): string {
  const pattern = routes[name]?.[locale];
  if (pattern === undefined) throw new Error(`no route ${name} for ${locale}`);
  return pattern.replace(/\{([a-z]+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`route ${name} needs {${key}}`);
    return value;
  });
}

const stringCache = new Map<string, Record<string, string>>();

/** A UI string of locales/<locale>.json with {0}, {1}… filled. */
export function t(locale: Locale, key: string, ...args: Array<string | number>): string {
  let strings = stringCache.get(locale);
  if (!strings) {
    strings = JSON.parse(readFileSync(path.join(REPO_ROOT, 'locales', `${locale}.json`), 'utf8')) as Record<
      string,
      string
    >;
    stringCache.set(locale, strings);
  }
  const template = strings[key];
  if (template === undefined) throw new Error(`locales/${locale}.json has no "${key}"`);
  // The build sets every UI string in its language's typography (pipeline/locale-format.ts): so does the expectation.
  return typeset(template, locale).replace(/\{(\d+)\}/g, (_, index: string) =>
    String(args[Number(index)] ?? `{${index}}`),
  );
}

/** The locale's display name as the language switcher lists it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  nl: 'Nederlands',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
};

/** The article the issue names, with its slug in each locale the tests use. */
export const PRIVACY_TIPS = {
  en: 'practical-privacy-tips-for-your-business',
  nl: 'praktische-privacytips-voor-je-bedrijf',
  fr: 'conseils-pratiques-de-confidentialite-pour-votre-entreprise',
} as const;

export function articlePath(locale: 'en' | 'nl' | 'fr'): string {
  return routePath('blog-slug', locale, { slug: PRIVACY_TIPS[locale] });
}

// --- Widgets -------------------------------------------------------------------------------------------

/** An interactive widget by name (`data-widget`): a shell menu, a widget with its own module, or a React island. */
export function island(page: Page, name: string) {
  return page.locator(`[data-widget="${name}"]`).first();
}

/**
 * Waits until a widget is ready: `data-ready` is set once its script has taken over; a React island
 * (the `.island` wrapper) is then hydrated when its first element carries React's props key.
 */
export async function waitForIsland(page: Page, name: string): Promise<void> {
  const element = island(page, name);
  await page.locator(`[data-widget="${name}"][data-ready]`).first().waitFor({ state: 'attached' });
  if (await element.evaluate((wrapper) => wrapper.classList.contains('island'))) {
    await expect
      .poll(
        () =>
          element.evaluate((wrapper) =>
            Object.keys(wrapper.firstElementChild ?? {}).some((key) => key.startsWith('__reactProps$')),
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
  }
  await settle(page);
}

/**
 * Waits until the page has nothing left to do right now: two frames, then an idle period. React
 * finishes hydrating and runs effects (listeners of an opened menu, say) in scheduled tasks; on a busy
 * machine they can trail the DOM change a test saw.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() =>
          requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 3000 })),
        );
      }),
  );
}

/** Wakes a widget the way a visitor does (pointer over it, or scrolled into view) and waits for it. */
export async function wakeIsland(page: Page, name: string): Promise<void> {
  const element = island(page, name);
  const when = await element.getAttribute('data-when');
  const box = (await element.evaluate((wrapper) => wrapper.classList.contains('island')))
    ? element.locator(':scope > *').first()
    : element;
  if (when === 'interaction') await box.hover();
  else if (when === 'visible') await box.scrollIntoViewIfNeeded();
  await waitForIsland(page, name);
}

// --- Cookies and requests ----------------------------------------------------------------------------

export async function cookie(context: BrowserContext, name: string): Promise<Cookie | undefined> {
  return (await context.cookies()).find((candidate) => candidate.name === name);
}

/** A cookie exists with this value, path / and the given SameSite; expiry ≈ now + days when days is given. */
export async function expectCookie(
  context: BrowserContext,
  name: string,
  expected: { value: string; days?: number; sameSite?: Array<Cookie['sameSite']>; secure?: boolean },
): Promise<Cookie> {
  await expect
    .poll(async () => (await cookie(context, name))?.value, { message: `cookie ${name}` })
    .toBe(expected.value);
  const found = (await cookie(context, name))!;
  expect(found.path, `path of cookie ${name}`).toBe('/');
  expect(expected.sameSite ?? ['Lax'], `SameSite of cookie ${name} (${found.sameSite})`).toContain(found.sameSite);
  expect(found.httpOnly, `cookie ${name} must be readable by the page`).toBe(false);
  if (expected.secure !== undefined) expect(found.secure, `Secure flag of cookie ${name}`).toBe(expected.secure);
  if (expected.days !== undefined) {
    const wanted = Date.now() / 1000 + expected.days * 86_400;
    expect(
      Math.abs(found.expires - wanted),
      `cookie ${name} expires ${new Date(found.expires * 1000).toISOString()}, expected ≈ ${new Date(wanted * 1000).toISOString()}`,
    ).toBeLessThan(120);
  }
  return found;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

/**
 * Answers the newsletter endpoint like the real one would (JSON, CORS allowed), and records every
 * request the page sends to it.
 */
export async function fakeNewsletterEndpoint(page: Page, answer: FakeAnswer): Promise<Request[]> {
  const requests: Request[] = [];
  await page.route(NEWSLETTER_ENDPOINT, async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') {
      requests.push(request);
      await route.fulfill({
        status: 204,
        headers: {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'POST',
          'access-control-allow-headers': 'content-type',
        },
      });
      return;
    }
    requests.push(request);
    await route.fulfill({
      status: answer.status ?? 200,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(answer.body ?? {}),
    });
  });
  return requests;
}

/** Text of a locator with collapsed white space ('' when missing). */
export async function textOf(locator: ReturnType<Page['locator']>): Promise<string> {
  if ((await locator.count()) === 0) return '';
  return ((await locator.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
