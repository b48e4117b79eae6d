import { SitegenError } from '../errors.ts';
import { sourceProblem, targetProblem } from './redirect-paths.ts';
import type { RedirectRule, RedirectStatus } from './redirect-rule.ts';

/** At most this many offenders are listed in the message; the count is always complete. */
const MAX_LISTED = 60;

export interface CheckedRedirects {
  /** One hop each, sorted by source. */
  rules: RedirectRule[];
  problems: string[];
  /** Rules whose target is an entry's URL that this build has no page for (see `isEntryPath`); not in `rules`. */
  missingEntries: RedirectRule[];
  /** The rules (as given) that `problems` are about: leaving them all out removes those problems (others may follow: a chain into one of them). */
  offenders: RedirectRule[];
}

/**
 * Checks every rule and collapses chains to one hop (`/a → /b → /c` becomes `/a → /c`, temporary if any
 * hop is), listing every problem: bad source or target syntax, duplicate or case-clashing sources, a
 * source that is a page (unless forced), loops, targets that are no page. With `isEntryPath`, a target
 * that is the URL of a CMS entry this build does not have is set aside in `missingEntries` instead:
 * which entries exist is the CMS's call, not a mistake in redirects.json. A rule for which `clashFree`
 * holds was made with a source that no page and no other rule has, compared regardless of case: it is
 * not grouped with the others (tens of thousands of generated rules).
 */
export function checkRedirects(
  rules: readonly RedirectRule[],
  pageUrlPaths: ReadonlySet<string>,
  isEntryPath: (urlPath: string) => boolean = () => false,
  clashFree: (rule: RedirectRule) => boolean = () => false,
): CheckedRedirects {
  const problems: string[] = [];
  const offenders = new Set<RedirectRule>();
  const wellFormed = rules.filter((rule) => {
    const source = sourceProblem(rule.from);
    if (source) problems.push(`${rule.label}: source "${rule.from}" ${source}`);
    const target = targetProblem(rule.to);
    if (target) problems.push(`${rule.label}: target "${rule.to}" ${target}`);
    if (source || target) offenders.add(rule);
    return !source && !target;
  });
  problems.push(
    ...sourceClashes(
      wellFormed.filter((rule) => !clashFree(rule)),
      pageUrlPaths,
      offenders,
    ),
  );

  const bySource = new Map<string, RedirectRule>();
  for (const rule of wellFormed) if (!bySource.has(rule.from)) bySource.set(rule.from, rule);
  const reportedLoops = new Set<string>();
  const collapsed: RedirectRule[] = [];
  const missingEntries: RedirectRule[] = [];
  for (const rule of bySource.values()) {
    const hop = followChain(rule, bySource);
    if (hop.loop) {
      for (const from of hop.loop) offenders.add(bySource.get(from)!);
      const key = [...new Set(hop.loop)].sort().join(' ');
      if (!reportedLoops.has(key)) problems.push(`${rule.label}: redirect loop ${hop.loop.join(' → ')}`);
      reportedLoops.add(key);
      continue;
    }
    if (hop.to.startsWith('/') && !pageUrlPaths.has(hop.to)) {
      if (isEntryPath(hop.to)) {
        missingEntries.push({ ...rule, to: hop.to });
        continue;
      }
      const via = hop.to === rule.to ? '' : ` (reached from "${rule.to}")`;
      problems.push(`${rule.label}: target "${hop.to}"${via} is not a page of this build`);
      offenders.add(rule);
      continue;
    }
    collapsed.push(
      hop.to === rule.to && hop.status === rule.status ? rule : { ...rule, to: hop.to, status: hop.status },
    );
  }
  return {
    rules: collapsed.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0)),
    problems,
    missingEntries,
    offenders: [...offenders],
  };
}

/** Duplicate sources, sources that differ only in case (nginx maps and Vercel bulk redirects ignore case), and sources that are pages. */
function sourceClashes(
  rules: readonly RedirectRule[],
  pageUrlPaths: ReadonlySet<string>,
  offenders: Set<RedirectRule>,
): string[] {
  const problems: string[] = [];
  const pagesByKey = new Map([...pageUrlPaths].map((page) => [page.toLowerCase(), page]));
  const groups = groupBy(rules, (rule) => rule.from.toLowerCase());
  for (const group of groups.values()) {
    const first = group[0]!;
    if (group.length > 1) {
      const same = group.every((rule) => rule.from === first.from);
      const listed = group.map((rule) => (same ? rule.label : `"${rule.from}" (${rule.label})`)).join(', ');
      problems.push(same ? `duplicate source "${first.from}": ${listed}` : `sources differ only in case: ${listed}`);
      for (const rule of group) offenders.add(rule);
    }
    const page = pagesByKey.get(first.from.toLowerCase());
    for (const rule of group) {
      if (page === undefined) continue;
      // A lowercase-to-real-case rule is matched with its case by every host that gets it (see RedirectOrigin).
      if (rule.origin === 'case' && rule.to === page) continue;
      if (page !== rule.from)
        problems.push(
          `${rule.label}: source "${rule.from}" differs only in case from the page "${page}" (nginx and Vercel match sources regardless of case, so it would hide the page)`,
        );
      else if (!rule.force)
        problems.push(
          `${rule.label}: source "${rule.from}" is a page of this build; remove the rule, or add "force": true to shadow the page`,
        );
      else continue;
      offenders.add(rule);
    }
  }
  return problems;
}

function followChain(
  rule: RedirectRule,
  bySource: ReadonlyMap<string, RedirectRule>,
): { to: string; status: RedirectStatus; loop?: string[] } {
  // Most rules point at a page, which is no rule's source: one lookup.
  if (!bySource.has(rule.to)) return rule;
  const seen = [rule.from];
  let current = rule;
  // Never upgrade a temporary hop to a permanent redirect (hosts.md §4).
  let status = rule.status;
  for (let next = bySource.get(current.to); next; next = bySource.get(current.to)) {
    if (seen.includes(next.from))
      return { to: current.to, status, loop: [...seen.slice(seen.indexOf(next.from)), next.from] };
    seen.push(next.from);
    if (isPermanent(status) && !isPermanent(next.status)) status = next.status;
    current = next;
  }
  return { to: current.to, status };
}

function isPermanent(status: RedirectStatus): boolean {
  return status === 301 || status === 308;
}

/** The one error for every redirect problem, listing them (the first MAX_LISTED) with a count. */
export function redirectsInvalid(problems: string[]): SitegenError {
  const listed = problems.slice(0, MAX_LISTED).map((problem) => `  ${problem}`);
  if (problems.length > MAX_LISTED) listed.push(`  … and ${problems.length - MAX_LISTED} more`);
  return new SitegenError({
    code: 'REDIRECTS_INVALID',
    message: `${problems.length} ${problems.length === 1 ? 'redirect problem' : 'redirect problems'}.\n${listed.join('\n')}`,
    hint: 'fix redirects.json (or the slugs in the CMS): sources are plain paths that are no page, targets are pages of this build or https URLs',
  });
}

/** Rules by a key, in their order; a Map of arrays built without copying. */
function groupBy(rules: readonly RedirectRule[], keyOf: (rule: RedirectRule) => string): Map<string, RedirectRule[]> {
  const groups = new Map<string, RedirectRule[]>();
  for (const rule of rules) {
    const key = keyOf(rule);
    const group = groups.get(key);
    if (group) group.push(rule);
    else groups.set(key, [rule]);
  }
  return groups;
}
