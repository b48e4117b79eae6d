// markdown-it's inline `text` rule replaced by a regular expression (pipeline/transform/markdown/text-rule.ts):
// the same tokens as markdown-it's own rule, on texts made of every character that starts inline syntax.
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { plainTextRule } from '../../../pipeline/transform/markdown/text-rule.ts';
import { generatedTexts } from '../../helpers/generated-texts.ts';

const stock = () => new MarkdownIt({ html: true, linkify: true, typographer: true });
const withRule = () => {
  const md = stock();
  md.inline.ruler.at('text', plainTextRule);
  return md;
};

/** Pieces that start or end inline syntax, and prose around them. */
const PIECES = [
  'plain words ',
  'ünïcødé «text» ',
  '*',
  '**',
  '_',
  '__',
  '`',
  '``',
  '~~',
  '[',
  ']',
  '(',
  ')',
  '![',
  '](https://example.com/a_b)',
  '<',
  '>',
  '<b>',
  '</b>',
  '&amp;',
  '&',
  '#',
  '$',
  '%',
  '+',
  '-',
  ':',
  '=',
  '@',
  '\\',
  '^',
  '{',
  '}',
  '!',
  '\n',
  '  \n',
  'https://example.com/x-y',
  'mail@example.com',
  '[^1]',
  "'quoted'",
  '"double"',
  '...',
  '--',
];

const texts = (count: number) => generatedTexts(PIECES, { count, seed: 42, fewest: 1, spread: 24 });

describe('plainTextRule', () => {
  it('gives the tokens of markdown-it’s text rule', () => {
    const a = stock();
    const b = withRule();
    for (const text of [
      'A [link with *emphasis* inside](https://example.com) and more text.',
      '![an image, its alt text](/a.png) then `code` and a footnote[^1].',
      'Line one\nline two  \nline three\\\nend',
      ...texts(3000),
    ]) {
      expect(b.parse(text, {}), text).toEqual(a.parse(text, {}));
    }
  });

  it('ends a run where a link starts and where its label ends', () => {
    const md = withRule();
    const [paragraph] = md.parseInline('[label](/x) after', {});
    const children = paragraph!.children!.map((token) => [token.type, token.content]);
    expect(children).toEqual([
      ['link_open', ''],
      ['text', 'label'],
      ['link_close', ''],
      ['text', ' after'],
    ]);
  });
});
