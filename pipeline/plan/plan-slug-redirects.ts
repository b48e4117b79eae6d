import { LOCALES } from '../locale.ts';
import type { RoutesFile } from '../site/schemas.ts';
import type { Locale } from '../locale.ts';
import type { ContentFamily } from '../transform/transform-content.ts';
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
  const pagesByKey = new Set([...pageUrlPaths].map((page) => page.toLowerCase()));
  // Each source's first claim, by its lowercase form, in order; the rare further claims beside.
  const first = new Map<string, RedirectRule>();
  const further = new Map<string, RedirectRule[]>();
  const claim = (rule: RedirectRule) => {
    const key = rule.from.toLowerCase();
    if (!first.has(key)) {
      first.set(key, rule);
      return;
    }
    const others = further.get(key);
    if (others) others.push(rule);
    else further.set(key, [rule]);
  };
  for (const family of families) familyRedirects(family, routes, claim);
  const rules: RedirectRule[] = [];
  const shadowed: string[] = [];
  const contested: string[] = [];
  for (const [key, rule] of first) {
    const others = further.get(key);
    if (pagesByKey.has(key)) shadowed.push(rule.from);
    else if (others) contested.push(`${rule.from} (${[rule, ...others].map((claim) => claim.label).join(', ')})`);
    else rules.push(rule);
  }
  const warnings = [
    ...summariseLeftOut('localized-slug', shadowed, 'their source is a page of another entry'),
    ...summariseLeftOut('localized-slug', contested, 'two entries claim the source'),
  ];
  return { rules, warnings };
}

function familyRedirects(family: RedirectFamily, routes: RoutesFile, add: (rule: RedirectRule) => void): void {
  // Only locales with a page of the entry get redirects to it (a family without English has no English URL).
  for (const locale of LOCALES) {
    const own = family.own[locale];
    if (own === undefined) continue;
    const to = familyUrlFor(routes, family, locale, own);
    const label = `${family.key} (${locale})`;
    for (const slug of family.slugs)
      if (slug !== own)
        add({ from: familyUrlFor(routes, family, locale, slug), to, status: 308, origin: 'slug', force: false, label });
  }
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
