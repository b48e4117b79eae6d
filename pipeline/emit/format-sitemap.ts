import type { PagePlan } from '../plan/page-plan.ts';
import type { OutputFile } from './output-file.ts';
import { escapeXml } from '../escape-xml.ts';

export interface FormatSitemapsOptions {
  baseUrl: string;
  /** The protocol's limit is 50,000 URLs per file. */
  maxUrlsPerFile?: number;
  /** The protocol's limit is 50 MiB (52,428,800 bytes) uncompressed per file. */
  maxBytesPerFile?: number;
}

const MAX_URLS = 50_000;
const MAX_BYTES = 52_428_800;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_CLOSE = '</urlset>\n';

/**
 * One page's `<url>` element, with what ordering and splitting read of it. Its XML is made when the file
 * is formatted (elementXml): the plan holds every element through the render, and the hreflang lines
 * are one string per family, not a copy in each page's element.
 */
export interface UrlElement {
  loc: string;
  /** Its hreflang lines (alternatesXml). */
  alternates: string;
  lastModified: string | undefined;
  /** The UTF-8 length of its XML. */
  bytes: number;
}

/**
 * The `<url>` elements of the indexable pages among these. A page's alternates that are noindex pages
 * are left out, so a page must come with every page it lists as an alternate (all pages of a family). Pure.
 */
export function sitemapElements(pages: PagePlan[]): UrlElement[] {
  // hreflang links to a noindex page get "no return tag" errors from search engines, so they are left out.
  const noindexUrls = new Set(pages.filter((page) => page.noindex).map((page) => page.canonical));
  // The pages of a family have the same lines: one string for all of them.
  const shared = new Map<string, string>();
  const once = (xml: string) => shared.get(xml) ?? (shared.set(xml, xml), xml);
  return pages.flatMap((page) =>
    page.noindex || page.canonical === undefined
      ? []
      : [urlElementOf(page.canonical, page.lastModified, once(alternatesXml(page.alternates, noindexUrls)))],
  );
}

/**
 * The sitemap of these `<url>` elements (sitemapElements, or kept from an earlier build), in any order:
 * one `sitemap.xml` urlset, or, past the protocol's URL or byte limit per file, `sitemap-1.xml`,
 * `sitemap-2.xml`… and a `sitemap.xml` index of them. Pure; throws nothing.
 */
export function formatSitemapFiles(unsorted: UrlElement[], options: FormatSitemapsOptions): OutputFile[] {
  const elements = [...unsorted].sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
  const parts = splitParts(elements, options.maxUrlsPerFile ?? MAX_URLS, options.maxBytesPerFile ?? MAX_BYTES);
  if (parts.length === 1) return [{ path: 'sitemap.xml', contents: urlset(parts[0]!) }];

  const origin = options.baseUrl.replace(/\/+$/, '');
  const files = parts.map((part, index) => ({
    path: `sitemap-${index + 1}.xml`,
    contents: urlset(part),
    lastModified: newest(part),
  }));
  const index = [
    XML_DECLARATION,
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    ...files.map(
      (file) =>
        `  <sitemap>\n    <loc>${escapeXml(`${origin}/${file.path}`)}</loc>\n` +
        (file.lastModified === undefined ? '' : `    <lastmod>${escapeXml(file.lastModified)}</lastmod>\n`) +
        '  </sitemap>\n',
    ),
    '</sitemapindex>\n',
  ].join('');
  return [{ path: 'sitemap.xml', contents: index }, ...files.map(({ path, contents }) => ({ path, contents }))];
}

/** A page's hreflang links, a line each: the same for every page of an entry family. */
function alternatesXml(alternates: PagePlan['alternates'], noindexUrls: Set<string | undefined>): string {
  let xml = '';
  for (const alternate of alternates) {
    if (noindexUrls.has(alternate.href)) continue;
    xml += `    <xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>\n`;
  }
  return xml;
}

/** The `<url>` of a page at `loc` with these hreflang lines (alternatesXml; an element's `alternates`). */
export function urlElementOf(loc: string, lastModified: string | undefined, alternates: string): UrlElement {
  const element = { loc, lastModified, alternates, bytes: 0 };
  element.bytes = Buffer.byteLength(elementXml(element));
  return element;
}

function elementXml({ loc, lastModified, alternates }: Omit<UrlElement, 'bytes'>): string {
  return `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${lastModified === undefined ? '' : `    <lastmod>${escapeXml(lastModified)}</lastmod>\n`}${alternates}  </url>\n`;
}

/**
 * Greedy split by URL count and byte size. A single `<url>` cannot come near the byte limit (the
 * protocol caps a loc at 2,048 characters), so an oversized one still gets a part of its own.
 */
function splitParts(elements: UrlElement[], maxUrls: number, maxBytes: number): UrlElement[][] {
  const frame = Buffer.byteLength(URLSET_OPEN) + Buffer.byteLength(URLSET_CLOSE);
  const parts: UrlElement[][] = [];
  let current: UrlElement[] = [];
  let bytes = frame;
  for (const element of elements) {
    if (current.length > 0 && (current.length >= maxUrls || bytes + element.bytes > maxBytes)) {
      parts.push(current);
      current = [];
      bytes = frame;
    }
    current.push(element);
    bytes += element.bytes;
  }
  if (current.length > 0 || parts.length === 0) parts.push(current);
  return parts;
}

function urlset(elements: UrlElement[]): string {
  return `${URLSET_OPEN}${elements.map(elementXml).join('')}${URLSET_CLOSE}`;
}

/** The part's newest lastmod, as written on its page; compared as instants since offsets may differ. */
function newest(elements: UrlElement[]): string | undefined {
  let result: string | undefined;
  for (const { lastModified } of elements) {
    if (lastModified === undefined) continue;
    if (result === undefined || Date.parse(lastModified) > Date.parse(result)) result = lastModified;
  }
  return result;
}
