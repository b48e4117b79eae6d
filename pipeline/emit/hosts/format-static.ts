import { formatRedirectStub } from './format-redirect-stub.ts';
import { localeOfPath, plural, type HostChecks, type HostInput, type HostOutput } from './host-files.ts';

/**
 * Hosts with no server-side redirects or headers (GitHub Pages and the like, hosts.md §3.7): every
 * redirect is an HTML stub where its source's page would be; the root language detection is the
 * inline script of `/` alone. What cannot be expressed is said once each. Pure.
 */
export function formatStatic({ manifest }: HostInput, checks: HostChecks): HostOutput {
  // A stub for `/blog/hipaa` beside the page `blog/HIPAA.html` would overwrite it on a case-insensitive
  // file system (a checkout or copy on macOS or Windows): the lowercase-to-real-case rules get none.
  const rules = manifest.redirects.rules.filter((rule) => rule.origin !== 'case');
  const caseRules = manifest.redirects.rules.length - rules.length;
  const temporary = rules.filter((rule) => rule.status === 307 || rule.status === 302).length;
  if (caseRules > 0)
    checks.warnings.push(
      `static: the lowercase forms of ${plural(caseRules, 'mixed-case URL path')} get no redirect stub (a stub would differ from its page's file only in case, which case-insensitive file systems cannot hold); they answer 404`,
    );
  if (temporary > 0)
    checks.warnings.push(
      `static: ${plural(temporary, 'temporary redirect')} ${temporary === 1 ? 'becomes a stub' : 'become stubs'} with a 0-second refresh, which search engines read as permanent (a delayed refresh would fail WCAG)`,
    );
  checks.warnings.push(
    'static: no response headers: the Content-Security-Policy, HSTS and the long caching of /_assets/ and /_media/ need a host that sets headers (see docs/hosting.md, "Any static host")',
  );
  return {
    publicFiles: rules.map((rule) =>
      formatRedirectStub(rule, { baseUrl: manifest.baseUrl, lang: localeOfPath(manifest, rule.from) }),
    ),
    configFiles: [],
  };
}
