import { REDIRECT_STUB_SCRIPT } from '../../plan/host-manifest.ts';
import type { RedirectRule } from '../../plan/redirect-rule.ts';
import { outputPathFor } from '../../plan/url-path.ts';
import type { OutputFile } from '../output-file.ts';

/**
 * An HTML redirect for hosts without server-side redirects (hosts.md §3.12): canonical link to the
 * target, a 0-second refresh (which search engines read as permanent and WCAG accepts), a visible
 * link, and a script that keeps the query string and fragment. No `noindex`: it would contradict the
 * canonical link. Written where the source's page would be (`blog/old.html` for `/blog/old`).
 */
export function formatRedirectStub(
  rule: RedirectRule,
  { baseUrl, lang }: { baseUrl: string; lang: string },
): OutputFile {
  // Targets hold no quotes or angle brackets (checkRedirects); `&` is the one character to escape.
  const to = rule.to.replaceAll('&', '&amp;');
  const absolute = rule.to.startsWith('/') ? `${baseUrl}${rule.to === '/' ? '' : to}` : to;
  // The script comes after the link it reads; it runs before the refresh fires.
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${to}</title>
<link rel="canonical" href="${absolute}">
<meta http-equiv="refresh" content="0; url=${to}">
</head>
<body><p><a id="to" href="${to}">${to}</a></p><script>${REDIRECT_STUB_SCRIPT}</script></body>
</html>
`;
  return { path: outputPathFor(rule.from), contents: html };
}
