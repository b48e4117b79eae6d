import type { MarkdownIt, StateBlock, Token } from 'markdown-it';

type BlockState = typeof StateBlock;

/**
 * markdown-it's block state, its line tables built line by line: `indexOf` finds a line's end, and
 * only the line's leading spaces and tabs are read one at a time. markdown-it's own constructor reads
 * every character of the text in a loop: about an eighth of its parse of the bench's 10,000 article
 * bodies (0.21 of 1.6–1.9 s). The same tables (a test compares them), so the same tokens; every
 * method is markdown-it's.
 */
export function useLineIndexedState(md: MarkdownIt): void {
  const original: BlockState = md.block.State;
  function State(this: StateBlock, src: string, parser: MarkdownIt, env: unknown, tokens: Token[]): void {
    // The fields in markdown-it's order, so that the object has the shape its methods were written for.
    this.src = src;
    this.md = parser;
    this.env = env;
    this.tokens = tokens;
    this.bMarks = [];
    this.eMarks = [];
    this.tShift = [];
    this.sCount = [];
    this.bsCount = [];
    this.blkIndent = 0;
    this.line = 0;
    this.lineMax = 0;
    this.tight = false;
    this.ddIndent = -1;
    this.listIndent = -1;
    this.parentType = 'root';
    this.level = 0;
    indexLines(this, src);
  }
  State.prototype = original.prototype;
  md.block.State = State as unknown as BlockState;
}

/**
 * Per line: where it begins and ends, its first character that is not a space or tab, and its
 * indent with tabs expanded to the next multiple of four. As in markdown-it, a last line of only
 * spaces and tabs without a line break is not a line; a fake empty line closes the tables.
 */
function indexLines(state: StateBlock, src: string): void {
  const { length } = src;
  for (let start = 0; start < length;) {
    let at = start;
    let offset = 0;
    for (; at < length; at += 1) {
      const code = src.charCodeAt(at);
      if (code === 0x20) offset += 1;
      else if (code === 0x09) offset += 4 - (offset % 4);
      else break;
    }
    if (at === length) break;
    const lineBreak = src.indexOf('\n', at);
    const end = lineBreak === -1 ? length : lineBreak;
    state.bMarks.push(start);
    state.eMarks.push(end);
    state.tShift.push(at - start);
    state.sCount.push(offset);
    state.bsCount.push(0);
    start = end + 1;
  }
  state.bMarks.push(length);
  state.eMarks.push(length);
  state.tShift.push(0);
  state.sCount.push(0);
  state.bsCount.push(0);
  state.lineMax = state.bMarks.length - 1;
}
