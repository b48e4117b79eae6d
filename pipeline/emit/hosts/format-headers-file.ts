import type { HeaderPolicy } from '../../plan/plan-headers.ts';
import { GENERATED } from './host-files.ts';

export interface HeadersFile {
  text: string;
  /** Path rules in the file (Cloudflare allows 100). */
  rules: number;
  lines: string[];
}

/**
 * `_headers` for Netlify and Cloudflare Pages: a path pattern, then indented `Name: value` lines; the
 * rules that match a response are merged, so the security headers reach 404 pages and assets too.
 */
export function formatHeadersFile(policy: HeaderPolicy): HeadersFile {
  const blocks: Array<[string, Array<[string, string]>]> = [
    ['/*', policy.security.map((header) => [header.name, header.value])],
    ...policy.immutable.folders.map((folder): [string, Array<[string, string]>] => [
      `${folder}*`,
      [['Cache-Control', policy.immutable.cacheControl]],
    ]),
    ['/', [['Vary', policy.rootVary]]],
  ];
  const lines = blocks.flatMap(([pattern, headers]) => [
    pattern,
    ...headers.map(([name, value]) => `  ${name}: ${value}`),
  ]);
  return { text: `# ${GENERATED}\n${lines.join('\n')}\n`, rules: blocks.length, lines };
}
