import { describe, expect, it } from 'vitest';
import { formatReport } from '../../../bin/format-report.ts';
import type { BuildReport } from '../../../pipeline/build.ts';

function makeReport(overrides: Partial<BuildReport> = {}): BuildReport {
  return {
    source: 'embedded content',
    records: { articles: { en: 2, de: 1 }, 'key-terms': { en: 1 } },
    pages: 11_828,
    pagesRendered: 1_234,
    files: 12_040,
    bytes: 3 * 1024 * 1024,
    requests: 0,
    mediaDownloads: 0,
    coverColours: { fromCms: 0, computed: 1, cached: 2 },
    warnings: [],
    timings: [
      { stage: 'load', ms: 20 },
      { stage: 'fetch', ms: 130 },
      { stage: 'transform', ms: 90 },
      { stage: 'plan', ms: 5 },
      { stage: 'render and write', ms: 400 },
      { stage: 'save', ms: 30 },
    ],
    hosting: { host: 'netlify', redirects: 949, configDir: '/site/out-host' },
    upToDate: false,
    ...overrides,
  };
}

const shown = { outDir: 'out', hostConfigDir: 'out-host', seconds: 4.2, verbose: false };

describe('formatReport', () => {
  it('says in three lines what was built: pages rendered and kept, files, size, time, host, no warnings', () => {
    expect(formatReport(makeReport(), shown)).toMatchInlineSnapshot(`
      "Built 11,828 pages from embedded content into out/ (1,234 rendered, 10,594 kept): 12,040 files, 3.0 MB, 4.20 s.
      Host files for netlify: 949 redirects; files not to deploy in out-host/.
      No warnings.
      "
    `);
  });

  it('lists every warning on a line of its own, after their count', () => {
    const report = makeReport({
      warnings: ['articles #42 (de): the cover image … is not available', 'static: no headers'],
    });
    expect(formatReport(report, shown).split('\n').slice(2, 5)).toEqual([
      '2 warnings:',
      '  - articles #42 (de): the cover image … is not available',
      '  - static: no headers',
    ]);
  });

  it('says when nothing changed and the output was left as it is', () => {
    expect(formatReport(makeReport({ upToDate: true, pagesRendered: 0 }), shown).split('\n')[0]).toBe(
      'Nothing changed since the last build: out/ is as it was (11,828 pages, 12,040 files), 4.20 s.',
    );
  });

  it('keeps the step names out of the summary, and shows them by phase with --verbose', () => {
    expect(formatReport(makeReport(), shown)).not.toMatch(/transform|render and write|save/);
    const verbose = formatReport(makeReport(), { ...shown, verbose: true });
    expect(verbose.slice(verbose.indexOf('phase / step'))).toMatchInlineSnapshot(`
      "phase / step         ms
      reading content     150
        load               20
        fetch             130
      preparing content    90
        transform          90
      planning pages        5
        plan                5
      rendering pages     400
        render and write  400
      writing files        30
        save               30
      total               675
      "
    `);
    expect(verbose).toMatch(/^articles\s+2\s+0\s+1\s+0\s+0\s+0\s+3$/m);
  });

  it('says with --verbose how many social images were drawn, and what their drawing child took', () => {
    const line = (socialImages: BuildReport['socialImages']) =>
      formatReport(makeReport({ socialImages }), { ...shown, verbose: true })
        .split('\n')
        .find((text) => text.startsWith('Social images:'));
    expect(line({ drawn: 838, childCpuMs: 1712 })).toBe(
      'Social images: 838 drawn in a child process, 1.71 s of CPU (2.04 ms an image).',
    );
    expect(line({ drawn: 3 })).toBe('Social images: 3 drawn.');
    expect(line(undefined)).toBe('Social images: none drawn (every one was kept from an earlier build).');
    expect(formatReport(makeReport({ socialImages: { drawn: 3 } }), shown)).not.toMatch(/Social images/);
  });
});
