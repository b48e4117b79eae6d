import { SitegenError } from '../../errors.ts';
import { HOST_MANIFEST_FILE, type HostManifest } from '../../plan/host-manifest.ts';
import type { HostName } from '../../site/schemas.ts';
import { formatCloudflare } from './format-cloudflare.ts';
import { formatNetlify } from './format-netlify.ts';
import { formatNginx } from './format-nginx.ts';
import { formatServeJson } from './format-serve-json.ts';
import { formatStatic } from './format-static.ts';
import { formatVercel } from './format-vercel.ts';
import type { HostChecks, HostFiles, HostInput, HostOutput } from './host-files.ts';

const FORMATTERS: Record<HostName, (input: HostInput, checks: HostChecks) => HostOutput> = {
  netlify: formatNetlify,
  cloudflare: formatCloudflare,
  vercel: formatVercel,
  nginx: formatNginx,
  static: formatStatic,
};

/**
 * The redirect, header and configuration files of one host (reference/hosts.md §5), plus `serve.json`
 * for the stock `serve` CLI and the host-neutral manifest for the preview. Pure; throws
 * HOST_LIMIT_EXCEEDED listing every limit the files would break, with the numbers and the option that works.
 */
export function formatHostFiles({ host, manifest, outputFileCount }: HostInput & { host: HostName }): HostFiles {
  const checks: HostChecks = { failures: [], warnings: [] };
  // One more file in the output: serve.json.
  const files = FORMATTERS[host]({ manifest, outputFileCount: outputFileCount + 1 }, checks);
  const serveJson = formatServeJson(manifest, checks);
  if (checks.failures.length > 0) {
    const { failures } = checks;
    throw new SitegenError({
      code: 'HOST_LIMIT_EXCEEDED',
      message: `The files for --host ${host} would break ${failures.length === 1 ? 'a limit' : `${failures.length} limits`} of the host.\n${failures.map((line) => `  ${line}`).join('\n')}`,
      hint: "each line names the option that works; the numbers are the host's documented limits, and --host nginx has none of them",
    });
  }
  return {
    publicFiles: [...files.publicFiles, serveJson].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    configFiles: [...files.configFiles, { path: HOST_MANIFEST_FILE, contents: formatManifest(manifest) }],
    warnings: checks.warnings,
  };
}

/** One redirect per line, so that a diff of two builds' manifests reads as a list of changed redirects. */
function formatManifest(manifest: HostManifest): string {
  const { rules, ...rest } = manifest.redirects;
  const head = JSON.stringify({ ...manifest, redirects: { ...rest, rules: [] } }, null, 2);
  if (rules.length === 0) return `${head}\n`;
  // Spliced: String.replace would read `$` patterns in the rules as its own.
  const at = head.indexOf('"rules": []') + '"rules": ['.length;
  const lines = rules.map((rule) => `      ${JSON.stringify(rule)}`).join(',\n');
  return `${head.slice(0, at)}\n${lines}\n    ${head.slice(at)}\n`;
}
