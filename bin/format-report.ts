import type { BuildReport } from '../pipeline/build.ts';
import { COLLECTIONS } from '../pipeline/fetch/collections.ts';
import { LOCALES } from '../pipeline/locale.ts';

/** The closing summary of a build: records per collection and locale, pages, warnings, time per stage. */
export function formatReport(report: BuildReport, outDir: string): string {
  const totalMs = report.timings.reduce((sum, timing) => sum + timing.ms, 0);
  const lines = [
    `Built ${report.pages} pages from ${report.source} into ${outDir}/ (${report.files} files, ${formatBytes(report.bytes)}) in ${(totalMs / 1000).toFixed(2)} s.`,
    '',
    table([
      ['records', ...LOCALES, 'total'],
      ...COLLECTIONS.map((collection) => {
        const counts = LOCALES.map((locale) => report.records[collection][locale] ?? 0);
        return [collection, ...counts.map(String), String(counts.reduce((a, b) => a + b, 0))];
      }),
    ]),
    '',
    `CMS requests: ${report.requests}; media downloaded: ${report.mediaDownloads}; cover colours: ${report.coverColours.fromCms} from the CMS, ${report.coverColours.computed} computed, ${report.coverColours.cached} from the cache.`,
    report.upToDate
      ? 'Nothing changed since the last build (content, site files, code, settings): the output was left as it is.'
      : `Pages rendered: ${report.pagesRendered} (${report.pages - report.pagesRendered} unchanged since the last build).`,
  ];
  if (report.warnings.length > 0) {
    lines.push('', `warnings (${report.warnings.length}):`, ...report.warnings.map((warning) => `  - ${warning}`));
  }
  lines.push('', table([['stage', 'ms'], ...report.timings.map((timing) => [timing.stage, String(timing.ms)])]), '');
  return lines.join('\n');
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
