/**
 * Layout in a real Chromium (issue 13): one page of every type, in every locale, at 320, 360, 390, 768,
 * 1024 and 1280 px, light and dark. Fails on a document wider than the viewport, text clipped by its
 * container, header controls that overlap, wrap or are squeezed, a pill control whose segments wrap onto two
 * lines, and a disclosure (<summary>) that shows nothing saying it opens. Each page loads once per
 * locale; widths and themes change in place.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../pipeline/locale.ts';
import { ROUTE_NAMES } from '../../pipeline/site/schemas.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { buildEmbeddedSite, listPages, type BuiltSite } from '../helpers/built-site.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import { startStaticServer, type StaticServer } from '../helpers/static-server.ts';

/** The issue's widths, and 1024 (a tablet held sideways, a small laptop): where a desktop header has the least room. */
const WIDTHS = [320, 360, 390, 768, 1024, 1280];
const SCHEMES = ['light', 'dark'] as const;
/** One page per type, by route name (the second blog list page looks like the first); the URL comes from the build. */
const ROUTES = ROUTE_NAMES.filter((route) => route !== 'blog-page');
const NOT_FOUND = 'not-found';

let site: BuiltSite | undefined;
let server: StaticServer | undefined;
let browser: Browser | undefined;
const samples = new Map<string, string>();

beforeAll(async () => {
  site = await buildEmbeddedSite('layout');
  server = await startStaticServer(site.outDir);
  browser = await launchBrowser();
  const routes = JSON.parse(await readFile(path.join(REPO_ROOT, 'routes.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const placeholders = (route: string) => (route.match(/\{[a-z]+\}/g) ?? []).length;
  const patternFor = (route: string) =>
    new RegExp(`^${route.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[a-z]+\}/g, '[^/]+')}$`);
  for (const page of await listPages(site.outDir)) {
    if (page.isNotFound) continue;
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

/** Everything wrong with the layout as it is on screen now, one line per defect. */
function findDefects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const defects: string[] = [];
    const name = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes =
        typeof element.className === 'string' && element.className
          ? `.${element.className.trim().split(/\s+/).join('.')}`
          : '';
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `<${element.tagName.toLowerCase()}${id}${classes}> "${text}"`;
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    };
    const viewport = document.documentElement.clientWidth;

    // 1. Horizontal overflow: the document is wider than the viewport; name the elements that stick out.
    if (document.documentElement.scrollWidth > viewport) {
      const culprits = [...document.body.querySelectorAll('*')]
        .filter((element) => visible(element) && element.getBoundingClientRect().right > viewport + 0.5)
        .filter((element) => !element.parentElement?.closest('[style*="overflow"], pre, .reports-demo, .prose table'))
        .filter(
          (element) => !element.parentElement || element.parentElement.getBoundingClientRect().right <= viewport + 0.5,
        )
        .slice(0, 5)
        .map((element) => `${name(element)} right=${Math.round(element.getBoundingClientRect().right)}`);
      defects.push(
        `document is ${document.documentElement.scrollWidth} px wide in a ${viewport} px viewport: ${culprits.join('; ')}`,
      );
    }

    // 2. Text clipped by its container: overflow hidden/clip or an ellipsis, and content wider or taller than the box.
    for (const element of document.body.querySelectorAll('*')) {
      if (!visible(element) || element.closest('.visually-hidden, [aria-hidden="true"]')) continue;
      const style = getComputedStyle(element);
      // Visually hidden on purpose (the clip-path technique): read by screen readers, not shown.
      if (style.clipPath !== 'none' && element.getBoundingClientRect().width <= 1) continue;
      const clips =
        [style.overflowX, style.overflowY].some((value) => value === 'hidden' || value === 'clip') ||
        style.textOverflow === 'ellipsis';
      if (!clips || !(element.textContent ?? '').trim()) continue;
      if (
        element.scrollWidth > element.clientWidth + 1 ||
        (style.overflowY !== 'visible' && element.scrollHeight > element.clientHeight + 1)
      ) {
        defects.push(
          `text clipped: ${name(element)} content ${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight}`,
        );
      }
    }

    // 3. Header controls: visible ones never overlap, stay inside the header, and the logo mark keeps its size.
    const header = document.querySelector('.header-inner');
    if (header) {
      const bounds = header.getBoundingClientRect();
      const controls = [
        ...header.querySelectorAll(
          '.brand, .main-nav a, .main-nav summary, .header-actions > *, .header-actions summary',
        ),
      ]
        .filter((element) => visible(element) && !element.closest('.menu-panel, .mobile-panel'))
        .filter((element, _, all) => !all.some((other) => other !== element && other.contains(element)));
      controls.forEach((element, index) => {
        const box = element.getBoundingClientRect();
        if (box.left < bounds.left - 0.5 || box.right > bounds.right + 0.5)
          defects.push(`header control outside the header: ${name(element)}`);
        for (const other of controls.slice(index + 1)) {
          const next = other.getBoundingClientRect();
          const overlap =
            Math.min(box.right, next.right) - Math.max(box.left, next.left) > 0.5 &&
            Math.min(box.bottom, next.bottom) - Math.max(box.top, next.top) > 0.5;
          if (overlap) defects.push(`header controls overlap: ${name(element)} and ${name(other)}`);
        }
      });
      // Header links and buttons keep their words on one line ("Nous contacter" over two lines looks broken).
      // Measured on the text itself (a range over the control's contents: padding and min-height do not count).
      const labelled = [
        ...header.querySelectorAll(
          '.main-nav > ul > li > a, .main-nav summary, .header-actions .login, .header-actions .signup',
        ),
      ].filter(visible);
      for (const element of labelled) {
        const text = element.textContent?.trim() ?? '';
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(element);
        const lines = new Set(
          [...range.getClientRects()]
            .filter((rect) => rect.width > 0 && rect.height > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) defects.push(`header control wraps onto ${lines.size} lines: ${name(element)}`);
      }
      // A control squeezed below its text's width lets the text run over its neighbour.
      for (const element of [...header.querySelectorAll('.brand'), ...labelled].filter(visible)) {
        if (element.scrollWidth > element.clientWidth + 1)
          defects.push(
            `header control narrower than its text (${element.clientWidth} < ${element.scrollWidth} px): ${name(element)}`,
          );
      }
      const logo = header.querySelector('.brand .logo');
      if (logo && logo.getBoundingClientRect().width < 24)
        defects.push(`logo mark squeezed to ${logo.getBoundingClientRect().width.toFixed(1)} px`);
    }

    // 4. Segmented controls (pills) keep their segments on one line, each label on one line.
    for (const pill of document.querySelectorAll('.segmented')) {
      if (!visible(pill)) continue;
      const labels = [...pill.querySelectorAll('label')].filter(visible);
      const tops = new Set(labels.map((label) => Math.round(label.getBoundingClientRect().top)));
      // A pill laid out as a column (phones) stacks its segments on purpose; a row must not wrap.
      if (getComputedStyle(pill).flexDirection === 'row' && tops.size > 1)
        defects.push(`pill wraps onto ${tops.size} lines: ${name(pill)}`);
      for (const label of labels) {
        const style = getComputedStyle(label);
        const oneLine = Math.max(parseFloat(style.minHeight) || 0, (parseFloat(style.lineHeight) || 24) * 1.5);
        if (label.getBoundingClientRect().height > oneLine + 1) defects.push(`pill label wraps: ${name(label)}`);
      }
    }

    // 5. Every disclosure shows that it opens: the summary's marker, or a ::before/::after of its own.
    for (const summary of document.querySelectorAll('main summary')) {
      if (!visible(summary)) continue;
      const marker =
        getComputedStyle(summary).display === 'list-item' && getComputedStyle(summary).listStyleType !== 'none';
      const drawn = ['::before', '::after'].some((pseudo) => {
        const content = getComputedStyle(summary, pseudo).content;
        return content !== 'none' && content !== 'normal';
      });
      if (!marker && !drawn) defects.push(`disclosure without a marker: ${name(summary)}`);
    }
    return defects;
  });
}

const cases = LOCALES.flatMap((locale) => [...ROUTES, NOT_FOUND].map((route) => [route, locale] as const));

describe('layout at 320–1280 px (and 1024), light and dark, every locale', () => {
  it.each(cases)('%s (%s)', async (route, locale: Locale) => {
    const urlPath =
      route === NOT_FOUND
        ? `${locale === 'en' ? '' : `/${locale}`}/this-page-does-not-exist`
        : samples.get(`${route} ${locale}`);
    expect(urlPath, `the build has a ${route} page in ${locale}`).toBeDefined();
    const context = await browser!.newContext({ viewport: { width: WIDTHS[0]!, height: 800 } });
    try {
      await context.route('**/*', (request) =>
        request.request().url().startsWith(`${server!.url}/`) ? request.continue() : request.abort(),
      );
      const page = await context.newPage();
      await page.goto(`${server!.url}${encodeURI(urlPath!)}`, { waitUntil: 'load' });
      const defects: string[] = [];
      for (const scheme of SCHEMES) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          defects.push(...(await findDefects(page)).map((defect) => `${width} px ${scheme}: ${defect}`));
        }
      }
      expect(defects, `layout defects on ${urlPath}`).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
