import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleClient } from '../../../pipeline/emit/bundle-client.ts';
import { loadSiteAssets } from '../../../pipeline/emit/load-site-assets.ts';
import type { OutputFile } from '../../../pipeline/emit/output-file.ts';
import { fetchEntries } from '../../../pipeline/fetch/fetch-entries.ts';
import { LOCALES } from '../../../pipeline/locale.ts';
import type { PagePlan } from '../../../pipeline/plan/page-plan.ts';
import { planPages } from '../../../pipeline/plan/plan-pages.ts';
import { renderPage } from '../../../pipeline/render/render-page.ts';
import { renderPages, startRenderPool } from '../../../pipeline/render/render-pages.ts';
import { createRenderShared } from '../../../pipeline/render/render-shared.ts';
import { loadSite } from '../../../pipeline/site/load-site.ts';
import { planMarkdownJobs } from '../../../pipeline/transform/markdown-jobs.ts';
import { transformContent } from '../../../pipeline/transform/transform-content.ts';
import { validateContent } from '../../../pipeline/validate/validate-content.ts';
import type { RenderShared } from '../../../templates/page-context.ts';
import { REPO_ROOT } from '../../helpers/content.ts';
import { makeTempDir } from '../../helpers/files.ts';

// The embedded content's pages, planned as build() plans them (no media: covers keep their CMS URLs).
let pages: PagePlan[];
let shared: RenderShared;
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('render-pages'));
  const site = await loadSite(REPO_ROOT);
  const fetched = await fetchEntries({ cms: undefined, contentDir: path.join(REPO_ROOT, 'content'), locales: LOCALES, includeDrafts: false });
  const valid = validateContent(fetched.entries, { skipInvalid: false });
  const markdown = { baseUrl: site.config.baseUrl, media: new Map(), imageSizes: new Map() };
  const jobs = planMarkdownJobs({ content: valid, site, media: markdown.media, imageSizes: markdown.imageSizes, codeHash: 'test' });
  const content = transformContent({ content: valid, site, media: markdown.media, colours: new Map(), markdown: jobs });
  const plan = planPages({ content, site });
  pages = plan.pages.filter((page) => page.data.template === 'article').slice(0, 40);
  shared = createRenderShared({ site, shells: plan.shells, assets: await loadSiteAssets(REPO_ROOT), scripts: await bundleClient(), markdown });
}, 60_000);
afterAll(async () => {
  await cleanup();
});

async function collect(files: AsyncIterable<OutputFile[]>): Promise<OutputFile[]> {
  const all: OutputFile[] = [];
  for await (const batch of files) all.push(...batch);
  return all;
}

describe('renderPages in worker threads', () => {
  it('writes every page itself, as the page renders in this thread (article bodies from Markdown included)', async () => {
    const out = path.join(dir, 'ok');
    const files = await collect(renderPages({ pages, shared, workers: 2, writeTo: out }));
    expect(files.map((file) => file.path).sort()).toEqual(pages.map((page) => page.outputPath).sort());
    for (const page of pages.slice(0, 5)) expect(await readFile(path.join(out, page.outputPath), 'utf8')).toBe(renderPage(page, shared));
    expect(await readFile(path.join(out, pages[0]!.outputPath), 'utf8')).toContain('<div class="prose">');
  });

  it('renders with a pool started ahead of time, and reports every page that failed, by URL, once all were tried', async () => {
    const out = path.join(dir, 'failing');
    const broken = pages.slice(0, 2).map((page) => ({ ...page, urlPath: `${page.urlPath}-broken`, outputPath: `broken/${page.outputPath}`, data: { template: 'article' } }) as unknown as PagePlan);
    const pool = startRenderPool(2);
    await expect(collect(renderPages({ pages: [...pages, ...broken], shared, writeTo: out, pool }))).rejects.toMatchObject({
      code: 'RENDER_FAILED',
      message: expect.stringMatching(new RegExp(`2 pages could not be rendered[\\s\\S]*${broken[0]!.urlPath}[\\s\\S]*${broken[1]!.urlPath}`)),
    });
    // The good pages were all rendered and written meanwhile.
    const written = await readdir(out, { recursive: true });
    expect(written.filter((file) => file.endsWith('.html')).length).toBeGreaterThanOrEqual(pages.length);
  });

  it('closes a pool it does not need (nothing to render)', async () => {
    const pool = startRenderPool(2);
    const exits = pool.workers.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    const files = await collect(renderPages({ pages, shared, writeTo: path.join(dir, 'kept'), pool, reuse: { isUnchanged: () => true } }));
    expect(files.every((file) => 'kept' in file)).toBe(true);
    await Promise.all(exits);
  });
});
