/**
 * The same pages with JavaScript disabled: all content shows, menus open as <details>, language links
 * navigate, the newsletter form posts natively, pricing radios switch the prices through CSS alone.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../pipeline/locale.ts';
import {
  articlePath,
  island,
  LOCALE_NAMES,
  NEWSLETTER_ENDPOINT,
  openBrowserSite,
  routePath,
  t,
  textOf,
  type BrowserSite,
} from '../helpers/browser-site.ts';

const ISO: Record<Locale, string> = { en: 'en-US', nl: 'nl-NL', de: 'de-DE', es: 'es-ES', fr: 'fr-FR', it: 'it-IT' };
/** An amount as Intl writes it in the page's locale (issue 12). */
const money = (locale: Locale, value: number, currency: string) =>
  new Intl.NumberFormat(ISO[locale], {
    style: 'currency',
    currency: currency.toUpperCase(),
    maximumFractionDigits: 0,
  }).format(value);

let site: BrowserSite;

beforeAll(async () => {
  site = await openBrowserSite('browser-no-js');
}, 300_000);
afterEach(async () => site.closeContexts());
afterAll(async () => site?.close());

const LOCALES = ['en', 'nl'] as const;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function openNoJs(urlPath: string, viewport = DESKTOP): Promise<Page> {
  const { page } = await site.open({ javaScriptEnabled: false, viewport });
  const response = await page.goto(site.url(urlPath));
  expect(response?.status(), `status of ${urlPath}`).toBe(200);
  return page;
}

async function isOpen(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((details) => (details as HTMLDetailsElement).open);
}

async function visibleAmounts(page: Page): Promise<string[]> {
  return page
    .locator('.pricing .plan')
    .first()
    .locator('.price .amount')
    .evaluateAll((amounts) =>
      amounts.filter((amount) => getComputedStyle(amount).display !== 'none').map((amount) => amount.textContent ?? ''),
    );
}

describe.each(LOCALES)('without JavaScript (%s)', (locale) => {
  it('pages show their content', async () => {
    const pages: Array<[string, string]> = [
      ['home', routePath('index', locale)],
      ['pricing', routePath('pricing', locale)],
      ['blog', routePath('blog', locale)],
      ['article', articlePath(locale)],
      ['glossary', routePath('glossary', locale)],
      ['countries', routePath('google-analytics-countries', locale)],
      ['utm', routePath('utm-generator', locale)],
      ['video', routePath('video', locale)],
    ];
    for (const [name, urlPath] of pages) {
      const page = await openNoJs(urlPath);
      expect(
        await page.evaluate(() => document.querySelector('script[type="module"]') !== null),
        `${name} has its module script (not run)`,
      ).toBe(true);
      expect(await page.locator('main h1').isVisible(), `${name}: h1 visible`).toBe(true);
      expect((await textOf(page.locator('main h1'))).length).toBeGreaterThan(0);
      // Header and footer are there and visible.
      expect(await page.locator('.main-nav').isVisible(), `${name}: main navigation`).toBe(true);
      expect(await page.locator('footer').isVisible(), `${name}: footer`).toBe(true);
      // Text of the main content is not hidden behind scripts.
      const hiddenText = await page.locator('main').evaluate((main) =>
        [...main.querySelectorAll('p, li, h2, h3, td, label')]
          .filter(
            (element) =>
              (element.textContent ?? '').trim() !== '' &&
              !element.closest(
                '.visually-hidden, [hidden], details:not([open]), .pricing .amount, .pricing .billed, .menu-panel',
              ),
          )
          .filter(
            (element) =>
              (element as HTMLElement).offsetParent === null && getComputedStyle(element).position !== 'fixed',
          )
          .map((element) => `${element.tagName}: ${(element.textContent ?? '').trim().slice(0, 60)}`),
      );
      expect(hiddenText, `${name}: hidden text`).toEqual([]);
      await page.context().close();
    }
  });

  it('the home page shows the reports demo and the prices (yearly, first currency)', async () => {
    const page = await openNoJs(routePath('index', locale));
    const rows = await island(page, 'email-reports').locator('tbody tr').count();
    expect(rows).toBe(2);
    expect(await island(page, 'email-reports').locator('tbody').isVisible()).toBe(true);
    const amounts = await visibleAmounts(page);
    expect(amounts).toHaveLength(1);
    expect(['eur', 'usd', 'gbp'].map((currency) => money(locale, 9, currency))).toContain(amounts[0]);
  });

  it('the resources menu opens as <details> and its links navigate', async () => {
    const page = await openNoJs(articlePath(locale));
    const details = 'details[data-widget="resources-menu"]';
    await page.locator(`${details} > summary`).click();
    expect(await isOpen(page, details)).toBe(true);
    const blog = page.locator(`${details} .resource-links a[href="${routePath('blog', locale)}"]`);
    expect(await blog.isVisible()).toBe(true);
    // The recent posts show as well.
    expect(await page.locator(`${details} .recent-posts a`).first().isVisible()).toBe(true);
    await blog.click();
    await page.waitForURL(site.url(routePath('blog', locale)));
  });

  it('the language switcher opens as <details>; a language link opens the localized article', async () => {
    const page = await openNoJs(articlePath(locale));
    const details = 'details[data-widget="language-switcher"]';
    await page.locator(`${details} > summary`).click();
    expect(await isOpen(page, details)).toBe(true);
    const target = locale === 'en' ? 'nl' : 'en';
    const option = page.locator(`${details} a[data-locale="${target}"]`);
    expect(await textOf(option)).toBe(LOCALE_NAMES[target]);
    await option.click();
    await page.waitForURL(site.url(articlePath(target)));
  });

  it('the mobile menu at 390 px opens as <details> and its links navigate', async () => {
    const page = await openNoJs(articlePath(locale), PHONE);
    const details = 'details[data-widget="mobile-menu"]';
    expect(await page.locator('.main-nav').isVisible()).toBe(false);
    await page.locator(`${details} > summary`).click();
    expect(await isOpen(page, details)).toBe(true);
    const pricing = page.locator(`${details} a[href="${routePath('pricing', locale)}"]`);
    expect(await pricing.isVisible()).toBe(true);
    await pricing.click();
    await page.waitForURL(site.url(routePath('pricing', locale)));
  });

  it('the newsletter form posts natively to its endpoint (method post), after the browser checks the address', async () => {
    const { page } = await site.open({ javaScriptEnabled: false });
    const posted: Array<{ method: string; body: string | null; contentType: string | undefined }> = [];
    await page.route(NEWSLETTER_ENDPOINT, async (route) => {
      const request = route.request();
      posted.push({
        method: request.method(),
        body: request.postData(),
        contentType: (await request.allHeaders())['content-type'],
      });
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Thanks</title><p>Thanks</p>',
      });
    });
    await page.goto(site.url(articlePath(locale)));
    const form = island(page, 'newsletter');
    expect(await form.getAttribute('method')).toBe('post');
    expect(await form.getAttribute('action')).toBe(NEWSLETTER_ENDPOINT);
    const email = form.getByLabel(t(locale, 'newsletter.email'));
    expect(await email.getAttribute('name')).toBe('email');
    // The browser refuses an empty address.
    await form.getByRole('button', { name: t(locale, 'newsletter.subscribe') }).click();
    await page.waitForTimeout(300);
    expect(posted).toHaveLength(0);
    expect(await email.evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(false);
    await email.fill('reader@example.com');
    // Both boxes start unticked: the visitor ticks what they want.
    expect(await form.locator('input[name="type"]:checked').count()).toBe(0);
    await form.getByLabel(t(locale, 'newsletter.newsletter')).check();
    await form.getByLabel(t(locale, 'newsletter.notify')).check();
    await form.getByRole('button', { name: t(locale, 'newsletter.subscribe') }).click();
    await page.waitForURL(NEWSLETTER_ENDPOINT);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.method).toBe('POST');
    expect(posted[0]!.contentType).toBe('application/x-www-form-urlencoded');
    const body = new URLSearchParams(posted[0]!.body ?? '');
    expect(body.get('email')).toBe('reader@example.com');
    expect(body.getAll('type')).toEqual(['newsletter', 'notify']);
  });

  it('pricing radios switch period and currency through CSS', async () => {
    const page = await openNoJs(routePath('pricing', locale));
    expect(await page.locator('#billing-yearly').isChecked()).toBe(true);
    // Without JavaScript the server's default currency stays: dollars in English, euros elsewhere.
    const currency = locale === 'en' ? 'usd' : 'eur';
    expect(await visibleAmounts(page)).toEqual([money(locale, 9, currency)]);
    await page.locator('label[for="billing-monthly"]').click();
    expect(await page.locator('#billing-monthly').isChecked()).toBe(true);
    expect(await visibleAmounts(page)).toEqual([money(locale, 19, currency)]);
    await page.locator('label[for="currency-gbp"]').click();
    expect(await visibleAmounts(page)).toEqual([money(locale, 19, 'gbp')]);
    await page.locator('label[for="billing-yearly"]').click();
    expect(await visibleAmounts(page)).toEqual([money(locale, 9, 'gbp')]);
    const billed = await page
      .locator('.pricing .plan')
      .first()
      .locator('.billed')
      .evaluateAll((lines) =>
        lines
          .filter((line) => getComputedStyle(line).display !== 'none')
          .map((line) => (line.textContent ?? '').trim()),
      );
    expect(billed).toHaveLength(1);
    expect(billed[0]).toContain(money(locale, 108, 'gbp'));
  });

  /*
   * Beyond the radios: a visitor without JavaScript who picks monthly and pounds and then presses
   * "Buy Starter" should reach sign-up with that interval and currency, not the server default.
   */
  it('the buy link a visitor sees matches the chosen period and currency', async () => {
    const page = await openNoJs(routePath('pricing', locale));
    await page.locator('label[for="billing-monthly"]').click();
    await page.locator('label[for="currency-gbp"]').click();
    const visibleBuy = page.locator('.pricing .plan').first().locator('a.button:visible');
    expect(await visibleBuy.count()).toBe(1);
    const url = new URL((await visibleBuy.getAttribute('href'))!);
    expect(url.searchParams.get('plan')).toBe('starter');
    expect({ interval: url.searchParams.get('interval'), currency: url.searchParams.get('currency') }).toEqual({
      interval: 'monthly',
      currency: 'gbp',
    });
  });

  it('countries: the map and list links navigate, the panel shows its hint', async () => {
    const page = await openNoJs(routePath('google-analytics-countries', locale));
    expect(await textOf(island(page, 'country-info'))).toBe(t(locale, 'countries.click_a_country'));
    const link = page.locator('.world-map > svg a:has(path[data-code="DE"])');
    const href = (await link.getAttribute('href'))!;
    await page.locator('.world-map > svg path[data-code="DE"]').click();
    await page.waitForURL(site.url(href));
    const response = await page.goto(site.url(routePath('google-analytics-countries', locale)));
    expect(response?.status()).toBe(200);
    const listLink = page.locator('.country-list a').first();
    const listHref = (await listLink.getAttribute('href'))!;
    await listLink.click();
    await page.waitForURL(site.url(listHref));
  });

  it('the UTM generator shows its fields and says it needs JavaScript', async () => {
    const page = await openNoJs(routePath('utm-generator', locale));
    expect(await page.getByLabel(t(locale, 'utm.base_url')).isVisible()).toBe(true);
    // (Playwright's text engine skips <noscript>: the paragraph is checked directly.)
    const note = island(page, 'utm-generator').locator('noscript p');
    expect(await textOf(note)).toBe(t(locale, 'utm.needs_javascript'));
    expect(await note.isVisible()).toBe(true);
  });

  it('the theme toggle, which needs JavaScript, is not offered', async () => {
    const page = await openNoJs(routePath('index', locale));
    expect(await page.locator('[data-widget="theme-toggle"]').isVisible()).toBe(false);
  });
});
