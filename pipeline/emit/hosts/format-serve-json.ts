import type { HostManifest } from '../../plan/host-manifest.ts';
import { headerRules } from './format-headers-file.ts';
import { SERVE } from './host-limits.ts';
import { count, plural, type HostChecks } from './host-files.ts';
import type { OutputFile } from '../output-file.ts';

/**
 * `serve.json` for the stock `serve` CLI (hosts.md §3.11, §5.7): what serve can express and nothing
 * more. Clean URLs, the hand-written redirects with their codes and the header policy; serve answers
 * trailing slashes with a fixed 301, and it has no language detection, per-locale 404 pages or room
 * for the slug table (it scans the list on every request). The preview's request handler has all of it.
 */
export function formatServeJson(manifest: HostManifest, checks: HostChecks): OutputFile {
  const { security } = manifest.headers;
  const redirects = manifest.redirects.rules.filter((rule) => rule.origin === 'list');
  // serve compares sources with the decoded path and encodes the destination itself (hosts.md §3.11).
  const decoded = (urlPath: string) => (urlPath.startsWith('/') ? decodeURIComponent(urlPath) : urlPath);
  // serve refuses a serve.json whose header values pass 2,048 printable Latin-1 characters: such a header is left out.
  const fits = (value: string) => value.length <= SERVE.headerValueChars && /^[\x20-\x7e\xa0-\xff]+$/.test(value);
  for (const header of security.filter((entry) => !fits(entry.value))) {
    checks.warnings.push(
      `serve.json: leaves out ${header.name} (${count(header.value.length)} characters; serve accepts ${count(SERVE.headerValueChars)} printable Latin-1 characters); the preview's request handler sends it`,
    );
  }
  // serve's patterns are relative to the folder it serves: no leading slash.
  const headers = headerRules(
    { ...manifest.headers, security: security.filter((header) => fits(header.value)) },
    { under: (prefix) => `${prefix.slice(1)}**`, varyOnRoot: false },
  );
  if (headers.length > SERVE.headerRules)
    checks.failures.push(
      `serve.json: ${count(headers.length)} header rules; serve accepts ${count(SERVE.headerRules)}`,
    );
  const longSources = headers.filter((rule) => rule.source.length > SERVE.sourceChars);
  if (longSources.length > 0)
    checks.failures.push(
      `serve.json: ${plural(longSources.length, 'header source')} longer than ${count(SERVE.sourceChars)} characters`,
    );
  if (redirects.length > SERVE.redirectsWarn)
    checks.warnings.push(
      `serve.json: ${plural(redirects.length, 'redirect')}; serve scans them for every request, so previews get slow above ${count(SERVE.redirectsWarn)}`,
    );
  const config = {
    cleanUrls: true,
    trailingSlash: false,
    directoryListing: false,
    redirects: redirects.map((rule) => ({
      source: decoded(rule.from),
      destination: decoded(rule.to),
      type: rule.status,
    })),
    headers,
  };
  return { path: 'serve.json', contents: `${JSON.stringify(config, null, 2)}\n` };
}
