import { DEFAULT_LOCALE, LOCALES } from '../locale.ts';
import type { PathRedirect, RouteRedirect, RoutesFile } from '../site/schemas.ts';
import type { Site } from '../site/site.ts';
import { entryFamilies, type Content } from '../transform/transform-content.ts';
import { checkRedirects, redirectsInvalid } from './check-redirects.ts';
import { matchesEntryRoute } from './family-route.ts';
import type { PagePlan } from './page-plan.ts';
import { planSlugRedirects, redirectFamily, summariseLeftOut, type RedirectFamily } from './plan-slug-redirects.ts';
import type { NotFoundPage, RedirectPlan, RedirectRule } from './redirect-rule.ts';
import { encodeUrlPath, urlFor } from './url-path.ts';
import { planCaseRedirects } from './plan-case-redirects.ts';
import { benchOff } from '../bench-off.ts';

export interface PlanRedirectsOptions {
  site: Site;
  content: Content;
  pages: ReadonlyArray<Pick<PagePlan, 'route' | 'locale' | 'urlPath' | 'outputPath'>>;
  /** Leave out every rule that fails the checks with a warning each, instead of throwing REDIRECTS_INVALID (the preview's choice). */
  dropBroken?: boolean | undefined;
}

/**
 * Everything the redirects depend on, taken out of the site, the content and the page plan: the stage
 * sees nothing else, so the JSON of these inputs is a complete cache key for its result.
 */
export interface RedirectInputs {
  redirects: Site['redirects'];
  routes: RoutesFile;
  families: RedirectFamily[];
  pages: Array<Pick<PagePlan, 'route' | 'locale' | 'urlPath' | 'outputPath'>>;
  dropBroken: boolean;
}

/** The redirects' inputs out of the whole site. Pure. */
export function redirectInputs({ site, content, pages, dropBroken = false }: PlanRedirectsOptions): RedirectInputs {
  return {
    redirects: site.redirects,
    routes: site.routes,
    families: entryFamilies(content).map(redirectFamily),
    pages: pages.map(({ route, locale, urlPath, outputPath }) => ({ route, locale, urlPath, outputPath })),
    dropBroken,
  };
}

export interface PlanRedirectsResult {
  plan: RedirectPlan;
  warnings: string[];
  /** With `dropBroken`: one line per problem whose rules were left out (each also a warning). */
  dropped: string[];
}

/**
 * Every redirect of the site in one host-neutral list: redirects.json (route rules expanded per locale)
 * the localized-slug redirects of the content and the lowercase forms of mixed-case URL paths, checked and collapsed to one hop; plus the root
 * language detection and the 404 page per locale. A hand-written rule wins over a computed one with
 * the same source; one that points at an entry this build does not have is left out with a warning.
 * Pure; takes its inputs alone (redirectInputs), so that the build can keep its result under their hash.
 * Throws REDIRECTS_INVALID listing every offender (unless `dropBroken`).
 */
export function planRedirects({ redirects, routes, families, pages, dropBroken }: RedirectInputs): PlanRedirectsResult {
  const pageUrlPaths = new Set(pages.filter((page) => page.route !== 'not-found').map((page) => page.urlPath));
  const list = planListRedirects(redirects, routes);
  const isEntryPath = matchesEntryRoute(routes);
  // A rule over a CMS page that points at an entry this build lacks: the page stays (dropShadowedPages)
  // and the rule is left out like any rule to a missing entry.
  const overMissing = list.rules.filter(
    (rule) =>
      pageUrlPaths.has(rule.from) &&
      isEntryPath(rule.from) &&
      rule.to.startsWith('/') &&
      isEntryPath(rule.to) &&
      !pageUrlPaths.has(rule.to),
  );
  const listRules = list.rules.filter((rule) => !overMissing.includes(rule));
  const slugs = planSlugRedirects({ families, routes, pageUrlPaths });
  // Rules left out (dropBroken), by origin, label and source: case rules are made again on each pass.
  const left = new Set<string>();
  const keyOf = (rule: RedirectRule) => `${rule.origin}\u0000${rule.label}\u0000${rule.from}`;
  const kept = (rules: RedirectRule[]) => (left.size === 0 ? rules : rules.filter((rule) => !left.has(keyOf(rule))));
  const check = () => {
    const listKept = kept(listRules);
    const handWritten = new Set(listKept.map((rule) => rule.from.toLowerCase()));
    const candidates = [...listKept, ...kept(slugs.rules).filter((rule) => !handWritten.has(rule.from.toLowerCase()))];
    return checkRedirects(
      [...candidates, ...kept(benchOff('case-redirects') ? [] : planCaseRedirects(pageUrlPaths, candidates))],
      pageUrlPaths,
      isEntryPath,
      // A slug rule's source is no page and no other slug rule's (planSlugRedirects), no hand-written
      // rule's (above) and no case rule's (planCaseRedirects leaves out what the candidates claim).
      (rule) => rule.origin === 'slug',
    );
  };
  let checked = check();
  const dropped = dropBroken ? [...list.problems] : [];
  // Each pass leaves out at least one rule, so this ends; a rule left out may free a lowercase form for its case rule.
  while (dropBroken && checked.problems.length > 0 && checked.offenders.length > 0) {
    dropped.push(...checked.problems);
    for (const rule of checked.offenders) left.add(keyOf(rule));
    checked = check();
  }
  const problems = dropBroken ? checked.problems : [...list.problems, ...checked.problems];
  if (problems.length > 0) throw redirectsInvalid(problems);
  const missing = [...overMissing, ...checked.missingEntries];
  const missingWarning = summariseLeftOut(
    'hand-written',
    missing.map((rule) => `${rule.from} → ${rule.to}`),
    `this build has no page for the entry ${missing.length === 1 ? 'it points' : 'they point'} at (unpublished or deleted in the CMS?)`,
  );
  return {
    plan: {
      rules: checked.rules,
      rootLanguage: {
        cookie: 'locale',
        status: 307,
        targets: LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => ({
          locale,
          urlPath: urlFor(routes, { route: 'index', locale }),
        })),
      },
      notFound: planNotFound(pages),
    },
    warnings: [...slugs.warnings, ...missingWarning, ...dropped.map((problem) => `redirect left out: ${problem}`)],
    dropped,
  };
}

/** redirects.json as rules: path rules as written, route rules once per locale. Pure. */
export function planListRedirects(
  entries: ReadonlyArray<PathRedirect | RouteRedirect>,
  routes: RoutesFile,
): { rules: RedirectRule[]; problems: string[] } {
  const rules: RedirectRule[] = [];
  const problems: string[] = [];
  entries.forEach((entry, index) => {
    const label = `redirects.json #${index + 1}`;
    if ('route' in entry) {
      const expected = [...routes[entry.route][DEFAULT_LOCALE].matchAll(/\{([a-z]+)\}/g)]
        .map((match) => match[1])
        .sort()
        .join(', ');
      const mismatched = (['from', 'to'] as const).filter(
        (side) => Object.keys(entry[side]).sort().join(', ') !== expected,
      );
      for (const side of mismatched)
        problems.push(
          `${label}: "${side}" gives the parameters {${Object.keys(entry[side]).sort().join(', ')}}, route ${entry.route} takes {${expected}}`,
        );
      if (mismatched.length > 0) return;
      for (const locale of LOCALES) {
        const from = urlFor(routes, { route: entry.route, locale, params: entry.from });
        const to = urlFor(routes, { route: entry.route, locale, params: entry.to });
        rules.push({ from, to, status: entry.status, origin: 'list', force: false, label: `${label} (${locale})` });
      }
    } else {
      // Written with or without percent-encoding (`/fr/blog/café`): the plan's form encodes what is not ASCII.
      rules.push({
        from: encodeUrlPath(entry.from),
        to: entry.to.startsWith('/') ? encodeUrlPath(entry.to) : entry.to,
        status: entry.status,
        origin: 'list',
        force: entry.force,
        label,
      });
    }
  });
  return { rules, problems };
}

function planNotFound(pages: RedirectInputs['pages']): NotFoundPage[] {
  return pages
    .filter((page) => page.route === 'not-found')
    .map((page) => ({
      locale: page.locale,
      prefix: page.urlPath.slice(0, page.urlPath.lastIndexOf('/') + 1),
      urlPath: page.urlPath,
      outputPath: page.outputPath,
    }))
    .sort((a, b) => b.prefix.length - a.prefix.length || (a.prefix < b.prefix ? -1 : 1));
}
