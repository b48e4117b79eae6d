// The child of render-scaling.ts: prepares the pages as build() does, then times each way of rendering them.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderPage } from '../pipeline/render/render-page.ts';
import { writeOutput } from '../pipeline/emit/write-output.ts';
import { createRenderPool } from '../pipeline/render/render-pool.ts';
import { renderMarkdownJobs } from './render-markdown-jobs.ts';
import { formatTable, seconds } from './format-table.ts';
import { preparePages } from './prepare-pages.ts';

const { values } = parseArgs({ options: { cms: { type: 'string' }, dir: { type: 'string' } } });
const siteDir = path.resolve(import.meta.dirname, '..');
const dir = values.dir!;
const { jobs, markdownOptions, pages, shared } = await preparePages({
  siteDir,
  cms: { url: values.cms!, concurrency: 4 },
  cacheDir: path.join(dir, 'cache'),
});

const rows: string[][] = [['way of rendering all ' + String(pages.length) + ' pages', 'wall', 'CPU (all threads)']];
const measure = async (label: string, run: () => Promise<void> | void) => {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  rows.push([label, seconds(performance.now() - started), seconds((used.user + used.system) / 1000)]);
};
let bodies = new Map<string, { html: string }>();
await measure('Markdown of every entry, 1 thread', () => {
  bodies = renderMarkdownJobs(jobs.values(), markdownOptions);
});
await measure('pages, React only (the floor), 1 thread', () => {
  for (const page of pages) renderPage(page, shared, (entry) => bodies.get(entry.contentKey)!.html);
});
await measure('pages with their Markdown, 1 thread, no I/O', () => {
  for (const page of pages) renderPage(page, shared);
});
for (const workers of [1, 2]) {
  const out = mkdtempSync(path.join(dir, 'out-'));
  await measure(`render pool: ${workers} worker${workers > 1 ? 's' : ''}, pages written by writeOutput`, async () => {
    const pool = createRenderPool({ workers });
    try {
      await writeOutput(path.join(out, 'site'), mapBatches(pool.render(pages, shared)));
    } finally {
      await pool.close();
    }
  });
  rmSync(out, { recursive: true, force: true });
}
process.stdout.write(`${formatTable(rows)}\n`);

async function* mapBatches(batches: AsyncIterable<Array<{ path: string; bytes: Uint8Array }>>) {
  for await (const batch of batches) yield batch.map((page) => ({ path: page.path, contents: page.bytes }));
}
