import type { MarkdownInput } from '../markdown.ts';
import { escapeHtml } from './raw-html.ts';

export interface TableOfContentsEntry {
  level: number;
  id: string;
  text: string;
}

interface EntryNode {
  entry: TableOfContentsEntry;
  children: EntryNode[];
}

/**
 * `<nav class="toc">` with nested ordered lists of in-page links; each heading nests under the nearest
 * earlier one of a higher rank, so a skipped level does not leave an empty list. Empty without entries.
 */
export function formatTableOfContents(
  entries: TableOfContentsEntry[],
  { tableOfContents: label, lang }: Pick<MarkdownInput['strings'], 'tableOfContents' | 'lang'>,
): string {
  if (entries.length === 0) return '';
  const roots: EntryNode[] = [];
  const open: EntryNode[] = [];
  for (const entry of entries) {
    while ((open.at(-1)?.entry.level ?? 0) >= entry.level) open.pop();
    const node: EntryNode = { entry, children: [] };
    (open.at(-1)?.children ?? roots).push(node);
    open.push(node);
  }
  if (!lang) return `<nav class="toc" aria-label="${escapeHtml(label)}">${formatList(roots)}</nav>\n`;
  // The label is in the page's language, the headings in the text's.
  return `<nav class="toc" aria-label="${escapeHtml(label)}" lang="${escapeHtml(lang.ui)}">${formatList(roots).replace(/^<ol>/, `<ol lang="${escapeHtml(lang.text)}">`)}</nav>\n`;
}

function formatList(nodes: EntryNode[]): string {
  const items = nodes.map(({ entry, children }) => {
    const nested = children.length > 0 ? formatList(children) : '';
    return `<li><a href="#${escapeHtml(entry.id)}">${escapeHtml(entry.text)}</a>${nested}</li>`;
  });
  return `<ol>${items.join('')}</ol>`;
}
