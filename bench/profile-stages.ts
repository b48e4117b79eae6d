// Where a build's time goes: one cold and one warm build of the benchmark's content set, each in a
// child process, with the per-stage timings of BuildReport side by side. Same flags as bench/run.ts
// (--runs is ignored). `node bin/run-ts.js bench/profile-stages.ts [--records n] [--latency ms] …`
import path from 'node:path';
import { parseBenchOptions } from './bench-options.ts';
import type { BuildChildResult } from './build-child.ts';
import { formatTable, seconds } from './format-table.ts';
import { CMS_STAGES, measureBuild, type BuildMeasure } from './measure-build.ts';
import { runChild } from './run-child.ts';
import { startBenchCms } from './start-bench-cms.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const options = parseBenchOptions(process.argv.slice(2));
const cms = await startBenchCms({
  siteDir: ROOT,
  articles: options.records,
  keyTerms: options.keyTerms,
  latencyMs: options.latencyMs,
  seed: options.seed,
  covers: options.covers,
  pictures: options.pictures,
  workDir: options.workDir,
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cms.close().finally(() => process.exit(130));
  });
}
const builds: Record<'cold' | 'warm', BuildMeasure> = {} as Record<'cold' | 'warm', BuildMeasure>;
try {
  const args = [
    '--cms',
    cms.fake.restUrl,
    '--out',
    path.join(cms.workDir, 'out'),
    '--cache-dir',
    path.join(cms.workDir, 'cache'),
    '--root',
    ROOT,
    '--concurrency',
    String(options.concurrency),
    ...(options.workers === undefined ? [] : ['--workers', String(options.workers)]),
  ];
  for (const kind of ['cold', 'warm'] as const) {
    builds[kind] = measureBuild(await runChild<BuildChildResult>(ROOT, 'bench/build-child.ts', args, options.nodeEnv));
    process.stderr.write(`${kind} build: ${seconds(builds[kind].buildMs)}\n`);
  }
} finally {
  await cms.close();
}

const { cold, warm } = builds;
const stages = [...new Set([...Object.keys(cold.stages), ...Object.keys(warm.stages)])];
const share = (ms: number, total: number) => `${((ms / total) * 100).toFixed(1)} %`;
const sampleOf = (build: BuildMeasure, stage: string) => build.stageSamples.find((sample) => sample.stage === stage);
const peakRss = (build: BuildMeasure, stage: string) => `${sampleOf(build, stage)?.peakRssMb ?? '?'} MB`;
const cpu = (build: BuildMeasure, stage: string) => String(sampleOf(build, stage)?.cpuMs ?? '?');
const cpuTotal = (build: BuildMeasure) => String(build.stageSamples.reduce((sum, sample) => sum + sample.cpuMs, 0));
process.stdout.write(
  [
    '',
    `${options.records} article records + ${options.keyTerms} key-terms, ${cold.pages} pages, ${options.latencyMs} ms CMS latency, workers: ${options.workers ?? 'pipeline default'}, NODE_ENV: ${options.nodeEnv}`,
    '',
    formatTable([
      ['stage', 'cold ms', 'share', 'CPU ms', 'peak RSS', 'warm ms', 'share', 'CPU ms', 'peak RSS'],
      ...stages.map((stage) => {
        const coldMs = cold.stages[stage] ?? 0;
        const warmMs = warm.stages[stage] ?? 0;
        return [
          `${stage}${CMS_STAGES.includes(stage) ? ' *' : ''}`,
          String(coldMs),
          share(coldMs, cold.buildMs),
          cpu(cold, stage),
          peakRss(cold, stage),
          String(warmMs),
          share(warmMs, warm.buildMs),
          cpu(warm, stage),
          peakRss(warm, stage),
        ];
      }),
      [
        '(between stages)',
        String(cold.betweenStagesMs),
        share(cold.betweenStagesMs, cold.buildMs),
        '',
        '',
        String(warm.betweenStagesMs),
        share(warm.betweenStagesMs, warm.buildMs),
        '',
        '',
      ],
      ['build() total', String(cold.buildMs), '', cpuTotal(cold), '', String(warm.buildMs), '', cpuTotal(warm), ''],
      [
        '  without fetch + media',
        String(cold.excludingCmsMs),
        '',
        String(cold.excludingCmsCpuMs),
        '',
        String(warm.excludingCmsMs),
        '',
        String(warm.excludingCmsCpuMs),
        '',
      ],
      [
        'process wall (with start-up)',
        String(cold.processMs),
        '',
        String(cold.cpuMs),
        '',
        String(warm.processMs),
        '',
        String(warm.cpuMs),
        '',
      ],
      [
        'peak RSS of the process',
        '',
        '',
        '',
        `${(cold.maxRssKb / 1024).toFixed(0)} MB`,
        '',
        '',
        '',
        `${(warm.maxRssKb / 1024).toFixed(0)} MB`,
      ],
      [
        'pages rendered / all',
        `${cold.pagesRendered}/${cold.pages}`,
        '',
        '',
        '',
        `${warm.pagesRendered}/${warm.pages}`,
        '',
        '',
        '',
      ],
    ]),
    '* waits on the CMS (latency). CPU: user + system of the build process, all threads (render and Markdown workers included), from the',
    '  start of the stage to the start of the next (so it includes the untimed work between them, shown as "between stages").',
    'Peak RSS: the highest RSS sampled while the stage ran (every 50 ms and at stage ends).',
    `Machine load (1-min average): ${cold.load.join(' → ')} during the cold build, ${warm.load.join(' → ')} during the warm one.`,
    `CMS requests: ${cold.requests} / ${warm.requests}; media downloads: ${cold.mediaDownloads} / ${warm.mediaDownloads}; cover colours computed: ${cold.coverColours.computed} / ${warm.coverColours.computed}.`,
    '',
  ].join('\n'),
);
