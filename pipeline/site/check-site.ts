import { DEFAULT_LOCALE, isLocale, LOCALES } from '../locale.ts';
import { ROUTE_NAMES } from './schemas.ts';
import type { Site } from './site.ts';

const PLACEHOLDER = /\{(\d+)\}/g;

/** The rules that span files: same keys and placeholders in every locale, consistent route patterns, locale metadata for each locale. */
export function checkSite(site: Site): string[] {
  return [...checkLocaleMeta(site), ...checkMessages(site), ...checkRoutes(site)];
}

function checkLocaleMeta(site: Site): string[] {
  const codes = site.locales.map((meta) => meta.code);
  return LOCALES.filter((locale) => !codes.includes(locale)).map(
    (locale) => `locales/meta.json: no entry for locale "${locale}"`,
  );
}

function checkMessages(site: Site): string[] {
  const problems: string[] = [];
  const reference = site.messages[DEFAULT_LOCALE];
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const messages = site.messages[locale];
    for (const key of Object.keys(reference)) {
      const text = messages[key];
      if (text === undefined) {
        problems.push(`locales/${locale}.json: missing key "${key}" (present in en.json)`);
      } else if (placeholders(text) !== placeholders(reference[key]!)) {
        problems.push(
          `locales/${locale}.json: "${key}" has placeholders ${placeholders(text) || 'none'}, en.json has ${placeholders(reference[key]!) || 'none'}`,
        );
      }
    }
    for (const key of Object.keys(messages)) {
      if (!(key in reference)) problems.push(`locales/${locale}.json: key "${key}" is not in en.json`);
    }
  }
  return problems;
}

function placeholders(text: string): string {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[0]))].sort().join(',');
}

function checkRoutes(site: Site): string[] {
  const problems: string[] = [];
  for (const locale of LOCALES) {
    const seen = new Map<string, string>();
    for (const name of ROUTE_NAMES) {
      const pattern = site.routes[name][locale];
      const where = `routes.json: ${name}.${locale}`;
      const firstSegment = pattern.split('/')[1] ?? '';
      if (locale === DEFAULT_LOCALE && isLocale(firstSegment)) {
        problems.push(`${where}: "${pattern}" starts with a locale prefix; English paths have none`);
      }
      if (locale !== DEFAULT_LOCALE && firstSegment !== locale) {
        problems.push(`${where}: "${pattern}" must start with "/${locale}"`);
      }
      const enParams = paramsOf(site.routes[name][DEFAULT_LOCALE]);
      if (paramsOf(pattern) !== enParams) {
        problems.push(
          `${where}: parameters ${paramsOf(pattern) || 'none'} differ from English (${enParams || 'none'})`,
        );
      }
      const shape = pattern.replace(/\{[a-z]+\}/g, '{}');
      const other = seen.get(shape);
      if (other)
        problems.push(`${where}: "${pattern}" has the same shape as route ${other}; one URL path would match both`);
      seen.set(shape, name);
    }
  }
  return problems;
}

function paramsOf(pattern: string): string {
  return [...pattern.matchAll(/\{([a-z]+)\}/g)].map((match) => match[1]).join(',');
}
