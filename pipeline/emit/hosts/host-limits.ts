/** Documented host limits (reference/hosts.md §5.3, with its source keys), checked before any file is written. */

const KIB = 1024;
const MIB = 1024 * KIB;

export const NETLIFY = {
  /** Support: under 1,000 is best practice, every request is matched against the list [NET-6]. */
  redirectsWarn: 1_000,
  /** "10,000 or more: use wildcards or Edge Functions" [NET-1]. */
  redirectsMax: 10_000,
} as const;

export const CLOUDFLARE = {
  staticRedirects: 2_000,
  redirectLineChars: 1_000,
  /** A third-party report of rules dropped past ~100 KB (unverified) [CF-12]. */
  redirectsFileBytesWarn: 100 * KIB,
  headerRules: 100,
  headerLineChars: 2_000,
  routesRules: 100,
  routeChars: 100,
  /** Pages Free / Workers static assets per version [CF-4][CF-5]. */
  filesFree: 20_000,
  filesPaid: 100_000,
  /** Worker size after compression: Free, Paid [Workers limits]. */
  workerGzipBytesFree: 3 * MIB,
  workerGzipBytesPaid: 10 * MIB,
} as const;

export const VERCEL = {
  /** Routes per deployment (Hobby and Pro); redirects, rewrites and headers each count [VC-2][VC-3]. */
  routes: 2_048,
  bulkMax: 1_000_000,
  bulkIncludedPro: 1_000,
  bulkIncludedEnterprise: 10_000,
  bulkFieldChars: 2_048,
} as const;

export const SERVE = {
  /** `serve` validates serve.json against @zeit/schemas [SRV-4]. */
  headerRules: 50,
  sourceChars: 100,
  headerValueChars: 2_048,
  /** serve-handler scans the list for every request; keep it short [SRV-5]. */
  redirectsWarn: 200,
} as const;
