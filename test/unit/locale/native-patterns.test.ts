// issue 27: patterns native reviewers found, fixed where they live (the formatter, the typesetter, the
// Markdown pipeline), one behaviour each.
import { describe, expect, it } from 'vitest';
import { formatDate, formatWordAfterColon, typeset } from '../../../pipeline/locale-format.ts';
import { createMarkdownRenderer, type MarkdownInput } from '../../../pipeline/transform/markdown.ts';

const NNBSP = '\u202F';

describe('typeset: quotation marks', () => {
  it('sets straight double quotes as each language’s quotation marks', () => {
    const cases: Array<[string, string]> = [
      ['nl', 'Klik op \u201Cweigeren\u201D.'],
      ['de', 'Klick auf \u201Eablehnen\u201C.'],
      ['es', 'Pulsa \u00ABrechazar\u00BB.'],
      ['fr', `Cliquez sur \u00AB${NNBSP}refuser${NNBSP}\u00BB.`],
      ['it', 'Clicca su \u00ABrifiuta\u00BB.'],
      ['en', 'Click \u201Creject\u201D.'],
    ];
    const words: Record<string, string> = {
      nl: 'Klik op "weigeren".',
      de: 'Klick auf "ablehnen".',
      es: 'Pulsa "rechazar".',
      fr: 'Cliquez sur "refuser".',
      it: 'Clicca su "rifiuta".',
      en: 'Click "reject".',
    };
    for (const [locale, expected] of cases) expect(typeset(words[locale]!, locale)).toBe(expected);
  });

  it('sets a pair of single quotes as the inner marks and any other one as an apostrophe', () => {
    expect(typeset("Pulsan 'rechazar', así", 'es')).toBe('Pulsan \u201Crechazar\u201D, así');
    expect(typeset("Er sagte 'ja'", 'de')).toBe('Er sagte \u201Aja\u2018');
    expect(typeset("mentre l'85% dei siti", 'it')).toBe('mentre l\u201985% dei siti');
    expect(typeset("our visitors' data", 'en')).toBe('our visitors\u2019 data');
  });

  it('stays idempotent with French guillemets (no second narrow space)', () => {
    const once = typeset('« citation » et "texte"', 'fr');
    expect(once).toBe(`\u00AB${NNBSP}citation${NNBSP}\u00BB et \u00AB${NNBSP}texte${NNBSP}\u00BB`);
    expect(typeset(once, 'fr')).toBe(once);
  });
});

describe('typeset: the Italian article before a number', () => {
  it('elides il, dal, al, del, nel, sul before 8, 11 and 80–89 (otto, undici, ottanta)', () => {
    expect(typeset('Pubblicato il 11 feb 2026 e modificato il 8 mar 2026', 'it')).toBe(
      'Pubblicato l\u201911 feb 2026 e modificato l\u20198 mar 2026',
    );
    expect(typeset('dal 80 al 85 per cento, nel 800', 'it')).toBe('dall\u201980 all\u201985 per cento, nell\u2019800');
    expect(typeset('Il 11 febbraio', 'it')).toBe('L\u201911 febbraio');
  });

  it('leaves other numbers, and other languages, alone', () => {
    expect(typeset('il 1 feb, il 18 mar, nel 2008, il 110', 'it')).toBe('il 1 feb, il 18 mar, nel 2008, il 110');
    expect(typeset('il 11', 'fr')).toBe('il 11');
  });
});

describe('formatDate: Spanish abbreviated months', () => {
  it('closes an abbreviated month with a period and leaves a full one as it is', () => {
    expect(formatDate('es-ES', '2026-11-12T10:00:00.000Z')).toBe('12 nov. 2026');
    expect(formatDate('es-ES', '2026-09-08T10:00:00.000Z')).toBe('8 sept. 2026');
    expect(formatDate('it-IT', '2026-02-11T10:00:00.000Z')).toBe('11 feb 2026');
    expect(formatDate('fr-FR', '2026-11-12T10:00:00.000Z')).toBe('12 nov. 2026');
  });
});

describe('formatWordAfterColon', () => {
  it('lowercases a common word after a colon except in English, and keeps acronyms', () => {
    expect(formatWordAfterColon('Interdit', 'fr')).toBe('interdit');
    expect(formatWordAfterColon('Casos pendientes', 'es')).toBe('casos pendientes');
    expect(formatWordAfterColon('Laufende Verfahren', 'de')).toBe('laufende Verfahren');
    expect(formatWordAfterColon('Forbidden', 'en')).toBe('Forbidden');
    expect(formatWordAfterColon('EU', 'it')).toBe('EU');
  });
});

describe('Markdown: quotes and English marked by the editor', () => {
  const render = createMarkdownRenderer({ baseUrl: 'https://www.simpleanalytics.com', media: new Map() });
  const cta = { title: 'a', text: 'b', button: 'c', href: 'https://simpleanalytics.com/welcome' };
  const strings: MarkdownInput['strings'] = {
    tableOfContents: 'Sommaire',
    footnotes: 'Notes',
    backToText: 'Retour',
    ctaOne: cta,
    ctaTwo: cta,
  };
  const html = (markdown: string, locale: string) =>
    render({ markdown, locale, showIndex: false, showCallToActions: false, strings }).html;

  it('sets quotes across emphasis in the text’s language, never in code', () => {
    expect(html('Il dit *"non"* et `"code"`.', 'fr')).toBe(
      `<p>Il dit <em>\u00AB${NNBSP}non${NNBSP}\u00BB</em> et <code>&quot;code&quot;</code>.</p>\n`,
    );
    expect(html('dell\'[Austria](/it/x) e "senza cookie"', 'it')).toBe(
      '<p>dell\u2019<a href="/it/x">Austria</a> e \u00ABsenza cookie\u00BB</p>\n',
    );
  });

  it('keeps lang on an editor’s span or link, and sets its text in that language', () => {
    expect(html('Voir [<span lang="en">Collect: campaign data</span>](https://support.google.com/x).', 'fr')).toBe(
      '<p>Voir <a href="https://support.google.com/x" target="_blank" rel="noopener noreferrer"><span lang="en">Collect: campaign data</span></a>.</p>\n',
    );
    expect(html('<a href="https://example.com" lang="en">Hi: there</a>', 'fr')).toContain(
      'rel="noopener noreferrer" lang="en">Hi: there</a>',
    );
  });

  it('admits lang with a site language only, and nothing else on a span', () => {
    const out = html('<span lang="xx" class="a" onclick="alert(1)">x</span> <span lang="javascript:1">y</span>', 'de');
    expect(out).toBe('<p><span>x</span> <span>y</span></p>\n');
  });
});
