import type { HostManifest } from '../../plan/host-manifest.ts';
import type { RedirectRule } from '../../plan/redirect-rule.ts';
import { headerRules } from './format-headers-file.ts';
import { VERCEL } from './host-limits.ts';
import { count, plural, type HostChecks, type HostInput, type HostOutput } from './host-files.ts';

/** Where the bulk redirects go when vercel.json cannot hold them (a path in the deployed folder). */
const VERCEL_BULK_FILE = 'vercel-bulk-redirects.jsonl';

interface VercelRedirect {
  source: string;
  destination: string;
  permanent?: boolean;
  statusCode?: number;
  has?: Array<{ type: 'cookie' | 'header'; key: string; value?: string }>;
  missing?: Array<{ type: 'cookie' | 'header'; key: string }>;
}

/**
 * Vercel (hosts.md §3.3): `vercel.json` with `cleanUrls` and `trailingSlash: false` (both 308), the root
 * language rules as `has`/`missing` conditions (307), the redirects and the header rules, within the
 * 2,048 routes of a deployment. Beyond that the redirects go to a bulk-redirects file
 * (`bulkRedirectsPath`, Pro and Enterprise plans). Pure; limits it would break go to `checks.failures`.
 */
export function formatVercel({ manifest }: HostInput, checks: HostChecks): HostOutput {
  const { rules } = manifest.redirects;
  const language = languageRedirects(manifest);
  const headers = headerRules(manifest.headers, { under: (prefix) => `${prefix}(.*)`, varyOnRoot: true });
  // vercel.json sources match regardless of case, so a lowercase-to-real-case rule would send its page to
  // itself: those rules only go to the bulk file, where `sensitive` makes them match with case.
  const caseRules = rules.filter((rule) => rule.origin === 'case');
  const listed = rules.filter((rule) => rule.origin !== 'case').map(toVercelRedirect);
  const routesWith = (redirects: number) => redirects + headers.length;

  const inBulk = routesWith(language.length + listed.length) > VERCEL.routes;
  const redirects = inBulk ? language : [...language, ...listed];
  if (inBulk) {
    checks.warnings.push(
      `vercel: ${plural(rules.length, 'redirect')} and ${plural(language.length + headers.length, 'other route')} exceed the ${count(VERCEL.routes)} routes of a deployment; the redirects are in ${VERCEL_BULK_FILE} (Vercel Bulk Redirects: Pro or Enterprise plan, ${count(VERCEL.bulkIncludedPro)} included on Pro and ${count(VERCEL.bulkIncludedEnterprise)} on Enterprise, more at extra cost)`,
    );
    checkBulk(rules, checks);
  } else if (caseRules.length > 0) {
    checks.warnings.push(
      `vercel: the lowercase forms of ${plural(caseRules.length, 'mixed-case URL path')} get no redirect (vercel.json matches sources regardless of case, so the rule would send the page to itself); they answer 404`,
    );
  }
  if (routesWith(redirects.length) > VERCEL.routes) {
    checks.failures.push(
      `vercel: vercel.json needs ${count(routesWith(redirects.length))} routes; a deployment may have ${count(VERCEL.routes)}`,
    );
  }
  if (manifest.redirects.notFound.length > 1) {
    checks.warnings.push(
      `vercel: missing pages get the root 404.html in every locale; vercel.json cannot answer 404 with the ${plural(manifest.redirects.notFound.length - 1, 'other 404 page')} of the locales`,
    );
  }

  const config = {
    $schema: 'https://openapi.vercel.sh/vercel.json',
    cleanUrls: true,
    trailingSlash: false,
    ...(inBulk ? { bulkRedirectsPath: VERCEL_BULK_FILE } : {}),
    redirects,
    headers,
  };
  const publicFiles = [{ path: 'vercel.json', contents: `${JSON.stringify(config, null, 2)}\n` }];
  if (inBulk) {
    const lines = rules.map((rule) =>
      JSON.stringify({
        source: rule.from,
        destination: rule.to,
        statusCode: rule.status,
        query: true,
        ...(rule.origin === 'case' ? { sensitive: true } : {}),
      }),
    );
    publicFiles.push({ path: VERCEL_BULK_FILE, contents: `${lines.join('\n')}\n` });
  }
  return { publicFiles, configFiles: [] };
}

/** Cookie `locale` first (one rule per locale), else the first Accept-Language entry, only without the cookie. */
function languageRedirects(manifest: HostManifest): VercelRedirect[] {
  const { targets } = manifest.redirects.rootLanguage;
  const byCookie = targets.map((target): VercelRedirect => ({
    source: '/',
    has: [{ type: 'cookie', key: 'locale', value: target.locale }],
    destination: target.urlPath,
    permanent: false,
  }));
  // Vercel anchors `value` at both ends; a header regex cannot weigh q-values, so it reads the first entry.
  const byHeader = targets.map((target): VercelRedirect => ({
    source: '/',
    missing: [{ type: 'cookie', key: 'locale' }],
    has: [{ type: 'header', key: 'accept-language', value: `\\s*${caseless(target.locale)}(?![a-zA-Z0-9])[\\s\\S]*` }],
    destination: target.urlPath,
    permanent: false,
  }));
  return [...byCookie, ...byHeader];
}

function toVercelRedirect(rule: RedirectRule): VercelRedirect {
  // `permanent` wins over `statusCode` and covers 307/308; the others need statusCode alone.
  return rule.status === 308 || rule.status === 307
    ? { source: rule.from, destination: rule.to, permanent: rule.status === 308 }
    : { source: rule.from, destination: rule.to, statusCode: rule.status };
}

function checkBulk(rules: readonly RedirectRule[], checks: HostChecks): void {
  if (rules.length > VERCEL.bulkMax)
    checks.failures.push(
      `vercel: ${plural(rules.length, 'bulk redirect')}; a project may have ${count(VERCEL.bulkMax)} (use --host nginx)`,
    );
  const long = rules.filter(
    (rule) => rule.from.length > VERCEL.bulkFieldChars || rule.to.length > VERCEL.bulkFieldChars,
  );
  if (long.length > 0)
    checks.failures.push(
      `vercel: ${plural(long.length, 'bulk redirect')} with a source or destination over ${count(VERCEL.bulkFieldChars)} characters (shorten it, or use --host nginx)`,
    );
}

/** `nl` → `[nN][lL]`: Vercel's condition regexes take no flags. */
function caseless(text: string): string {
  return [...text].map((char) => `[${char.toLowerCase()}${char.toUpperCase()}]`).join('');
}
