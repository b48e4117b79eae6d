// issue 12: amounts, numbers and ages through Intl in the page's locale; typography per language.
import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatAmount,
  formatDate,
  formatCountInWords,
  formatPercent,
  typeset,
  typesetMessages,
} from '../../../pipeline/locale-format.ts';

const NNBSP = '\u202F';
const NBSP = '\u00A0';
const DAY = 86_400_000;

describe('formatAmount', () => {
  it.each([
    ['en-US', 'eur', '€19'],
    ['en-US', 'usd', '$19'],
    ['en-US', 'gbp', '£19'],
    ['nl-NL', 'eur', `€${NBSP}19`],
    ['de-DE', 'eur', `19${NBSP}€`],
    ['fr-FR', 'eur', `19${NBSP}€`],
    ['es-ES', 'eur', `19${NBSP}€`],
    ['it-IT', 'eur', `19${NBSP}€`],
  ])('writes 19 %s in %s as "%s"', (iso, currency, expected) => {
    expect(formatAmount(iso, 19, currency)).toBe(expected);
  });

  it('groups thousands as the locale does and keeps cents only when there are some', () => {
    expect(formatAmount('de-DE', 1188, 'eur')).toBe(`1.188${NBSP}€`);
    expect(formatAmount('en-US', 9.5, 'usd')).toBe('$9.50');
  });
});

describe('counts and percentages', () => {
  it('says a round million in words, in each language', () => {
    expect(
      ['en-US', 'nl-NL', 'de-DE', 'es-ES', 'fr-FR', 'it-IT'].map((iso) => formatCountInWords(iso, 1_000_000)),
    ).toEqual(['1 million', '1 miljoen', '1 Million', '1 millón', '1 million', '1 milione']);
    expect(formatCountInWords('de-DE', 100_000)).toBe('100.000');
  });

  it('writes percentages with the locale spacing', () => {
    expect(formatPercent('de-DE', 0.85)).toBe(`85${NBSP}%`);
    expect(formatPercent('en-US', 0.85)).toBe('85%');
  });
});

describe('formatAge', () => {
  it('uses the plural forms and words of each language, never abbreviations', () => {
    expect(formatAge('de-DE', 0, 1 * DAY)).toBe('vor 1 Tag');
    expect(formatAge('de-DE', 0, 3 * DAY)).toBe('vor 3 Tagen');
    expect(formatAge('nl-NL', 0, 3 * 3_600_000)).toBe('3 uur geleden');
    expect(formatAge('fr-FR', 0, 14 * DAY)).toBe('il y a 2 semaines');
    expect(formatAge('it-IT', 0, 30_000)).toBe('ora');
  });

  it('shows nothing from 11 weeks on', () => {
    expect(formatAge('en-US', 0, 77 * DAY)).toBeUndefined();
  });
});

describe('formatDate', () => {
  it('writes a date as each locale does, in UTC, the same on every call', () => {
    const cases: Array<[string, string]> = [
      ['en-US', 'Mar 3, 2024'],
      ['de-DE', '3. März 2024'],
      ['fr-FR', '3 mars 2024'],
    ];
    for (const [iso, expected] of cases) {
      expect(formatDate(iso, '2024-03-03T23:30:00.000Z')).toBe(expected);
      expect(formatDate(iso, '2024-03-03T23:30:00.000Z')).toBe(expected);
    }
    expect(formatDate('en-US', '2024-03-04T00:30:00.000Z')).toBe('Mar 4, 2024');
    expect(() => formatDate('en-US', 'not a date')).toThrow(RangeError);
  });

  it('writes every day from 1990 to 2035 as Intl writes it whole, in each of the six languages', () => {
    for (const iso of ['en-US', 'nl-NL', 'de-DE', 'es-ES', 'fr-FR', 'it-IT']) {
      const short = new Intl.DateTimeFormat(iso, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
      const long = new Intl.DateTimeFormat(iso, { month: 'long', timeZone: 'UTC' });
      for (let time = Date.UTC(1990, 0, 1); time <= Date.UTC(2035, 11, 31); time += DAY) {
        const date = new Date(time);
        // Spanish closes an abbreviated month with a period (RAE); a month written out in full has none.
        const expected = iso.startsWith('es')
          ? short
              .formatToParts(date)
              .map(({ type, value }) =>
                type === 'month' && value !== long.format(date) && !value.endsWith('.') ? `${value}.` : value,
              )
              .join('')
          : short.format(date);
        // Noon, so that a date in a day's last hour is the same day (UTC).
        const written = formatDate(iso, new Date(time + 12 * 3_600_000).toISOString());
        if (written !== expected)
          expect([iso, date.toISOString(), written]).toEqual([iso, date.toISOString(), expected]);
      }
    }
    expect(formatDate('es-ES', '2026-11-12T08:00:00.000Z')).toBe('12 nov. 2026');
    expect(formatDate('es-ES', '2026-05-12T08:00:00.000Z')).toBe('12 may. 2026');
  });
});

describe('typeset', () => {
  it('puts a narrow no-break space before French : ; ! ? % and inside guillemets', () => {
    expect(typeset('Langue : {0}. Prêt ? Oui ! 85 % « citation »', 'fr')).toBe(
      `Langue${NNBSP}: {0}. Prêt${NNBSP}? Oui${NNBSP}! 85${NNBSP}% «${NNBSP}citation${NNBSP}»`,
    );
    expect(typeset('Copié!', 'fr')).toBe(`Copié${NNBSP}!`);
  });

  it('leaves URLs and times alone', () => {
    expect(typeset('Voir https://example.com/a?b=1 à 10:30', 'fr')).toBe('Voir https://example.com/a?b=1 à 10:30');
  });

  it('makes apostrophes typographic and keeps abbreviations and units on one line', () => {
    expect(typeset("l'analyse", 'fr')).toBe('l\u2019analyse');
    expect(typeset("don't", 'en')).toBe('don\u2019t');
    expect(typeset('Z. B.: name, 85 %', 'de')).toBe(`Z.${NBSP}B.: name, 85${NBSP}%`);
  });

  it('is idempotent and leaves English punctuation as it is', () => {
    const once = typeset('Prêt ? Oui !', 'fr');
    expect(typeset(once, 'fr')).toBe(once);
    expect(typesetMessages({ a: 'Ready? Yes!' }, 'en')).toEqual({ a: 'Ready? Yes!' });
  });
});
