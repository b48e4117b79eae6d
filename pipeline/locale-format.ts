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
 * A text as a careful typesetter of its language would set it: typographic apostrophes everywhere;
 * in French a narrow no-break space before `: ; ! ? %` and inside « guillemets »; no-break spaces
 * between a number and its unit or sign, and inside abbreviations such as "z. B.".
 * Idempotent; leaves `{0}` placeholders alone.
 */
export function typeset(text: string, locale: string): string {
  const language = languageOf(locale);
  // Each rule runs only when the text has the character it needs: most texts (every text token of every
  // page) have none of them, and the Unicode-class scans are the cost.
  // A straight apostrophe between letters (l'analyse, don't, dell'UE) is an elision, never a quote.
  let out = text.includes("'") ? text.replace(/(\p{L})'(?=\p{L})/gu, '$1\u2019') : text;
  // A number and its sign or unit stay on one line: "19 €", "85 %", "14 Tage".
  if (SIGN.test(out)) out = out.replace(/(\d) (€|%|\$|£)/g, `$1${language === 'fr' ? NARROW_NBSP : NBSP}$2`);
  if (language === 'de' && out.includes('. '))
    out = out.replace(/\b([zZdDuUoOvVsS])\. (B|h|a|Ä|g|T|u)\./g, `$1.${NBSP}$2.`);
  if (language === 'fr' && FRENCH_SPACED.test(out)) {
    out = out
      .replace(/[ \u00A0]+([:;!?%»])/g, `${NARROW_NBSP}$1`)
      .replace(/«[ \u00A0]*/g, `«${NARROW_NBSP}`)
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

/** Per locale, its date format and the dates it has written (a page shows dozens; the list and footer dates repeat on every page). */
const dateFormats = new Map<string, { format: Intl.DateTimeFormat; written: Map<string | number, string> }>();
/** A calendar date as the locale writes it ("3. März 2024", "3 mars 2024", "Mar 3, 2024"), in UTC. */
export function formatDate(iso: string, date: string | number): string {
  let locale = dateFormats.get(iso);
  if (!locale)
    dateFormats.set(
      iso,
      (locale = {
        format: new Intl.DateTimeFormat(iso, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
        written: new Map(),
      }),
    );
  let text = locale.written.get(date);
  if (text === undefined) locale.written.set(date, (text = locale.format.format(new Date(date))));
  return text;
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
