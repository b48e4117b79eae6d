/**
 * Forms and interactive blocks in a real Chromium: the newsletter (validation order, request, answers,
 * no retry), the UTM generator, the home page's email-reports demo and the countries map panel.
 * The newsletter endpoint is answered by the test (page.route) like the real one would answer.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  articlePath,
  fakeNewsletterEndpoint,
  island,
  NEWSLETTER_ENDPOINT,
  openBrowserSite,
  routePath,
  sleep,
  t,
  textOf,
  wakeIsland,
  type BrowserSite,
  type FakeAnswer,
} from '../helpers/browser-site.ts';

let site: BrowserSite;

beforeAll(async () => {
  site = await openBrowserSite('browser-forms');
}, 300_000);
afterEach(async () => site.closeContexts());
afterAll(async () => site?.close());

const LOCALES = ['en', 'nl'] as const;

describe.each(LOCALES)('newsletter form (%s)', (locale) => {
  async function openForm(
    answer: FakeAnswer,
    pagePath = articlePath(locale),
  ): Promise<{ page: Page; requests: Request[] }> {
    const { page } = await site.open();
    const requests = await fakeNewsletterEndpoint(page, answer);
    await page.goto(site.url(pagePath));
    await wakeIsland(page, 'newsletter');
    // Hydrated, the form checks by itself instead of the browser's native checks.
    await expect.poll(() => form(page).evaluate((element) => (element as HTMLFormElement).noValidate)).toBe(true);
    return { page, requests };
  }
  const form = (page: Page) => island(page, 'newsletter');
  const email = (page: Page) => form(page).getByLabel(t(locale, 'newsletter.email'));
  const box = (page: Page, key: 'newsletter' | 'notify') => form(page).getByLabel(t(locale, `newsletter.${key}`));
  const submit = (page: Page) => form(page).getByRole('button', { name: t(locale, 'newsletter.subscribe') });
  const message = (page: Page) => textOf(form(page).locator('.form-message'));

  it('shows the validation messages in order: empty, malformed, no box ticked; sends nothing', async () => {
    const { page, requests } = await openForm({ body: { ok: true } });
    // Consent is asked, never assumed (issue 13): both boxes start unticked.
    expect(await box(page, 'newsletter').isChecked()).toBe(false);
    expect(await box(page, 'notify').isChecked()).toBe(false);
    await submit(page).click();
    await expect.poll(() => message(page)).toBe(t(locale, 'newsletter.no_email'));
    // Only spaces count as empty.
    await email(page).fill('   ');
    await submit(page).click();
    await expect.poll(() => message(page)).toBe(t(locale, 'newsletter.no_email'));
    for (const malformed of ['not-an-email', 'someone@example', '@example.com', 'some one@example.com']) {
      await email(page).fill(malformed);
      // Any change to the address clears the message.
      expect(await message(page)).toBe('');
      await submit(page).click();
      await expect
        .poll(() => message(page), { message: `message for "${malformed}"` })
        .toBe(t(locale, 'newsletter.invalid_email'));
    }
    // A malformed address is reported before the boxes (none ticked).
    await submit(page).click();
    await expect.poll(() => message(page)).toBe(t(locale, 'newsletter.invalid_email'));
    await email(page).fill('someone@example.com');
    await submit(page).click();
    await expect.poll(() => message(page)).toBe(t(locale, 'newsletter.select_one'));
    await sleep(200);
    expect(requests).toHaveLength(0);
  });

  it('posts {email, type} as text/plain JSON, email trimmed and lowercased, then thanks', async () => {
    const { page, requests } = await openForm({ body: { ok: true } });
    await email(page).fill('  Someone.Else@Example.COM ');
    await box(page, 'newsletter').check();
    await box(page, 'notify').check();
    await submit(page).click();
    await expect.poll(() => message(page)).toBe(t(locale, 'newsletter.thank_you'));
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.url()).toBe(NEWSLETTER_ENDPOINT);
    expect(request.method()).toBe('POST');
    const headers = await request.allHeaders();
    expect(headers['content-type']).toMatch(/^text\/plain;\s*charset=utf-8$/i);
    expect(JSON.parse(request.postData() ?? 'null')).toEqual({
      email: 'someone.else@example.com',
      type: 'newsletter,notify',
    });
    // The thank-you replaces the form fields.
    expect(await form(page).locator('input[type="email"]').count()).toBe(0);
    expect(await form(page).getByRole('button').count()).toBe(0);
  });

  it('sends only the ticked types', async () => {
    const { page, requests } = await openForm({ body: { ok: true } });
    await email(page).fill('reader@example.com');
    await box(page, 'notify').check();
    await submit(page).click();
    await expect.poll(() => message(page)).toBe(t(locale, 'newsletter.thank_you'));
    expect(JSON.parse(requests[0]!.postData() ?? 'null')).toEqual({ email: 'reader@example.com', type: 'notify' });
  });

  it('the form on the blog list posts the same way', async () => {
    const { page, requests } = await openForm({ body: { ok: true } }, routePath('blog', locale));
    await email(page).fill('list@example.com');
    await box(page, 'newsletter').check();
    await box(page, 'notify').check();
    await submit(page).click();
    await expect.poll(() => message(page)).toBe(t(locale, 'newsletter.thank_you'));
    expect(JSON.parse(requests[0]!.postData() ?? 'null')).toEqual({
      email: 'list@example.com',
      type: 'newsletter,notify',
    });
  });

  it('an answer {ok:false, message:"email is invalid"} shows the invalid-address message', async () => {
    const { page, requests } = await openForm({ body: { ok: false, message: 'email is invalid' } });
    await email(page).fill('someone@example.com');
    await box(page, 'newsletter').check();
    await submit(page).click();
    await expect.poll(() => message(page)).toBe(t(locale, 'newsletter.invalid_email'));
    expect(requests).toHaveLength(1);
    // The form stays, with the address, for another try.
    expect(await email(page).inputValue()).toBe('someone@example.com');
    expect(await submit(page).isEnabled()).toBe(true);
  });

  it('an answer {ok:false} with another message shows the general error', async () => {
    const { page } = await openForm({ body: { ok: false, message: 'something else' } });
    await email(page).fill('someone@example.com');
    await box(page, 'newsletter').check();
    await submit(page).click();
    await expect.poll(() => message(page)).toBe(t(locale, 'error.general'));
  });

  it('a 500 shows the general error and is not retried', async () => {
    const { page, requests } = await openForm({ status: 500, body: { ok: false } });
    await email(page).fill('someone@example.com');
    await box(page, 'newsletter').check();
    await submit(page).click();
    await expect.poll(() => message(page)).toBe(t(locale, 'error.general'));
    await sleep(1000);
    expect(requests.filter((request) => request.method() === 'POST')).toHaveLength(1);
    expect(await email(page).inputValue()).toBe('someone@example.com');
    expect(await submit(page).isEnabled()).toBe(true);
  });
});

describe.each(LOCALES)('UTM generator (%s)', (locale) => {
  async function openGenerator(): Promise<Page> {
    const { page } = await site.open({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto(site.url(routePath('utm-generator', locale)));
    // An idle island: it wakes by itself.
    await wakeIsland(page, 'utm-generator');
    return page;
  }
  const field = (page: Page, key: string) => island(page, 'utm-generator').getByLabel(t(locale, key), { exact: true });
  const generated = (page: Page) => island(page, 'utm-generator').locator('#utm-generated').inputValue();
  const message = (page: Page) => textOf(island(page, 'utm-generator').locator('#utm-message'));
  const copyButton = (page: Page) => island(page, 'utm-generator').locator('button[data-copy]');

  it('builds the URL: https:// added, existing query kept, parameters encoded and in the order source, medium, campaign, content, term', async () => {
    const page = await openGenerator();
    // Filled in another order than the URL lists them.
    await field(page, 'utm.term').fill('privacy analytics');
    await field(page, 'utm.content').fill('header button');
    await field(page, 'utm.campaign').fill('spring sale & more #1');
    await field(page, 'utm.medium').fill('e-mail');
    await field(page, 'utm.source').fill('news/letter?');
    await field(page, 'utm.base_url').fill('example.com/landing?ref=abc');
    await expect.poll(() => generated(page)).not.toBe('');
    const value = await generated(page);
    expect(value.startsWith('https://example.com/landing?ref=abc&utm_source=')).toBe(true);
    const url = new URL(value);
    expect([...url.searchParams.entries()]).toEqual([
      ['ref', 'abc'],
      ['utm_source', 'news/letter?'],
      ['utm_medium', 'e-mail'],
      ['utm_campaign', 'spring sale & more #1'],
      ['utm_content', 'header button'],
      ['utm_term', 'privacy analytics'],
    ]);
    expect(url.hash).toBe('');
    // Nothing unencoded that would break the link.
    expect(value).not.toMatch(/ |#|&more/);
    expect(await message(page)).toBe('');
  });

  it('keeps http://, leaves out empty parameters, and trims values', async () => {
    const page = await openGenerator();
    await field(page, 'utm.base_url').fill('http://shop.example.org/');
    await field(page, 'utm.source').fill('  twitter  ');
    await field(page, 'utm.medium').fill('   ');
    await field(page, 'utm.term').fill('ads');
    await expect.poll(() => generated(page)).toBe('http://shop.example.org/?utm_source=twitter&utm_term=ads');
  });

  it('says when the base URL is missing or not a web address', async () => {
    const page = await openGenerator();
    // Untouched: no message yet.
    expect(await message(page)).toBe('');
    expect(await copyButton(page).isDisabled()).toBe(true);
    await field(page, 'utm.base_url').fill('example.com');
    await expect.poll(() => generated(page)).toBe('https://example.com/');
    await field(page, 'utm.base_url').fill('');
    await expect.poll(() => message(page)).toBe(t(locale, 'utm.missing_url'));
    expect(await generated(page)).toBe('');
    expect(await copyButton(page).isDisabled()).toBe(true);
    for (const invalid of ['not a url', 'localhost', 'https://']) {
      await field(page, 'utm.base_url').fill(invalid);
      await expect
        .poll(() => message(page), { message: `message for "${invalid}"` })
        .toBe(t(locale, 'utm.invalid_url'));
      expect(await generated(page)).toBe('');
      expect(await copyButton(page).isDisabled()).toBe(true);
    }
  });

  it('copy shows "Copied!", puts the URL on the clipboard, and reads "Copy URL" again after 2 s', async () => {
    const page = await openGenerator();
    await field(page, 'utm.base_url').fill('example.com');
    await field(page, 'utm.source').fill('newsletter');
    await expect.poll(() => generated(page)).toBe('https://example.com/?utm_source=newsletter');
    expect(await textOf(copyButton(page))).toBe(t(locale, 'utm.copy'));
    // The label's changes are timed in the page, from the click.
    await copyButton(page).evaluate((button) => {
      const record = window as unknown as { clickAt?: number; labels: Array<[number, string]> };
      record.labels = [];
      button.addEventListener('click', () => (record.clickAt ??= performance.now()), { capture: true });
      new MutationObserver(() => record.labels.push([performance.now(), (button.textContent ?? '').trim()])).observe(
        button,
        { childList: true, characterData: true, subtree: true },
      );
    });
    await copyButton(page).click();
    await expect.poll(() => textOf(copyButton(page))).toBe(t(locale, 'utm.copied'));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'https://example.com/?utm_source=newsletter',
    );
    await expect.poll(() => textOf(copyButton(page)), { timeout: 4000, interval: 100 }).toBe(t(locale, 'utm.copy'));
    const { clickAt, labels } = await page.evaluate(() => {
      const record = window as unknown as { clickAt: number; labels: Array<[number, string]> };
      return { clickAt: record.clickAt, labels: record.labels };
    });
    const changes = labels
      .map(([at, label]) => [Math.round(at - clickAt), label] as const)
      .filter(([, label], index, all) => index === 0 || all[index - 1]![1] !== label);
    expect(changes.map(([, label]) => label)).toEqual([t(locale, 'utm.copied'), t(locale, 'utm.copy')]);
    const shown = changes[1]![0] - changes[0]![0];
    expect(shown, `"${t(locale, 'utm.copied')}" showed for ${shown} ms`).toBeGreaterThanOrEqual(1900);
    expect(shown).toBeLessThan(3000);
    expect(changes[0]![0]).toBeLessThan(1000);
  });
});

describe.each(LOCALES)('email reports demo on the home page (%s)', (locale) => {
  async function openDemo(): Promise<Page> {
    const { page } = await site.open();
    await page.goto(site.url(routePath('index', locale)));
    await wakeIsland(page, 'email-reports');
    return page;
  }
  const demo = (page: Page) => island(page, 'email-reports');
  const input = (page: Page) => demo(page).getByLabel(t(locale, 'home.reports.email'));
  const add = (page: Page) => demo(page).getByRole('button', { name: t(locale, 'home.reports.add') });
  const message = (page: Page) => textOf(demo(page).locator('.form-message'));
  const rows = (page: Page) =>
    demo(page)
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => (td.textContent ?? '').trim())),
      );

  it('an invalid address shows "Fill in a valid email address" (after 200 ms) and adds no row', async () => {
    const page = await openDemo();
    const before = await rows(page);
    await input(page).fill('not-an-address');
    // The delay is measured in the page: from the click to the message's appearance.
    await demo(page).evaluate((element) => {
      const record = window as unknown as { clickAt?: number; messageAt?: number };
      const message = element.querySelector('.form-message')!;
      element.addEventListener('click', () => (record.clickAt ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        if ((message.textContent ?? '').trim() !== '') record.messageAt ??= performance.now();
      }).observe(message, { childList: true, characterData: true, subtree: true });
    });
    await add(page).click();
    await expect.poll(() => message(page)).toBe(t(locale, 'home.reports.invalid_email'));
    const delay = await page.evaluate(() => {
      const record = window as unknown as { clickAt?: number; messageAt?: number };
      return record.messageAt! - record.clickAt!;
    });
    expect(delay, `message after ${delay.toFixed(0)} ms`).toBeGreaterThanOrEqual(190);
    expect(delay).toBeLessThan(1000);
    expect(await rows(page)).toEqual(before);
    if (locale === 'en') expect(await message(page)).toBe('Fill in a valid email address');
  });

  it('a valid address adds a row with its period and "Never"', async () => {
    const page = await openDemo();
    const before = await rows(page);
    await input(page).fill('new.reader@example.com');
    await demo(page).getByLabel(t(locale, 'home.reports.period')).selectOption('month');
    await add(page).click();
    await expect
      .poll(() => rows(page))
      .toEqual([
        ...before,
        ['new.reader@example.com', t(locale, 'home.reports.monthly'), t(locale, 'home.reports.never')],
      ]);
    expect(await input(page).inputValue()).toBe('');
    expect(await message(page)).toBe('');
    if (locale === 'en') expect((await rows(page)).at(-1)![2]).toBe('Never');
  });

  it('disabling asks first; cancel keeps the row, OK removes it', async () => {
    const page = await openDemo();
    const dialogs: string[] = [];
    let accept = false;
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void (accept ? dialog.accept() : dialog.dismiss());
    });
    const expected =
      locale === 'en'
        ? 'Are you sure to disable weekly email reports for team@example.com?'
        : t(locale, 'home.reports.confirm_disable_weekly', 'team@example.com');
    const disable = demo(page).getByRole('button', {
      name: t(locale, 'home.reports.disable_recipient', 'team@example.com'),
    });
    await disable.click();
    await expect.poll(() => dialogs).toEqual([`confirm: ${expected}`]);
    expect((await rows(page)).map((row) => row[0])).toContain('team@example.com');
    accept = true;
    await disable.click();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toBe(`confirm: ${expected}`);
    await expect.poll(async () => (await rows(page)).map((row) => row[0])).not.toContain('team@example.com');
  });

  it('the monthly recipient is asked about with "monthly"', async () => {
    const page = await openDemo();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await demo(page)
      .getByRole('button', { name: t(locale, 'home.reports.disable_recipient', 'board@example.com') })
      .click();
    const expected =
      locale === 'en'
        ? 'Are you sure to disable monthly email reports for board@example.com?'
        : t(locale, 'home.reports.confirm_disable_monthly', 'board@example.com');
    await expect.poll(() => dialogs).toEqual([expected]);
  });
});

describe.each(LOCALES)('countries map (%s)', (locale) => {
  const pagePath = routePath('google-analytics-countries', locale);
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  async function openMap(): Promise<Page> {
    const { page } = await site.open({ viewport: { width: 1280, height: 900 } });
    await page.goto(site.url(pagePath));
    await wakeIsland(page, 'country-info');
    return page;
  }
  const panel = (page: Page) => textOf(island(page, 'country-info'));

  it('shows the hint until a country is chosen', async () => {
    const page = await openMap();
    expect(await panel(page)).toBe(t(locale, 'countries.click_a_country'));
  });

  it('clicking a country without a page shows its name and status', async () => {
    const page = await openMap();
    await page.locator('.world-map > svg path[data-code="BR"]').click();
    await expect.poll(() => panel(page)).toBe(`${names.of('BR')} · ${t(locale, 'countries.status.unknown')}`);
    expect(new URL(page.url()).pathname).toBe(pagePath);
  });

  it('clicking a linked country shows its name, status and link instead of leaving', async () => {
    const page = await openMap();
    const link = page.locator('.world-map > svg a:has(path[data-code="DE"])');
    const href = await link.getAttribute('href');
    await page.locator('.world-map > svg path[data-code="DE"]').click();
    await expect
      .poll(() => panel(page))
      .toBe(`${names.of('DE')} · ${t(locale, 'countries.status.pending')} · ${t(locale, 'countries.read_more')}`);
    expect(new URL(page.url()).pathname).toBe(pagePath);
    expect(
      await island(page, 'country-info')
        .getByRole('link', { name: t(locale, 'countries.read_more') })
        .getAttribute('href'),
    ).toBe(href);
  });

  it('Enter on a focused linked country shows it too', async () => {
    const page = await openMap();
    const link = page.locator('.world-map > svg a:has(path[data-code="AT"])');
    await link.focus();
    expect(await link.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => panel(page))
      .toBe(`${names.of('AT')} · ${t(locale, 'countries.status.forbidden')} · ${t(locale, 'countries.read_more')}`);
    await sleep(300);
    expect(new URL(page.url()).pathname).toBe(pagePath);
  });

  it('the linked countries can be reached with Tab', async () => {
    const page = await openMap();
    const first = page.locator('.world-map > svg a').first();
    await first.focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () =>
        document.activeElement?.closest('.world-map') !== null && document.activeElement?.tagName.toLowerCase() === 'a',
    );
    expect(focused).toBe(true);
  });
});
