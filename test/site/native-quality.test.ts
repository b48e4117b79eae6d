// issue 12: a page in nl, de, es, fr or it reads as if written in that language. Builds the embedded
// content once and reads every page as a visitor (and a screen reader) would: its text, its <title>,
// its descriptions, alt texts and accessible names.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../pipeline/locale.ts';
import { buildEmbeddedSite, listPages, type BuiltPage, type BuiltSite } from '../helpers/built-site.ts';
import { REPO_ROOT } from '../helpers/content.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** One piece of text a visitor meets, with the language its element is marked with. */
interface Piece {
  text: string;
  lang: string;
  /** Where: `text in p.lead`, `alt of img`, `<title>`. */
  where: string;
  element: Element;
  /** Inside <code>/<pre>, where typography does not apply. */
  isCode: boolean;
}

interface ReadPage {
  page: BuiltPage;
  pieces: Piece[];
  elements: Element[];
  parentOf: Map<Node, Element>;
}

const NON_ENGLISH = LOCALES.filter((locale) => locale !== 'en');
const ISO: Record<Locale, string> = { en: 'en-US', nl: 'nl-NL', de: 'de-DE', es: 'es-ES', fr: 'fr-FR', it: 'it-IT' };
/** Names that stay as they are in every language. */
const BRANDS = [
  'Simple Analytics',
  'Google Analytics',
  'Cloudflare Web Analytics',
  'Matomo',
  'Plausible',
  'WordPress',
  'Apple Pay',
  'Google Pay',
  'Bitcoin',
  'UTM',
  'API',
  'GDPR',
  'PECR',
  'CCPA',
  'EU',
];
const ATTRIBUTES = ['alt', 'title', 'aria-label', 'placeholder'];
const META = new Set([
  'description',
  'og:title',
  'og:description',
  'og:image:alt',
  'twitter:title',
  'twitter:description',
]);

let site: BuiltSite;
let messages: Record<Locale, Record<string, string>>;
let pages: ReadPage[];

beforeAll(async () => {
  site = await buildEmbeddedSite('native');
  messages = Object.fromEntries(
    await Promise.all(
      LOCALES.map(async (locale) => [
        locale,
        JSON.parse(await readFile(path.join(REPO_ROOT, 'locales', `${locale}.json`), 'utf8')),
      ]),
    ),
  ) as typeof messages;
  const all = await listPages(site.outDir);
  pages = await Promise.all(
    all.map(async (page) => readPage(page, await readFile(path.join(site.outDir, page.file), 'utf8'))),
  );
}, 240_000);
afterAll(() => site?.cleanup());

/** What a reader compares: typographic apostrophes and no-break spaces count as their plain forms. */
function plain(text: string): string {
  return text
    .replace(/[\u2019\u2018]/g, "'")
    .replace(/[\u00A0\u202F\s]+/g, ' ')
    .trim();
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

function describeElement(element: Element): string {
  const className = attr(element, 'class');
  return className ? `${element.tagName}.${className.split(' ')[0]}` : element.tagName;
}

function readPage(page: BuiltPage, source: string): ReadPage {
  const pieces: Piece[] = [];
  const elements: Element[] = [];
  const parentOf = new Map<Node, Element>();
  const walk = (node: Node, lang: string, isCode: boolean, parent: Element | undefined) => {
    if (parent) parentOf.set(node, parent);
    if (node.nodeName === '#text' && parent) {
      const text = (node as DefaultTreeAdapterMap['textNode']).value;
      if (text.trim())
        pieces.push({
          text,
          lang,
          where: parent.tagName === 'title' ? '<title>' : `text in ${describeElement(parent)}`,
          element: parent,
          isCode,
        });
      return;
    }
    if (!('tagName' in node)) {
      for (const child of 'childNodes' in node ? node.childNodes : []) walk(child, lang, isCode, parent);
      return;
    }
    const element = node;
    elements.push(element);
    if (element.tagName === 'script' || element.tagName === 'style') return;
    const own = attr(element, 'lang') ?? lang;
    const code = isCode || element.tagName === 'code' || element.tagName === 'pre';
    for (const name of ATTRIBUTES) {
      const value = attr(element, name);
      if (value?.trim())
        pieces.push({
          text: value,
          lang: own,
          where: `${name} of ${describeElement(element)}`,
          element,
          isCode: false,
        });
    }
    const property = attr(element, 'name') ?? attr(element, 'property');
    if (element.tagName === 'meta' && property && META.has(property))
      pieces.push({
        text: attr(element, 'content') ?? '',
        lang: own,
        where: `<meta ${property}>`,
        element,
        isCode: false,
      });
    for (const child of element.childNodes) walk(child, own, code, element);
    if (element.tagName === 'template' && 'content' in element)
      walk(element.content as unknown as Node, own, code, element);
  };
  walk(parse(source) as unknown as Node, '', false, undefined);
  return { page, pieces, elements, parentOf };
}

const isEnglish = (lang: string) => lang.toLowerCase().startsWith('en');
const nonEnglishPages = () => pages.filter((read) => read.page.locale !== 'en');
/** Text in the page's language: not inside an element marked as English. */
const ownText = (read: ReadPage) => read.pieces.filter((piece) => !isEnglish(piece.lang));

function closest(read: ReadPage, element: Element, where: (candidate: Element) => boolean): Element | undefined {
  for (let node: Element | undefined = element; node; node = read.parentOf.get(node)) if (where(node)) return node;
  return undefined;
}

function report(problems: string[]): string {
  return `${problems.length} problems:\n${problems.slice(0, 40).join('\n')}`;
}

/**
 * The English UI strings to look for on a page in `locale`: those that differ from the locale's own
 * string for the same key and are more than brand names. Short strings must be a whole text to count
 * (so "Status" in running French text is not a finding); longer ones, or the fixed parts of a message
 * with placeholders, count anywhere.
 */
function englishNeedles(locale: Locale): Array<{ key: string; needle: string; whole: boolean }> {
  const needles: Array<{ key: string; needle: string; whole: boolean }> = [];
  for (const [key, english] of Object.entries(messages.en)) {
    const own = messages[locale][key];
    if (own === undefined || plain(own) === plain(english)) continue;
    let rest = plain(english).replace(/\{\d\}/g, ' ');
    for (const brand of BRANDS) rest = rest.split(brand).join(' ');
    if (!/\p{L}{3,}/u.test(rest)) continue;
    // A fixed part of a message counts when it is a phrase (two words or more) the locale's own message does not use.
    const parts = plain(english)
      .split(/\{\d\}/)
      .map((part) => part.trim())
      .filter((part) => part.length >= 8 && part.includes(' ') && !plain(own).includes(part));
    if (!english.includes('{')) needles.push({ key, needle: plain(english), whole: plain(english).length < 14 });
    else for (const part of parts) needles.push({ key, needle: part, whole: false });
  }
  return needles;
}

describe('native quality of the non-English pages (issue 12)', () => {
  it('builds pages in every language', () => {
    for (const locale of NON_ENGLISH)
      expect(pages.filter((read) => read.page.locale === locale).length).toBeGreaterThan(20);
  });

  it('shows no English UI string outside an element marked lang="en"', () => {
    const problems: string[] = [];
    for (const locale of NON_ENGLISH) {
      const needles = englishNeedles(locale);
      for (const read of pages.filter((candidate) => candidate.page.locale === locale)) {
        for (const piece of ownText(read)) {
          if (piece.isCode) continue;
          const text = plain(piece.text);
          const found = needles.find(({ needle, whole }) => (whole ? text === needle : text.includes(needle)));
          if (found)
            problems.push(
              `${read.page.urlPath}: English "${found.needle}" (${found.key}) in ${piece.where}: "${text.slice(0, 100)}"`,
            );
        }
      }
    }
    expect(problems, report(problems)).toEqual([]);
  });

  it('formats every amount of the pricing table as Intl does for the page locale', async () => {
    const plans = JSON.parse(await readFile(path.join(REPO_ROOT, 'content', 'plans.json'), 'utf8')) as {
      plans: Array<{ monthly: number; yearly: number }>;
    };
    const problems: string[] = [];
    let checked = 0;
    for (const read of pages.filter((candidate) =>
      candidate.elements.some((element) => attr(element, 'class') === 'amount'),
    )) {
      const iso = ISO[read.page.locale];
      const amounts = read.elements.filter((element) => attr(element, 'class') === 'amount');
      const prices = plans.plans.flatMap((plan) => [plan.monthly, plan.monthly, plan.yearly, plan.yearly]);
      for (const element of amounts) {
        const currency = attr(element, 'data-currency')!.toUpperCase();
        const text = read.pieces.find((piece) => piece.element === element)?.text ?? '';
        const allowed = prices.map((value) =>
          new Intl.NumberFormat(iso, { style: 'currency', currency, maximumFractionDigits: 0 }).format(value),
        );
        checked += 1;
        if (!allowed.includes(text))
          problems.push(
            `${read.page.urlPath}: "${text}" (${currency}) is not how Intl writes an amount in ${iso} (${allowed[0]}, …)`,
          );
      }
      for (const element of read.elements.filter(
        (candidate) => attr(candidate, 'class') === 'billed' && attr(candidate, 'data-currency'),
      )) {
        const currency = attr(element, 'data-currency')!.toUpperCase();
        const text = read.pieces.find((piece) => piece.element === element)?.text ?? '';
        const yearly = plans.plans.map((plan) =>
          new Intl.NumberFormat(iso, { style: 'currency', currency, maximumFractionDigits: 0 }).format(
            plan.yearly * 12,
          ),
        );
        checked += 1;
        if (!yearly.some((amount) => text.includes(amount)))
          problems.push(`${read.page.urlPath}: "${text}" holds no amount written as Intl does in ${iso}`);
      }
    }
    // Outside the table too: a sign written before the number ("€19") is English order in de, es, fr and it.
    for (const read of nonEnglishPages().filter((candidate) =>
      ['de', 'es', 'fr', 'it'].includes(candidate.page.locale),
    )) {
      for (const piece of ownText(read)) {
        if (piece.isCode || closest(read, piece.element, (element) => (attr(element, 'class') ?? '').includes('prose')))
          continue;
        const match = /[€$£]\s?\d+/.exec(piece.text);
        if (match) problems.push(`${read.page.urlPath}: "${match[0]}" in ${piece.where} puts the currency sign first`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(problems, report(problems)).toEqual([]);
  });

  it('labels every English-only item of a list in the page language', () => {
    const problems: string[] = [];
    let labelled = 0;
    // Pages of a locale that show an English text: their heading is marked English.
    const englishOnly = new Set(
      nonEnglishPages()
        .filter((read) =>
          read.elements.some((element) => element.tagName === 'h1' && isEnglish(attr(element, 'lang') ?? '')),
        )
        .map((read) => read.page.urlPath),
    );
    expect(englishOnly.size).toBeGreaterThan(0);
    for (const read of nonEnglishPages()) {
      const label = plain(messages[read.page.locale]['list.in_english']!);
      for (const element of read.elements) {
        const lang = attr(element, 'lang');
        // An item is English when its text is marked so, or when it links to a page that shows an English text.
        const linksToEnglish =
          element.tagName === 'a' &&
          englishOnly.has(attr(element, 'href') ?? '') &&
          attr(element, 'href') !== read.page.urlPath;
        if (!linksToEnglish && (!lang || !isEnglish(lang) || element.tagName === 'html')) continue;
        // The breadcrumb names the page itself, the contents list its sections, the language switcher its languages.
        if (
          closest(
            read,
            element,
            (candidate) =>
              /breadcrumbs|toc/.test(attr(candidate, 'class') ?? '') || attr(candidate, 'hreflang') !== undefined,
          )
        )
          continue;
        const item = closest(
          read,
          element,
          (candidate) =>
            candidate.tagName === 'li' ||
            (candidate.tagName === 'article' && (attr(candidate, 'class') ?? '').includes('post-card')),
        );
        if (
          !item ||
          read.elements.some(
            (candidate) =>
              candidate.tagName === 'a' &&
              attr(candidate, 'hreflang') &&
              closest(read, candidate, (node) => node === item),
          )
        )
          continue;
        const labels = read.pieces.filter(
          (piece) =>
            closest(read, piece.element, (node) => node === item) &&
            (attr(piece.element, 'class') ?? '').includes('language-label'),
        );
        if (labels.some((piece) => plain(piece.text) === label)) labelled += 1;
        else {
          const title =
            read.pieces.find((piece) => closest(read, piece.element, (node) => node === element))?.text ?? '';
          problems.push(
            `${read.page.urlPath}: the English item "${plain(title).slice(0, 80)}" in ${describeElement(item)} has no "${label}" label`,
          );
        }
      }
    }
    expect(labelled).toBeGreaterThan(0);
    expect(problems, report(problems)).toEqual([]);
  });

  it('gives every image an alt text in the page language (empty only for decorative ones)', () => {
    const englishAlts = new Set(
      pages
        .filter((read) => read.page.locale === 'en')
        .flatMap((read) =>
          read.elements
            .filter((element) => element.tagName === 'img')
            .map((element) => plain(attr(element, 'alt') ?? '')),
        ),
    );
    englishAlts.delete('');
    const problems: string[] = [];
    let checked = 0;
    for (const read of nonEnglishPages()) {
      for (const image of read.elements.filter((element) => element.tagName === 'img')) {
        const alt = attr(image, 'alt');
        const lang = read.pieces.find((piece) => piece.element === image && piece.where.startsWith('alt'))?.lang ?? '';
        if (alt === undefined)
          problems.push(`${read.page.urlPath}: an image (${attr(image, 'src')}) has no alt attribute`);
        else if (alt !== '' && !isEnglish(lang)) {
          checked += 1;
          if (englishAlts.has(plain(alt)))
            problems.push(`${read.page.urlPath}: the alt text "${alt}" is the English one`);
        }
      }
      for (const piece of ownText(read).filter((candidate) => candidate.where === '<meta og:image:alt>')) {
        if (englishAlts.has(plain(piece.text)))
          problems.push(`${read.page.urlPath}: og:image:alt "${piece.text}" is English`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems, report(problems)).toEqual([]);
  });

  it('sets French text with a narrow no-break space before : ; ! ? (never a plain space)', () => {
    const problems: string[] = [];
    for (const read of pages.filter((candidate) => candidate.page.locale === 'fr')) {
      for (const piece of ownText(read)) {
        if (piece.isCode) continue;
        const match = /\S{0,20}[ \t\n]+[:;!?]/.exec(piece.text);
        if (match) problems.push(`${read.page.urlPath}: "${match[0]}" in ${piece.where}`);
      }
    }
    expect(problems, report(problems)).toEqual([]);
  });
});
