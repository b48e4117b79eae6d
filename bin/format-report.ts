import type { BuildReport } from '../pipeline/build.ts';
import { count } from '../pipeline/emit/hosts/host-files.ts';
import { COLLECTIONS } from '../pipeline/fetch/collections.ts';
import { LOCALES } from '../pipeline/locale.ts';
import { phaseOf } from './build-progress.ts';

export interface FormatReportOptions {
  /** The output folder as the user named it (relative to the working folder). */
  outDir: string;
  /** The host's folder of files not to deploy, the same way. */
  hostConfigDir: string;
  /** Wall time of the whole command, in seconds. */
  seconds: number;
  /** Add the records per collection and locale, the CMS figures and the time of every step. */
  verbose: boolean;
}

/**
 * The closing summary of a build: pages (rendered and kept), files, time, then the warnings, each on a
 * line of its own. With `verbose`, the records, the CMS's figures and a table of the time of each step.
 */
export function formatReport(report: BuildReport, options: FormatReportOptions): string {
  const { outDir, seconds } = options;
  const time = `${seconds.toFixed(seconds < 10 ? 2 : 1)} s`;
  const lines = report.upToDate
    ? [
        `Nothing changed since the last build: ${outDir}/ is as it was (${count(report.pages)} pages, ${count(report.files)} files), ${time}.`,
      ]
    : [
        `Built ${count(report.pages)} pages from ${report.source} into ${outDir}/ (${count(report.pagesRendered)} rendered, ${count(report.pages - report.pagesRendered)} kept): ${count(report.files)} files, ${formatBytes(report.bytes)}, ${time}.`,
      ];
  lines.push(
    `Host files for ${report.hosting.host}: ${count(report.hosting.redirects)} redirects; files not to deploy in ${options.hostConfigDir}/.`,
  );
  if (report.warnings.length > 0)
    lines.push(
      `${report.warnings.length === 1 ? '1 warning' : `${count(report.warnings.length)} warnings`}:`,
      ...report.warnings.map((warning) => `  - ${warning}`),
    );
  else lines.push('No warnings.');
  if (options.verbose) lines.push('', ...formatDetails(report));
  return `${lines.join('\n')}\n`;
}

/** The records table, the CMS's figures and the steps' times, grouped by phase. */
function formatDetails(report: BuildReport): string[] {
  return [
    table([
      ['records', ...LOCALES, 'total'],
      ...COLLECTIONS.map((collection) => {
        const counts = LOCALES.map((locale) => report.records[collection][locale] ?? 0);
        return [collection, ...counts.map(String), String(counts.reduce((a, b) => a + b, 0))];
      }),
    ]),
    '',
    `CMS requests: ${report.requests}; media downloaded: ${report.mediaDownloads}; cover colours: ${report.coverColours.fromCms} from the CMS, ${report.coverColours.computed} computed, ${report.coverColours.cached} from the cache.`,
    formatSocialImages(report.socialImages),
    '',
    table([['phase / step', 'ms'], ...stageRows(report.timings)]),
  ];
}

/** How many social images were drawn, and what the drawing child took when one drew them. */
function formatSocialImages(images: BuildReport['socialImages']): string {
  const drawn = images?.drawn ?? 0;
  if (drawn === 0) return 'Social images: none drawn (every one was kept from an earlier build).';
  const child = images?.childCpuMs;
  if (child === undefined) return `Social images: ${count(drawn)} drawn.`;
  return `Social images: ${count(drawn)} drawn in a child process, ${(child / 1000).toFixed(2)} s of CPU (${(child / drawn).toFixed(2)} ms an image).`;
}

/** One row per phase with its total, then its steps indented, in the order they ran. */
function stageRows(timings: BuildReport['timings']): string[][] {
  const rows: string[][] = [];
  let phase: string | undefined;
  let phaseRow: string[] | undefined;
  for (const { stage, ms } of timings) {
    const next = phaseOf(stage) ?? phase ?? 'building';
    if (next !== phase || !phaseRow) {
      phase = next;
      phaseRow = [next, '0'];
      rows.push(phaseRow);
    }
    phaseRow[1] = String(Number(phaseRow[1]) + ms);
    rows.push([`  ${stage}`, String(ms)]);
  }
  const total = timings.reduce((sum, timing) => sum + timing.ms, 0);
  return [...rows, ['total', String(total)]];
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
