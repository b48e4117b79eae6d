/**
 * Pricing in a real Chromium: yearly by default, the monthly switch, the currency choice (shown prices,
 * a remembered `currency` cookie that other pages and the sign-up link follow), and buy links that carry
 * plan, interval and currency.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../pipeline/locale.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import {
  expectCookie,
  island,
  openBrowserSite,
  routePath,
  SITE_LINKS,
  t,
  textOf,
  wakeIsland,
  type BrowserSite,
} from '../helpers/browser-site.ts';

let site: BrowserSite;

beforeAll(async () => {
  site = await openBrowserSite('browser-pricing');
}, 300_000);
afterEach(async () => site.closeContexts());
afterAll(async () => site?.close());

type Currency = 'eur' | 'usd' | 'gbp';
const plansJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'content', 'plans.json'), 'utf8')) as {
  currencies: Array<{ code: Currency; sign: string }>;
  plans: Array<{ id: string; monthly: number; yearly: number; startingAt: boolean }>;
};
const PLAN = Object.fromEntries(plansJson.plans.map((plan) => [plan.id, plan]));

const ISO: Record<Locale, string> = { en: 'en-US', nl: 'nl-NL', de: 'de-DE', es: 'es-ES', fr: 'fr-FR', it: 'it-IT' };

/** An amount as Intl writes it in the page's locale (issue 12: "€ 9" in Dutch, "$9" in English, never a trailing "+"). */
function amount(locale: Locale, value: number, currency: Currency): string {
  return new Intl.NumberFormat(ISO[locale], {
    style: 'currency',
    currency: currency.toUpperCase(),
    maximumFractionDigits: 0,
  }).format(value);
}

/** The price a plan card shows on a page in `locale`. */
function price(plan: string, billing: 'monthly' | 'yearly', currency: Currency, locale: Locale): string {
  return amount(locale, PLAN[plan]![billing], currency);
}

const pricing = (page: Page) => island(page, 'pricing');

/** The amounts a visitor sees (CSS hides the others), per plan card. */
async function visiblePrices(page: Page): Promise<Record<string, string>> {
  return pricing(page).evaluate((element) => {
    const result: Record<string, string> = {};
    for (const card of element.querySelectorAll('.plan')) {
      const id = card.querySelector('[data-plan]')?.getAttribute('data-plan') ?? 'enterprise';
      const shown = [...card.querySelectorAll('.price .amount')].filter(
        (amount) => getComputedStyle(amount).display !== 'none',
      );
      result[id] = shown.map((amount) => amount.textContent ?? '').join(' | ');
    }
    return result;
  });
}

async function buyLink(page: Page, plan: string): Promise<URL> {
  return new URL((await pricing(page).locator(`a[data-plan="${plan}"]:visible`).getAttribute('href'))!);
}

function expectBuy(url: URL, plan: string, interval: 'monthly' | 'yearly', currency: Currency): void {
  expect(`${url.origin}${url.pathname}`).toBe(SITE_LINKS.signup);
  expect(url.searchParams.get('plan')).toBe(plan);
  expect(url.searchParams.get('interval')).toBe(interval);
  expect(url.searchParams.get('currency')).toBe(currency);
}

async function openPricing(
  locale: Locale,
  browserLocale: string,
): Promise<{ page: Page; context: Awaited<ReturnType<BrowserSite['open']>>['context'] }> {
  const { context, page } = await site.open({ locale: browserLocale });
  await page.goto(site.url(routePath('pricing', locale)));
  await wakeIsland(page, 'pricing');
  return { context, page };
}

async function chooseCurrency(page: Page, currency: Currency): Promise<void> {
  await pricing(page).locator(`label[for="currency-${currency}"]`).click();
}

async function chooseBilling(page: Page, billing: 'monthly' | 'yearly'): Promise<void> {
  await pricing(page).locator(`label[for="billing-${billing}"]`).click();
}

// Each locale with a browser whose region gives a known first currency.
const CASES: Array<[Locale, string, Currency]> = [
  ['en', 'en-US', 'usd'],
  ['nl', 'nl-NL', 'eur'],
];

describe.each(CASES)('pricing (%s, browser %s)', (locale, browserLocale, first) => {
  it('yearly is the default, in the currency of the browser region', async () => {
    const { page } = await openPricing(locale, browserLocale);
    expect(await pricing(page).locator('#billing-yearly').isChecked()).toBe(true);
    expect(await pricing(page).locator(`#currency-${first}`).isChecked()).toBe(true);
    await expect
      .poll(() => visiblePrices(page))
      .toEqual({
        starter: price('starter', 'yearly', first, locale),
        business: price('business', 'yearly', first, locale),
        enterprise: price('enterprise', 'yearly', first, locale),
      });
    // The yearly total shows under the monthly price.
    const billed = await pricing(page)
      .locator('.plan')
      .first()
      .locator('.billed')
      .evaluateAll((lines) =>
        lines
          .filter((line) => getComputedStyle(line).display !== 'none')
          .map((line) => (line.textContent ?? '').trim()),
      );
    expect(billed).toHaveLength(1);
    expect(billed[0]).toContain(amount(locale, PLAN.starter!.yearly * 12, first));
    expectBuy(await buyLink(page, 'starter'), 'starter', 'yearly', first);
    expectBuy(await buyLink(page, 'business'), 'business', 'yearly', first);
  });

  it('the monthly switch shows monthly prices and buy links with interval=monthly', async () => {
    const { page } = await openPricing(locale, browserLocale);
    await chooseBilling(page, 'monthly');
    expect(await pricing(page).locator('#billing-monthly').isChecked()).toBe(true);
    expect(await textOf(pricing(page).locator('label[for="billing-monthly"]'))).toBe(
      t(locale, 'pricing.monthly_billing'),
    );
    await expect
      .poll(() => visiblePrices(page))
      .toEqual({
        starter: price('starter', 'monthly', first, locale),
        business: price('business', 'monthly', first, locale),
        enterprise: price('enterprise', 'monthly', first, locale),
      });
    const billed = await pricing(page)
      .locator('.plan')
      .first()
      .locator('.billed')
      .evaluateAll((lines) => lines.filter((line) => getComputedStyle(line).display !== 'none').length);
    expect(billed).toBe(0);
    await expect.poll(async () => (await buyLink(page, 'starter')).searchParams.get('interval')).toBe('monthly');
    expectBuy(await buyLink(page, 'starter'), 'starter', 'monthly', first);
    expectBuy(await buyLink(page, 'business'), 'business', 'monthly', first);
    // And back.
    await chooseBilling(page, 'yearly');
    await expect
      .poll(() => visiblePrices(page))
      .toEqual({
        starter: price('starter', 'yearly', first, locale),
        business: price('business', 'yearly', first, locale),
        enterprise: price('enterprise', 'yearly', first, locale),
      });
    expectBuy(await buyLink(page, 'starter'), 'starter', 'yearly', first);
  });

  it('choosing a currency changes the prices and the buy links, and writes the currency cookie', async () => {
    const { context, page } = await openPricing(locale, browserLocale);
    await chooseCurrency(page, 'gbp');
    await expect
      .poll(() => visiblePrices(page))
      .toEqual({
        starter: price('starter', 'yearly', 'gbp', locale),
        business: price('business', 'yearly', 'gbp', locale),
        enterprise: price('enterprise', 'yearly', 'gbp', locale),
      });
    expectBuy(await buyLink(page, 'starter'), 'starter', 'yearly', 'gbp');
    await chooseBilling(page, 'monthly');
    await expect
      .poll(() => visiblePrices(page))
      .toEqual({
        starter: price('starter', 'monthly', 'gbp', locale),
        business: price('business', 'monthly', 'gbp', locale),
        enterprise: price('enterprise', 'monthly', 'gbp', locale),
      });
    expectBuy(await buyLink(page, 'business'), 'business', 'monthly', 'gbp');
    await expectCookie(context, 'currency', { value: 'gbp', days: 365, sameSite: ['Lax', 'Strict'] });
    // The header's sign-up link follows at once.
    await expect
      .poll(async () =>
        new URL((await page.locator('.site-header a.signup').getAttribute('href'))!).searchParams.get('currency'),
      )
      .toBe('gbp');
  });

  it('the chosen currency is remembered across pages and locales', async () => {
    const { page } = await openPricing(locale, browserLocale);
    const other: Currency = first === 'eur' ? 'usd' : 'eur';
    await chooseCurrency(page, other);
    await expect
      .poll(() => visiblePrices(page))
      .toEqual({
        starter: price('starter', 'yearly', other, locale),
        business: price('business', 'yearly', other, locale),
        enterprise: price('enterprise', 'yearly', other, locale),
      });
    // Another page: the sign-up link carries it.
    await page.goto(site.url(routePath('blog', locale)));
    expect(
      new URL((await page.locator('.site-header a.signup').getAttribute('href'))!).searchParams.get('currency'),
    ).toBe(other);
    // The pricing on the home page, and the pricing page in another locale, start in it.
    const elsewhere: Locale = locale === 'en' ? 'de' : 'en';
    for (const [target, targetLocale] of [
      [routePath('index', locale), locale],
      [routePath('pricing', elsewhere), elsewhere],
    ] as const) {
      await page.goto(site.url(target));
      await wakeIsland(page, 'pricing');
      await expect
        .poll(() => pricing(page).locator(`#currency-${other}`).isChecked(), { message: `currency on ${target}` })
        .toBe(true);
      await expect
        .poll(() => visiblePrices(page))
        .toEqual({
          starter: price('starter', 'yearly', other, targetLocale),
          business: price('business', 'yearly', other, targetLocale),
          enterprise: price('enterprise', 'yearly', other, targetLocale),
        });
      expectBuy(await buyLink(page, 'starter'), 'starter', 'yearly', other);
    }
  });

  it('the enterprise plan links to contact', async () => {
    const { page } = await openPricing(locale, browserLocale);
    const enterprise = pricing(page).locator('.plan').last().locator('a.button');
    expect(await enterprise.getAttribute('href')).toBe(SITE_LINKS.contact);
    expect(await textOf(enterprise)).toBe(t(locale, 'pricing.contact_us'));
  });
});

describe('first currency guess by browser region', () => {
  const guesses: Array<[string, Currency]> = [
    ['en-GB', 'gbp'],
    ['de-DE', 'eur'],
    ['en-US', 'usd'],
    ['fr-CH', 'eur'],
  ];
  it.each(guesses)('browser %s → %s on the English pricing page', async (browserLocale, currency) => {
    const { page } = await openPricing('en', browserLocale);
    await expect.poll(() => pricing(page).locator(`#currency-${currency}`).isChecked()).toBe(true);
    expectBuy(await buyLink(page, 'starter'), 'starter', 'yearly', currency);
  });
});
