/**
 * Issue 29: no interaction is lost while a widget wakes. Each widget's module is held back by the test
 * (a slow network: 2 s at least, with `untilReleased` also until the test has done its part), and the
 * test acts as a visitor does, at human pace, without waiting for the widget; then it lets the module
 * through, waits for the widget, and checks that what was typed, chosen or clicked is in effect, once,
 * with focus and caret where they were.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  articlePath,
  expectCookie,
  fakeNewsletterEndpoint,
  island,
  openBrowserSite,
  routePath,
  sleep,
  t,
  textOf,
  wakeIsland,
  waitForIsland,
  type BrowserSite,
} from '../helpers/browser-site.ts';
import { focusAndCaret, holdWidgetModule, type HeldModule } from '../helpers/held-module.ts';

let site: BrowserSite;

beforeAll(async () => {
  site = await openBrowserSite('browser-waking');
}, 300_000);
afterEach(async () => site.closeContexts());
afterAll(async () => site?.close());

const HUMAN = { delay: 80 };

/** Opens a page and returns its URL, to tell later that the visitor's actions did not leave it. */
async function openPage(page: Page, urlPath: string): Promise<string> {
  await page.goto(site.url(urlPath));
  return page.url();
}

/**
 * After the test's actions: checks they happened while the module was held and did not leave the page,
 * notes focus and caret, lets the module through, waits for the widget and returns what was focused.
 */
async function letThrough(
  page: Page,
  held: HeldModule,
  start: string,
  name: string,
  wake: (page: Page, name: string) => Promise<void> = waitForIsland,
): Promise<{ id: string; caret: number | null }> {
  expect(page.url(), 'the page was left').toBe(start);
  expect(held.isReleased(), 'the test acted before the module arrived').toBe(false);
  const focused = await focusAndCaret(page);
  held.release();
  await wake(page, name);
  expect(page.url(), 'the page was left').toBe(start);
  return focused;
}

describe('UTM generator', () => {
  const value = (page: Page, id: string) => page.locator(`#${id}`).inputValue();

  it('keeps every key of a base URL typed at 80 ms a key from the first click, before the module arrives', async () => {
    const { page } = await site.open();
    const held = await holdWidgetModule(page, 'utm-generator', { untilReleased: true });
    const start = await openPage(page, routePath('utm-generator', 'en'));
    await page.locator('#utm-url').click();
    await page.locator('#utm-url').pressSequentially('https://example.com/page', HUMAN);
    const focused = await letThrough(page, held, start, 'utm-generator');
    expect(await value(page, 'utm-url')).toBe('https://example.com/page');
    await expect.poll(() => value(page, 'utm-generated')).toBe('https://example.com/page');
    expect(focused).toEqual({ id: 'utm-url', caret: 'https://example.com/page'.length });
    expect(await focusAndCaret(page)).toEqual(focused);
    // The widget works on from there.
    await page.keyboard.type('s', HUMAN);
    await expect.poll(() => value(page, 'utm-generated')).toBe('https://example.com/pages');
  });

  it('keeps the first key of a base URL typed from the first click, nothing held (the issue as reported)', async () => {
    const { page } = await site.open();
    await page.goto(site.url(routePath('utm-generator', 'en')));
    await page.locator('#utm-url').click();
    await page.locator('#utm-url').pressSequentially('https://example.com/page', HUMAN);
    await waitForIsland(page, 'utm-generator');
    expect(await value(page, 'utm-url')).toBe('https://example.com/page');
    await expect.poll(() => value(page, 'utm-generated')).toBe('https://example.com/page');
  });

  it('keeps every key when the module arrives in the middle of the typing', async () => {
    const { page } = await site.open();
    const held = await holdWidgetModule(page, 'utm-generator', { untilReleased: true });
    await openPage(page, routePath('utm-generator', 'en'));
    await page.locator('#utm-url').click();
    await page.locator('#utm-url').pressSequentially('https://exa', HUMAN);
    await held.requested;
    held.release();
    await page.locator('#utm-url').pressSequentially('mple.com/page', HUMAN);
    await waitForIsland(page, 'utm-generator');
    expect(await value(page, 'utm-url')).toBe('https://example.com/page');
    await expect.poll(() => value(page, 'utm-generated')).toBe('https://example.com/page');
    expect(await focusAndCaret(page)).toEqual({ id: 'utm-url', caret: 'https://example.com/page'.length });
  });

  it('keeps three fields filled and a paste before the module arrives, with the generated URL, focus and caret', async () => {
    const { page } = await site.open();
    const held = await holdWidgetModule(page, 'utm-generator', { untilReleased: true });
    const start = await openPage(page, routePath('utm-generator', 'en'));
    await page.locator('#utm-url').pressSequentially('example.com', HUMAN);
    await page.locator('#utm-source').click();
    // A paste: the text arrives at once.
    await page.keyboard.insertText('newsletter');
    await page.locator('#utm-medium').pressSequentially('email', HUMAN);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const focused = await letThrough(page, held, start, 'utm-generator');
    expect(await value(page, 'utm-url')).toBe('example.com');
    expect(await value(page, 'utm-source')).toBe('newsletter');
    expect(await value(page, 'utm-medium')).toBe('email');
    await expect
      .poll(() => value(page, 'utm-generated'))
      .toBe('https://example.com/?utm_source=newsletter&utm_medium=email');
    expect(focused).toEqual({ id: 'utm-medium', caret: 3 });
    expect(await focusAndCaret(page)).toEqual(focused);
    // Typing goes on at the caret.
    await page.keyboard.type('-', HUMAN);
    expect(await value(page, 'utm-medium')).toBe('ema-il');
  });
});

describe('email reports demo', () => {
  const demo = (page: Page) => island(page, 'email-reports');
  const add = (page: Page) => demo(page).getByRole('button', { name: t('en', 'home.reports.add') });
  const rows = (page: Page) =>
    demo(page)
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 2).map((td) => (td.textContent ?? '').trim())),
      );

  async function openHeld(page: Page) {
    const held = await holdWidgetModule(page, 'email-reports', { untilReleased: true });
    const start = await openPage(page, routePath('index', 'en'));
    return { held, start };
  }

  it('keeps an address typed and a period chosen before the module arrives; Add then adds that row', async () => {
    const { page } = await site.open();
    const { held, start } = await openHeld(page);
    await page.locator('#report-email').click();
    await page.locator('#report-email').pressSequentially('early@example.com', HUMAN);
    await page.locator('#report-period').selectOption('month');
    const focused = await letThrough(page, held, start, 'email-reports');
    expect(await page.locator('#report-email').inputValue()).toBe('early@example.com');
    expect(await page.locator('#report-period').inputValue()).toBe('month');
    expect(await focusAndCaret(page)).toEqual(focused);
    const before = await rows(page);
    await add(page).click();
    await expect.poll(() => rows(page)).toEqual([...before, ['early@example.com', t('en', 'home.reports.monthly')]]);
    expect(await textOf(demo(page).locator('.form-message'))).toBe('');
  });

  it('applies once an Add clicked before the module arrives', async () => {
    const { page } = await site.open();
    const { held, start } = await openHeld(page);
    const before = await rows(page);
    await page.locator('#report-email').click();
    await page.locator('#report-email').pressSequentially('quick@example.com', HUMAN);
    await add(page).click();
    await letThrough(page, held, start, 'email-reports');
    await expect.poll(() => rows(page)).toEqual([...before, ['quick@example.com', t('en', 'home.reports.weekly')]]);
    expect(await page.locator('#report-email').inputValue()).toBe('');
    await sleep(300);
    expect(await rows(page)).toHaveLength(before.length + 1);
  });

  it('asks once about a Disable clicked before the module arrives', async () => {
    const { page } = await site.open();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    const { held, start } = await openHeld(page);
    await demo(page)
      .getByRole('button', { name: t('en', 'home.reports.disable_recipient', 'team@example.com') })
      .click();
    await letThrough(page, held, start, 'email-reports');
    await expect.poll(() => dialogs).toEqual(['Are you sure to disable weekly email reports for team@example.com?']);
    await expect.poll(async () => (await rows(page)).map((row) => row[0])).toEqual(['board@example.com']);
    await sleep(300);
    expect(dialogs).toHaveLength(1);
  });
});

describe('pricing', () => {
  it('keeps monthly and pounds chosen before the module arrives, and remembers pounds', async () => {
    const { context, page } = await site.open({ locale: 'en-US' });
    const held = await holdWidgetModule(page, 'pricing', { untilReleased: true });
    const start = await openPage(page, routePath('pricing', 'en'));
    const pricing = island(page, 'pricing');
    await pricing.locator('label[for="billing-monthly"]').click();
    await pricing.locator('label[for="currency-gbp"]').click();
    const focused = await letThrough(page, held, start, 'pricing');
    expect(await page.locator('#billing-monthly').isChecked()).toBe(true);
    expect(await page.locator('#currency-gbp').isChecked()).toBe(true);
    await expectCookie(context, 'currency', { value: 'gbp', days: 365 });
    expect(await focusAndCaret(page)).toEqual(focused);
  });
});

describe('newsletter form', () => {
  it('sends once, in place, an address typed, a box ticked and Subscribe clicked before the module arrives', async () => {
    const { page } = await site.open();
    const requests = await fakeNewsletterEndpoint(page, { body: { ok: true } });
    const held = await holdWidgetModule(page, 'newsletter', { untilReleased: true });
    const start = await openPage(page, articlePath('en'));
    const form = island(page, 'newsletter');
    const email = form.getByLabel(t('en', 'newsletter.email'));
    await email.scrollIntoViewIfNeeded();
    await email.click();
    await email.pressSequentially('Early@Example.com', HUMAN);
    await form.getByLabel(t('en', 'newsletter.newsletter')).check();
    await form.getByRole('button', { name: t('en', 'newsletter.subscribe') }).click();
    await letThrough(page, held, start, 'newsletter');
    await expect.poll(() => textOf(form.locator('.form-message'))).toBe(t('en', 'newsletter.thank_you'));
    expect(new URL(page.url()).pathname).toBe(articlePath('en'));
    expect(requests.map((request) => request.method())).toEqual(['POST']);
    expect(JSON.parse(requests[0]!.postData() ?? 'null')).toEqual({ email: 'early@example.com', type: 'newsletter' });
  });

  it('posts natively, as without JavaScript, a Subscribe clicked before a module that then fails to load', async () => {
    const { page } = await site.open();
    const requests = await fakeNewsletterEndpoint(page, { body: { ok: true } });
    const held = await holdWidgetModule(page, 'newsletter', { untilReleased: true, fails: true });
    const start = await openPage(page, articlePath('en'));
    const form = island(page, 'newsletter');
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel(t('en', 'newsletter.email')).pressSequentially('late@example.com', HUMAN);
    await form.getByLabel(t('en', 'newsletter.notify')).check();
    await form.getByRole('button', { name: t('en', 'newsletter.subscribe') }).click();
    await sleep(300);
    expect(page.url(), 'the page was left before the module failed').toBe(start);
    expect(requests).toHaveLength(0);
    held.release();
    await expect.poll(() => requests.map((request) => request.method()), { timeout: 10_000 }).toEqual(['POST']);
    expect(requests[0]!.postData()).toBe('email=late%40example.com&type=notify');
  });
});

describe('countries map', () => {
  const pagePath = routePath('google-analytics-countries', 'en');
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const panel = (page: Page) => textOf(island(page, 'country-info'));

  async function openHeld(page: Page) {
    const held = await holdWidgetModule(page, 'country-info', { untilReleased: true });
    const start = await openPage(page, pagePath);
    return { held, start };
  }

  it('shows a country clicked before the module arrives', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 900 } });
    const { held, start } = await openHeld(page);
    await page.locator('.world-map > svg path[data-code="BR"]').click();
    await letThrough(page, held, start, 'country-info', wakeIsland);
    await expect.poll(() => panel(page)).toBe(`${names.of('BR')} · ${t('en', 'countries.status.unknown')}`);
  });

  it('shows a linked country chosen with Enter before the module arrives, instead of leaving; focus stays', async () => {
    const { page } = await site.open({ viewport: { width: 1280, height: 900 } });
    const { held, start } = await openHeld(page);
    const link = page.locator('.world-map > svg a:has(path[data-code="AT"])');
    await link.focus();
    await page.keyboard.press('Enter');
    await sleep(300);
    await letThrough(page, held, start, 'country-info', wakeIsland);
    await expect
      .poll(() => panel(page))
      .toBe(`${names.of('AT')} · ${t('en', 'countries.status.forbidden')} · ${t('en', 'countries.read_more')}`);
    expect(new URL(page.url()).pathname).toBe(pagePath);
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
  });
});
