import type { BuildReport } from '../pipeline/build.ts';
import type { BuildChildResult } from './build-child.ts';
import type { ChildRun } from './run-child.ts';

/** Stages whose time is mostly waiting on the CMS: the crawl and the media downloads. */
export const CMS_STAGES = ['fetch', 'media'];

/** The figures of one build, flattened from its child run (the report's counts as they are). */
export interface BuildMeasure extends Pick<
  BuildReport,
  'pages' | 'pagesRendered' | 'files' | 'bytes' | 'requests' | 'mediaDownloads' | 'coverColours'
> {
  /** Spawn → exit: Node and tsx start-up, build(), shutdown. */
  processMs: number;
  /** build() alone (the sum of its stages, plus the little between them). */
  buildMs: number;
  /** build() without the fetch and media stages: the pipeline's own work. */
  excludingCmsMs: number;
  maxRssKb: number;
  cpuMs: number;
  /** CPU the fake CMS (the parent process) spent meanwhile. */
  cmsCpuMs: number;
  stages: Record<string, number>;
  /** build() time outside any timed stage (work between stage calls). */
  betweenStagesMs: number;
  /** RSS and CPU per stage, as the build process saw them. */
  stageSamples: BuildChildResult['stages'];
  /** CPU of build() without the fetch and media stages (all threads). */
  excludingCmsCpuMs: number;
  load: [number, number];
}

export function measureBuild(run: ChildRun<BuildChildResult>): BuildMeasure {
  const { report } = run.result;
  const stages = Object.fromEntries(report.timings.map((timing) => [timing.stage, timing.ms]));
  const cmsMs = CMS_STAGES.reduce((sum, stage) => sum + (stages[stage] ?? 0), 0);
  return {
    processMs: run.wallMs,
    buildMs: run.result.buildMs,
    excludingCmsMs: run.result.buildMs - cmsMs,
    pages: report.pages,
    pagesRendered: report.pagesRendered,
    files: report.files,
    bytes: report.bytes,
    requests: report.requests,
    mediaDownloads: report.mediaDownloads,
    coverColours: report.coverColours,
    maxRssKb: run.result.maxRssKb,
    cpuMs: run.result.cpuUserMs + run.result.cpuSystemMs,
    cmsCpuMs: run.parentCpuMs,
    stages,
    betweenStagesMs: run.result.buildMs - report.timings.reduce((sum, timing) => sum + timing.ms, 0),
    stageSamples: run.result.stages,
    excludingCmsCpuMs: run.result.stages
      .filter((sample) => !CMS_STAGES.includes(sample.stage))
      .reduce((sum, sample) => sum + sample.cpuMs, 0),
    load: run.load,
  };
}
