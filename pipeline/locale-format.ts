/**
 * Locale formatting and typography, in one place for the build and the browser: amounts, numbers,
 * percentages, dates and relative ages go through `Intl` in the page's locale, and every UI string and
 * every text from the CMS goes through `typeset()` for its language. No Node APIs: the browser bundles
 * import it too.
 */

/** The language part of a locale code or BCP 47 tag (`fr-FR` → `fr`). */
function languageOf(locale: string): string {
  return locale.slice(0, 2).toLowerCase();
}

const NARROW_NBSP = '\u202F';
const NBSP = '\u00A0';

/** What the number-and-sign rule needs. */
const SIGN = /[€%$£]/;
/** What one of the French rules needs. */
const FRENCH_SPACED = /[:;!?%»«]/;

/**
 * Each language's quotation marks: [open, close] for a quotation, then for a quotation inside one
 * (issue 27). French sets its guillemets with narrow no-break spaces inside. Dutch writes “…” with
 * ‘…’ inside, German „…“ with ‚…‘, Spanish and Italian «…» with “…” inside.
 */
export const QUOTES: Readonly<Record<string, readonly [string, string, string, string]>> = {
  en: ['\u201C', '\u201D', '\u2018', '\u2019'],
  nl: ['\u201C', '\u201D', '\u2018', '\u2019'],
  de: ['\u201E', '\u201C', '\u201A', '\u2018'],
  es: ['\u00AB', '\u00BB', '\u201C', '\u201D'],
  fr: [`\u00AB${NARROW_NBSP}`, `${NARROW_NBSP}\u00BB`, '\u201C', '\u201D'],
  it: ['\u00AB', '\u00BB', '\u201C', '\u201D'],
};

/** What may come before an opening quote: the start, a space, an opening bracket, a dash or a slash. */
const BEFORE_OPENING = String.raw`(^|[\s([{\u2014\u2013/-])`;
const DOUBLE_OPENING = new RegExp(`${BEFORE_OPENING}"(?=\\S)`, 'gu');
/** A pair of single quotes: opening as above, closing before a non-letter; apostrophes between letters are already ’. */
const SINGLE_PAIR = new RegExp(`${BEFORE_OPENING}'(?=[^\\s'])([^'"]*?[^\\s'])'(?!\\p{L})`, 'gu');

/**
 * Straight quotes as the language's own marks: `"…"` as its quotation marks, a pair of `'…'` as its
 * inner ones. Any other single quote is an apostrophe ("l'85 %", "visitors' data").
 */
function setQuotes(text: string, language: string): string {
  const [open, close, innerOpen, innerClose] = QUOTES[language] ?? QUOTES.en!;
  let out = text;
  // Only paired quotes: a lone one (a typo, or markup shown as text) stays as it was written.
  if (out.includes('"') && out.split('"').length % 2 === 1)
    out = out.replace(DOUBLE_OPENING, `$1${open}`).replace(/"/g, close);
  if (out.includes("'")) out = out.replace(SINGLE_PAIR, `$1${innerOpen}$2${innerClose}`).replace(/'/g, '\u2019');
  return out;
}

/**
 * Italian elides the article before a number read with a vowel (issue 27): "l'11 febbraio", "dall'8",
 * "nell'800" (undici, otto, ottanta…, ottocento…, ottomila…), never "il 11". "il 1" stays (read "il primo").
 */
const ITALIAN_ELISION =
  /\b([Ii]l|[Dd]al|[Aa]l|[Dd]el|[Nn]el|[Ss]ul)[ \u00A0]+(?=(?:11|8\d{0,2})(?:[.\u00A0\u202F ]?\d{3})*(?!\d|[.,]\d))/g;
const ELIDED: Readonly<Record<string, string>> = {
  il: 'l',
  dal: 'dall',
  al: 'all',
  del: 'dell',
  nel: 'nell',
  sul: 'sull',
};

/**
 * A text as a careful typesetter of its language would set it: typographic apostrophes everywhere and
 * the language's own quotation marks for straight quotes; in French a narrow no-break space before
 * `: ; ! ? %` and inside « guillemets »; no-break spaces between a number and its unit or sign, and
 * inside abbreviations such as "z. B."; in Italian the elided article before 8, 11, 80… ("l'11").
 * Idempotent; leaves `{0}` placeholders alone.
 */
export function typeset(text: string, locale: string): string {
  const language = languageOf(locale);
  // Each rule runs only when the text has the character it needs: most texts (every text token of every
  // page) have none of them, and the Unicode-class scans are the cost.
  // A straight apostrophe between letters (l'analyse, don't, dell'UE) is an elision, never a quote.
  let out = text.includes("'") ? text.replace(/(\p{L})'(?=\p{L})/gu, '$1\u2019') : text;
  if (out.includes('"') || out.includes("'")) out = setQuotes(out, language);
  if (language === 'it' && /\d/.test(out))
    out = out.replace(ITALIAN_ELISION, (_whole, article: string) => {
      const elided = ELIDED[article.toLowerCase()]!;
      return `${article[0] === article[0]!.toUpperCase() ? elided[0]!.toUpperCase() + elided.slice(1) : elided}\u2019`;
    });
  // A number and its sign or unit stay on one line: "19 €", "85 %", "14 Tage".
  if (SIGN.test(out)) out = out.replace(/(\d) (€|%|\$|£)/g, `$1${language === 'fr' ? NARROW_NBSP : NBSP}$2`);
  if (language === 'de' && out.includes('. '))
    out = out.replace(/\b([zZdDuUoOvVsS])\. (B|h|a|Ä|g|T|u)\./g, `$1.${NBSP}$2.`);
  if (language === 'fr' && FRENCH_SPACED.test(out)) {
    out = out
      .replace(/[ \u00A0\u202F]+([:;!?%»])/g, `${NARROW_NBSP}$1`)
      .replace(/«[ \u00A0\u202F]*/g, `«${NARROW_NBSP}`)
      .replace(/(\p{L}|\d|\)|»|…)([;!?])(?=\s|$)/gu, `$1${NARROW_NBSP}$2`)
      // "Ex. :" keeps its space; a colon after a word needs one too (but never inside "https://").
      .replace(/(\p{L}|\)|»)(:)(?=\s|$)/gu, `$1${NARROW_NBSP}$2`);
  }
  return out;
}

/** Every UI string of a locale file, typeset for its language. */
export function typesetMessages(messages: Record<string, string>, locale: string): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, typeset(text, locale)]));
}

const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(iso: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${iso}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(iso, options)));
  return format;
}

/** An amount in a currency as the locale writes it: "19 €" (de), "€ 19" (nl), "$19" (en-US). Whole amounts without decimals. */
export function formatAmount(iso: string, value: number, currency: string): string {
  const whole = Number.isInteger(value);
  return numberFormat(iso, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(value);
}

/** A count: "100.000" (de), "100 000" (fr). */
export function formatCount(iso: string, value: number): string {
  return numberFormat(iso, {}).format(value);
}

/** Whether formatCountInWords says the count in words (messages differ: "1 millón de puntos", "100.000 puntos"). */
export function isCountInWords(value: number): boolean {
  return value >= 1_000_000 && value % 1_000_000 === 0;
}

/** A large round count in words where the language says it so: "1 million", "1 Million", "1 miljoen"; else formatCount. */
export function formatCountInWords(iso: string, value: number): string {
  return isCountInWords(value)
    ? numberFormat(iso, { notation: 'compact', compactDisplay: 'long' }).format(value)
    : formatCount(iso, value);
}

/** A share (0.85) as a percentage: "85 %" (de, fr), "85%" (en, nl, it). */
export function formatPercent(iso: string, share: number): string {
  return numberFormat(iso, { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

const displayNames = new Map<string, Intl.DisplayNames>();
/** A language's or region's name in the locale's words ("español", "Autriche"); the formatter is made once per locale and type. */
export function formatDisplayName(iso: string, type: 'language' | 'region', code: string): string | undefined {
  const key = `${iso} ${type}`;
  let names = displayNames.get(key);
  if (!names) displayNames.set(key, (names = new Intl.DisplayNames([iso], { type })));
  return names.of(code);
}

interface DateFormats {
  format: Intl.DateTimeFormat;
  month: Intl.DateTimeFormat;
  written: Map<number, string>;
}
/** Per locale, its date formats and the days it has written, by UTC day number (a page shows dozens; the list and footer dates repeat on every page). */
const dateFormats = new Map<string, DateFormats>();
/** A calendar date as the locale writes it ("3. März 2024", "3 mars 2024", "Mar 3, 2024"), in UTC. */
export function formatDate(iso: string, date: string | number): string {
  let locale = dateFormats.get(iso);
  if (!locale) {
    locale = {
      format: new Intl.DateTimeFormat(iso, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
      // Made once: a formatter costs far more to make than to use.
      month: new Intl.DateTimeFormat(iso, { month: 'long', timeZone: 'UTC' }),
      written: new Map(),
    };
    dateFormats.set(iso, locale);
  }
  const time = typeof date === 'number' ? date : Date.parse(date);
  const day = Math.floor(time / 86_400_000);
  let text = locale.written.get(day);
  if (text === undefined) locale.written.set(day, (text = writeDate(locale, iso, new Date(time))));
  return text;
}

/**
 * Intl's short date, with the abbreviated month as the language abbreviates it: Spanish closes every
 * abbreviation with a period ("12 nov. 2026", RAE), which CLDR leaves out (issue 27). A month Intl
 * writes out in full ("mayo") has no period.
 */
function writeDate({ format, month }: DateFormats, iso: string, date: Date): string {
  if (languageOf(iso) !== 'es') return format.format(date);
  const full = month.format(date);
  return format
    .formatToParts(date)
    .map((part) =>
      part.type === 'month' && part.value !== full && !part.value.endsWith('.') ? `${part.value}.` : part.value,
    )
    .join('');
}

/**
 * A word after the colon of a composed label ("Autriche : interdit", "Idioma: español", "Österreich:
 * verboten"), as the language writes it (issue 27). In nl, de, es, fr and it the colon does not start
 * a sentence, so a common word after it is lowercase (Onze Taal, Duden D 46, RAE Ortografía 4.2.4.1,
 * Imprimerie nationale, Treccani); only English UI labels capitalize the value. The words passed here
 * (status labels) are never nouns that German would capitalize.
 */
export function formatWordAfterColon(word: string, locale: string): string {
  if (languageOf(locale) === 'en') return word;
  const [first = '', second = ''] = word;
  // An acronym or a name in capitals ("EU", "USA") keeps them.
  if (second !== second.toLowerCase()) return word;
  return first.toLowerCase() + word.slice(first.length);
}

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;

/**
 * A post's age in words, with the language's plural forms ("vor 3 Tagen", "il y a 2 semaines",
 * "3 dagen geleden"), or undefined when it is 11 weeks or older (spec §9: minutes, hours, days, then
 * weeks past 10 days; "now" under a minute).
 */
export function formatAge(iso: string, publishedMs: number, nowMs: number): string | undefined {
  const age = nowMs - publishedMs;
  if (!Number.isFinite(age) || age < 0 || age >= 11 * WEEK) return undefined;
  if (age < MINUTE) return new Intl.RelativeTimeFormat(iso, { numeric: 'auto' }).format(0, 'second');
  const relative = new Intl.RelativeTimeFormat(iso, { numeric: 'always' });
  if (age > 10 * DAY) return relative.format(-Math.floor(age / WEEK), 'week');
  if (age < HOUR) return relative.format(-Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return relative.format(-Math.floor(age / HOUR), 'hour');
  return relative.format(-Math.floor(age / DAY), 'day');
}

/** "2 days ago" for a fixed number of days, as the demo on the home page shows it. */
export function formatDaysAgo(iso: string, days: number): string {
  return new Intl.RelativeTimeFormat(iso, { numeric: 'always' }).format(-days, 'day');
}
