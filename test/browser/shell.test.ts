/**
 * The shell in a real Chromium: the resources menu, language switcher and mobile menu close on Escape,
 * outside click and focus leaving; the loading bar; the analytics loader on a local host; age badges.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../pipeline/locale.ts';
import {
  ANALYTICS_SCRIPT_URL,
  articlePath,
  island,
  openBrowserSite,
  routePath,
  settle,
  sleep,
  t,
  textOf,
  waitForIsland,
  wakeIsland,
  type BrowserSite,
} from '../helpers/browser-site.ts';
const ISO_OF: Record<Locale, string> = { en: 'en-US', nl: 'nl-NL', de: 'de-DE', es: 'es-ES', fr: 'fr-FR', it: 'it-IT' };

let site: BrowserSite;

beforeAll(async () => {
  site = await openBrowserSite('browser-shell');
}, 300_000);
afterEach(async () => site.closeContexts());
afterAll(async () => site?.close());

const LOCALES = ['en', 'nl'] as const;

interface Widget {
  name: 'resources-menu' | 'language-switcher' | 'mobile-menu';
  viewport: { width: number; height: number };
  /** The element focus sits on inside the open widget, before Tab moves it out. */
  lastFocusable: (details: Locator) => Locator;
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const WIDGETS: Widget[] = [
  { name: 'resources-menu', viewport: DESKTOP, lastFocusable: (details) => details.locator('a').last() },
  // The listbox keeps one option in the tab order (roving tabindex): the active one.
  {
    name: 'language-switcher',
    viewport: DESKTOP,
    lastFocusable: (details) => details.locator('[role="option"][tabindex="0"]'),
  },
  { name: 'mobile-menu', viewport: PHONE, lastFocusable: (details) => details.locator('a').last() },
];

async function isOpen(details: Locator): Promise<boolean> {
  return details.evaluate((element) => (element as HTMLDetailsElement).open);
}

async function openWidget(page: Page, widget: Widget): Promise<Locator> {
  await wakeIsland(page, widget.name);
  const details = island(page, widget.name);
  await details.locator('summary').click();
  await expect.poll(() => isOpen(details)).toBe(true);
  // The panel shows its links.
  await details.locator('a').first().waitFor({ state: 'visible' });
  await settle(page);
  return details;
}

/** Reads until the value is the wanted one or the time is up; returns the last value read. */
async function eventually<T>(read: () => Promise<T>, wanted: T, timeoutMs = 1500): Promise<T> {
  const end = Date.now() + timeoutMs;
  let value = await read();
  while (value !== wanted && Date.now() < end) {
    await sleep(50);
    value = await read();
  }
  return value;
}

/** Opens an awake widget again with a click on its button. */
async function reopen(page: Page, details: Locator): Promise<void> {
  if (await isOpen(details)) await details.locator('summary').click();
  await expect.poll(() => isOpen(details)).toBe(false);
  await details.locator('summary').click();
  await expect.poll(() => isOpen(details), { message: 'the widget opens again' }).toBe(true);
  await settle(page);
}

/** A point far from every header widget: bottom-left corner of the viewport. */
async function clickOutside(page: Page): Promise<void> {
  const size = page.viewportSize()!;
  await page.mouse.click(8, size.height - 8);
}

describe.each(LOCALES)('widgets close on Escape, outside click and focus leaving (%s)', (locale) => {
  const pagePath = articlePath(locale);

  describe.each(WIDGETS)('$name', (widget) => {
    // One page per widget: each step opens the widget again, so a failing step does not hide the next.
    it('Escape closes it (focus back on its button), an outside click closes it, a click inside keeps it open', async () => {
      const { page } = await site.open({ viewport: widget.viewport });
      await page.goto(site.url(pagePath));
      const details = await openWidget(page, widget);
      await page.keyboard.press('Escape');
      await expect.poll(() => isOpen(details), { message: 'open after Escape' }).toBe(false);
      expect.soft(await details.locator('a').first().isVisible(), 'links visible after Escape').toBe(false);
      expect
        .soft(
          await details.locator('summary').evaluate((summary) => summary === document.activeElement),
          'focus back on the button after Escape',
        )
        .toBe(true);

      await reopen(page, details);
      await clickOutside(page);
      expect.soft(await eventually(() => isOpen(details), false), 'open after a click outside').toBe(false);

      await reopen(page, details);
      // The panel's own padding, above its first link.
      const box = (await details.locator('summary + *').boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + 4);
      await page.waitForTimeout(200);
      expect.soft(await isOpen(details), 'open after a click inside').toBe(true);
      expect(new URL(page.url()).pathname).toBe(pagePath);
    });

    it('focus leaving closes it: Tab out of its last item, Shift+Tab out of its button', async () => {
      const { page } = await site.open({ viewport: widget.viewport });
      await page.goto(site.url(pagePath));
      const details = await openWidget(page, widget);
      await widget.lastFocusable(details).focus();
      expect(await isOpen(details)).toBe(true);
      await page.keyboard.press('Tab');
      expect.soft(await eventually(() => isOpen(details), false), 'open after Tab out of the last item').toBe(false);
      // Focus went on to the next control of the page, not back into the widget.
      expect
        .soft(
          await details.evaluate((element) => element.contains(document.activeElement)),
          'focus still inside after Tab',
        )
        .toBe(false);
      expect
        .soft(await page.evaluate(() => document.activeElement !== document.body), 'focus lost after Tab')
        .toBe(true);

      await reopen(page, details);
      await details.locator('summary').focus();
      await page.keyboard.press('Shift+Tab');
      expect.soft(await eventually(() => isOpen(details), false), 'open after Shift+Tab out of the button').toBe(false);
    });

    /*
     * The first click on a menu is also what wakes its island (pointerover/pointerdown), so the native
     * <details> opens before React has hydrated it. A visitor's very first click is the common case: the
     * menu must still close on Escape and on an outside click afterwards.
     */
    it('the very first click (which also wakes the island) opens a menu that Escape and an outside click close', async () => {
      const { page } = await site.open({ viewport: widget.viewport });
      await page.goto(site.url(pagePath));
      const details = island(page, widget.name);
      await details.locator('summary').click();
      await waitForIsland(page, widget.name);
      await expect.poll(() => isOpen(details)).toBe(true);
      await page.keyboard.press('Escape');
      expect
        .soft(
          await eventually(() => isOpen(details), false),
          `${widget.name} opened by the waking click stays open after Escape`,
        )
        .toBe(false);
      if (await isOpen(details)) {
        await clickOutside(page);
        expect
          .soft(
            await eventually(() => isOpen(details), false),
            `${widget.name} opened by the waking click stays open after an outside click`,
          )
          .toBe(false);
      }
    });
  });

  it('the mobile menu at 390 px lists the header links, with "Switch to English" only when useful', async () => {
    const { page } = await site.open({ viewport: PHONE, locale: 'en-US' });
    await page.goto(site.url(routePath('pricing', locale)));
    // The desktop navigation is replaced by the menu button.
    expect(await page.locator('.main-nav').isVisible()).toBe(false);
    const details = await openWidget(page, WIDGETS[2]!);
    const hrefs = await details.locator('a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toContain(routePath('pricing', locale));
    expect(hrefs).toContain(routePath('blog', locale));
    const english = details.locator('a[data-locale="en"]');
    if (locale === 'en') {
      // Browser language en-US on an English page: nothing to switch to.
      expect(await english.count()).toBe(0);
    } else {
      expect(await textOf(english)).toBe(t(locale, 'nav.switch_to_english'));
      expect(await english.getAttribute('href')).toBe(routePath('pricing', 'en'));
      await english.click();
      await page.waitForURL(site.url(routePath('pricing', 'en')));
    }
  });
});

describe.each(LOCALES)('loading bar (%s)', (locale) => {
  it('appears 200 ms after following an internal link on a slow navigation, 3 px high', async () => {
    const { page } = await site.open({ viewport: DESKTOP });
    const target = routePath('pricing', locale);
    await page.goto(site.url(articlePath(locale)));
    expect(await page.locator('.loading-bar').evaluate((bar) => getComputedStyle(bar).opacity)).toBe('0');
    // While a navigation is pending Playwright cannot evaluate in the page: the page reports by console.
    const reports: string[] = [];
    page.on('console', (message) => {
      if (message.text().startsWith('loading-bar ')) reports.push(message.text().slice('loading-bar '.length));
    });
    await page.evaluate(() => {
      const bar = document.querySelector<HTMLElement>('.loading-bar')!;
      let clickAt = 0;
      let reported = false;
      document.addEventListener('click', () => (clickAt = performance.now()), { capture: true });
      new MutationObserver(() => {
        if (reported || bar.style.opacity !== '1') return;
        reported = true;
        const shownAt = performance.now();
        // Measured once the bar has started to grow (it fills from scaleX(0) over 2 s).
        setTimeout(() => {
          const rect = bar.getBoundingClientRect();
          const style = getComputedStyle(bar);
          console.log(
            `loading-bar ${JSON.stringify({ delay: shownAt - clickAt, height: rect.height, top: rect.top, width: rect.width, position: style.position, opacity: style.opacity })}`,
          );
        }, 300);
      }).observe(bar, { attributes: true, attributeFilter: ['style'] });
    });
    // The next page answers slowly.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(site.url(target), async (route) => {
      await held;
      await route.fallback();
    });
    try {
      // A real click on the header link (page.mouse: locator.click would wait for the held navigation).
      const link = (await page.locator(`.main-nav a[href="${target}"]`).boundingBox())!;
      await page.mouse.click(link.x + link.width / 2, link.y + link.height / 2);
      await expect
        .poll(() => reports.length, { timeout: 5000, message: 'the loading bar never became visible' })
        .toBeGreaterThan(0);
      const bar = JSON.parse(reports[0]!) as {
        delay: number;
        height: number;
        top: number;
        width: number;
        position: string;
        opacity: string;
      };
      expect(bar.delay, `the bar showed ${bar.delay.toFixed(0)} ms after the click`).toBeGreaterThanOrEqual(190);
      expect(bar.delay).toBeLessThan(1000);
      expect(bar.height).toBe(3);
      expect(bar.top).toBe(0);
      expect(bar.position).toBe('fixed');
      expect(bar.width).toBeGreaterThan(0);
    } finally {
      release();
    }
    await page.waitForURL(site.url(target));
  });

  it('does not appear for a quick in-page anchor', async () => {
    const { page } = await site.open({ viewport: DESKTOP });
    await page.goto(site.url(articlePath(locale)));
    await page.locator('.skip-link').focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(400);
    expect(await page.locator('.loading-bar').evaluate((bar) => getComputedStyle(bar).opacity)).toBe('0');
  });
});

describe.each(LOCALES)('analytics on 127.0.0.1 (%s)', (locale) => {
  it('adds no #sa-script, requests nothing from the script host, and sa_event only warns', async () => {
    const { context, page } = await site.open();
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto(site.url(routePath('index', locale)), { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    expect(await page.locator('#sa-script').count()).toBe(0);
    expect(requested.filter((url) => url.startsWith(new URL(ANALYTICS_SCRIPT_URL).origin))).toEqual([]);
    expect(await page.evaluate(() => typeof (window as unknown as { sa_event?: unknown }).sa_event)).toBe('function');
    await page.evaluate(() => (window as unknown as { sa_event: (name: string) => void }).sa_event('x'));
    await expect.poll(() => warnings.find((text) => text.includes('"x"'))).toBeDefined();
    const warning = warnings.find((text) => text.includes('"x"'))!;
    expect(warning).toMatch(/not sent/i);
    expect(warning).toMatch(/localhost|IP/i);
  });
});

describe.each(LOCALES)('age badges (%s)', (locale) => {
  const DAY = 86_400_000;
  const blog = routePath('blog', locale);

  /** The newest post's publication time, from the blog list's server markup. */
  async function newestPublished(page: Page): Promise<number> {
    const dates = await page
      .locator('.post-card .age[data-published]')
      .evaluateAll((spans) => spans.map((span) => Date.parse(span.getAttribute('data-published')!)));
    expect(dates.length).toBeGreaterThan(0);
    return Math.max(...dates);
  }

  async function badgeFor(page: Page, published: number): Promise<string> {
    const iso = new Date(published).toISOString();
    return textOf(page.locator(`.post-card .age[data-published="${iso}"]`).first());
  }

  // issue 12: ages in words with the language's plural forms, as Intl.RelativeTimeFormat writes them.
  const ago = (l: Locale, value: number, unit: Intl.RelativeTimeFormatUnit) =>
    new Intl.RelativeTimeFormat(ISO_OF[l]).format(-value, unit);
  const cases: Array<[string, number, (l: Locale) => string | null]> = [
    ['30 s', 30_000, (l) => new Intl.RelativeTimeFormat(ISO_OF[l], { numeric: 'auto' }).format(0, 'second')],
    ['45 min', 45 * 60_000, (l) => ago(l, 45, 'minute')],
    ['3 h', 3 * 3_600_000, (l) => ago(l, 3, 'hour')],
    ['5 days', 5 * DAY, (l) => ago(l, 5, 'day')],
    ['10 days + 1 h (weeks past 10 days)', 10 * DAY + 3_600_000, (l) => ago(l, 1, 'week')],
    ['14 days', 14 * DAY + 2 * 3_600_000, (l) => ago(l, 2, 'week')],
    ['76 days (under 11 weeks)', 76 * DAY, (l) => ago(l, 10, 'week')],
    ['78 days (over 11 weeks)', 78 * DAY, () => null],
  ];

  it.each(cases)('a post %s old', async (_label, age, expected) => {
    const { page } = await site.open();
    await page.goto(site.url(blog));
    const newest = await newestPublished(page);
    await page.clock.setFixedTime(new Date(newest + age));
    await page.reload();
    const want = expected(locale);
    if (want === null) {
      await page.waitForLoadState('load');
      await page.waitForTimeout(200);
      expect(await page.locator('.post-card .age-badge').count()).toBe(0);
    } else {
      await expect.poll(() => badgeFor(page, newest)).toBe(want);
    }
    // Posts 11 weeks or more before "now" never get a badge.
    const old = await page
      .locator('.post-card .age[data-published]')
      .evaluateAll(
        (spans, now) =>
          spans
            .filter((span) => now - Date.parse(span.getAttribute('data-published')!) >= 77 * 86_400_000)
            .map((span) => span.textContent ?? ''),
        newest + age,
      );
    expect(old.every((text) => text.trim() === '')).toBe(true);
  });

  it('the recent posts of the resources menu carry the same badge', async () => {
    const { page } = await site.open({ viewport: DESKTOP });
    await page.goto(site.url(blog));
    const newest = await newestPublished(page);
    await page.clock.setFixedTime(new Date(newest + 14 * DAY + 2 * 3_600_000));
    await page.goto(site.url(articlePath(locale)));
    await wakeIsland(page, 'resources-menu');
    const details = island(page, 'resources-menu');
    await details.locator('summary').click();
    const badge = details.locator(`.recent-posts .age[data-published="${new Date(newest).toISOString()}"] .age-badge`);
    await expect.poll(() => textOf(badge)).toBe(new Intl.RelativeTimeFormat(ISO_OF[locale]).format(-2, 'week'));
  });
});

describe.each(LOCALES)('404 page (%s)', (locale) => {
  it('is titled "Page not found" and shows the full path that was asked for', async () => {
    const { page } = await site.open();
    const missing = `${locale === 'en' ? '' : `/${locale}`}/no-such/page-here`;
    const response = await page.goto(site.url(`${missing}?ref=x`));
    expect(response?.status()).toBe(404);
    expect(await textOf(page.locator('main h1'))).toBe(t(locale, 'page.not_found.title'));
    expect(await page.title()).toContain(t(locale, 'page.not_found.title'));
    await expect.poll(() => textOf(page.locator('.not-found-path'))).toBe(missing);
  });
});
