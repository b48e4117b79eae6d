import type { UrlPolicy } from './urls.ts';

/** Raw HTML tags an author may write in Markdown; any other tag is shown as text. */
export const RAW_HTML_TAGS: ReadonlySet<string> = new Set([
  'span',
  'details',
  'summary',
  'code',
  'mark',
  'p',
  'img',
  'a',
  'br',
  'hr',
]);

const RAW_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  // `lang` marks a quote in another language, such as an English page title in a German text (issue 27).
  a: ['href', 'title', 'lang'],
  span: ['lang'],
  img: ['src', 'alt', 'width', 'height', 'title'],
};

/** A language tag an author may write: one of the site's languages, or its tag with a region (sanitize.ts admits the same). */
const LANG_VALUE = /^(?:en|nl|de|es|fr|it|en-US|en-GB|nl-NL|de-DE|es-ES|fr-FR|it-IT)$/;

const VOID_TAGS = new Set(['img', 'br', 'hr']);

// The tag grammar of CommonMark (and markdown-it's html_re), so a tag here is a tag there.
const ATTRIBUTE_NAME = '[a-zA-Z_:][a-zA-Z0-9:._-]*';
const ATTRIBUTE_VALUE = `(?:[^"'=<>\`\\u0000-\\u0020]+|'[^']*'|"[^"]*")`;
const ATTRIBUTE = `\\s+${ATTRIBUTE_NAME}(?:\\s*=\\s*${ATTRIBUTE_VALUE})?`;
const OPEN_TAG = new RegExp(`<([A-Za-z][A-Za-z0-9-]*)((?:${ATTRIBUTE})*)\\s*/?>`, 'y');
const CLOSE_TAG = /<\/([A-Za-z][A-Za-z0-9-]*)\s*>/y;
const ATTRIBUTES = new RegExp(`\\s+(${ATTRIBUTE_NAME})(?:\\s*=\\s*(${ATTRIBUTE_VALUE}))?`, 'g');
const CHARACTER_REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(amp|lt|gt|quot|apos|nbsp));?/g;
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Raw HTML from Markdown, rebuilt: allowed tags keep only their allowed attributes (URLs checked,
 * values re-escaped), every other tag, comment or stray `<` becomes visible text.
 */
export function formatRawHtml(source: string, urls: UrlPolicy): string {
  let html = '';
  let position = 0;
  for (let next = source.indexOf('<'); next !== -1; next = source.indexOf('<', position)) {
    html += source.slice(position, next);
    CLOSE_TAG.lastIndex = next;
    OPEN_TAG.lastIndex = next;
    const close = CLOSE_TAG.exec(source);
    const tag = close ?? OPEN_TAG.exec(source);
    if (!tag) {
      html += '&lt;';
      position = next + 1;
      continue;
    }
    const name = (tag[1] ?? '').toLowerCase();
    if (!RAW_HTML_TAGS.has(name)) html += escapeHtml(tag[0]);
    else if (close) html += VOID_TAGS.has(name) ? '' : `</${name}>`;
    else html += formatOpenTag(name, parseAttributes(tag[2] ?? ''), urls);
    position = next + tag[0].length;
  }
  return html + source.slice(position);
}

function formatOpenTag(name: string, attributes: Map<string, string>, urls: UrlPolicy): string {
  const kept: Array<[string, string]> = [];
  for (const attribute of RAW_HTML_ATTRIBUTES[name] ?? []) {
    const value = attributes.get(attribute);
    if (value === undefined) continue;
    if (attribute === 'href' || attribute === 'src') {
      const url = urls.checkUrl(value);
      if (url === undefined) continue;
      if (attribute === 'src') {
        kept.push(['src', urls.mediaSrc(url)]);
        const size = urls.mediaSize(url);
        if (size && !attributes.has('width') && !attributes.has('height'))
          kept.push(['width', String(size.width)], ['height', String(size.height)]);
        continue;
      }
      const link = urls.planLink(url);
      kept.push(['href', link.href]);
      if (link.isExternal) kept.push(['target', '_blank'], ['rel', 'noopener noreferrer']);
    } else if (attribute === 'lang') {
      if (LANG_VALUE.test(value.trim())) kept.push(['lang', value.trim()]);
    } else if (attribute === 'width' || attribute === 'height') {
      if (/^\d{1,5}$/.test(value.trim())) kept.push([attribute, value.trim()]);
    } else {
      kept.push([attribute, value]);
    }
  }
  if (name === 'img') kept.push(['loading', 'lazy'], ['decoding', 'async']);
  return `<${name}${kept.map(([key, value]) => ` ${key}="${escapeHtml(value)}"`).join('')}>`;
}

/** Attribute names lower-cased, values unquoted and decoded; the first of duplicates wins, as in browsers. */
function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTES)) {
    const name = (match[1] ?? '').toLowerCase();
    if (attributes.has(name)) continue;
    const raw = match[2] ?? '';
    const unquoted = /^["']/.test(raw) ? raw.slice(1, -1) : raw;
    attributes.set(name, decodeCharacterReferences(unquoted));
  }
  return attributes;
}

/**
 * Decodes numeric and the common named references. The value is re-escaped on output, so anything not
 * decoded here reaches the browser as literal text: the checked string is the string it sees.
 */
function decodeCharacterReferences(value: string): string {
  return value.replace(
    CHARACTER_REFERENCE,
    (whole, hex: string | undefined, decimal: string | undefined, named: string | undefined) => {
      if (named) return NAMED_REFERENCES[named] ?? whole;
      const code = hex ? Number.parseInt(hex, 16) : Number(decimal);
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
    },
  );
}
