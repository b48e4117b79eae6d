import type { Locale } from '../locale.ts';

/** 308 and 307 are the site's codes (spec §9); 301 and 302 exist for hosts that know no others. */
export type RedirectStatus = 301 | 302 | 307 | 308;

/**
 * Where a rule comes from: redirects.json, the localized slugs of the content, or the lowercase form of
 * a page's mixed-case URL path (`/blog/hipaa-and-mental-health` → `/blog/HIPAA-and-mental-health`):
 * visitors type lowercase. A `case` rule matches its source exactly, with its case, on every host that can
 * (it would send the page to itself where sources match regardless of case).
 */
export type RedirectOrigin = 'list' | 'slug' | 'case';

/**
 * One exact redirect, already collapsed to one hop: `from` is a URL path that is no page (unless
 * `force`), `to` a URL path of a page of this build or an absolute https URL. Both are in the plan's
 * form: characters outside ASCII percent-encoded (encodeUrlPath); hosts that match decoded paths decode them.
 */
export interface RedirectRule {
  from: string;
  to: string;
  status: RedirectStatus;
  origin: RedirectOrigin;
  /** Shadows a page of the build; only hand-written rules may. */
  force: boolean;
  /** Names the rule in messages: `redirects.json #3`, `articles:abc (nl)`. */
  label: string;
}

/** Cookie `locale`, else the first language the browser sends, else English; on `/` only. */
interface RootLanguage {
  cookie: 'locale';
  status: 307;
  /** The other locales and the URL path of their home page. */
  targets: Array<{ locale: Locale; urlPath: string }>;
}

/** A locale's 404 page and the URL paths it answers: `/nl/…` gets `nl/404.html`, the rest `404.html`. */
export interface NotFoundPage {
  locale: Locale;
  /** `/nl/`; `/` for the default locale. */
  prefix: string;
  urlPath: string;
  outputPath: string;
}

/** Every redirect of the site, host-neutral: what every host format is written from. */
export interface RedirectPlan {
  /** Sorted by `from`. */
  rules: RedirectRule[];
  rootLanguage: RootLanguage;
  /** Most specific prefix first; the default locale's `/` last. */
  notFound: NotFoundPage[];
}
