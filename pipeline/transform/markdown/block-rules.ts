import type { StateBlock } from 'markdown-it';
import { RAW_HTML_TAGS } from './raw-html.ts';

export type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

export type PlaceholderName = 'tableofcontents' | 'ctaone' | 'ctatwo';

const PLACEHOLDER_LINE = /^\{\{\s*(tableofcontents|ctaone|ctatwo)\s*\}\}\s*$/i;
const WARNING_MARKER = /^>>[ \t]/;

export function lineOf(state: StateBlock, line: number): string {
  return state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]);
}

export function isIndentedCode(state: StateBlock, line: number): boolean {
  return (state.sCount[line] ?? 0) - state.blkIndent >= 4;
}

/** A `{{tableofcontents}}`, `{{ctaone}}` or `{{ctatwo}}` line becomes a `sitegen_placeholder` token. */
export const placeholderRule: BlockRule = (state, startLine, _endLine, silent) => {
  if (isIndentedCode(state, startLine)) return false;
  const name = PLACEHOLDER_LINE.exec(lineOf(state, startLine))?.[1];
  if (!name) return false;
  if (silent) return true;
  const token = state.push('sitegen_placeholder', '', 0);
  token.meta = { name: name.toLowerCase() };
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
};

/**
 * A paragraph starting `>> ` is a warning, not a blockquote in a blockquote: `<blockquote class="warning">`
 * with one paragraph. Later lines may repeat the marker; the paragraph ends where a normal one would.
 */
export const warningRule: BlockRule = (state, startLine, endLine, silent) => {
  if (isIndentedCode(state, startLine) || !WARNING_MARKER.test(lineOf(state, startLine))) return false;
  if (silent) return true;
  const terminators = state.md.block.ruler.getRules('paragraph');
  const lines = [lineOf(state, startLine)];
  let nextLine = startLine + 1;
  for (; nextLine < endLine && !state.isEmpty(nextLine); nextLine += 1) {
    const line = lineOf(state, nextLine);
    const continues =
      WARNING_MARKER.test(line) ||
      isIndentedCode(state, nextLine) ||
      !terminators.some((rule) => rule(state, nextLine, endLine, true));
    if (!continues) break;
    lines.push(line);
  }
  const map: [number, number] = [startLine, nextLine];
  const open = state.push('blockquote_open', 'blockquote', 1);
  open.attrSet('class', 'warning');
  open.markup = '>>';
  open.map = map;
  state.push('paragraph_open', 'p', 1).map = map;
  const inline = state.push('inline', '', 0);
  inline.content = lines.map((line) => line.replace(/^>>[ \t]?/, '').trim()).join('\n');
  inline.map = map;
  inline.children = [];
  state.push('paragraph_close', 'p', -1);
  state.push('blockquote_close', 'blockquote', -1);
  state.line = nextLine;
  return true;
};

/**
 * Lets markdown-it's HTML block rule start only at an allowed tag. A block that starts with any other
 * tag (`<div>`, `<script>`, a comment) is then an ordinary paragraph: its Markdown is parsed and its
 * tags are shown as text, as when the original site escaped them before parsing.
 */
export function guardHtmlBlock(htmlBlock: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    const name = /^<\/?([A-Za-z][A-Za-z0-9-]*)/.exec(lineOf(state, startLine))?.[1]?.toLowerCase();
    return name !== undefined && RAW_HTML_TAGS.has(name) && htmlBlock(state, startLine, endLine, silent);
  };
}
