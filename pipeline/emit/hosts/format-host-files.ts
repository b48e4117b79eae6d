import { HOST_MANIFEST_FILE, type HostManifest } from '../../plan/host-manifest.ts';
import type { HostName } from '../../site/schemas.ts';
import { formatCloudflare } from './format-cloudflare.ts';
import { formatNetlify } from './format-netlify.ts';
import { formatNginx } from './format-nginx.ts';
import { formatServeJson } from './format-serve-json.ts';
import { formatStatic } from './format-static.ts';
import { formatVercel } from './format-vercel.ts';
import { assertWithinLimits, newChecks, type HostFiles, type HostInput } from './host-files.ts';

const FORMATTERS: Record<HostName, (input: HostInput) => HostFiles> = {
  netlify: formatNetlify,
  cloudflare: formatCloudflare,
  vercel: formatVercel,
  nginx: formatNginx,
  static: formatStatic,
};

export interface FormatHostFilesOptions {
  host: HostName;
  manifest: HostManifest;
  /** Files the build writes into the output besides these (pages, assets, media …), for file-count limits. */
  outputFileCount: number;
}

/**
 * The redirect, header and configuration files of one host (reference/hosts.md §5), plus `serve.json`
 * for the stock `serve` CLI and the host-neutral manifest for the preview. Pure; throws
 * HOST_LIMIT_EXCEEDED listing every limit the files would break, with the numbers and the option that works.
 */
export function formatHostFiles({ host, manifest, outputFileCount }: FormatHostFilesOptions): HostFiles {
  const checks = newChecks();
  const serveJson = formatServeJson(manifest, checks);
  const files = FORMATTERS[host]({ manifest, outputFileCount: outputFileCount + 1 });
  const failures = [...files.failures, ...checks.failures];
  assertWithinLimits(host, failures);
  return {
    publicFiles: [...files.publicFiles, serveJson].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    configFiles: [...files.configFiles, { path: HOST_MANIFEST_FILE, contents: formatManifest(manifest) }],
    warnings: [...files.warnings, ...checks.warnings],
    failures: [],
  };
}

/** One redirect per line, so that a diff of two builds' manifests reads as a list of changed redirects. */
function formatManifest(manifest: HostManifest): string {
  const { rules, ...rest } = manifest.redirects;
  const head = JSON.stringify({ ...manifest, redirects: { ...rest, rules: [] } }, null, 2);
  if (rules.length === 0) return `${head}\n`;
  return `${head.replace('"rules": []', `"rules": [\n${rules.map((rule) => `      ${JSON.stringify(rule)}`).join(',\n')}\n    ]`)}\n`;
}
