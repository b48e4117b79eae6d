import { LOCALES } from '../locale.ts';
import type { RoutesFile } from '../site/schemas.ts';
import type { Locale } from '../locale.ts';
import type { ContentFamily } from '../transform/transform-content.ts';
import { groupBy } from './check-redirects.ts';
import { familyUrlFor } from './family-route.ts';
import type { RedirectRule } from './redirect-rule.ts';

/** What the slug redirects take from an entry: its route, every slug it has, and its own slug per locale with a page. */
export interface RedirectFamily extends Pick<ContentFamily, 'key' | 'collection' | 'articleType'> {
  /** Every version's slug, sorted, once each. */
  slugs: string[];
  /** Per locale with a page of the entry, the slug of that page (the languages map). */
  own: Partial<Record<Locale, string>>;
}

export function redirectFamily(family: ContentFamily): RedirectFamily {
  const own: Partial<Record<Locale, string>> = {};
  for (const locale of LOCALES) {
    const slug = family.languages[locale]?.slug;
    if (slug !== undefined) own[locale] = slug;
  }
  return {
    key: family.key,
    collection: family.collection,
    articleType: family.articleType,
    slugs: [...new Set(Object.values(family.versions).map((version) => version.slug))].sort(),
    own,
  };
}

export interface SlugRedirectsOptions {
  families: RedirectFamily[];
  routes: RoutesFile;
  pageUrlPaths: ReadonlySet<string>;
}

export interface SlugRedirectsResult {
  rules: RedirectRule[];
  warnings: string[];
}

const EXAMPLES = 5;

/**
 * For each entry and locale L: the entry's other slugs under L's route go to its URL in L (308), so a
 * link that keeps the path but switches the language prefix still lands. A source that is a page of
 * another entry, or that two entries claim, stays with the page (or with nobody) and is reported as a
 * warning: content may legitimately reuse a slug across languages. Pure.
 */
export function planSlugRedirects({ families, routes, pageUrlPaths }: SlugRedirectsOptions): SlugRedirectsResult {
  const candidates = families.flatMap((family) => familyRedirects(family, routes));

  const pagesByKey = new Set([...pageUrlPaths].map((page) => page.toLowerCase()));
  const claims = groupBy(candidates, (rule) => rule.from.toLowerCase());
  const rules: RedirectRule[] = [];
  const shadowed: string[] = [];
  const contested: string[] = [];
  for (const [key, group] of claims) {
    if (pagesByKey.has(key)) shadowed.push(group[0]!.from);
    else if (group.length > 1) contested.push(`${group[0]!.from} (${group.map((rule) => rule.label).join(', ')})`);
    else rules.push(group[0]!);
  }
  const warnings = [
    ...summariseLeftOut('localized-slug', shadowed, 'their source is a page of another entry'),
    ...summariseLeftOut('localized-slug', contested, 'two entries claim the source'),
  ];
  return { rules, warnings };
}

function familyRedirects(family: RedirectFamily, routes: RoutesFile): RedirectRule[] {
  // Only locales with a page of the entry get redirects to it (a family without English has no English URL).
  return LOCALES.flatMap((locale) => {
    const own = family.own[locale];
    if (own === undefined) return [];
    const to = familyUrlFor(routes, family, locale, own);
    return family.slugs
      .filter((slug) => slug !== own)
      .map((slug): RedirectRule => ({
        from: familyUrlFor(routes, family, locale, slug),
        to,
        status: 308,
        origin: 'slug',
        force: false,
        label: `${family.key} (${locale})`,
      }));
  });
}

/** One warning for the redirects of a kind left out for one reason, with the first few as examples. */
export function summariseLeftOut(kind: string, rules: string[], reason: string): string[] {
  if (rules.length === 0) return [];
  const examples = rules.slice(0, EXAMPLES).join(', ');
  const more = rules.length > EXAMPLES ? `, … ${rules.length - EXAMPLES} more` : '';
  return [
    `${rules.length} ${kind} ${rules.length === 1 ? 'redirect was' : 'redirects were'} left out because ${reason}: ${examples}${more}`,
  ];
}
