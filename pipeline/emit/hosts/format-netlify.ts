import type { RedirectRule } from '../../plan/redirect-rule.ts';
import { formatHeadersFile } from './format-headers-file.ts';
import { formatRedirectStub } from './format-redirect-stub.ts';
import { NETLIFY } from './host-limits.ts';
import {
  count,
  describeRules,
  downgradeStatus,
  GENERATED,
  localeOfPath,
  plural,
  type HostChecks,
  type HostOutput,
  type HostInput,
} from './host-files.ts';
import { benchOff } from '../../bench-off.ts';

/**
 * Netlify (hosts.md §3.1): `_redirects` with the root language rules, every redirect forced and mapped
 * to 301/302, and a 404 rule per locale; `_headers`. Netlify normalises slashes itself. Above 10,000
 * rules the localized-slug redirects become HTML stubs. Pure; limits it would break go to `checks.failures`.
 */
export function formatNetlify({ manifest }: HostInput, checks: HostChecks): HostOutput {
  const { rules, rootLanguage, notFound } = manifest.redirects;
  const rootLines = [
    '/  /index.html  200!  Cookie=locale',
    ...rootLanguage.targets.map(
      (target) => `/  ${target.urlPath}  ${downgradeStatus(rootLanguage.status)}!  Language=${target.locale}`,
    ),
  ];
  // A 404 page is a file, so Netlify would serve it at its own URL with 200 (issue 29): forced rules give
  // those URLs the 404 every other host answers; then each locale's prefix gets its page (existing files win).
  const notFoundLines = [
    ...notFound.flatMap((page) => [
      `${page.urlPath}  /${page.outputPath}  404!`,
      `/${page.outputPath}  /${page.outputPath}  404!`,
    ]),
    ...notFound.filter((page) => page.prefix !== '/').map((page) => `${page.prefix}*  /${page.outputPath}  404`),
  ];

  let inFile: readonly RedirectRule[] = rules;
  let stubbed: readonly RedirectRule[] = [];
  const total = (list: readonly RedirectRule[]) =>
    rootLines.length + list.reduce((sum, rule) => sum + sourceCount(rule), 0) + notFoundLines.length;
  if (total(rules) > NETLIFY.redirectsMax) {
    inFile = rules.filter((rule) => rule.origin === 'list');
    stubbed = rules.filter((rule) => rule.origin === 'slug');
    if (benchOff('redirect-stubs')) stubbed = [];
    checks.warnings.push(
      `netlify: ${plural(total(rules), 'rule')} are more than the ${count(NETLIFY.redirectsMax)} Netlify supports in _redirects; the ${plural(stubbed.length, 'localized-slug redirect')} are written as HTML stubs instead (0-second refresh, canonical link)`,
    );
  }
  const rulesInFile = total(inFile);
  if (rulesInFile > NETLIFY.redirectsMax) {
    checks.failures.push(
      `netlify: _redirects needs ${plural(rulesInFile, 'rule')} even without the localized slugs; Netlify supports ${count(NETLIFY.redirectsMax)} (use --host static for HTML stubs, or --host nginx)`,
    );
  } else if (rulesInFile > NETLIFY.redirectsWarn) {
    checks.warnings.push(
      `netlify: _redirects has ${plural(rulesInFile, 'rule')}; Netlify matches every request against the list and advises fewer than ${count(NETLIFY.redirectsWarn)}`,
    );
  }

  const text = [
    `# ${GENERATED}`,
    '# 308 is written as 301 and 307 as 302: Netlify documents no other redirect codes (for GET requests they act the same).',
    '',
    '# The root: with a `locale` cookie, / stays the page and its inline script follows the cookie; without',
    "# one, Netlify redirects by the browser's first language (or its nf_lang cookie).",
    ...rootLines,
    '',
    `# ${describeRules(inFile)}; forced, so Netlify skips the file check.`,
    // A lowercase-to-real-case rule is not forced: Netlify then skips it where a file answers the path,
    // so the page itself is served whether or not the rule's source is matched regardless of case.
    ...inFile.flatMap((rule) =>
      sourcesOf(rule).map(
        (from) => `${from}  ${rule.to}  ${downgradeStatus(rule.status)}${rule.origin === 'case' ? '' : '!'}`,
      ),
    ),
    '',
    '# The 404 pages answer 404 at their own URLs too; the 404 page of each locale (not forced: existing files win).',
    ...notFoundLines,
    '',
  ].join('\n');
  return {
    publicFiles: [
      { path: '_redirects', contents: text },
      { path: '_headers', contents: formatHeadersFile(manifest.headers).text },
      ...stubbed.map((rule) =>
        formatRedirectStub(rule, { baseUrl: manifest.baseUrl, lang: localeOfPath(manifest, rule.from) }),
      ),
    ],
    configFiles: [],
  };
}

/**
 * A source outside ASCII in both forms: encoded as Netlify's docs ask, and decoded, because netlify dev hands
 * its redirect engine the decoded path, which an encoded source never matches (netlify-redirector, issue 29).
 */
function sourcesOf(rule: RedirectRule): string[] {
  const decoded = decodeURIComponent(rule.from);
  return decoded === rule.from ? [rule.from] : [rule.from, decoded];
}

/** How many sources sourcesOf gives: a source with a percent sign decodes to another form. */
function sourceCount(rule: RedirectRule): number {
  return rule.from.includes('%') ? 2 : 1;
}
