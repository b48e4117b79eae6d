// One build in its own process, so that its peak RSS and CPU time are its own (the fake CMS runs in the
// parent). Prints one line `BENCH_RESULT <json>` on stdout. Run by bench/run.ts and profile-stages.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
  /** The larger of this process's own peak and the peak of it and its child processes together (sampled every 50 ms). */
  maxRssKb: number;
  /** CPU of this process (all its threads) and of the child processes it waited for. */
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
if (!values.out || !values['cache-dir'])
  throw new Error(
    'usage: build-child.ts [--cms <url>] --out <dir> --cache-dir <dir> [--root <dir>] [--workers <n>] [--concurrency <n>]',
  );

// Sampled every 50 ms, and at every stage start (a synchronous stage blocks the sampler, so its
// footprint shows at the start of the next stage).
const megabytes = () => Math.round(process.memoryUsage.rss() / 1024 / 1024);
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
/**
 * This process and its child processes together (the build draws many social images in a child): their
 * RSS summed from /proc, in KB. Render workers are threads of this process, so they are in its own RSS.
 */
const treeRssKb = (): number => {
  const rssOf = (pid: string) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  let total = rssOf(String(process.pid));
  for (const child of readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean)) {
    try {
      total += rssOf(child);
    } catch {
      // Ended between the two reads.
    }
  }
  return total;
};
let treePeakKb = 0;
const stages: StageSample[] = [];
let stageCpuStart = 0;
const sampler = setInterval(() => {
  treePeakKb = Math.max(treePeakKb, treeRssKb());
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
// The CPU of child processes this one waited for (fields 16 and 17 of /proc/self/stat, in clock ticks).
const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const [childUser, childSystem] = readFileSync('/proc/self/stat', 'utf8')
  .replace(/^.*\) /, '')
  .split(' ')
  .slice(13, 15)
  .map((field) => (Number(field) / ticks) * 1000);
const result: BuildChildResult = {
  report,
  stages,
  bootMs: Math.round(bootMs),
  buildMs: Math.round(buildMs),
  maxRssKb: Math.max(usage.maxRSS, treePeakKb),
  cpuUserMs: Math.round(usage.userCPUTime / 1000 + childUser!),
  cpuSystemMs: Math.round(usage.systemCPUTime / 1000 + childSystem!),
};
process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
