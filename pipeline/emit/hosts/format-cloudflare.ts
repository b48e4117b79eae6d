import { gzipSync } from 'node:zlib';
import { formatCloudflareWorker } from './format-cloudflare-worker.ts';
import { formatHeadersFile } from './format-headers-file.ts';
import { CLOUDFLARE } from './host-limits.ts';
import {
  count,
  describeRules,
  GENERATED,
  plural,
  type HostChecks,
  type HostOutput,
  type HostInput,
} from './host-files.ts';

/**
 * Cloudflare Pages (hosts.md §3.2): `_redirects` with each source with and without a trailing slash
 * (Pages matches them exactly), codes as they are; `_headers`; and `_worker.js`, limited by
 * `_routes.json` to `/` and the 404 pages' own URLs, for the root language detection `_redirects` cannot
 * express and the 404 status of those pages. When the redirects need more than the 2,000 static rules
 * Pages allows, the worker serves them all instead (on every path but the hashed folders). Pure; limits
 * it would break go to `checks.failures`.
 */
export function formatCloudflare({ manifest, outputFileCount }: HostInput, checks: HostChecks): HostOutput {
  const { rules } = manifest.redirects;
  // Pages matches _redirects sources with case (wrangler pages dev answers `/nl/Blog/x` with 404 where
  // `/nl/blog/x` redirects), but Cloudflare does not document it: the lowercase-to-real-case rules, which
  // would send a page to itself where sources match regardless of case, stay in the worker, which matches
  // exactly.
  const caseRules = rules.filter((rule) => rule.origin === 'case');
  const fileRules = rules.filter((rule) => rule.origin !== 'case');
  const redirectLines = fileRules.flatMap((rule) => [
    `${rule.from}  ${rule.to}  ${rule.status}`,
    `${rule.from}/  ${rule.to}  ${rule.status}`,
  ]);
  const caseRoutes = caseRules.flatMap((rule) => [rule.from, `${rule.from}/`]);
  // Pages serves a 404 page at its own URL with 200 (wrangler pages dev, issue 29): the worker answers
  // those URLs, and the `.html` forms Pages would first redirect, with 404 like every other host.
  const notFoundRoutes = manifest.redirects.notFound.flatMap((page) => [page.urlPath, `/${page.outputPath}`]);
  const inWorker =
    redirectLines.length > CLOUDFLARE.staticRedirects ||
    1 + notFoundRoutes.length + caseRoutes.length > CLOUDFLARE.routesRules;
  if (inWorker && caseRoutes.length > 0 && redirectLines.length <= CLOUDFLARE.staticRedirects) {
    checks.warnings.push(
      `cloudflare: ${plural(caseRules.length, 'lowercase-to-real-case redirect')} need more _routes.json rules than the ${count(CLOUDFLARE.routesRules)} Cloudflare Pages allows; _worker.js serves every redirect instead, on every path but ${manifest.headers.immutable.folders.join(' and ')}`,
    );
  } else if (inWorker) {
    checks.warnings.push(
      `cloudflare: ${plural(rules.length, 'redirect')} need ${plural(redirectLines.length, '_redirects rule')} (with and without a trailing slash), more than the ${count(CLOUDFLARE.staticRedirects)} Cloudflare Pages allows; _worker.js serves them instead, on every path but ${manifest.headers.immutable.folders.join(' and ')}`,
    );
  }

  const headers = formatHeadersFile(manifest.headers);
  checkHeaders(headers.lines, headers.rules, checks);
  const routes = {
    version: 1,
    include: inWorker ? ['/*'] : ['/', ...notFoundRoutes, ...caseRoutes],
    exclude: inWorker ? manifest.headers.immutable.folders.map((folder) => `${folder}*`) : [],
  };
  checkRoutes(routes, checks);
  const worker = formatCloudflareWorker(manifest, inWorker ? rules : caseRules);
  checkWorker(worker, checks);

  const publicFiles = [
    { path: '_headers', contents: headers.text },
    { path: '_routes.json', contents: `${JSON.stringify(routes, null, 2)}\n` },
    { path: '_worker.js', contents: worker },
  ];
  if (!inWorker) {
    const text = [
      `# ${GENERATED}`,
      `# ${describeRules(fileRules)}, each with and without a trailing slash.`,
      ...(caseRules.length > 0
        ? [
            `# ${plural(caseRules.length, 'lowercase-to-real-case redirect')} ${caseRules.length === 1 ? 'is' : 'are'} in _worker.js (matched with case).`,
          ]
        : []),
      ...redirectLines,
      '',
    ].join('\n');
    checkRedirectsFile(text, redirectLines, checks);
    publicFiles.unshift({ path: '_redirects', contents: text });
  }
  checkFileCount(outputFileCount + publicFiles.length, checks);
  return { publicFiles, configFiles: [] };
}

function checkRedirectsFile(text: string, lines: readonly string[], checks: HostChecks): void {
  const long = lines.filter((line) => line.length > CLOUDFLARE.redirectLineChars);
  if (long.length > 0)
    checks.failures.push(
      `cloudflare: ${plural(long.length, '_redirects line')} longer than ${count(CLOUDFLARE.redirectLineChars)} characters (the longest has ${count(long.reduce((longest, line) => Math.max(longest, line.length), 0))}); shorten the paths or use --host nginx`,
    );
  const bytes = Buffer.byteLength(text);
  if (bytes > CLOUDFLARE.redirectsFileBytesWarn)
    checks.warnings.push(
      `cloudflare: _redirects is ${count(Math.round(bytes / 1024))} KB; a third-party report (not confirmed by Cloudflare) says rules past about 100 KB are dropped silently`,
    );
}

function checkHeaders(lines: readonly string[], rules: number, checks: HostChecks): void {
  if (rules > CLOUDFLARE.headerRules)
    checks.failures.push(
      `cloudflare: _headers has ${count(rules)} rules; Cloudflare Pages allows ${count(CLOUDFLARE.headerRules)}`,
    );
  const longest = Math.max(...lines.map((line) => line.length));
  if (longest > CLOUDFLARE.headerLineChars)
    checks.failures.push(
      `cloudflare: a _headers line has ${count(longest)} characters; Cloudflare Pages allows ${count(CLOUDFLARE.headerLineChars)} (shorten the Content-Security-Policy)`,
    );
}

function checkRoutes(routes: { include: string[]; exclude: string[] }, checks: HostChecks): void {
  const all = [...routes.include, ...routes.exclude];
  if (all.length > CLOUDFLARE.routesRules)
    checks.failures.push(
      `cloudflare: _routes.json has ${count(all.length)} rules; Cloudflare Pages allows ${count(CLOUDFLARE.routesRules)}`,
    );
  const long = all.filter((rule) => rule.length > CLOUDFLARE.routeChars);
  if (long.length > 0)
    checks.failures.push(
      `cloudflare: _routes.json rules longer than ${count(CLOUDFLARE.routeChars)} characters: ${long.join(', ')}`,
    );
}

function checkWorker(source: string, checks: HostChecks): void {
  const gzipped = gzipSync(source).byteLength;
  const size = `${(gzipped / 1024 / 1024).toFixed(1)} MiB compressed`;
  if (gzipped > CLOUDFLARE.workerGzipBytesPaid) {
    checks.failures.push(
      `cloudflare: _worker.js is ${size}; a Worker may have ${CLOUDFLARE.workerGzipBytesPaid / 1024 / 1024} MiB on the Paid plan (upload the redirects as Cloudflare Bulk Redirects, or use --host nginx)`,
    );
  } else if (gzipped > CLOUDFLARE.workerGzipBytesFree) {
    checks.warnings.push(
      `cloudflare: _worker.js is ${size}; the Free plan allows ${CLOUDFLARE.workerGzipBytesFree / 1024 / 1024} MiB (Paid: ${CLOUDFLARE.workerGzipBytesPaid / 1024 / 1024} MiB)`,
    );
  }
}

function checkFileCount(files: number, checks: HostChecks): void {
  if (files > CLOUDFLARE.filesPaid)
    checks.failures.push(
      `cloudflare: the output has ${count(files)} files; Cloudflare Pages allows ${count(CLOUDFLARE.filesPaid)} on paid plans (use --host nginx or --host vercel)`,
    );
  else if (files > CLOUDFLARE.filesFree)
    checks.warnings.push(
      `cloudflare: the output has ${count(files)} files; the Free plan allows ${count(CLOUDFLARE.filesFree)} (paid plans ${count(CLOUDFLARE.filesPaid)})`,
    );
}
