import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../pipeline/locale.ts';
import { buildEmbeddedSite, listPages, type BuiltPage, type BuiltSite } from '../helpers/built-site.ts';
import { readTree } from '../helpers/files.ts';

type Element = DefaultTreeAdapterMap['element'];
type ParentNode = DefaultTreeAdapterMap['parentNode'];

/** The production origin: canonical and hreflang URLs point here; it maps onto the local output tree. */
const SITE_ORIGIN = 'https://www.simpleanalytics.com';
const HTML_NS = 'http://www.w3.org/1999/xhtml';
const LANG_TAGS: Record<Locale, string> = {
  en: 'en-US',
  nl: 'nl-NL',
  de: 'de-DE',
  es: 'es-ES',
  fr: 'fr-FR',
  it: 'it-IT',
};
/** `tag attribute` pairs holding a URL (or a srcset) that must resolve inside the built site. */
const URL_ATTRIBUTES = [
  'a href',
  'area href',
  'link href',
  'img src',
  'img srcset',
  'script src',
  'source src',
  'source srcset',
  'video poster',
  'video src',
  'iframe src',
].map((pair) => ({ tag: pair.split(' ')[0]!, attribute: pair.split(' ')[1]! }));

type Doc = BuiltPage & { elements: Element[]; ids: Set<string> };

let site: BuiltSite | undefined;
let files: Set<string>;
let docs: Doc[];
let docByFile: Map<string, Doc>;

beforeAll(async () => {
  site = await buildEmbeddedSite('crawl');
  files = new Set((await readTree(site.outDir)).keys());
  docs = [];
  for (const page of await listPages(site.outDir)) {
    const elements: Element[] = [];
    collectElements(parse(await readFile(path.join(site.outDir, page.file), 'utf8')), elements);
    docs.push({
      ...page,
      elements,
      ids: new Set(elements.map((element) => attr(element, 'id')).filter((id) => id !== undefined)),
    });
  }
  docByFile = new Map(docs.map((doc) => [doc.file, doc]));
}, 300_000);
afterAll(() => site?.cleanup());

function collectElements(node: ParentNode, out: Element[]): void {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    out.push(child);
    collectElements(child.tagName === 'template' ? (child as DefaultTreeAdapterMap['template']).content : child, out);
  }
}

const attr = (element: Element, name: string) => element.attrs.find((attribute) => attribute.name === name)?.value;
const relTokens = (element: Element) => (attr(element, 'rel') ?? '').toLowerCase().split(/\s+/);
const linksWithRel = (doc: Doc, rel: string) =>
  doc.elements.filter((element) => element.tagName === 'link' && relTokens(element).includes(rel));
const absoluteUrl = (urlPath: string) => new URL(urlPath, SITE_ORIGIN).href;
const safeHref = (href: string) => attempt(() => new URL(href).href);
const addTo = (map: Map<string, string[]>, key: string, value: string) =>
  map.set(key, [...(map.get(key) ?? []), value]);

function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

/** The URLs of a srcset, as the HTML spec splits candidates (descriptors dropped). */
function srcsetUrls(value: string): string[] {
  const urls: string[] = [];
  let at = 0;
  while (at < value.length) {
    while (at < value.length && /[\s,]/.test(value[at]!)) at++;
    const start = at;
    while (at < value.length && !/\s/.test(value[at]!)) at++;
    let url = value.slice(start, at);
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else while (at < value.length && value[at] !== ',') at++;
    if (url) urls.push(url);
  }
  return urls;
}

/** A reference on a page, resolved against the page's production URL; undefined when it leaves the site. */
function resolve(raw: string, doc: Doc): { label: string; hash: string; file: string | undefined } | undefined {
  const url = attempt(() => new URL(raw.trim(), absoluteUrl(doc.urlPath)));
  if (!url) return { label: `${raw} (not a URL)`, hash: '', file: undefined };
  if (!['http:', 'https:'].includes(url.protocol) || url.hostname !== new URL(SITE_ORIGIN).hostname) return undefined;
  return { label: url.origin === SITE_ORIGIN ? url.pathname : raw, hash: url.hash, file: fileFor(url.pathname) };
}

/** Flat-file mapping: `/` → index.html, `/x` → x.html or the file x itself. */
function fileFor(pathname: string): string | undefined {
  const decoded = attempt(() => decodeURIComponent(pathname));
  if (decoded === undefined) return undefined;
  if (decoded === '/') return 'index.html';
  const relative = decoded.slice(1);
  return files.has(relative) ? relative : files.has(`${relative}.html`) ? `${relative}.html` : undefined;
}

/** Fails with every offender on its own line, sorted, under a one-line heading. */
function expectNone(offenders: string[], what: string): void {
  const lines = [...new Set(offenders)].sort();
  expect(lines.length, `${lines.length} ${what}:\n  ${lines.join('\n  ')}\n`).toBe(0);
}

/** `target — from N pages: a, b, c (+M more)`, one line per target. */
function grouped(bySource: Map<string, string[]>): string[] {
  return [...bySource].map(([target, sources]) => {
    const unique = [...new Set(sources)];
    return `${target}  ← ${unique.length} page(s): ${unique.slice(0, 4).join(', ')}${unique.length > 4 ? ` (+${unique.length - 4} more)` : ''}`;
  });
}

describe('the built site, crawled', () => {
  it('parses every HTML page of the build', () => {
    expect(docs.length).toBeGreaterThan(100);
  });

  it('resolves every internal reference (a, link, img, srcset, script, source, video) to a file', () => {
    const broken = new Map<string, string[]>();
    for (const doc of docs) {
      for (const element of doc.elements) {
        for (const { attribute } of URL_ATTRIBUTES.filter(({ tag }) => tag === element.tagName)) {
          const value = attr(element, attribute);
          if (value === undefined) continue;
          for (const raw of attribute === 'srcset' ? srcsetUrls(value) : [value]) {
            const target = resolve(raw, doc);
            if (!target || target.file) continue;
            addTo(broken, `${element.tagName}[${attribute}] ${target.label}`, doc.urlPath);
          }
        }
      }
    }
    expectNone(grouped(broken), 'internal references with no file in the output (reference ← pages)');
  });

  it('has an element with the id of every same-page #fragment', () => {
    const missing = new Map<string, string[]>();
    for (const doc of docs) {
      for (const element of doc.elements.filter((candidate) => ['a', 'area'].includes(candidate.tagName))) {
        const target = resolve(attr(element, 'href') ?? '', doc);
        if (!target || target.file !== doc.file || target.hash.length <= 1) continue;
        const id = attempt(() => decodeURIComponent(target.hash.slice(1))) ?? target.hash.slice(1);
        // `#top` scrolls to the top when no element has that id (HTML spec), like an empty fragment.
        if (doc.ids.has(id) || id.toLowerCase() === 'top') continue;
        addTo(missing, `#${id}`, doc.urlPath);
      }
    }
    expectNone(grouped(missing), 'same-page fragments with no element of that id (fragment ← pages)');
  });

  it("sets <html lang> to the page's locale", () => {
    const offenders = docs.flatMap((doc) => {
      const lang = attr(
        doc.elements.find((element) => element.tagName === 'html')!,
        'lang',
      );
      return lang === LANG_TAGS[doc.locale]
        ? []
        : [`${doc.urlPath}: lang=${JSON.stringify(lang ?? null)}, expected "${LANG_TAGS[doc.locale]}"`];
    });
    expectNone(offenders, 'pages with a wrong <html lang>');
  });

  it('gives every page but the 404s exactly one canonical link, its own absolute URL', () => {
    const offenders = docs
      .filter((doc) => !doc.isNotFound)
      .flatMap((doc) => {
        const hrefs = linksWithRel(doc, 'canonical').map((link) => attr(link, 'href') ?? '');
        if (hrefs.length !== 1)
          return [
            `${doc.urlPath}: ${hrefs.length} canonical links${hrefs.length ? ` (${hrefs.join(', ')})` : ''}, expected 1`,
          ];
        return safeHref(hrefs[0]!) === absoluteUrl(doc.urlPath)
          ? []
          : [`${doc.urlPath}: canonical is ${hrefs[0]}, expected ${absoluteUrl(doc.urlPath)}`];
      });
    expectNone(offenders, 'pages with a missing, extra or wrong canonical link');
  });

  it('lists reciprocal hreflang alternates, absolute on the site origin, with x-default', () => {
    const alternatesOf = (doc: Doc) =>
      linksWithRel(doc, 'alternate')
        .filter((link) => attr(link, 'hreflang') !== undefined)
        .map((link) => ({ hreflang: attr(link, 'hreflang')!, href: attr(link, 'href') ?? '' }));
    const offenders = docs
      .filter((doc) => !doc.isNotFound)
      .flatMap((doc) => {
        const alternates = alternatesOf(doc);
        const problems = alternates.some((alternate) => alternate.hreflang === 'x-default')
          ? []
          : [`${doc.urlPath}: no x-default alternate`];
        const self = absoluteUrl(doc.urlPath);
        for (const { hreflang, href } of alternates) {
          if (!href.startsWith(`${SITE_ORIGIN}/`) && href !== SITE_ORIGIN)
            problems.push(`${doc.urlPath}: ${hreflang} → ${href} is not absolute on ${SITE_ORIGIN}`);
          if (hreflang === 'x-default') continue;
          const target = resolve(href, doc);
          const other = target?.file ? docByFile.get(target.file) : undefined;
          if (!other) problems.push(`${doc.urlPath}: ${hreflang} → ${href} is not a page of the build`);
          else if (
            !alternatesOf(other).some((back) => back.hreflang === LANG_TAGS[doc.locale] && safeHref(back.href) === self)
          )
            problems.push(
              `${doc.urlPath}: ${hreflang} → ${other.urlPath}, which does not list ${doc.urlPath} for ${LANG_TAGS[doc.locale]}`,
            );
        }
        return problems;
      });
    expectNone(offenders, 'hreflang problems');
  });

  it('gives no two pages of one locale the same <title>', () => {
    const byTitle = new Map<string, string[]>();
    for (const doc of docs) {
      const title = doc.elements.find((element) => element.tagName === 'title' && element.namespaceURI === HTML_NS); // not an SVG <title>
      const text =
        title?.childNodes
          .map((node) => ('value' in node ? node.value : ''))
          .join('')
          .trim() ?? '(no <title>)';
      addTo(byTitle, `${doc.locale} ${JSON.stringify(text)}`, doc.urlPath);
    }
    expectNone(
      grouped(new Map([...byTitle].filter(([, pages]) => pages.length > 1))),
      'titles shared by pages of one locale (locale title ← pages)',
    );
  });

  it('gives every <img> alt, width and height', () => {
    const missing = new Map<string, string[]>();
    for (const doc of docs) {
      for (const img of doc.elements.filter((element) => element.tagName === 'img')) {
        const absent = ['alt', 'width', 'height'].filter((name) => attr(img, name) === undefined);
        if (absent.length)
          addTo(missing, `<img src="${attr(img, 'src') ?? ''}"> lacks ${absent.join(', ')}`, doc.urlPath);
      }
    }
    expectNone(grouped(missing), 'images without alt, width or height (image ← pages)');
  });
});
