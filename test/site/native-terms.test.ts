// issue 27: the patterns native reviewers still found on the built site, and the term base per language.
// Builds the embedded content once and reads every page's text as a reader meets it (not inside code,
// not inside an element marked English), with its attributes and social metadata.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../pipeline/locale.ts';
import { buildEmbeddedSite, listPages, type BuiltPage, type BuiltSite } from '../helpers/built-site.ts';
import { REPO_ROOT } from '../helpers/content.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

interface Piece {
  text: string;
  /** The nearest `lang` around it ('' for the page's own). */
  lang: string;
  isCode: boolean;
  /** Inside the CMS body (`.prose`). */
  isProse: boolean;
  /** `text`, an attribute name, or `meta <name>`. */
  kind: string;
  element: Element;
}

interface ReadPage {
  page: BuiltPage;
  pieces: Piece[];
  elements: Element[];
  parentOf: Map<Element, Element>;
}

interface TermFile {
  terms: Array<{ term: string; preferred: string; avoid: string[] }>;
}

const NON_ENGLISH = LOCALES.filter((locale) => locale !== 'en');
const ISO: Record<Locale, string> = { en: 'en-US', nl: 'nl-NL', de: 'de-DE', es: 'es-ES', fr: 'fr-FR', it: 'it-IT' };
const META = new Set(['description', 'og:title', 'og:description', 'og:image:alt']);

let site: BuiltSite;
let pages: ReadPage[];
let messages: Record<Locale, Record<string, string>>;
let termFiles: Record<string, TermFile>;

beforeAll(async () => {
  site = await buildEmbeddedSite('native-terms');
  const readJson = async (...parts: string[]) => JSON.parse(await readFile(path.join(REPO_ROOT, ...parts), 'utf8'));
  messages = Object.fromEntries(
    await Promise.all(LOCALES.map(async (locale) => [locale, await readJson('locales', `${locale}.json`)])),
  ) as typeof messages;
  termFiles = Object.fromEntries(
    await Promise.all(
      NON_ENGLISH.map(async (locale) => [locale, await readJson('locales', 'terms', `${locale}.json`)]),
    ),
  ) as typeof termFiles;
  const all = await listPages(site.outDir);
  pages = await Promise.all(
    all.map(async (page) => readPage(page, await readFile(path.join(site.outDir, page.file), 'utf8'))),
  );
}, 240_000);
afterAll(() => site?.cleanup());

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((attribute) => attribute.name === name)?.value;
}

function readPage(page: BuiltPage, source: string): ReadPage {
  const pieces: Piece[] = [];
  const elements: Element[] = [];
  const parentOf = new Map<Element, Element>();
  const walk = (node: Node, lang: string, isCode: boolean, isProse: boolean, parent: Element | undefined) => {
    if (node.nodeName === '#text' && parent) {
      const text = (node as DefaultTreeAdapterMap['textNode']).value;
      if (text.trim()) pieces.push({ text, lang, isCode, isProse, kind: 'text', element: parent });
      return;
    }
    if (!('tagName' in node)) {
      for (const child of 'childNodes' in node ? node.childNodes : []) walk(child, lang, isCode, isProse, parent);
      return;
    }
    const element = node;
    elements.push(element);
    if (parent) parentOf.set(element, parent);
    if (element.tagName === 'script' || element.tagName === 'style') return;
    const own = attr(element, 'lang') ?? lang;
    const code = isCode || element.tagName === 'code' || element.tagName === 'pre';
    const prose = isProse || (attr(element, 'class') ?? '').split(' ').includes('prose');
    for (const name of ['alt', 'title', 'aria-label', 'placeholder']) {
      const value = attr(element, name);
      if (value?.trim()) pieces.push({ text: value, lang: own, isCode: false, isProse: prose, kind: name, element });
    }
    const property = attr(element, 'name') ?? attr(element, 'property');
    if (element.tagName === 'meta' && property && META.has(property))
      pieces.push({
        text: attr(element, 'content') ?? '',
        lang: own,
        isCode: false,
        isProse: false,
        kind: `meta ${property}`,
        element,
      });
    for (const child of element.childNodes) walk(child, own, code, prose, element);
    if (element.tagName === 'template' && 'content' in element)
      walk(element.content as unknown as Node, own, code, prose, element);
  };
  walk(parse(source) as unknown as Node, '', false, false, undefined);
  return { page, pieces, elements, parentOf };
}

const isEnglish = (lang: string) => lang.toLowerCase().startsWith('en');
const pagesOf = (locale: Locale) => pages.filter((read) => read.page.locale === locale);
/** Text in the page's language, outside code. */
const ownText = (read: ReadPage) => read.pieces.filter((piece) => !isEnglish(piece.lang) && !piece.isCode);
const textOf = (read: ReadPage, element: Element) =>
  read.pieces
    .filter((piece) => piece.kind === 'text' && isInside(read, piece.element, element))
    .map((piece) => piece.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

function isInside(read: ReadPage, element: Element, ancestor: Element): boolean {
  for (let node: Element | undefined = element; node; node = read.parentOf.get(node))
    if (node === ancestor) return true;
  return false;
}

function closestLang(read: ReadPage, element: Element): string {
  for (let node: Element | undefined = element; node; node = read.parentOf.get(node)) {
    const lang = attr(node, 'lang');
    if (lang !== undefined) return lang;
  }
  return '';
}

function report(problems: string[]): string {
  return `${problems.length} problems:\n${problems.slice(0, 40).join('\n')}`;
}

/** A term as a whole word, its apostrophes either way, with an inflection ending (events, Seitenaufrufen, referentes). */
function termPattern(term: string): RegExp {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['\u2019]");
  return new RegExp(`(?<![\\p{L}-])${escaped}(?:s|es|n|en|e|er)?(?![\\p{L}-])`, 'iu');
}

describe('the term base (issue 27)', () => {
  it('lists the same concepts in every language, each with one preferred form', () => {
    const concepts = (locale: string) => termFiles[locale]!.terms.map((term) => term.term);
    const shared = concepts('nl').filter((concept) =>
      NON_ENGLISH.every((locale) => concepts(locale).includes(concept)),
    );
    expect(shared.length).toBeGreaterThanOrEqual(14);
    for (const locale of NON_ENGLISH) {
      for (const term of termFiles[locale]!.terms) {
        expect(term.preferred.trim(), `${locale} ${term.term}`).not.toBe('');
        expect(term.avoid.map((variant) => variant.toLowerCase())).not.toContain(term.preferred.toLowerCase());
      }
    }
  });

  it('finds every preferred term on the pages of its language', () => {
    const missing: string[] = [];
    for (const locale of NON_ENGLISH) {
      const texts = pagesOf(locale).flatMap((read) => ownText(read).map((piece) => piece.text));
      for (const term of termFiles[locale]!.terms)
        if (!texts.some((text) => termPattern(term.preferred).test(text)))
          missing.push(`${locale}: "${term.preferred}" (${term.term}) is on no page`);
    }
    expect(missing, report(missing)).toEqual([]);
  });

  it('finds no variant the term base avoids, in the UI or in the CMS text', () => {
    const problems: string[] = [];
    for (const locale of NON_ENGLISH) {
      const terms = termFiles[locale]!.terms.flatMap((term) =>
        term.avoid.map((variant) => ({ term, pattern: termPattern(variant) })),
      );
      for (const read of pagesOf(locale))
        for (const piece of ownText(read))
          for (const { term, pattern } of terms) {
            const match = pattern.exec(piece.text);
            if (match)
              problems.push(
                `${read.page.urlPath}: "${match[0]}" (${piece.kind}${piece.isProse ? ', CMS text' : ''}) where ${locale} says "${term.preferred}" (${term.term})`,
              );
          }
    }
    expect(problems, report(problems)).toEqual([]);
  });

  it('uses different words for signing up for an account and subscribing to the newsletter', () => {
    const problems: string[] = [];
    for (const locale of NON_ENGLISH) {
      const read = pagesOf(locale).find((candidate) => candidate.page.file === `${locale}/blog.html`)!;
      const signup = read.elements.filter(
        (element) => element.tagName === 'a' && attr(element, 'href')?.includes('welcome'),
      );
      const subscribe = read.elements.filter(
        (element) => element.tagName === 'button' && attr(element, 'type') === 'submit',
      );
      expect(signup.length, locale).toBeGreaterThan(0);
      expect(subscribe.length, locale).toBeGreaterThan(0);
      const signupWords = new Set(signup.map((element) => textOf(read, element).toLowerCase()));
      for (const button of subscribe) {
        const text = textOf(read, button).toLowerCase();
        if (signupWords.has(text))
          problems.push(`${locale}: the newsletter button says "${text}", as the sign-up link does`);
      }
    }
    expect(problems, report(problems)).toEqual([]);
  });
});

describe('patterns in code, not strings (issue 27)', () => {
  it('separates the German page title from the product name with an en dash', () => {
    const titles = pagesOf('de').flatMap((read) =>
      read.pieces.filter((piece) => piece.element.tagName === 'title').map((piece) => piece.text),
    );
    expect(titles.filter((title) => title.endsWith(' – Simple Analytics')).length).toBeGreaterThan(10);
    expect(titles.filter((title) => / - Simple Analytics$/.test(title))).toEqual([]);
  });

  it('closes every abbreviated Spanish month with a period', () => {
    const dates = pagesOf('es').flatMap((read) =>
      read.pieces.filter((piece) => piece.element.tagName === 'time').map((piece) => piece.text),
    );
    expect(dates.length).toBeGreaterThan(20);
    const problems = dates.filter((date) =>
      /\d (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)(?!\.)\b/.test(date),
    );
    expect(problems).toEqual([]);
  });

  it('elides the Italian article before a date read with a vowel ("l’11 feb", never "il 11 feb")', () => {
    const problems: string[] = [];
    let elided = 0;
    for (const read of pagesOf('it')) {
      const bylines = read.elements.filter((element) => attr(element, 'class') === 'byline');
      for (const byline of bylines) {
        const text = textOf(read, byline);
        if (/\b(il|dal|al|del|nel|sul) (8|11|8\d)\b/i.test(text)) problems.push(`${read.page.urlPath}: "${text}"`);
        if (/\b(l|dall|all|dell|nell|sull)\u2019(8|11)\b/.test(text)) elided += 1;
      }
    }
    expect(elided).toBeGreaterThan(0);
    expect(problems, report(problems)).toEqual([]);
  });

  it('writes the word after the colon of a composed label as the language does', () => {
    // The language switcher names the current language; es, fr and it write a language name in lowercase.
    const expected: Record<string, string> = {
      nl: 'Taal: Nederlands.',
      de: 'Sprache: Deutsch.',
      es: 'Idioma: español.',
      fr: 'Langue\u202F: français.',
      it: 'Lingua: italiano.',
    };
    const problems: string[] = [];
    for (const locale of NON_ENGLISH) {
      const read = pagesOf(locale).find((candidate) => candidate.page.file === `${locale}.html`)!;
      const labels = read.pieces.map((piece) => piece.text.trim());
      if (!labels.some((label) => label.startsWith(expected[locale]!)))
        problems.push(`${locale}: no language switcher label starting "${expected[locale]}"`);
      // The country map: "Autriche : interdit", "Österreich: verboten" (a status word after the colon).
      const countries = pagesOf(locale).find((candidate) =>
        candidate.elements.some((element) => attr(element, 'class') === 'world-map'),
      )!;
      const mapLabels = countries.pieces
        .filter((piece) => piece.kind === 'aria-label' && piece.element.tagName === 'a')
        .map((piece) => piece.text);
      expect(mapLabels.length, locale).toBeGreaterThan(5);
      for (const label of mapLabels)
        if (/:\s*\p{Lu}\p{Ll}/u.test(label))
          problems.push(`${locale}: map label "${label}" capitalizes after the colon`);
    }
    expect(problems, report(problems)).toEqual([]);
  });

  it('writes no colon after an abbreviation of "for example" (z. B., bijv.)', () => {
    const problems: string[] = [];
    for (const locale of ['de', 'nl'] as const)
      for (const read of pagesOf(locale))
        for (const piece of ownText(read))
          if (/(z\.\s?B\.|bijv\.):/i.test(piece.text)) problems.push(`${read.page.urlPath}: "${piece.text}"`);
    expect(problems, report([...new Set(problems)])).toEqual([]);
  });

  it('ends every form message with a full stop where the language’s other form messages have one', () => {
    const keys = [
      'newsletter.no_email',
      'newsletter.invalid_email',
      'newsletter.select_one',
      'home.reports.invalid_email',
      'utm.missing_url',
      'utm.invalid_url',
    ];
    const problems: string[] = [];
    for (const locale of NON_ENGLISH)
      for (const key of keys)
        if (!/[.!?]$/.test(messages[locale][key]!)) problems.push(`${locale} ${key}: "${messages[locale][key]}"`);
    expect(problems, report(problems)).toEqual([]);
  });

  it('gives the bank-transfer minimum a currency, written as the locale writes an amount', () => {
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const read = pages.find(
        (candidate) =>
          candidate.page.locale === locale && candidate.elements.some((element) => attr(element, 'id') === 'faq-title'),
      )!;
      const answer = read.pieces.find((piece) => piece.element.tagName === 'p' && /Bitcoin/.test(piece.text))!.text;
      for (const currency of ['EUR', 'USD', 'GBP']) {
        const amount = new Intl.NumberFormat(ISO[locale], {
          style: 'currency',
          currency,
          maximumFractionDigits: 0,
        }).format(500);
        if (!answer.includes(amount)) problems.push(`${locale}: "${amount}" missing in "${answer}"`);
      }
    }
    expect(problems, report(problems)).toEqual([]);
  });
});

describe('English on a page in another language is marked (issue 27)', () => {
  it('marks the description and social texts of an English fallback in the page language', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const locale of NON_ENGLISH) {
      const marker = messages[locale]['article.not_translated_title']!.replace('{0}', '');
      for (const read of pagesOf(locale)) {
        const h1 = read.elements.find((element) => element.tagName === 'h1');
        if (!h1 || !read.elements.some((element) => element.tagName === 'article') || !isEnglish(closestLang(read, h1)))
          continue;
        for (const kind of ['meta description', 'meta og:description', 'meta og:title', 'meta og:image:alt']) {
          const piece = read.pieces.find((candidate) => candidate.kind === kind);
          if (!piece || piece.text === messages[locale]['meta.default_description']) continue;
          checked += 1;
          if (!piece.text.replace(/\s/g, ' ').includes(marker.replace(/\s/g, ' ').trim()))
            problems.push(`${read.page.urlPath}: <${kind}> "${piece.text.slice(0, 60)}…" has no "${marker.trim()}"`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(problems, report(problems)).toEqual([]);
  });

  it('marks a CMS link text that quotes an English page title with lang="en"', () => {
    // The English version of the text links with the same words: quoting them on another page is quoting English.
    const englishLinkTexts = new Set(
      pagesOf('en').flatMap((read) =>
        read.elements
          .filter(
            (element) =>
              element.tagName === 'a' && read.pieces.some((piece) => piece.isProse && piece.element === element),
          )
          .map((element) => textOf(read, element))
          .filter((text) => text.split(' ').length >= 3),
      ),
    );
    const problems: string[] = [];
    let marked = 0;
    for (const locale of NON_ENGLISH)
      for (const read of pagesOf(locale))
        for (const link of read.elements.filter((element) => element.tagName === 'a')) {
          const text = textOf(read, link);
          // A link within the page leads to a heading of the page's own text.
          if (!englishLinkTexts.has(text) || attr(link, 'href')?.startsWith('#')) continue;
          const pieces = read.pieces.filter((piece) => piece.kind === 'text' && isInside(read, piece.element, link));
          if (!pieces.some((piece) => piece.isProse)) continue;
          if (pieces.every((piece) => isEnglish(piece.lang))) marked += 1;
          else problems.push(`${read.page.urlPath}: the English link text "${text}" is not marked lang="en"`);
        }
    expect(marked).toBeGreaterThan(0);
    expect(problems, report(problems)).toEqual([]);
  });

  it('says on the video page, in the page language, that the video and its captions are English', () => {
    for (const locale of NON_ENGLISH) {
      const read = pagesOf(locale).find((candidate) => candidate.page.file === `${locale}/video.html`)!;
      const track = read.elements.find((element) => element.tagName === 'track')!;
      expect(attr(track, 'srclang')).toBe('en');
      const note = messages[locale]['video.in_english']!;
      expect(
        ownText(read).some((piece) => piece.text.replace(/\u2019/g, "'") === note.replace(/\u2019/g, "'")),
        locale,
      ).toBe(true);
    }
  });
});

describe('CMS prose typography (issue 27)', () => {
  it('sets no straight quote or apostrophe in the text of a page, CMS titles, excerpts and prose included', () => {
    const problems: string[] = [];
    let prose = 0;
    for (const locale of NON_ENGLISH)
      for (const read of pagesOf(locale))
        for (const piece of ownText(read).filter((candidate) => candidate.kind === 'text')) {
          if (piece.isProse) prose += 1;
          const match = /\S{0,20}["']\S{0,20}/.exec(piece.text);
          if (match) problems.push(`${read.page.urlPath}: "${match[0]}"${piece.isProse ? ' (CMS text)' : ''}`);
        }
    expect(prose).toBeGreaterThan(1000);
    expect(problems, report(problems)).toEqual([]);
  });
});
