// markdown-it's block state with its line tables built line by line (pipeline/transform/markdown/block-state.ts),
// and its normalisation skipped for a text without CR or NUL: the same tables and tokens as markdown-it's own.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { useLineIndexedState } from '../../../pipeline/transform/markdown/block-state.ts';
import { createMarkdownRenderer } from '../../../pipeline/transform/markdown.ts';
import { generatedTexts } from '../../helpers/generated-texts.ts';

const TABLES = ['bMarks', 'eMarks', 'tShift', 'sCount', 'bsCount', 'lineMax'] as const;

/** Pieces that make lines: indents of spaces and tabs, breaks, blank lines, block syntax. */
const PIECES = [
  ' ',
  '  ',
  '    ',
  '\t',
  ' \t',
  '\t ',
  '\n',
  '\n\n',
  'text',
  '# heading',
  '- item',
  '> quote',
  '```',
  '1. one',
  '|a|b|',
  '***',
];

const texts = (count: number) => generatedTexts(PIECES, { count, seed: 7, fewest: 0, spread: 30 });

const EDGES = [
  '',
  ' ',
  '\t',
  '\n',
  'a',
  'a\n',
  'a\n   ',
  'a\n  b',
  '  \n',
  '\t\tcode\n',
  ' \t x',
  'a\n\n\n',
  '\n  \n\t\n',
];

describe('useLineIndexedState', () => {
  it('builds markdown-it’s line tables', () => {
    const stock = new MarkdownIt();
    const ours = new MarkdownIt();
    useLineIndexedState(ours);
    for (const text of [...EDGES, ...texts(3000)]) {
      const expected = new stock.block.State(text, stock, {}, []);
      const actual = new ours.block.State(text, ours, {}, []);
      for (const table of TABLES) expect(actual[table], `${table} of ${JSON.stringify(text)}`).toEqual(expected[table]);
      expect(actual).toBeInstanceOf(stock.block.State);
    }
  });

  it('gives markdown-it’s tokens', () => {
    const stock = new MarkdownIt({ html: true });
    const ours = new MarkdownIt({ html: true });
    useLineIndexedState(ours);
    for (const text of [...EDGES, ...texts(2000)]) expect(ours.parse(text, {}), text).toEqual(stock.parse(text, {}));
  });
});

describe('the renderer’s normalisation', () => {
  it('still reads CR and CR LF as line breaks and NUL as U+FFFD', () => {
    const render = createMarkdownRenderer({ baseUrl: 'https://example.com', media: new Map() });
    const strings = {
      tableOfContents: 'Contents',
      footnotes: 'Notes',
      backToText: 'Back',
      ctaOne: { title: 'a', text: 'b', button: 'c', href: 'https://example.com/a' },
      ctaTwo: { title: 'a', text: 'b', button: 'c', href: 'https://example.com/b' },
    };
    const html = (markdown: string) => render({ markdown, showIndex: false, showCallToActions: false, strings }).html;
    expect(html('# One\r\nText\rmore\u0000')).toBe(html('# One\nText\nmore\uFFFD'));
    expect(html('# One\r\nText\rmore')).toContain('<h1');
  });
});
