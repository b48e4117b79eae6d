/**
 * Screenshots of every page type at 390 and 1280 px, light and dark, for looking at the site as a
 * visitor does. Run: node bin/run-ts.js bench/screenshots.ts <built out/ folder> <folder for the PNGs> [locale]
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../test/helpers/browser.ts';
import { startStaticServer } from '../test/helpers/static-server.ts';

const [outDir, shotsDir, locale = 'en'] = process.argv.slice(2);
if (!outDir || !shotsDir) throw new Error('usage: bench/screenshots.ts <out dir> <shots dir> [locale]');
const prefix = locale === 'en' ? '' : `/${locale}`;
const PAGES: Array<[string, string]> = [
  ['home', prefix || '/'],
  [
    'pricing',
    locale === 'en'
      ? '/pricing'
      : `${prefix}/${({ nl: 'prijzen', de: 'preise', es: 'precios', fr: 'tarifs', it: 'prezzi' } as Record<string, string>)[locale]}`,
  ],
  ['blog', `${prefix}/blog`],
  ['article', `${prefix}/blog/practical-privacy-tips-for-your-business`],
  ['glossaries', `${prefix}/glossaries`],
  ['term', `${prefix}/glossary/google-analytics/what-is-a-utm-parameter`],
  ['countries', `${prefix}/google-analytics-is-illegal-in-these-countries`],
  ['country', `${prefix}/google-analytics-illegal/is-google-analytics-illegal-in-austria`],
  ['utm', `${prefix}/utm-generator`],
  ['video', `${prefix}/video`],
  ['404', `${prefix}/no-such-page`],
];
const only = process.env.PAGES?.split(',');
await mkdir(shotsDir, { recursive: true });
const server = await startStaticServer(outDir);
const browser = await launchBrowser();
try {
  for (const width of [390, 1280]) {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 844 : 900 },
        colorScheme: scheme,
        deviceScaleFactor: 1,
      });
      await context.route('**/*', (route) =>
        route.request().url().startsWith(server.url) ? route.fallback() : route.abort(),
      );
      const page = await context.newPage();
      for (const [name, urlPath] of PAGES) {
        if (only && !only.includes(name)) continue;
        await page.goto(`${server.url}${urlPath}`, { waitUntil: 'load' });
        await page.waitForTimeout(150);
        await page.screenshot({
          path: path.join(shotsDir, `${name}-${width}-${scheme}.png`),
          fullPage: process.env.FULL !== '0',
        });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.close();
}
