import MarkdownIt, { type MarkdownIt as Parser, type StateCore, type Token } from 'markdown-it';
import type { MediaFiles } from '../fetch/fetch-media.ts';
import type { ImageSize } from './cover-colours.ts';
import { QUOTES, typeset } from '../locale-format.ts';
import { guardHtmlBlock, placeholderRule, warningRule, type BlockRule } from './markdown/block-rules.ts';
import { formatCallToAction } from './markdown/call-to-action.ts';
import { formatCodeBlock } from './markdown/code-blocks.ts';
import {
  FOOTNOTE_DEFINITIONS,
  footnoteDefinitionRule,
  footnoteReferenceRule,
  formatFootnotesSection,
  numberFootnotes,
} from './markdown/footnotes.ts';
import { formatFigures, placeInserts } from './markdown/layout.ts';
import { formatRawHtml, RAW_HTML_TAGS } from './markdown/raw-html.ts';
import { sanitizeRenderedHtml } from './markdown/sanitize.ts';
import { formatTableOfContents, type TableOfContentsEntry } from './markdown/table-of-contents.ts';
import { useLineIndexedState } from './markdown/block-state.ts';
import { plainTextRule } from './markdown/text-rule.ts';
import { createUrlPolicy, type UrlPolicy } from './markdown/urls.ts';
import { benchOff } from '../bench-off.ts';
import { memoizeRecent } from '../memoize.ts';

export interface MarkdownOptions {
  /** The site's own origin: links to its host become relative. */
  baseUrl: string;
  media: MediaFiles;
  /** Measured sizes of mirrored images, keyed like `media`: images get width and height (no layout shift). */
  imageSizes?: ReadonlyMap<string, ImageSize>;
  /** Images the build could not have (url → why): each shows as its alt text, as plain text. */
  unavailableMedia?: ReadonlyMap<string, string>;
}

/** Plain text and an https URL, from the locale files. */
export interface CallToAction {
  title: string;
  text: string;
  button: string;
  href: string;
}

export interface MarkdownInput {
  markdown: string;
  /** The text's language: its typography (French spaces, apostrophes) is applied to the prose, never to code. */
  locale?: string;
  /** Render a table of contents. */
  showIndex: boolean;
  showCallToActions: boolean;
  /**
   * `lang`: set when the text is shown on a page of another language (an English fallback): the
   * table of contents and the calls to action are marked with the page's language, their entries with the text's.
   */
  strings: {
    tableOfContents: string;
    footnotes: string;
    backToText: string;
    ctaOne: CallToAction;
    ctaTwo: CallToAction;
    lang?: { ui: string; text: string };
  };
  /** Site-relative link targets to replace (an English page → the same page in the page's language). */
  links?: Record<string, string>;
  /**
   * Sent without its text (`markdown` is empty) to the render worker that rendered it ahead and keeps
   * its HTML under the content key (RenderPool.prepareBodies).
   */
  textLeftOut?: true;
}

export interface RenderedMarkdown {
  html: string;
  headings: TableOfContentsEntry[];
}

const ASCII = /^[\x00-\x7f]*$/;

/** A heading's id: ASCII letters, digits and hyphens; `section` when nothing is left. */
export function slugifyHeading(text: string): string {
  // ASCII is its own NFKD form and has no combining marks to drop.
  const folded = ASCII.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return (
    folded
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, '')
      .trim()
      .replace(/[\s-]+/g, '-') || 'section'
  );
}

/**
 * A renderer for untrusted CMS Markdown (GFM): allowed raw tags survive with allowed attributes and
 * other tags show as text; headings get unique ids; footnotes, `>>` warnings, image captions,
 * highlighted code, a table of contents and calls to action are added; own-origin links become
 * relative and images point at the site's copies. The HTML always ends in an allowlist sanitizer.
 * Pure; the returned function throws SITE_CONFIG_INVALID for a call to action without an https URL.
 */
export function createMarkdownRenderer(options: MarkdownOptions): (input: MarkdownInput) => RenderedMarkdown {
  const urls = createUrlPolicy(options);
  const md = createParser(urls);

  return (input: MarkdownInput): RenderedMarkdown => {
    const definitions = new Map<string, string>();
    const env = { [FOOTNOTE_DEFINITIONS]: definitions };
    // Straight quotes become the text's own quotation marks (markdown-it pairs them across emphasis and
    // links, and never touches code); its other typographic replacements stay off (issue 27).
    const typeset = input.locale !== undefined && !benchOff('typesetting');
    md.set({ typographer: typeset, quotes: quotesFor(input.locale) });
    const parsed = md.parse(input.markdown, env);
    // Typeset before the headings are read, so the table of contents shows them as the text does (ids do not change: spaces and quotes are not in them).
    if (typeset) for (const token of parsed) typesetToken(token, input.locale!);
    const takenIds = new Set<string>();
    const { headings, tableOfContents } = assignHeadingIds(parsed, takenIds);
    for (const token of parsed) prepareToken(token, urls, input.links);
    const tokens = formatFigures(parsed);
    const notes = numberFootnotes(tokens, definitions, takenIds).map((note) => ({
      ...note,
      html: renderNoteText(md, urls, note.text),
    }));
    const { strings } = input;
    const placed = placeInserts(tokens, {
      tableOfContents: input.showIndex ? formatTableOfContents(tableOfContents, strings) : '',
      ctaOne: input.showCallToActions ? formatCallToAction(strings.ctaOne, urls, strings.lang?.ui) : '',
      ctaTwo: input.showCallToActions ? formatCallToAction(strings.ctaTwo, urls, strings.lang?.ui) : '',
      footnotes: formatFootnotesSection(notes, strings),
    });
    const html = md.renderer.render(placed, md.options, env);
    return { html: benchOff('sanitizer') ? html : sanitizeRenderedHtml(html), headings };
  };
}

type CoreRule = (state: StateCore) => void;

/** markdown-it exports no rule functions, so a rule to wrap is taken from where its ruler keeps it. */
function ruleNamed<Rule>(ruler: object, name: string): { fn: Rule; alt: string[] } | undefined {
  const { __rules__: rules } = ruler as { __rules__: Array<{ name: string; fn: Rule; alt: string[] }> };
  return rules.find((rule) => rule.name === name);
}

/** Normalised links kept per thread (then forgotten all at once). */
const LINKS_KEPT = 4096;

function createParser(urls: UrlPolicy): Parser {
  const md = new MarkdownIt({ html: true, linkify: true, typographer: false });
  md.disable('replacements');
  // Bare http(s) URLs and e-mail addresses become links, as in GFM; "readme.md" and "//host" stay text.
  md.linkify.set({ fuzzyLink: false }).add('//', null).add('ftp:', null);
  // Without fuzzy links, a text links nothing unless it has a scheme's colon or an e-mail's @; the
  // pretest's one regular expression (schemes, bare hosts, @) costs more than the rest of linkify on
  // prose, most of which has neither.
  const pretest = md.linkify.pretest.bind(md.linkify);
  md.linkify.pretest = (text) => (text.includes(':') || text.includes('@')) && pretest(text);
  md.validateLink = (url) => urls.checkUrl(url) !== undefined;
  // A link's normalised form (its URL parsed, its host punycoded, the rest percent-encoded) once per
  // thread: pages repeat the same links.
  md.normalizeLink = memoizeRecent(md.normalizeLink.bind(md), LINKS_KEPT);
  const htmlBlock = ruleNamed<BlockRule>(md.block.ruler, 'html_block');
  if (htmlBlock) md.block.ruler.at('html_block', guardHtmlBlock(htmlBlock.fn), { alt: htmlBlock.alt });
  md.block.ruler.after('code', 'sitegen_placeholder', placeholderRule, { alt: ['paragraph'] });
  md.block.ruler.before('blockquote', 'sitegen_warning', warningRule, {
    alt: ['paragraph', 'reference', 'blockquote', 'list'],
  });
  md.block.ruler.before('reference', 'footnote_definition', footnoteDefinitionRule, {
    alt: ['paragraph', 'reference'],
  });
  md.inline.ruler.before('link', 'footnote_ref', footnoteReferenceRule);
  md.inline.ruler.at('text', plainTextRule);
  useLineIndexedState(md);
  // markdown-it's first rule turns every line break into "\n" and NUL into U+FFFD, copying the text even
  // when it has neither (nearly always).
  const normalize = ruleNamed<CoreRule>(md.core.ruler, 'normalize')?.fn;
  if (normalize)
    md.core.ruler.at('normalize', (state) => {
      if (state.src.includes('\r') || state.src.includes('\0')) normalize(state);
    });

  const rules = md.renderer.rules;
  rules.html_inline = (tokens, index) => formatRawHtml(tokens[index]?.content ?? '', urls);
  rules.html_block = (tokens, index) => formatRawHtml(tokens[index]?.content ?? '', urls);
  rules.fence = (tokens, index) => formatCodeBlock(tokens[index]?.content ?? '', tokens[index]?.info ?? '');
  // Trusted HTML built by this module from escaped parts: footnote references, TOC, CTAs, notes.
  rules['sitegen_html'] = (tokens, index) => tokens[index]?.content ?? '';
  // A placeholder not used (a repeat, or a disabled feature) renders nothing.
  rules['sitegen_placeholder'] = () => '';
  return md;
}

/** Unique ids on every heading; the TOC takes h2–h4 whose content is plain text. */
function assignHeadingIds(
  tokens: Token[],
  takenIds: Set<string>,
): { headings: TableOfContentsEntry[]; tableOfContents: TableOfContentsEntry[] } {
  const headings: TableOfContentsEntry[] = [];
  const tableOfContents: TableOfContentsEntry[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== 'heading_open') return;
    const children = tokens[index + 1]?.children ?? [];
    const text = visibleText(children).trim();
    const base = slugifyHeading(text);
    let id = base;
    for (let n = 2; takenIds.has(id); n += 1) id = `${base}-${n}`;
    takenIds.add(id);
    token.attrSet('id', id);
    const heading = { level: Number(token.tag.slice(1)), id, text };
    headings.push(heading);
    const isPlainText = children.length > 0 && children.every((child) => child.type === 'text');
    if (isPlainText && heading.level >= 2 && heading.level <= 4) tableOfContents.push(heading);
  });
  return { headings, tableOfContents };
}

/** What a reader sees: text, code, and raw tags that are shown as text. */
function visibleText(children: Token[]): string {
  return children
    .map((child) => {
      if (child.type === 'text' || child.type === 'code_inline') return child.content;
      if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
      if (child.type !== 'html_inline') return '';
      const name = /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(child.content)?.[1]?.toLowerCase();
      return name !== undefined && RAW_HTML_TAGS.has(name) ? '' : child.content;
    })
    .join('');
}

/** Links, images, strikethrough and table alignment in the site's form. */
function prepareToken(token: Token, urls: UrlPolicy, links?: Record<string, string>): void {
  if (token.type === 'th_open' || token.type === 'td_open') {
    // markdown-it aligns cells with a style attribute; the site allows no styles, so a class it is.
    const alignment = /text-align:\s*(left|center|right)/.exec(String(token.attrGet('style') ?? ''))?.[1];
    token.attrs = alignment ? [['class', `align-${alignment}`]] : null;
  }
  for (const child of token.children ?? []) {
    if (child.type === 'link_open') {
      const link = urls.planLink(String(child.attrGet('href') ?? ''));
      const [linkPath = '', rest = ''] = link.href.split(/(?=[?#])/);
      child.attrSet('href', !link.isExternal && links?.[linkPath] ? `${links[linkPath]}${rest}` : link.href);
      if (link.isExternal) {
        child.attrSet('target', '_blank');
        child.attrSet('rel', 'noopener noreferrer');
      }
    } else if (child.type === 'image') {
      const src = String(child.attrGet('src') ?? '');
      if (urls.isUnavailable(src)) {
        // The file is gone from the media library: its alt text stands in (escaped, as all text is).
        const alt = (child.children ?? []).map((part) => part.content).join('') || child.content;
        child.type = 'text';
        child.tag = '';
        child.attrs = null;
        child.children = null;
        child.content = alt;
        continue;
      }
      const size = urls.mediaSize(src);
      child.attrSet('src', urls.mediaSrc(src));
      if (size) {
        child.attrSet('width', String(size.width));
        child.attrSet('height', String(size.height));
      }
      child.attrSet('loading', 'lazy');
      child.attrSet('decoding', 'async');
    } else if (child.type === 's_open' || child.type === 's_close') {
      child.tag = 'del';
    }
  }
}

function quotesFor(locale: string | undefined): string[] {
  return [...(QUOTES[(locale ?? 'en').slice(0, 2)] ?? QUOTES.en!)];
}

/**
 * The language's typography on a block's plain text (code spans and raw HTML stay as written); text an
 * editor marked `<span lang="en">` or `<a lang="en">` is set in its own language's typography (issue 27).
 */
function typesetToken(token: Token, locale: string): void {
  const languages = [locale];
  for (const child of token.children ?? []) {
    if (child.type === 'text') child.content = typeset(child.content, languages[languages.length - 1]!);
    else if (child.type === 'html_inline') {
      if (/^<\/(?:span|a)\s*>$/i.test(child.content)) {
        if (languages.length > 1) languages.pop();
      } else if (/^<(?:span|a)\b/i.test(child.content))
        languages.push(RAW_LANG.exec(child.content)?.[1] ?? languages[languages.length - 1]!);
    }
  }
}

/** The language of an author's `<span lang="xx">` or `<a lang="xx">` (the raw tags that may change it). */
const RAW_LANG = /\slang\s*=\s*["']?([a-zA-Z]{2})\b/i;

/** A note's Markdown as inline HTML; references inside notes stay text (the parse has no definitions). */
function renderNoteText(md: Parser, urls: UrlPolicy, text: string): string {
  const env = {};
  const [inline] = md.parseInline(text, env);
  if (!inline) return '';
  prepareToken(inline, urls);
  return md.renderer.renderInline(inline.children ?? [], md.options, env);
}
