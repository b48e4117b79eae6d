import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir } from '../helpers/files.ts';
import { attr, hasClass, parseHtml, type Element, type Html } from '../helpers/html.ts';

let outDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const temp = await makeTempDir('pages');
  cleanup = temp.cleanup;
  outDir = path.join(temp.dir, 'out');
  await build({
    siteDir: REPO_ROOT,
    outDir,
    cacheDir: path.join(temp.dir, 'cache'),
    cms: undefined,
    includeDrafts: false,
    skipInvalid: false,
  });
});
afterAll(() => cleanup());

async function page(file: string): Promise<Html> {
  return parseHtml(await readFile(path.join(outDir, file), 'utf8'));
}

const title = (html: Html) => html.text(html.one('title'));
const h1 = (html: Html) => html.text(html.one('h1'));

describe('page titles (spec §9)', () => {
  it.each([
    ['index.html', 'The privacy-first Google Analytics alternative - Simple Analytics', 'en-US'],
    ['pricing.html', 'Pricing - Simple Analytics', 'en-US'],
    ['blog.html', 'Blog of Simple Analytics', 'en-US'],
    ['utm-generator.html', 'UTM generator - Simple Analytics', 'en-US'],
    ['video.html', 'Video - Simple Analytics', 'en-US'],
    ['nl/prijzen.html', 'Prijzen - Simple Analytics', 'nl-NL'],
    ['de/blog.html', 'Blog von Simple Analytics', 'de-DE'],
    ['it/prezzi.html', 'Prezzi - Simple Analytics', 'it-IT'],
    ['fr/video.html', 'Vidéo - Simple Analytics', 'fr-FR'],
  ])('%s is titled "%s" in %s', async (file, expected, lang) => {
    const html = await page(file);
    expect(title(html)).toBe(expected);
    expect(attr(html.one('html'), 'lang')).toBe(lang);
  });
});

describe('pricing', () => {
  it.each(['pricing.html', 'de/preise.html'])('%s shows the three plans with yearly billing chosen', async (file) => {
    const html = await page(file);
    expect(
      html
        .all('li', (element) => hasClass(element, 'plan'))
        .map(
          (plan) =>
            html.text(html.all('h2').find((heading) => plan.childNodes.includes(heading)) ?? plan).split(' ')[0],
        ),
    ).toEqual(['Starter', 'Business', 'Enterprise']);
    expect(
      attr(
        html.one('input', (input) => attr(input, 'id') === 'billing-yearly'),
        'checked',
      ),
    ).toBe('');
    expect(
      attr(
        html.one('input', (input) => attr(input, 'id') === 'billing-monthly'),
        'checked',
      ),
    ).toBeUndefined();
    const yearlyStarter = html.one(
      'span',
      (span) =>
        hasClass(span, 'amount') && attr(span, 'data-billing') === 'yearly' && attr(span, 'data-currency') === 'eur',
    );
    // Intl in the page's locale (issue 12): the sign before the number in English, after it in German.
    expect(html.text(yearlyStarter)).toBe(file === 'pricing.html' ? '€9' : '9 €'); // text() folds the no-break space
  });

  it('defaults the currency to dollars in English and euros in German', async () => {
    expect(
      attr(
        (await page('pricing.html')).one('input', (input) => attr(input, 'id') === 'currency-usd'),
        'checked',
      ),
    ).toBe('');
    expect(
      attr(
        (await page('de/preise.html')).one('input', (input) => attr(input, 'id') === 'currency-eur'),
        'checked',
      ),
    ).toBe('');
  });

  it('answers the pricing FAQ in the page language', async () => {
    const html = await page('nl/prijzen.html');
    expect(
      html
        .all('summary', (summary) => attr(summary.parentNode as Element, 'class') === undefined)
        .map((summary) => html.text(summary)),
    ).toHaveLength(5);
    expect(html.text()).toContain('14');
  });
});

describe('article notices', () => {
  it('links a machine translation to the English original', async () => {
    const html = await page('de/blog/warum-simple-analytics-eine-gute-alternative-zu-matomo-ist.html');
    const notice = html.one('p', (element) => hasClass(element, 'notice'));
    expect(html.text(notice)).toMatch(/automatisch übersetzt/);
    expect(
      attr(
        html.one('a', (link) => notice!.childNodes.includes(link)),
        'href',
      ),
    ).toBe('/blog/why-simple-analytics-is-a-great-alternative-to-matomo');
  });

  it.each([
    [
      'it/blog/why-simple-analytics-is-a-great-alternative-to-cloudflare-web-analytics.html',
      'Questo contenuto non è ancora tradotto. Qui sotto trovi la versione inglese.',
    ],
    [
      'nl/blog/why-simple-analytics-is-my-first-successful-project.html',
      'Deze inhoud is nog niet vertaald. Hieronder staat de Engelse versie.',
    ],
  ])('says an English fallback is not translated yet (%s)', async (file, notice) => {
    const html = await page(file);
    expect(html.text(html.one('p', (element) => hasClass(element, 'notice')))).toBe(notice);
    const body = html.one('div', (element) => attr(element, 'lang') === 'en-US');
    expect(body).toBeDefined();
  });

  it('shows no notice on a human translation', async () => {
    const html = await page('nl/blog/praktische-privacytips-voor-je-bedrijf.html');
    expect(html.one('p', (element) => hasClass(element, 'notice'))).toBeUndefined();
    expect(h1(html)).toBe('Praktische privacytips voor je bedrijf');
  });
});

describe('glossary, countries, UTM, video and 404', () => {
  it.each([
    ['glossaries.html', 'Glossaries'],
    ['es/glosarios.html', 'Glosarios'],
  ])('the glossary overview %s links both categories', async (file, heading) => {
    const html = await page(file);
    expect(h1(html)).toBe(heading);
    expect(
      html
        .all('a')
        .map((link) => attr(link, 'href'))
        .filter((href) => /\/(glossary|glosario|glossario)\/(google-analytics|analytics)$/.test(href ?? '')),
    ).toHaveLength(2);
  });

  it.each(['glossary/google-analytics.html', 'fr/glossaire/analytics.html'])(
    'the category %s lists its key terms first, then its terms',
    async (file) => {
      const html = await page(file);
      const headings = html.all('h2').map((heading) => html.text(heading));
      expect(headings[0]).toMatch(/Key terms|Termes clés/);
      expect(headings.length).toBeGreaterThan(2);
    },
  );

  it.each([
    ['google-analytics-is-illegal-in-these-countries.html', 'France'],
    ['de/google-analytics-in-diesen-landern-verboten.html', 'Frankreich'],
  ])('the countries page %s draws the map and names countries in the page language', async (file, france) => {
    const html = await page(file);
    expect(html.all('path').length).toBeGreaterThan(150);
    expect(html.all('path', (path) => hasClass(path, 'status-forbidden')).length).toBeGreaterThanOrEqual(7);
    expect(
      html
        .all('li')
        .map((item) => html.text(item))
        .some((text) => text.startsWith(france)),
    ).toBe(true);
    expect(html.all('ul', (list) => hasClass(list, 'map-legend')).length).toBe(1);
  });

  it.each(['utm-generator.html', 'es/utm-generator.html'])(
    'the UTM generator %s has the base URL and five utm fields',
    async (file) => {
      const html = await page(file);
      expect(
        html.all('input', (input) => /^utm_/.test(attr(input, 'name') ?? '')).map((input) => attr(input, 'name')),
      ).toEqual(['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term']);
      expect(
        attr(
          html.one('input', (input) => attr(input, 'name') === 'url'),
          'type',
        ),
      ).toBe('url');
    },
  );

  it.each([
    ['404.html', 'Page not found'],
    ['nl/404.html', 'Pagina niet gevonden'],
    ['it/404.html', 'Pagina non trovata'],
  ])('%s says "%s" and is not indexed', async (file, heading) => {
    const html = await page(file);
    expect(h1(html)).toBe(heading);
    expect(
      attr(
        html.one('meta', (meta) => attr(meta, 'name') === 'robots'),
        'content',
      ),
    ).toBe('noindex');
  });
});

describe('head metadata', () => {
  it('gives an article Open Graph, Twitter and JSON-LD data with its own social image per language', async () => {
    const html = await page('blog/practical-privacy-tips-for-your-business.html');
    const property = (name: string) =>
      attr(
        html.one('meta', (meta) => attr(meta, 'property') === name),
        'content',
      );
    expect(property('og:type')).toBe('article');
    expect(property('og:image')).toMatch(/^https:\/\/www\.simpleanalytics\.com\/_social\/[0-9a-f]{20}\.png$/);
    expect(property('og:image:alt')).toBe(title(html).replace(/ - Simple Analytics$/, ''));
    // issue 12: drawn per locale and article (the German title on the German page), 1200×630, under 100 KB.
    const german = await page('de/blog/praktische-datenschutz-tipps-fur-ihr-unternehmen.html');
    const germanImage = attr(
      german.one('meta', (meta) => attr(meta, 'property') === 'og:image'),
      'content',
    )!;
    expect(germanImage).not.toBe(property('og:image'));
    const png = await readFile(path.join(outDir, new URL(germanImage).pathname));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    expect(png.length).toBeLessThan(100 * 1024);
    expect(
      attr(
        html.one('meta', (meta) => attr(meta, 'name') === 'twitter:card'),
        'content',
      ),
    ).toBe('summary_large_image');
    const ld = html
      .all('script', (script) => attr(script, 'type') === 'application/ld+json')
      .map((script) => JSON.parse(html.raw(script)) as { '@type': string });
    expect(ld.map((block) => block['@type'])).toEqual(['BreadcrumbList', 'Article']);
  });

  it('links every locale and x-default as alternates with localized slugs', async () => {
    const html = await page('nl/blog/praktische-privacytips-voor-je-bedrijf.html');
    const alternates = Object.fromEntries(
      html
        .all('link', (link) => attr(link, 'rel') === 'alternate' && attr(link, 'hreflang') !== undefined)
        .map((link) => [attr(link, 'hreflang'), attr(link, 'href')]),
    );
    expect(alternates['de-DE']).toBe(
      'https://www.simpleanalytics.com/de/blog/praktische-datenschutz-tipps-fur-ihr-unternehmen',
    );
    expect(alternates['x-default']).toBe(
      'https://www.simpleanalytics.com/blog/practical-privacy-tips-for-your-business',
    );
    expect(Object.keys(alternates)).toHaveLength(7);
  });

  it('gives Open Graph its own locale and the other five as alternates', async () => {
    for (const [file, own] of [
      ['nl/blog/praktische-privacytips-voor-je-bedrijf.html', 'nl_NL'],
      ['blog/practical-privacy-tips-for-your-business.html', 'en_US'],
      ['fr.html', 'fr_FR'],
    ] as const) {
      const html = await page(file);
      const content = (property: string) =>
        html.all('meta', (meta) => attr(meta, 'property') === property).map((meta) => attr(meta, 'content'));
      expect([file, content('og:locale')]).toEqual([file, [own]]);
      expect([file, content('og:locale:alternate').sort()]).toEqual([
        file,
        ['de_DE', 'en_US', 'es_ES', 'fr_FR', 'it_IT', 'nl_NL'].filter((locale) => locale !== own),
      ]);
    }
  });
});
