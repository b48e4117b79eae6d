/** The site's locales, in the order menus and sitemaps list them. English is the default. */
export const LOCALES = ['en', 'nl', 'de', 'es', 'fr', 'it'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}
