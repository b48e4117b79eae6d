// `npm run bench`: the 10,000-record build measured against the render floor (issue "Scale and speed").
// A generated content set behind a fake Strapi over HTTP; every build in a child process; medians of
// --runs runs. Prints a table and writes bench/results/latest.json. See bench/README.md.
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, totalmem } from 'node:os';
import path from 'node:path';
import { parseBenchOptions } from './bench-options.ts';
import type { BuildChildResult } from './build-child.ts';
import { formatTable, median, megabytes, seconds } from './format-table.ts';
import { hashSourceTree } from './hash-source-tree.ts';
import { CMS_STAGES, measureBuild, type BuildMeasure } from './measure-build.ts';
import { measureOutput, type OutputMeasure } from './measure-output.ts';
import { measureDiskFloor, type DiskFloor } from './measure-disk-floor.ts';
import type { RenderFloorResult } from './render-floor.ts';
import { runChild } from './run-child.ts';
import { startBenchCms } from './start-bench-cms.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const options = parseBenchOptions(process.argv.slice(2));
const log = (line: string) => process.stderr.write(`${line}\n`);

interface RunMeasure {
  cold: BuildMeasure;
  warm: BuildMeasure;
  change: BuildMeasure;
  floor: RenderFloorResult & { processMs: number; load: [number, number] };
  /** The code changed while this run went on (someone edited the tree): its warm figures are not warm. */
  codeChanged: boolean;
}

const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}`;
const tree = gitState();
log(
  `sitegen bench: ${options.records} article records + ${options.keyTerms} key-terms, ${options.latencyMs} ms CMS latency, ${options.runs} runs (${machine})`,
);
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
const { stats } = cms.content;
log(
  `content generated in ${cms.generateSeconds.toFixed(1)} s: ${stats.families} article families, ${stats.keyTermFamilies} key-term families; CMS at ${cms.fake.restUrl}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cms.close().finally(() => process.exit(130));
  });
}

const runs: RunMeasure[] = [];
let output: OutputMeasure | undefined;
let diskFloor: DiskFloor | undefined;
try {
  for (let index = 1; index <= options.runs; index += 1) {
    const dir = path.join(cms.workDir, `run-${index}`);
    const out = path.join(dir, 'out');
    const cacheDir = path.join(dir, 'cache');
    const buildArgs = [
      '--cms',
      cms.fake.restUrl,
      '--out',
      out,
      '--cache-dir',
      cacheDir,
      '--root',
      ROOT,
      '--concurrency',
      String(options.concurrency),
      ...(options.workers === undefined ? [] : ['--workers', String(options.workers)]),
    ];
    const build = async (label: string) => {
      const measure = measureBuild(
        await runChild<BuildChildResult>(ROOT, 'bench/build-child.ts', buildArgs, options.nodeEnv),
      );
      log(
        `  run ${index} ${label.padEnd(6)} ${seconds(measure.buildMs)} (without fetch + media ${seconds(measure.excludingCmsMs)}), ${measure.pagesRendered}/${measure.pages} pages rendered, peak RSS ${(measure.maxRssKb / 1024).toFixed(0)} MB, CPU ${seconds(measure.cpuMs)}, load ${measure.load.join(' → ')}`,
      );
      return measure;
    };

    const codeBefore = await hashSourceTree(ROOT);
    cms.reset();
    const cold = await build('cold');
    output ??= await measureOutput(out, cold.pages);
    diskFloor ??= measureDiskFloor(out);
    log(
      `  disk floor: ${diskFloor.files} files (${megabytes(diskFloor.bytes)}) written again in ${seconds(diskFloor.ms)} by one thread (CPU ${seconds(diskFloor.cpuMs)})`,
    );
    const warm = await build('warm');
    const changed = cms.changeOne();
    const change = await build('change');
    if (index === 1) log(`  (changed: articles #${changed.id}, ${String(changed['slug'])})`);
    cms.reset();
    const floorRun = await runChild<RenderFloorResult>(
      ROOT,
      'bench/render-floor.ts',
      [
        '--cms',
        cms.fake.restUrl,
        '--cache-dir',
        cacheDir,
        '--root',
        ROOT,
        '--concurrency',
        String(options.concurrency),
      ],
      options.nodeEnv,
    );
    const floor = { ...floorRun.result, processMs: floorRun.wallMs, load: floorRun.load };
    log(
      `  run ${index} floor  ${seconds(floor.renderMs)} for ${floor.pages} pages, CPU ${seconds(floor.renderCpuMs)}, load ${floor.load.join(' → ')}`,
    );
    const codeChanged = (await hashSourceTree(ROOT)) !== codeBefore;
    if (codeChanged)
      log(
        `  run ${index}: the code under pipeline/, templates/ or bin/ changed during this run; its warm and change figures are unreliable`,
      );
    runs.push({ cold, warm, change, floor, codeChanged });
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await cms.close();
}

const pick = (select: (run: RunMeasure) => number) => median(runs.map(select));
const ok = (pass: boolean) => (pass ? 'yes' : 'NO');
const floorMs = pick((run) => run.floor.renderMs);
const floorCpuMs = pick((run) => run.floor.renderCpuMs);
const cold = {
  cpuMs: pick((run) => run.cold.cpuMs),
  excludingCmsCpuMs: pick((run) => run.cold.excludingCmsCpuMs),
  buildMs: pick((run) => run.cold.buildMs),
  excludingCmsMs: pick((run) => run.cold.excludingCmsMs),
  processMs: pick((run) => run.cold.processMs),
  pages: runs[0]!.cold.pages,
  rssKb: pick((run) => run.cold.maxRssKb),
};
const coldPagesPerSecond = cold.pages / (cold.excludingCmsMs / 1000);
const warm = {
  buildMs: pick((run) => run.warm.buildMs),
  excludingCmsMs: pick((run) => run.warm.excludingCmsMs),
  rssKb: pick((run) => run.warm.maxRssKb),
  cpuMs: pick((run) => run.warm.cpuMs),
};
const change = { buildMs: pick((run) => run.change.buildMs), excludingCmsMs: pick((run) => run.change.excludingCmsMs) };
const fetch = {
  ms: pick((run) => run.cold.stages['fetch'] ?? 0),
  requests: pick((run) => run.cold.requests),
  mediaMs: pick((run) => run.cold.stages['media'] ?? 0),
  mediaDownloads: pick((run) => run.cold.mediaDownloads),
  cmsCpuMs: pick((run) => run.cold.cmsCpuMs),
};
const ratio = cold.excludingCmsMs / floorMs;
const cpuRatio = cold.excludingCmsCpuMs / floorCpuMs;
const renderWriteRatio = pick((run) => run.cold.stages['render + write'] ?? 0) / floorMs;
const out = output!;

const table = formatTable([
  ['measure (median of ' + String(runs.length) + ')', 'value', 'target', 'met'],
  [`fetch: full crawl at ${options.latencyMs} ms/request, ${options.concurrency} in flight`, seconds(fetch.ms), '', ''],
  ['  CMS requests', String(fetch.requests), '', ''],
  [`  media stage (cold): ${fetch.mediaDownloads} downloads`, seconds(fetch.mediaMs), '', ''],
  ['  fake CMS CPU during the cold build (parent)', seconds(fetch.cmsCpuMs), '', ''],
  ['cold build: process wall (incl. Node + tsx start)', seconds(cold.processMs), '', ''],
  ['  build() total', seconds(cold.buildMs), '', ''],
  ['  build() without fetch + media', seconds(cold.excludingCmsMs), '', ''],
  ['  CPU time of the build process (user + system, all threads)', seconds(cold.cpuMs), '', ''],
  ['  CPU time of build() without fetch + media', seconds(cold.excludingCmsCpuMs), '', ''],
  ['  pages written', String(cold.pages), '', ''],
  [
    '  pages per second (without fetch + media)',
    coldPagesPerSecond.toFixed(0),
    '≥ 1500',
    ok(coldPagesPerSecond >= 1500),
  ],
  ['  peak RSS', `${(cold.rssKb / 1024).toFixed(0)} MB`, '< 1024 MB', ok(cold.rssKb < 1024 * 1024)],
  ['warm build: build() total', seconds(warm.buildMs), '≤ 2 s', ok(warm.buildMs <= 2000)],
  ['  without fetch + media', seconds(warm.excludingCmsMs), '≤ 2 s', ok(warm.excludingCmsMs <= 2000)],
  ['  CPU time of the build process', seconds(warm.cpuMs), '', ''],
  ['  pages rendered (the rest reused)', String(pick((run) => run.warm.pagesRendered)), '', ''],
  ['one-article change: build() total', seconds(change.buildMs), '≤ 1 s', ok(change.buildMs <= 1000)],
  ['  without fetch + media', seconds(change.excludingCmsMs), '≤ 1 s', ok(change.excludingCmsMs <= 1000)],
  ['  pages rendered (the rest reused)', String(pick((run) => run.change.pagesRendered)), '', ''],
  ['render floor: renderToStaticMarkup, 1 thread, no I/O', seconds(floorMs), '', ''],
  ['  floor CPU time', seconds(floorCpuMs), '', ''],
  ['  floor pages per second', (runs[0]!.floor.pages / (floorMs / 1000)).toFixed(0), '', ''],
  ['  cold build (without fetch + media) ÷ floor', `${ratio.toFixed(2)} ×`, '≤ 1.3 ×', ok(ratio <= 1.3)],
  ['  "render + write" stage ÷ floor', `${renderWriteRatio.toFixed(2)} ×`, '', ''],
  ['  CPU: cold build (without fetch + media) ÷ floor', `${cpuRatio.toFixed(2)} ×`, '', ''],
  ['output: total bytes', megabytes(out.bytes), '', ''],
  ['  HTML bytes per page (median)', `${(out.medianHtmlBytes / 1024).toFixed(1)} KB`, '', ''],
  ['  files written', String(out.files), '', ''],
  ["  of them HTML redirect stubs (the host's rule limit exceeded)", String(out.htmlFiles - cold.pages), '', ''],
  [
    `disk floor: the output's ${diskFloor!.files} files created again, one thread (${path.dirname(cms.workDir)})`,
    seconds(diskFloor!.ms),
    '',
    '',
  ],
  ['  cold build (without fetch + media) minus the disk floor', seconds(cold.excludingCmsMs - diskFloor!.ms), '', ''],
]);

const stageNames = [
  ...new Set(runs.flatMap((run) => [...Object.keys(run.cold.stages), ...Object.keys(run.warm.stages)])),
];
const sampleOf = (measure: BuildMeasure, stage: string) =>
  measure.stageSamples.find((sample) => sample.stage === stage);
const stageTable = formatTable([
  ['stage (median)', 'cold ms', 'cold CPU ms', 'warm ms', 'warm CPU ms', 'change ms', 'cold peak RSS'],
  ...stageNames.map((stage) => [
    `${stage}${CMS_STAGES.includes(stage) ? ' *' : ''}`,
    String(Math.round(pick((run) => run.cold.stages[stage] ?? 0))),
    String(Math.round(pick((run) => sampleOf(run.cold, stage)?.cpuMs ?? 0))),
    String(Math.round(pick((run) => run.warm.stages[stage] ?? 0))),
    String(Math.round(pick((run) => sampleOf(run.warm, stage)?.cpuMs ?? 0))),
    String(Math.round(pick((run) => run.change.stages[stage] ?? 0))),
    `${Math.round(pick((run) => sampleOf(run.cold, stage)?.peakRssMb ?? 0))} MB`,
  ]),
  [
    '(between stages)',
    ...(['cold', 'warm'] as const).flatMap((kind) => [
      String(Math.round(pick((run) => run[kind].betweenStagesMs))),
      '',
    ]),
    String(Math.round(pick((run) => run.change.betweenStagesMs))),
    '',
  ],
  [
    'build() total',
    String(Math.round(cold.buildMs)),
    String(Math.round(pick((run) => run.cold.stageSamples.reduce((sum, sample) => sum + sample.cpuMs, 0)))),
    String(Math.round(warm.buildMs)),
    String(Math.round(pick((run) => run.warm.stageSamples.reduce((sum, sample) => sum + sample.cpuMs, 0)))),
    String(Math.round(change.buildMs)),
    '',
  ],
]);
const templateNames = Object.keys(runs[0]!.floor.templates).sort();
const templateTable = formatTable([
  ['render floor by template', 'pages', 'median ms', 'ms per page', 'share'],
  ...templateNames.map((name) => {
    const pages = runs[0]!.floor.templates[name]!.pages;
    const ms = pick((run) => run.floor.templates[name]?.ms ?? 0);
    return [
      name,
      String(pages),
      String(Math.round(ms)),
      (ms / pages).toFixed(2),
      `${((ms / floorMs) * 100).toFixed(1)} %`,
    ];
  }),
]);
const loads = runs.flatMap((run) => [...run.cold.load, ...run.warm.load, ...run.change.load, ...run.floor.load]);

const coverNote =
  options.covers < stats.families
    ? `Covers: ${options.covers} uploads (${options.pictures} distinct pictures) shared by ${stats.families} families, so the media stage downloads ${fetch.mediaDownloads} files where production, with one cover per family, would download about ${stats.families * 5}; colours computed for ${runs[0]!.cold.coverColours.computed} covers instead of ~${Math.round(stats.families / 10)}.`
    : `Covers: ${options.covers} distinct uploads for ${stats.families} families.`;
const byType = Object.entries(stats.byType)
  .map(([type, count]) => `${count} ${type}`)
  .join(', ');
const byLocales = Object.entries(stats.familiesByLocaleCount)
  .map(([locales, count]) => `${count}×${locales}`)
  .join(' ');

process.stdout.write(
  [
    '',
    `sitegen bench — ${machine}`,
    `Content: ${options.records} article records in ${stats.families} families (${byType}; by locale count ${byLocales}), ${options.keyTerms} key-terms in ${stats.keyTermFamilies} families; median ${stats.medianWords} words per article; ${stats.withCodeBlock} families with a code block, ${stats.withImage} with an image; ${stats.withoutColourMetadata} article records whose cover has no colour metadata.`,
    coverNote,
    `Workers: ${options.workers ?? 'pipeline default'}. NODE_ENV of the builds: ${options.nodeEnv}. Fake Strapi v5 (page size 100) in this process; each build and the floor in its own child process.`,
    ...(runs.some((run) => run.codeChanged)
      ? [
          `WARNING: the code changed during run(s) ${runs.flatMap((run, index) => (run.codeChanged ? [index + 1] : [])).join(', ')}; warm and one-article figures of those runs are not warm. Run the bench on a tree nobody is editing.`,
        ]
      : []),
    `Tree: ${tree}. Machine load (1-min average) during the runs: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${availableParallelism()} cores${Math.max(...loads) > availableParallelism() ? ' — other work was running; wall times are inflated, CPU times less so' : ''}.`,
    '',
    table,
    '',
    stageTable,
    '* waits on the CMS (latency); left out of "without fetch + media". CPU: user + system of the build process (all its threads) from the',
    '  start of the stage to the start of the next, so it includes the untimed work between them (shown as "between stages" in wall time).',
    '',
    templateTable,
    '',
    `Output by kind: ${Object.entries(out.bytesByKind)
      .sort(([, a], [, b]) => b - a)
      .map(([kind, bytes]) => `${kind} ${megabytes(bytes)}`)
      .join(', ')}.`,
    `Largest pages: ${out.largestHtml.map((file) => `${file.file} ${(file.bytes / 1024).toFixed(0)} KB`).join(', ')}; largest other files: ${out.largestOther.map((file) => `${file.file} ${megabytes(file.bytes)}`).join(', ')}.`,
    '',
  ].join('\n'),
);

const resultsDir = path.join(ROOT, 'bench', 'results');
await mkdir(resultsDir, { recursive: true });
await writeFile(
  path.join(resultsDir, 'latest.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, tree, options, content: stats, medians: { fetch, cold: { ...cold, pagesPerSecond: coldPagesPerSecond }, warm, change, floorMs, floorCpuMs, ratio, renderWriteRatio, cpuRatio }, output: out, diskFloor, runs }, null, 1)}\n`,
);
log(`wrote ${path.relative(process.cwd(), path.join(resultsDir, 'latest.json'))}`);

function gitState(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--', 'pipeline', 'templates', 'bin'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean).length;
    return changed > 0 ? `${head} + ${changed} uncommitted changes in pipeline/, templates/, bin/` : head;
  } catch {
    return 'not a git checkout';
  }
}
