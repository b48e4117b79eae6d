import Token from 'markdown-it/lib/token.mjs';
import type { PlaceholderName } from './block-rules.ts';

function token(type: string, tag: string, nesting: Token['nesting'], fields: Partial<Token>): Token {
  return Object.assign(new Token(type, tag, nesting), fields);
}

/** A paragraph of an image, a line break and more text: the text is the image's caption. */
export function formatFigures(tokens: Token[]): Token[] {
  const result: Token[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const [open, inline, close] = [tokens[index]!, tokens[index + 1], tokens[index + 2]];
    const children = inline?.children ?? [];
    const isCaptioned =
      open.type === 'paragraph_open' &&
      close?.type === 'paragraph_close' &&
      children[0]?.type === 'image' &&
      (children[1]?.type === 'softbreak' || children[1]?.type === 'hardbreak') &&
      children.length > 2;
    if (!isCaptioned) {
      result.push(open);
      continue;
    }
    result.push(
      token('figure_open', 'figure', 1, { block: true }),
      token('inline', '', 0, { children: children.slice(0, 1) }),
      token('figcaption_open', 'figcaption', 1, { block: true }),
      token('inline', '', 0, { children: children.slice(2) }),
      token('figcaption_close', 'figcaption', -1, { block: true }),
      token('figure_close', 'figure', -1, { block: true }),
    );
    index += 2;
  }
  return result;
}

export interface Inserts {
  tableOfContents: string;
  ctaOne: string;
  ctaTwo: string;
  footnotes: string;
}

/**
 * The TOC and the first CTA at their placeholders, else together before the first h2 (or before the
 * short paragraph that leads into it), else at the top; the notes at the end, then the second CTA
 * unless the author placed it.
 */
export function placeInserts(tokens: Token[], inserts: Inserts): Token[] {
  const placeholders = new Map<PlaceholderName, Token>();
  for (const token of tokens) {
    const name = token.type === 'sitegen_placeholder' ? (token.meta?.['name'] as PlaceholderName) : undefined;
    if (name && !placeholders.has(name)) placeholders.set(name, token);
  }
  const toHtml = (token: Token | undefined, html: string) => {
    if (!token) return;
    token.type = 'sitegen_html';
    token.content = html;
  };
  const ctaOnePlaceholder = placeholders.get('ctaone');
  const tocPlaceholder = placeholders.get('tableofcontents');
  const opening = inserts.tableOfContents + (ctaOnePlaceholder ? '' : inserts.ctaOne);
  toHtml(tocPlaceholder, opening);
  toHtml(ctaOnePlaceholder, inserts.ctaOne);
  toHtml(placeholders.get('ctatwo'), inserts.ctaTwo);

  const result = [...tokens];
  if (!tocPlaceholder) result.splice(findContentsIndex(tokens), 0, token('sitegen_html', '', 0, { content: opening }));
  result.push(token('sitegen_html', '', 0, { content: inserts.footnotes }));
  if (!placeholders.has('ctatwo')) result.push(token('sitegen_html', '', 0, { content: inserts.ctaTwo }));
  return result;
}

function findContentsIndex(tokens: Token[]): number {
  const h2 = tokens.findIndex((token) => token.type === 'heading_open' && token.tag === 'h2' && token.level === 0);
  if (h2 === -1) return 0;
  const [open, inline, close] = [tokens[h2 - 3], tokens[h2 - 2], tokens[h2 - 1]];
  const isShortLeadIn =
    open?.type === 'paragraph_open' && close?.type === 'paragraph_close' && (inline?.content.length ?? Infinity) <= 100;
  return isShortLeadIn ? h2 - 3 : h2;
}
