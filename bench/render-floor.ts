// The render floor: the pages a build would write, rendered by the same templates in one thread, no I/O
// and no workers. It runs the build's stages up to plan (load site → fetch → validate → media → colours
// → image sizes → Markdown, uncached → transform → plan → assets and client bundles), then times only
// the rendering of every page. Prints `BENCH_RESULT <json>`.
//
// Each page goes through pipeline/render/render-page.ts's renderPage(): `renderToStaticMarkup(documentFor(
// page, shared, fragments))` with the pipeline's own fragment renderer (islands via renderToString, shared
// fragments memoised per build), a DOCTYPE and a try/catch; so the floor follows the renderer as it
// changes. `shared` comes from the same createRenderShared() and client bundles build() uses.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadCodeHash } from '../pipeline/cache/code-hash.ts';
import { bundleClient } from '../pipeline/emit/bundle-client.ts';
import { loadSiteAssets } from '../pipeline/emit/load-site-assets.ts';
import { fetchEntries } from '../pipeline/fetch/fetch-entries.ts';
import { fetchMedia } from '../pipeline/fetch/fetch-media.ts';
import { LOCALES } from '../pipeline/locale.ts';
import { planPages } from '../pipeline/plan/plan-pages.ts';
import { renderPage, type MarkdownForPage } from '../pipeline/render/render-page.ts';
import { createRenderShared } from '../pipeline/render/render-shared.ts';
import { loadSite } from '../pipeline/site/load-site.ts';
import { extractCoverColours, measureImages } from '../pipeline/transform/cover-colours.ts';
import { listMedia } from '../pipeline/transform/list-media.ts';
import { planMarkdownJobs, renderMarkdownJobs } from '../pipeline/transform/markdown-jobs.ts';
import { transformContent } from '../pipeline/transform/transform-content.ts';
import { validateContent } from '../pipeline/validate/validate-content.ts';

export interface RenderFloorResult {
  pages: number;
  /** The stages before rendering (not part of the floor). */
  prepareMs: number;
  /** Rendering every page once, in this thread. */
  renderMs: number;
  /** CPU time of the process meanwhile (user + system: the render loop and V8's helper threads). */
  renderCpuMs: number;
  /** UTF-16 length of all documents (a checksum of work done, not bytes on disk). */
  htmlChars: number;
  /** Render time and page count per template (page.data.template). */
  templates: Record<string, { pages: number; ms: number }>;
  maxRssKb: number;
}

const { values } = parseArgs({
  options: {
    cms: { type: 'string' },
    'cache-dir': { type: 'string' },
    root: { type: 'string', default: '.' },
    concurrency: { type: 'string', default: '4' },
  },
});
if (!values.cms || !values['cache-dir']) throw new Error('usage: render-floor.ts --cms <url> --cache-dir <dir> [--root <dir>]');
const siteDir = path.resolve(values.root);
const cacheDir = path.resolve(values['cache-dir']);
const cms = { url: values.cms, concurrency: Number(values.concurrency) };

const prepareStarted = performance.now();
const site = await loadSite(siteDir);
const fetched = await fetchEntries({ cms, contentDir: path.join(siteDir, 'content'), locales: LOCALES, includeDrafts: false });
const valid = validateContent(fetched.entries, { skipInvalid: false });
const mediaList = listMedia(valid);
const media = await fetchMedia({ urls: mediaList.urls, origin: fetched.mediaOrigin, cacheDir, concurrency: cms.concurrency });
const colours = await extractCoverColours(mediaList.needColour.map((url) => ({ url, file: media.files.get(url)!.sourceFile })), cacheDir);
const imageSizes = await measureImages(mediaList.contentImages.map((url) => ({ url, file: media.files.get(url)!.sourceFile })));
const markdownJobs = planMarkdownJobs({ content: valid, site, media: media.files, imageSizes, codeHash: await loadCodeHash() });
const markdown = renderMarkdownJobs(markdownJobs.values(), { baseUrl: site.config.baseUrl, media: media.files, imageSizes });
const content = transformContent({ content: valid, site, media: media.files, colours: colours.colours, markdown: markdownJobs });
const plan = planPages({ content, site });
const assets = await loadSiteAssets(siteDir);
const scripts = await bundleClient();
const shared = createRenderShared({ site, shells: plan.shells, assets, scripts, markdown: { baseUrl: site.config.baseUrl, media: media.files, imageSizes } });
// React alone: the bodies' Markdown is rendered before the clock starts, and looked up by content key.
const bodies: MarkdownForPage = (entry) => markdown.get(entry.contentKey)!.html;
const prepareMs = performance.now() - prepareStarted;

const renderStarted = performance.now();
const cpuBefore = process.cpuUsage();
let htmlChars = 0;
const templates: RenderFloorResult['templates'] = {};
for (const page of plan.pages) {
  const pageStarted = performance.now();
  htmlChars += renderPage(page, shared, bodies).length;
  const template = (templates[page.data.template] ??= { pages: 0, ms: 0 });
  template.pages += 1;
  template.ms += performance.now() - pageStarted;
}
const renderMs = performance.now() - renderStarted;
const renderCpu = process.cpuUsage(cpuBefore);

const result: RenderFloorResult = {
  pages: plan.pages.length,
  prepareMs: Math.round(prepareMs),
  renderMs: Math.round(renderMs),
  renderCpuMs: Math.round((renderCpu.user + renderCpu.system) / 1000),
  htmlChars,
  templates: Object.fromEntries(Object.entries(templates).map(([name, entry]) => [name, { pages: entry.pages, ms: Math.round(entry.ms) }])),
  maxRssKb: process.resourceUsage().maxRSS,
};
process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
