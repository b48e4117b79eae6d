// One build in its own process, so that its peak RSS and CPU time are its own (the fake CMS runs in the
// parent). Prints one line `BENCH_RESULT <json>` on stdout. Run by bench/run.ts and profile-stages.ts.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build, type BuildReport } from '../pipeline/build.ts';

/**
 * One stage as the process saw it: RSS when it started, the highest RSS sampled until the next stage, and
 * the CPU time (user + system, every thread of the process, workers included) it used.
 */
export interface StageSample {
  stage: string;
  rssAtStartMb: number;
  peakRssMb: number;
  cpuMs: number;
}

export interface BuildChildResult {
  report: BuildReport;
  stages: StageSample[];
  /** Process start → build() called: Node, tsx and the import graph. */
  bootMs: number;
  /** build() alone, by the clock. */
  buildMs: number;
  maxRssKb: number;
  cpuUserMs: number;
  cpuSystemMs: number;
}

const bootMs = performance.now();
const { values } = parseArgs({
  options: {
    cms: { type: 'string' },
    out: { type: 'string' },
    'cache-dir': { type: 'string' },
    root: { type: 'string', default: '.' },
    workers: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
  },
});
// Without --cms the build reads the snapshot under <root>/content (bench/peers).
if (!values.out || !values['cache-dir']) throw new Error('usage: build-child.ts [--cms <url>] --out <dir> --cache-dir <dir> [--root <dir>] [--workers <n>] [--concurrency <n>]');

// Sampled every 50 ms, and at every stage start (a synchronous stage blocks the sampler, so its
// footprint shows at the start of the next stage).
const megabytes = () => Math.round(process.memoryUsage.rss() / 1024 / 1024);
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const stages: StageSample[] = [];
let stageCpuStart = 0;
const sampler = setInterval(() => {
  const current = stages.at(-1);
  if (current) current.peakRssMb = Math.max(current.peakRssMb, megabytes());
}, 50);
const markStage = (stage: string) => {
  const rss = megabytes();
  const cpu = cpuMs();
  const previous = stages.at(-1);
  if (previous) {
    previous.peakRssMb = Math.max(previous.peakRssMb, rss);
    previous.cpuMs = Math.round(cpu - stageCpuStart);
  }
  stageCpuStart = cpu;
  stages.push({ stage, rssAtStartMb: rss, peakRssMb: rss, cpuMs: 0 });
};

const started = performance.now();
const report = await build({
  siteDir: path.resolve(values.root),
  outDir: path.resolve(values.out),
  cacheDir: path.resolve(values['cache-dir']),
  cms: values.cms === undefined ? undefined : { url: values.cms, concurrency: Number(values.concurrency) },
  includeDrafts: false,
  skipInvalid: false,
  ...(values.workers === undefined ? {} : { renderWorkers: Number(values.workers) }),
  log: { stage: markStage, progress: () => {} },
});
const buildMs = performance.now() - started;
markStage('(end)');
clearInterval(sampler);
stages.pop();
const usage = process.resourceUsage();
const result: BuildChildResult = {
  report,
  stages,
  bootMs: Math.round(bootMs),
  buildMs: Math.round(buildMs),
  maxRssKb: usage.maxRSS,
  cpuUserMs: Math.round(usage.userCPUTime / 1000),
  cpuSystemMs: Math.round(usage.systemCPUTime / 1000),
};
process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
