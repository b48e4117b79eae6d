// issue 12: an English text on a page of another language, and the typography of the text's language.
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer, type CallToAction, type MarkdownInput } from '../../../pipeline/transform/markdown.ts';

const cta = (title: string): CallToAction => ({
  title,
  text: `${title}.`,
  button: 'Jetzt testen',
  href: 'https://simpleanalytics.com/welcome',
});
const GERMAN: MarkdownInput['strings'] = {
  tableOfContents: 'Inhaltsverzeichnis',
  footnotes: 'Anmerkungen',
  backToText: 'Zurück zum Text',
  ctaOne: cta('Webanalyse ohne Cookie-Banner'),
  ctaTwo: cta('Bereit?'),
};
const render = createMarkdownRenderer({ baseUrl: 'https://www.simpleanalytics.com', media: new Map() });
const html = (markdown: string, input: Partial<Omit<MarkdownInput, 'markdown'>>) =>
  render({ markdown, showIndex: false, showCallToActions: false, strings: GERMAN, ...input }).html;

describe('an English fallback on a German page', () => {
  const fallback = { strings: { ...GERMAN, lang: { ui: 'de-DE', text: 'en-US' } } };

  it('labels the table of contents in German and marks its entries as English', () => {
    expect(html('## Why it matters\n\ntext', { ...fallback, showIndex: true })).toContain(
      '<nav class="toc" aria-label="Inhaltsverzeichnis" lang="de-DE"><ol lang="en-US"><li><a href="#why-it-matters">Why it matters</a>',
    );
  });

  it('marks the calls to action as German', () => {
    expect(html('one\n\ntwo\n\nthree\n\nfour', { ...fallback, showCallToActions: true })).toContain(
      '<aside class="cta" lang="de-DE"><p class="cta-title">Webanalyse ohne Cookie-Banner</p>',
    );
  });

  it('sends links to pages that exist in German to their German URL, keeping the fragment', () => {
    const links = { '/pricing': '/de/preise', '/blog/why-simple-analytics': '/de/blog/warum-simple-analytics' };
    const out = html(
      '[prices](/pricing#faq), [post](https://www.simpleanalytics.com/blog/why-simple-analytics), [other](/blog/english-only)',
      { ...fallback, links },
    );
    expect(out).toContain('<a href="/de/preise#faq">prices</a>');
    expect(out).toContain('<a href="/de/blog/warum-simple-analytics">post</a>');
    expect(out).toContain('<a href="/blog/english-only">other</a>');
  });
});

describe('typography of the text', () => {
  it('sets French prose with narrow no-break spaces, headings and table of contents alike, but not code', () => {
    const out = html("## Pourquoi ?\n\nC'est simple : oui ! `a ? b : c`", { locale: 'fr', showIndex: true });
    expect(out).toContain('<a href="#pourquoi">Pourquoi\u202F?</a>');
    expect(out).toContain('<h2 id="pourquoi">Pourquoi\u202F?</h2>');
    expect(out).toContain('C\u2019est simple\u202F: oui\u202F! <code>a ? b : c</code>');
  });
});
