// The child of render-scaling.ts: prepares the pages as build() does, then times each way of rendering them.
import { mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadCodeHash } from '../pipeline/cache/code-hash.ts';
import { bundleClient } from '../pipeline/emit/bundle-client.ts';
import { loadSiteAssets } from '../pipeline/emit/load-site-assets.ts';
import { fetchEntries } from '../pipeline/fetch/fetch-entries.ts';
import { fetchMedia } from '../pipeline/fetch/fetch-media.ts';
import { LOCALES } from '../pipeline/locale.ts';
import { planPages } from '../pipeline/plan/plan-pages.ts';
import { renderPage } from '../pipeline/render/render-page.ts';
import { renderPages } from '../pipeline/render/render-pages.ts';
import { createRenderShared } from '../pipeline/render/render-shared.ts';
import { loadSite } from '../pipeline/site/load-site.ts';
import { extractCoverColours, measureImages } from '../pipeline/transform/cover-colours.ts';
import { listMedia } from '../pipeline/transform/list-media.ts';
import { planMarkdownJobs, renderMarkdownJobs } from '../pipeline/transform/markdown-jobs.ts';
import { transformContent } from '../pipeline/transform/transform-content.ts';
import { validateContent } from '../pipeline/validate/validate-content.ts';
import { formatTable, seconds } from './format-table.ts';

const { values } = parseArgs({ options: { cms: { type: 'string' }, dir: { type: 'string' } } });
const siteDir = path.resolve(import.meta.dirname, '..');
const dir = values.dir!;
const cms = { url: values.cms!, concurrency: 4 };
const site = await loadSite(siteDir);
const fetched = await fetchEntries({ cms, contentDir: path.join(siteDir, 'content'), locales: LOCALES, includeDrafts: false });
const valid = validateContent(fetched.entries, { skipInvalid: false });
const mediaList = listMedia(valid);
const media = await fetchMedia({ urls: mediaList.urls, origin: fetched.mediaOrigin, cacheDir: path.join(dir, 'cache'), concurrency: 4 });
const colours = await extractCoverColours(mediaList.needColour.map((url) => ({ url, file: media.files.get(url)!.sourceFile })), path.join(dir, 'cache'));
const imageSizes = await measureImages(mediaList.contentImages.map((url) => ({ url, file: media.files.get(url)!.sourceFile })));
const jobs = planMarkdownJobs({ content: valid, site, media: media.files, imageSizes, codeHash: await loadCodeHash() });
const markdownOptions = { baseUrl: site.config.baseUrl, media: media.files, imageSizes };
const content = transformContent({ content: valid, site, media: media.files, colours: colours.colours, markdown: jobs });
const plan = planPages({ content, site });
const shared = createRenderShared({ site, shells: plan.shells, assets: await loadSiteAssets(siteDir), scripts: await bundleClient(), markdown: markdownOptions });

const rows: string[][] = [['way of rendering all ' + String(plan.pages.length) + ' pages', 'wall', 'CPU (all threads)']];
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
  for (const page of plan.pages) renderPage(page, shared, (entry) => bodies.get(entry.contentKey)!.html);
});
await measure('pages with their Markdown, 1 thread, no I/O', () => {
  for (const page of plan.pages) renderPage(page, shared);
});
for (const workers of [1, 2]) {
  const out = mkdtempSync(path.join(dir, 'out-'));
  await measure(`renderPages: ${workers} worker${workers > 1 ? 's' : ''}, writing the pages`, async () => {
    for await (const batch of renderPages({ pages: plan.pages, shared, workers, writeTo: out })) void batch;
  });
  rmSync(out, { recursive: true, force: true });
}
process.stdout.write(`${formatTable(rows)}\n`);
