/**
 * Theme and admin flag in a real Chromium: the toggle flips html.dark/light and writes the `theme`
 * cookie, a reload applies the choice before the body is parsed (no flash), live system changes are
 * followed; `?admin` turns the admin flag on (cookie, admin-only elements shown) and `?admin=off` turns
 * it off and reloads without the parameter.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  articlePath,
  cookie,
  expectCookie,
  openBrowserSite,
  routePath,
  sleep,
  t,
  type BrowserSite,
} from '../helpers/browser-site.ts';

let site: BrowserSite;

beforeAll(async () => {
  site = await openBrowserSite('browser-theme-admin');
}, 300_000);
afterEach(async () => site.closeContexts());
afterAll(async () => site?.close());

const LOCALES = ['en', 'nl'] as const;
/** --bg of site.css: light-dark(#ffffff, #121d27). */
const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(18, 29, 39)' };

/**
 * Records, for every document the page loads, the <html> class at the moment <body> is inserted: what
 * the first paint would use. The inline head script must have applied a saved theme by then.
 */
async function recordClassAtBody(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const record = window as unknown as { classAtBody?: string };
    const observer = new MutationObserver(() => {
      if (record.classAtBody !== undefined || !document.body) return;
      record.classAtBody = document.documentElement.className;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

async function classAtBody(page: Page): Promise<string | undefined> {
  return page.evaluate(() => (window as unknown as { classAtBody?: string }).classAtBody);
}

async function htmlClasses(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.documentElement.classList].filter((name) => name === 'dark' || name === 'light'),
  );
}

async function background(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

const toggle = (page: Page) => page.locator('[data-widget="theme-toggle"]');

describe.each(LOCALES)('theme (%s)', (locale) => {
  const pagePath = articlePath(locale);

  it('the toggle flips html.light → html.dark → html.light and writes the theme cookie', async () => {
    const { context, page } = await site.open({ colorScheme: 'light' });
    await page.goto(site.url(pagePath));
    await toggle(page).waitFor({ state: 'visible' });
    expect(await toggle(page).getAttribute('aria-label')).toBe(t(locale, 'nav.toggle_theme'));
    expect(await htmlClasses(page)).toEqual(['light']);
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('false');
    expect(await background(page)).toBe(BACKGROUND.light);

    await toggle(page).click();
    await expect.poll(() => htmlClasses(page)).toEqual(['dark']);
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => background(page)).toBe(BACKGROUND.dark);
    await expectCookie(context, 'theme', { value: 'dark', days: 365, sameSite: ['Lax', 'Strict'], secure: true });

    await toggle(page).click();
    await expect.poll(() => htmlClasses(page)).toEqual(['light']);
    expect(await toggle(page).getAttribute('aria-pressed')).toBe('false');
    await expectCookie(context, 'theme', { value: 'light', days: 365, sameSite: ['Lax', 'Strict'], secure: true });
  });

  it('after choosing dark on a light system, a reload is dark before the body is parsed (no flash)', async () => {
    const { context, page } = await site.open({ colorScheme: 'light' });
    await recordClassAtBody(context);
    await page.goto(site.url(pagePath));
    expect(await classAtBody(page)).not.toContain('dark');
    await toggle(page).click();
    await expectCookie(context, 'theme', { value: 'dark', sameSite: ['Lax', 'Strict'] });
    await page.reload();
    expect((await classAtBody(page))?.split(/\s+/)).toContain('dark');
    expect(await htmlClasses(page)).toEqual(['dark']);
    expect(await background(page)).toBe(BACKGROUND.dark);
    // Another page of the site, too.
    await page.goto(site.url(routePath('pricing', locale)));
    expect((await classAtBody(page))?.split(/\s+/)).toContain('dark');
  });

  it('after choosing light on a dark system, a reload is light before the body is parsed', async () => {
    const { context, page } = await site.open({ colorScheme: 'dark' });
    await recordClassAtBody(context);
    await page.goto(site.url(pagePath));
    expect(await htmlClasses(page)).toEqual(['dark']);
    expect(await background(page)).toBe(BACKGROUND.dark);
    await toggle(page).click();
    await expect.poll(() => htmlClasses(page)).toEqual(['light']);
    await expectCookie(context, 'theme', { value: 'light', sameSite: ['Lax', 'Strict'] });
    await page.reload();
    expect((await classAtBody(page))?.split(/\s+/)).toContain('light');
    expect(await htmlClasses(page)).toEqual(['light']);
    expect(await background(page)).toBe(BACKGROUND.light);
  });

  it('without a saved choice the page follows the system setting, also when it changes live', async () => {
    const { context, page } = await site.open({ colorScheme: 'dark' });
    await page.goto(site.url(pagePath));
    expect(await htmlClasses(page)).toEqual(['dark']);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => htmlClasses(page)).toEqual(['light']);
    expect(await background(page)).toBe(BACKGROUND.light);
    // A live change counts as a fresh choice.
    await expectCookie(context, 'theme', { value: 'light', sameSite: ['Lax', 'Strict'] });
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => htmlClasses(page)).toEqual(['dark']);
    await expectCookie(context, 'theme', { value: 'dark', sameSite: ['Lax', 'Strict'] });
  });

  const themeParam = async (page: Page, selector: string) =>
    new URL((await page.locator(selector).first().getAttribute('href'))!).searchParams.get('theme');

  it('in dark mode (saved choice) the sign-up, login and buy links carry theme=dark', async () => {
    const { page } = await site.open({ colorScheme: 'light' });
    await page.goto(site.url(routePath('pricing', locale)));
    expect(await themeParam(page, '.site-header a.signup')).toBeNull();
    expect(await themeParam(page, '.site-header a.login')).toBeNull();
    await toggle(page).click();
    await expect.poll(() => htmlClasses(page)).toEqual(['dark']);
    await page.reload();
    expect(await themeParam(page, '.site-header a.signup')).toBe('dark');
    expect(await themeParam(page, '.site-header a.login')).toBe('dark');
    await page.locator('[data-widget="pricing"] .plans').scrollIntoViewIfNeeded();
    await expect.poll(() => themeParam(page, '[data-widget="pricing"] a[data-plan="starter"]:visible')).toBe('dark');
    // Back to light: the parameter goes.
    await toggle(page).click();
    await page.reload();
    expect(await themeParam(page, '.site-header a.signup')).toBeNull();
    expect(await themeParam(page, '.site-header a.login')).toBeNull();
  });

  it('the sign-up and login links carry theme=dark right after switching to dark (no reload)', async () => {
    const { page } = await site.open({ colorScheme: 'light' });
    await page.goto(site.url(pagePath));
    expect(await themeParam(page, '.site-header a.signup')).toBeNull();
    await toggle(page).click();
    await expect.poll(() => htmlClasses(page)).toEqual(['dark']);
    await expect
      .poll(() => themeParam(page, '.site-header a.signup'), { message: 'sign-up link right after switching to dark' })
      .toBe('dark');
    await expect
      .poll(() => themeParam(page, '.site-header a.login'), { message: 'login link right after switching to dark' })
      .toBe('dark');
  });
});

describe.each(LOCALES)('admin flag (%s)', (locale) => {
  const pagePath = articlePath(locale);
  const adminBar = (page: Page) => page.locator('[data-admin-only]').first();

  it('the article has admin-only elements, hidden for visitors', async () => {
    const { context, page } = await site.open();
    await page.goto(site.url(pagePath));
    expect(await page.locator('[data-admin-only]').count()).toBeGreaterThan(0);
    expect(await adminBar(page).isVisible()).toBe(false);
    expect(await cookie(context, 'admin')).toBeUndefined();
  });

  it.each(['', '=true', '=yes', '=on'])(
    '?admin%s turns it on: cookie admin=true, admin-only elements shown, remembered',
    async (query) => {
      const { context, page } = await site.open();
      await page.goto(site.url(`${pagePath}?admin${query}`));
      await expectCookie(context, 'admin', { value: 'true', sameSite: ['Lax', 'Strict'], secure: true });
      await expect.poll(() => adminBar(page).isVisible()).toBe(true);
      expect(new URL(page.url()).searchParams.has('admin')).toBe(true);
      // Without the parameter the cookie keeps it on.
      await page.goto(site.url(pagePath));
      await expect.poll(() => adminBar(page).isVisible()).toBe(true);
    },
  );

  it.each(['off', 'no', 'false'])(
    '?admin=%s turns it off: cookie admin=false, reload without the parameter',
    async (value) => {
      const { context, page } = await site.open();
      await page.goto(site.url(`${pagePath}?admin`));
      await expect.poll(() => adminBar(page).isVisible()).toBe(true);
      await page.goto(site.url(`${pagePath}?utm_source=x&admin=${value}#top`), { waitUntil: 'commit' });
      await page.waitForURL((url) => !url.searchParams.has('admin'));
      await page.waitForLoadState('load');
      const url = new URL(page.url());
      expect(url.pathname).toBe(pagePath);
      expect(url.search).toBe('?utm_source=x');
      expect(url.hash).toBe('#top');
      await expectCookie(context, 'admin', { value: 'false', sameSite: ['Lax', 'Strict'], secure: true });
      await sleep(100);
      expect(await adminBar(page).isVisible()).toBe(false);
      // It stays off on the next page.
      await page.goto(site.url(pagePath));
      expect(await adminBar(page).isVisible()).toBe(false);
    },
  );

  it('?admin=off on a first visit also reloads without the parameter', async () => {
    const { context, page } = await site.open();
    await page.goto(site.url(`${routePath('blog', locale)}?admin=off`), { waitUntil: 'commit' });
    await page.waitForURL(site.url(routePath('blog', locale)));
    await expectCookie(context, 'admin', { value: 'false', sameSite: ['Lax', 'Strict'] });
  });
});
