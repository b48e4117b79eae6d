import type { Locale } from '../pipeline/locale.ts';
import type { PagePlan } from '../pipeline/plan/page-plan.ts';
import type { ShellData } from '../pipeline/plan/plan-pages.ts';
import type { LocaleMeta, Messages } from '../pipeline/site/site.ts';
import type { PlansFile, SiteFile } from '../pipeline/site/schemas.ts';
import type { WorldMap } from '../pipeline/transform/world-map.ts';
import type { MarkdownInput, MarkdownOptions } from '../pipeline/transform/markdown.ts';
import type { IslandName } from '../pipeline/emit/bundle-client.ts';
import type { ReactElement } from 'react';
import { memoize } from '../pipeline/memoize.ts';
import { formatMessage } from '../pipeline/site/messages.ts';
import {
  formatAmount,
  formatCount,
  formatCountInWords,
  formatDate,
  formatDisplayName,
  formatPercent,
  typeset,
} from '../pipeline/locale-format.ts';

/** What every page is rendered with, the same for all pages of a build; sent once to each render worker. */
export interface RenderShared {
  product: string;
  baseUrl: string;
  links: SiteFile['links'];
  locales: LocaleMeta[];
  messages: Record<Locale, Messages>;
  shells: Record<Locale, ShellData>;
  /** Site-absolute URLs of the hashed assets. */
  assets: { stylesheet: string; script: string; islands: Record<IslandName, string> };
  /** Where the newsletter, analytics and admin links point; from site.json. */
  analytics: { scriptUrl: string; skip: boolean };
  cmsAdminUrl: string;
  plans: PlansFile;
  video: SiteFile['video'];
  /** Customers the home page names (site.json). */
  customers: SiteFile['customers'];
  newsletterEndpoint: string;
  /** Site-absolute path of the default social-card image. */
  socialImage: string;
  worldMap: WorldMap;
  /** What article bodies are rendered with (the site's origin, mirrored media and their sizes). */
  markdown: MarkdownOptions;
}

/** The per-page view of RenderShared that components receive. */
export interface PageContext {
  page: PagePlan;
  locale: Locale;
  localeMeta: LocaleMeta;
  shared: RenderShared;
  shell: ShellData;
  t: (key: string, ...args: Array<string | number>) => string;
  formatDate: (iso: string) => string;
  /** A language's name as the page's locale writes it (`Deutsch`, `inglés`); undefined where Intl has none. */
  languageName: (code: string) => string | undefined;
  formatNumber: (value: number) => string;
  /** An amount in the page's locale through Intl ("19 €", "€ 19", "$19"). */
  formatAmount: (value: number, currency: string) => string;
  /** A count, large round ones in words ("1 million", "1 Million"). */
  formatCountInWords: (value: number) => string;
  /** A share (0.85) as the locale writes a percentage. */
  formatPercent: (share: number) => string;
  /** A text (CMS content, a composed value) set in the page's typography. */
  typeset: (text: string) => string;
  /** The ISO tag (`de-DE`) of a locale, for `lang` and `hreflang` attributes. */
  isoOf: (locale: Locale) => string;
  /** Renders a fragment once per build and reuses the HTML: islands (renderToString, as hydrateRoot expects) and static parts. */
  fragments: FragmentRenderer;
}

export interface FragmentRenderer {
  /** `key` must name everything the element depends on (for islands: name and props JSON); undefined: not kept. */
  island: (key: string | undefined, element: () => ReactElement) => string;
  fragment: (key: string, element: () => ReactElement) => string;
  /** An entry's body as safe HTML (its content key names the result). */
  markdown: (entry: { markdown: MarkdownInput; contentKey: string }) => string;
}

/**
 * What a page's context holds for its locale, made once per RenderShared (Intl formatters are costly to
 * create, and every page of a locale formats the same shell dates and language names: each is formatted once).
 */
type LocaleTools = Pick<
  PageContext,
  | 'locale'
  | 'localeMeta'
  | 'shell'
  | 't'
  | 'formatDate'
  | 'languageName'
  | 'formatNumber'
  | 'formatAmount'
  | 'formatCountInWords'
  | 'formatPercent'
  | 'typeset'
  | 'isoOf'
>;
const toolsByBuild = new WeakMap<RenderShared, Map<Locale, LocaleTools>>();

function localeTools(shared: RenderShared, locale: Locale): LocaleTools {
  let byLocale = toolsByBuild.get(shared);
  if (!byLocale) toolsByBuild.set(shared, (byLocale = new Map()));
  let tools = byLocale.get(locale);
  if (!tools) {
    const localeMeta = shared.locales.find((meta) => meta.code === locale)!;
    const isoByCode = new Map(shared.locales.map((meta) => [meta.code, meta.iso]));
    const messages = shared.messages[locale];
    tools = {
      locale,
      localeMeta,
      shell: shared.shells[locale],
      // A composed message is typeset as a whole: its rules may span a placeholder ("il {0}" → "l'11 feb", issue 27).
      t: (key, ...args) =>
        args.length === 0 ? formatMessage(messages, key) : typeset(formatMessage(messages, key, ...args), locale),
      formatDate: memoize((date) => formatDate(localeMeta.iso, date)),
      languageName: memoize((code) => formatDisplayName(localeMeta.iso, 'language', code)),
      formatNumber: (value) => formatCount(localeMeta.iso, value),
      formatAmount: (value, currency) => formatAmount(localeMeta.iso, value, currency),
      formatCountInWords: (value) => formatCountInWords(localeMeta.iso, value),
      formatPercent: (share) => formatPercent(localeMeta.iso, share),
      typeset: (text) => typeset(text, locale),
      isoOf: (code) => isoByCode.get(code)!,
    };
    byLocale.set(locale, tools);
  }
  return tools;
}

export function createPageContext(page: PagePlan, shared: RenderShared, fragments: FragmentRenderer): PageContext {
  return { ...localeTools(shared, page.locale), page, shared, fragments };
}
