import type { HeaderPolicy } from '../../plan/plan-headers.ts';
import { GENERATED } from './host-files.ts';

export interface HeaderRule {
  source: string;
  headers: Array<{ key: string; value: string }>;
}

/**
 * The header policy as path rules in a host's pattern syntax (`under('/_assets/')` matches everything
 * below it): the security headers everywhere, long caching for the hashed folders, and `Vary` on `/`.
 */
export function headerRules(
  policy: HeaderPolicy,
  { under, varyOnRoot }: { under: (prefix: string) => string; varyOnRoot: boolean },
): HeaderRule[] {
  return [
    { source: under('/'), headers: policy.security.map((header) => ({ key: header.name, value: header.value })) },
    ...policy.immutable.folders.map((folder) => ({
      source: under(folder),
      headers: [{ key: 'Cache-Control', value: policy.immutable.cacheControl }],
    })),
    ...(varyOnRoot ? [{ source: '/', headers: [{ key: 'Vary', value: policy.rootVary }] }] : []),
  ];
}

/**
 * `_headers` for Netlify and Cloudflare Pages: a path pattern, then indented `Name: value` lines; the
 * rules that match a response are merged, so the security headers reach 404 pages and assets too.
 * `rules` is the count of path rules (Cloudflare allows 100).
 */
export function formatHeadersFile(policy: HeaderPolicy): { text: string; rules: number; lines: string[] } {
  const rules = headerRules(policy, { under: (prefix) => `${prefix}*`, varyOnRoot: true });
  const lines = rules.flatMap((rule) => [rule.source, ...rule.headers.map(({ key, value }) => `  ${key}: ${value}`)]);
  return { text: `# ${GENERATED}\n${lines.join('\n')}\n`, rules: rules.length, lines };
}
