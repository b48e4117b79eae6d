import type { z } from 'zod';
import type { Locale } from '../locale.ts';
import type {
  authorsFileSchema,
  countriesFileSchema,
  glossaryFileSchema,
  localeMetaSchema,
  PlansFile,
  RedirectsFile,
  RoutesFile,
  SiteFile,
} from './schemas.ts';

export type LocaleMeta = z.infer<typeof localeMetaSchema>;
export type Messages = Record<string, string>;
export type Glossary = z.infer<typeof glossaryFileSchema>;

/** Everything loaded from the site's own files (not the CMS), validated. */
export interface Site {
  dir: string;
  config: SiteFile;
  routes: RoutesFile;
  redirects: RedirectsFile['redirects'];
  locales: LocaleMeta[];
  messages: Record<Locale, Messages>;
  authors: z.infer<typeof authorsFileSchema>;
  glossary: Glossary;
  countries: z.infer<typeof countriesFileSchema>;
  plans: PlansFile;
}
