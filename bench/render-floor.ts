// The render floor: the pages a build would write, rendered by the same templates in one thread, no I/O
// and no workers. It runs the build's stages up to the render (prepare-pages.ts) and renders every
// entry's Markdown, untimed, then times only React rendering every page. Prints `BENCH_RESULT <json>`.
//
// Each page goes through pipeline/render/render-page.ts's renderPage(): `renderToStaticMarkup(documentFor(
// page, shared, fragments))` with the pipeline's own fragment renderer (islands via renderToString, shared
// fragments memoised per build), a DOCTYPE and a try/catch; so the floor follows the renderer as it
// changes. `shared` comes from the same createRenderShared() and client bundles build() uses.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderPage, type MarkdownForPage } from '../pipeline/render/render-page.ts';
import { renderMarkdownJobs } from './render-markdown-jobs.ts';
import { createMarkdownRenderer } from '../pipeline/transform/markdown.ts';
import { preparePages } from './prepare-pages.ts';

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
if (!values['cache-dir'])
  throw new Error(
    'usage: render-floor.ts [--cms <url>] --cache-dir <dir> [--root <dir>] (no --cms: the snapshot under <root>/content)',
  );
const siteDir = path.resolve(values.root);
const cacheDir = path.resolve(values['cache-dir']);
const cms = values.cms === undefined ? undefined : { url: values.cms, concurrency: Number(values.concurrency) };

const prepareStarted = performance.now();
const { jobs, markdownOptions, pages, shared } = await preparePages({ siteDir, cms, cacheDir });
// React alone: the bodies' Markdown is rendered before the clock starts, and looked up by content key.
// English fallback pages carry their own version of an entry (links and strings of the page's locale,
// so another content key): an untimed pass over every page renders those too.
const markdown = new Map(
  [...renderMarkdownJobs(jobs.values(), markdownOptions)].map(([key, body]) => [key, body.html]),
);
const renderMarkdown = createMarkdownRenderer(markdownOptions);
const bodies: MarkdownForPage = (entry) => {
  let html = markdown.get(entry.contentKey);
  if (html === undefined) markdown.set(entry.contentKey, (html = renderMarkdown(entry.markdown).html));
  return html;
};
for (const page of pages) renderPage(page, shared, bodies);
const prepareMs = performance.now() - prepareStarted;

const renderStarted = performance.now();
const cpuBefore = process.cpuUsage();
let htmlChars = 0;
const templates: RenderFloorResult['templates'] = {};
for (const page of pages) {
  const pageStarted = performance.now();
  htmlChars += renderPage(page, shared, bodies).length;
  const template = (templates[page.data.template] ??= { pages: 0, ms: 0 });
  template.pages += 1;
  template.ms += performance.now() - pageStarted;
}
const renderMs = performance.now() - renderStarted;
const renderCpu = process.cpuUsage(cpuBefore);

const result: RenderFloorResult = {
  pages: pages.length,
  prepareMs: Math.round(prepareMs),
  renderMs: Math.round(renderMs),
  renderCpuMs: Math.round((renderCpu.user + renderCpu.system) / 1000),
  htmlChars,
  templates: Object.fromEntries(
    Object.entries(templates).map(([name, entry]) => [name, { pages: entry.pages, ms: Math.round(entry.ms) }]),
  ),
  maxRssKb: process.resourceUsage().maxRSS,
};
process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
