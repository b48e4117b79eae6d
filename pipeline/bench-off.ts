/**
 * Work that sitegen does and the peers of bench/peers do not, which bench/cost-table.ts switches off one
 * at a time to measure what it costs. Read from SITEGEN_BENCH_OFF (a comma-separated list), which only
 * that bench sets: a build with any of it switched off is not a correct build.
 */
export const BENCH_WORK = [
  'social-images',
  'redirect-stubs',
  'host-files',
  'browser-bundles',
  'typesetting',
  'sanitizer',
  'case-redirects',
  'cover-colours',
] as const;

export type BenchWork = (typeof BENCH_WORK)[number];

const off = new Set((process.env.SITEGEN_BENCH_OFF ?? '').split(',').filter(Boolean));

/** Whether the bench switched this work off (never, outside bench/cost-table.ts). */
export function benchOff(work: BenchWork): boolean {
  return off.has(work);
}
