import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { isSitegenError } from '../../pipeline/errors.ts';
import { LOCALES, type Locale } from '../../pipeline/locale.ts';
import { loadSite } from '../../pipeline/site/load-site.ts';
import { t } from '../helpers/browser-site.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir } from '../helpers/files.ts';
import { attr, parseHtml, type Element, type Html } from '../helpers/html.ts';
import { copySiteData } from '../helpers/project-copy.ts';

/**
 * The customers named in the home page's trust section come from site.json `customers`: the embedded
 * site shows its list in every language, a copy of the site with another list shows that one, and a bad
 * entry stops the build with SITE_CONFIG_INVALID naming the field.
 */
interface Customer {
  name: string;
  url: string;
}

const repoCustomers = (
  JSON.parse(await readFile(path.join(REPO_ROOT, 'site.json'), 'utf8')) as { customers: Customer[] }
).customers;
let temp: { dir: string; cleanup: () => Promise<void> };

beforeAll(async () => {
  temp = await makeTempDir('customers');
});
afterAll(() => temp.cleanup());

const homeFile = (locale: Locale) => (locale === 'en' ? 'index.html' : `${locale}.html`);

async function buildSite(siteDir: string, name: string): Promise<string> {
  const outDir = path.join(temp.dir, name, 'out');
  await build({
    siteDir,
    outDir,
    cacheDir: path.join(temp.dir, name, 'cache'),
    cms: undefined,
    includeDrafts: false,
    skipInvalid: false,
  });
  return outDir;
}

/** A copy of the site's data files with site.json's `customers` replaced. */
async function siteWithCustomers(name: string, customers: unknown): Promise<string> {
  const dir = await copySiteData(path.join(temp.dir, name, 'site'));
  const file = path.join(dir, 'site.json');
  const config = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
  await writeFile(file, JSON.stringify({ ...config, customers }, null, 2));
  return dir;
}

/** Whether an element sits inside another. */
const inside = (ancestor: Element) => (element: Element) => {
  for (let node = element.parentNode; node; node = 'parentNode' in node ? node.parentNode : null)
    if (node === ancestor) return true;
  return false;
};

/** The trust section's label and its customers as the page shows them (name, link, rel, translate). */
function trustCustomers(html: Html) {
  const section = html.all('section').find((element) => attr(element, 'aria-labelledby') === 'trust-title');
  if (!section) throw new Error('no trust section on the home page');
  const label = html.all('p', inside(section)).find((element) => attr(element, 'id') === 'customers-label');
  const list = html
    .all('ul', inside(section))
    .find((element) => attr(element, 'aria-labelledby') === 'customers-label');
  return {
    label: label ? html.text(label) : undefined,
    customers: list
      ? html.all('a', inside(list)).map((link) => ({
          name: html.text(link),
          url: attr(link, 'href'),
          rel: attr(link, 'rel'),
          translate: attr(link, 'translate'),
        }))
      : [],
  };
}

describe('customers in the home page trust section (site.json)', () => {
  it('names every customer of site.json, in its order, under a label in the page language', async () => {
    expect(repoCustomers.length).toBeGreaterThan(0);
    const outDir = await buildSite(REPO_ROOT, 'repo');
    for (const locale of LOCALES) {
      const shown = trustCustomers(parseHtml(await readFile(path.join(outDir, homeFile(locale)), 'utf8')));
      expect(shown.label, locale).toBe(t(locale, 'home.trust.customers'));
      expect(shown.customers, locale).toEqual(
        repoCustomers.map(({ name, url }) => ({ name, url, rel: 'noopener', translate: 'no' })),
      );
    }
  }, 120_000);

  it('changes with site.json: another list is shown as it is, an empty one leaves the label out', async () => {
    const other = [
      { name: 'Zebra & Söhne', url: 'https://zebra.example/' },
      { name: 'acme.io', url: 'https://acme.example/path?q=1' },
    ];
    const outDir = await buildSite(await siteWithCustomers('other', other), 'other');
    for (const locale of ['en', 'de'] as const) {
      const shown = trustCustomers(parseHtml(await readFile(path.join(outDir, homeFile(locale)), 'utf8')));
      expect(
        shown.customers.map(({ name, url }) => ({ name, url })),
        locale,
      ).toEqual(other);
    }
    const none = await buildSite(await siteWithCustomers('none', []), 'none');
    expect(trustCustomers(parseHtml(await readFile(path.join(none, 'index.html'), 'utf8')))).toEqual({
      label: undefined,
      customers: [],
    });
  }, 240_000);

  it.each([
    ['a plain-http link', [{ name: 'Insecure', url: 'http://insecure.example/' }], 'customers.0.url'],
    [
      'an empty name',
      [
        { name: 'Fine', url: 'https://fine.example/' },
        { name: '  ', url: 'https://blank.example/' },
      ],
      'customers.1.name',
    ],
    ['an unknown field', [{ name: 'Logo', url: 'https://logo.example/', logo: 'logo.png' }], 'customers.0'],
    ['no list', undefined, 'customers'],
  ])('stops site loading and the build on %s, naming the field', async (label, customers, field) => {
    const siteDir = await siteWithCustomers(`bad-${label.replace(/\W+/g, '-')}`, customers);
    const error = await loadSite(siteDir).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(isSitegenError(error), String(error)).toBe(true);
    expect(error).toMatchObject({ code: 'SITE_CONFIG_INVALID' });
    expect((error as Error).message).toContain(`site.json: ${field}`);
    await expect(buildSite(siteDir, `bad-build-${label.replace(/\W+/g, '-')}`)).rejects.toMatchObject({
      code: 'SITE_CONFIG_INVALID',
    });
  });
});
