import { LOCALES } from '../locale.ts';

/**
 * The site's data files, relative to its folder: everything loadSite reads (its reader takes no other
 * name), and so what the build's input fingerprint hashes besides the content and the code.
 */
export const SITE_DATA_FILES = [
  'site.json',
  'routes.json',
  'redirects.json',
  'locales/meta.json',
  'content/authors.json',
  'content/glossary.json',
  'content/countries.json',
  'content/plans.json',
  ...LOCALES.map((locale) => `locales/${locale}.json` as const),
] as const;
export type SiteDataFile = (typeof SITE_DATA_FILES)[number];
