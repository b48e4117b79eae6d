import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleClient } from '../../../pipeline/emit/bundle-client.ts';
import { loadSiteAssets } from '../../../pipeline/emit/load-site-assets.ts';
import { withoutBodyText, type PagePlan } from '../../../pipeline/plan/page-plan.ts';
import { planPages } from '../../../pipeline/plan/plan-pages.ts';
import { PreparedBodies, renderBatch, renderPage, type RenderedPage } from '../../../pipeline/render/render-page.ts';
import { createRenderPool, sliceBatches } from '../../../pipeline/render/render-pool.ts';
import { createRenderShared } from '../../../pipeline/render/render-shared.ts';
import { createMarkdownRenderer, type MarkdownInput } from '../../../pipeline/transform/markdown.ts';
import { loadSite } from '../../../pipeline/site/load-site.ts';
import { planMarkdownJobs } from '../../../pipeline/transform/markdown-jobs.ts';
import { transformContent } from '../../../pipeline/transform/transform-content.ts';
import type { RenderShared } from '../../../templates/page-context.ts';
import { embeddedValidContent, REPO_ROOT } from '../../helpers/content.ts';
import { makeTempDir } from '../../helpers/files.ts';

// The embedded content's pages, planned as build() plans them (no media: covers keep their CMS URLs).
let pages: PagePlan[];
let shared: RenderShared;

let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ cleanup } = await makeTempDir('render-pool'));
  const site = await loadSite(REPO_ROOT);
  const valid = await embeddedValidContent();
  const markdown = { baseUrl: site.config.baseUrl, media: new Map(), imageSizes: new Map() };
  const jobs = planMarkdownJobs({
    content: valid,
    site,
    media: markdown.media,
    imageSizes: markdown.imageSizes,
    codeHash: 'test',
  });
  const content = transformContent({ content: valid, site, media: markdown.media, colours: new Map(), markdown: jobs });
  const plan = planPages({ content, site });
  pages = plan.pages.filter((page) => page.data.template === 'article').slice(0, 40);
  shared = createRenderShared({
    site,
    shells: plan.shells,
    assets: await loadSiteAssets(REPO_ROOT),
    scripts: await bundleClient(),
    markdown,
  });
}, 60_000);
afterAll(async () => {
  await cleanup();
});

/** `count` pages, each at a path of its own. */
function copies(count: number): PagePlan[] {
  return Array.from({ length: count }, (_, index) => {
    const page = pages[index % pages.length]!;
    return { ...page, urlPath: `${page.urlPath}-${index}`, outputPath: `copy-${index}/${page.outputPath}` };
  });
}

const versionOf = (page: PagePlan) => (page.data as Extract<PagePlan['data'], { template: 'article' }>).article.version;

/** A body's HTML as the renderer gives it for an input. */
const aheadHtml = (input: MarkdownInput) => createMarkdownRenderer(shared.markdown)(input).html;

/** The page with its body under another content key. */
function withContentKey(page: PagePlan, contentKey: string): PagePlan {
  const data = page.data as Extract<PagePlan['data'], { template: 'article' }>;
  return { ...page, data: { ...data, article: { ...data.article, version: { ...data.article.version, contentKey } } } };
}

/** This process's threads, as Linux counts them: a worker that ended is one fewer. */
function threadCount(): number {
  return Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))![1]);
}

async function collect(batches: AsyncIterable<RenderedPage[]>): Promise<RenderedPage[]> {
  const all: RenderedPage[] = [];
  for await (const batch of batches) all.push(...batch);
  return all;
}

const text = (page: RenderedPage) => new TextDecoder().decode(page.bytes);

describe('the batches of a render', () => {
  it('are 64 pages until fewer pages are left than the threads hold queued, then smaller, down to 8', () => {
    const plans = Array.from({ length: 5000 }, (_, index) => ({ urlPath: `/${index}` }) as PagePlan);
    const sizes = sliceBatches(plans, 32).map((batch) => batch.length);
    expect(sliceBatches(plans, 32).flat()).toEqual(plans);
    expect(sizes.slice(0, 40).every((size) => size === 64)).toBe(true);
    // Never larger than the one before: the last batches any thread holds are the small ones.
    expect(sizes.every((size, index) => index === 0 || size <= sizes[index - 1]!)).toBe(true);
    expect(sizes.at(-2)).toBe(8);
    expect(Math.max(...sizes.slice(-16))).toBeLessThanOrEqual(16);
    expect(sliceBatches(plans.slice(0, 5), 32).map((batch) => batch.length)).toEqual([5]);
  });
});

describe('the render pool', () => {
  it('renders in worker threads exactly what this thread renders, and hands back bytes without writing anything', async () => {
    const pool = createRenderPool({ workers: 2 });
    try {
      const files = await collect(pool.render(pages, shared));
      expect(files.map((file) => file.path).sort()).toEqual(pages.map((page) => page.outputPath).sort());
      const byPath = new Map(files.map((file) => [file.path, file]));
      for (const page of pages.slice(0, 5)) expect(text(byPath.get(page.outputPath)!)).toBe(renderPage(page, shared));
      expect(text(byPath.get(pages[0]!.outputPath)!)).toContain('<div class="prose">');
      expect(pool.lastRendered()).toEqual(pages.map((page) => page.urlPath));
      // A second render on the same warm workers, with the same shared data, gives the same bytes.
      const again = await collect(pool.render(pages.slice(0, 3), shared));
      expect(again.map(text)).toEqual(pages.slice(0, 3).map((page) => renderPage(page, shared)));
    } finally {
      await pool.close();
    }
  });

  it('hands back the bodies asked for by content key, as the pages rendered them, in workers and in this thread', async () => {
    const asked = pages.slice(0, 3).map((page) => versionOf(page).contentKey);
    const render = createMarkdownRenderer(shared.markdown);
    for (const workers of [2, 0]) {
      const pool = createRenderPool({ workers });
      try {
        const files = await collect(pool.render(pages.slice(0, 8), shared, { keepBodies: new Set(asked) }));
        const bodies = new Map(files.flatMap((file) => file.bodies ?? []).map((body) => [body.contentKey, body.html]));
        expect([...bodies.keys()].sort()).toEqual([...asked].sort());
        for (const page of pages.slice(0, 3))
          expect(bodies.get(versionOf(page).contentKey)).toBe(render(versionOf(page).markdown).html);
        // Without keepBodies, no page carries one.
        const plain = await collect(pool.render(pages.slice(0, 3), shared));
        expect(plain.some((file) => file.bodies !== undefined)).toBe(false);
      } finally {
        await pool.close();
      }
    }
  });

  it('renders in this thread without workers, the same pages', async () => {
    const pool = createRenderPool({ workers: 0 });
    const files = await collect(pool.render(pages.slice(0, 4), shared));
    expect(files.map(text)).toEqual(pages.slice(0, 4).map((page) => renderPage(page, shared)));
    await pool.close();
  });

  it('reports every page that failed, by URL, once all were tried, with the template stack as the cause', async () => {
    const broken = pages.slice(0, 2).map(
      (page) =>
        ({
          ...page,
          urlPath: `${page.urlPath}-broken`,
          outputPath: `broken/${page.outputPath}`,
          data: { template: 'article' },
        }) as unknown as PagePlan,
    );
    for (const workers of [0, 2]) {
      const pool = createRenderPool({ workers });
      const rendered: RenderedPage[] = [];
      try {
        const error = await (async () => {
          for await (const batch of pool.render([...pages, ...broken], shared)) rendered.push(...batch);
        })().then(
          () => undefined,
          (failure: unknown) => failure,
        );
        expect(error).toMatchObject({
          code: 'RENDER_FAILED',
          message: expect.stringMatching(
            new RegExp(`2 pages could not be rendered[\\s\\S]*${broken[0]!.urlPath}[\\s\\S]*${broken[1]!.urlPath}`),
          ),
        });
        // The cause carries the template's stack, down to the template file that threw.
        expect(((error as Error).cause as Error).stack).toMatch(/templates\/[\w/]+\.tsx:\d+/);
        // The good pages were all rendered meanwhile.
        expect(rendered.length).toBe(pages.length);
      } finally {
        await pool.close();
      }
    }
  });

  it('holds the workers back while their batches wait for a reader that fell behind, then resumes them: every page comes through', async () => {
    // 72 batches of 64 for two workers: more than they are given at the start (16 each) and may leave waiting (32).
    const many = copies(72 * 64);
    const pool = createRenderPool({ workers: 2 });
    try {
      const paths: string[] = [];
      let first = true;
      for await (const batch of pool.render(many, shared)) {
        // A reader busy elsewhere (the writer on the redirect stubs) while the worker renders on.
        if (first) await new Promise((resolve) => setTimeout(resolve, 5000));
        first = false;
        paths.push(...batch.map((page) => page.path));
      }
      expect(paths.sort()).toEqual(many.map((page) => page.outputPath).sort());
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('stops a render whose reader stopped, read or not, so that a reload ends its workers (the preview after a failed write)', async () => {
    const many = copies(72 * 64);
    for (const read of [1, 0]) {
      const before = threadCount();
      const pool = createRenderPool({ workers: 2 });
      const render = pool.render(many, shared);
      // The writer failed after `read` batches: it stopped reading, and build() returns the render.
      for (let batch = 0; batch < read; batch += 1) expect((await render.next()).done).toBe(false);
      // Long enough for the workers to render up to the bound and be held there.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await render.return(undefined);
      // A template edit in the preview: the old workers end once their job is done, then the pool closes.
      pool.reload();
      await pool.close();
      await expect.poll(threadCount, { timeout: 20_000, interval: 200 }).toBeLessThanOrEqual(before);
    }
  }, 60_000);

  it('renders in this thread too, when it would wait for a worker (callerRenders): every page once, the same bytes', async () => {
    // 4,608 pages, more than one worker is given at the start (16 batches): this thread takes the others as it reads.
    const many = copies(72 * 64);
    const pool = createRenderPool({ workers: 1, callerRenders: true });
    try {
      const files = await collect(pool.render(many, shared));
      expect(files.map((file) => file.path).sort()).toEqual(many.map((page) => page.outputPath).sort());
      const byPath = new Map(files.map((file) => [file.path, file]));
      for (const index of [0, 64 * 20, 64 * 71 + 3]) {
        const page = many[index]!;
        expect(text(byPath.get(page.outputPath)!)).toBe(renderPage(page, shared));
      }
      // A failing page is reported once, whichever thread tried it.
      const broken = { ...many[0]!, urlPath: '/broken', outputPath: 'broken.html', data: { template: 'article' } };
      const failed = await collect(
        pool.render([...many.slice(0, 64 * 20), broken as unknown as PagePlan], shared),
      ).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed).toMatchObject({
        code: 'RENDER_FAILED',
        message: expect.stringMatching(/^1 page could not be rendered/),
      });
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('sends the pages whose body a worker rendered ahead to that worker, without their texts, and uses its HTML once', async () => {
    // Each body is prepared from a text of its own, so a page that shows it was rendered with the HTML kept ahead.
    const jobs = pages.map((page, index) => ({
      key: versionOf(page).contentKey,
      input: { ...versionOf(page).markdown, markdown: `Rendered ahead, body ${index}.` },
    }));
    // Two workers, each holding some of the bodies: a page sent to the other one would show its own text.
    const pool = createRenderPool({ workers: 2 });
    try {
      pool.prepareBodies(jobs, shared.markdown);
      const files = await collect(pool.render(pages, shared));
      const byPath = new Map(files.map((file) => [file.path, text(file)]));
      pages.forEach((page, index) => {
        const html = byPath.get(page.outputPath)!;
        expect(html).toContain(`<p>Rendered ahead, body ${index}.</p>`);
        expect(html).toBe(renderPage(page, shared, () => aheadHtml(jobs[index]!.input)));
      });
      // Taken by that render: the next one renders the bodies from their texts.
      const again = await collect(pool.render(pages.slice(0, 3), shared));
      expect(again.map(text)).toEqual(pages.slice(0, 3).map((page) => renderPage(page, shared)));
    } finally {
      await pool.close();
    }
  });

  it("renders a worker's pages in this thread from their texts when it has nothing else to do (callerRenders)", async () => {
    // 4,608 pages, each with a body of its own that the worker rendered ahead: this thread takes the last batches.
    const many = copies(72 * 64).map((page, index) => withContentKey(page, `key-${index}`));
    const jobs = many.map((page, index) => ({
      key: versionOf(page).contentKey,
      input: { ...versionOf(page).markdown, markdown: `Rendered ahead, page ${index}.` },
    }));
    const pool = createRenderPool({ workers: 1, callerRenders: true });
    try {
      pool.prepareBodies(jobs, shared.markdown);
      const files = await collect(pool.render(many, shared));
      expect(files.map((file) => file.path).sort()).toEqual(many.map((page) => page.outputPath).sort());
      const byPath = new Map(files.map((file) => [file.path, text(file)]));
      // Each page from the worker's HTML or from its text here; a few of each compared whole.
      const inWorker = many.filter((page, index) => byPath.get(page.outputPath)!.includes(`page ${index}.`));
      const here = many.filter((page) => !byPath.get(page.outputPath)!.includes('Rendered ahead'));
      expect(inWorker.length + here.length).toBe(many.length);
      for (const page of inWorker.filter((_, nth) => nth % 400 === 0)) {
        const index = many.indexOf(page);
        expect(byPath.get(page.outputPath)).toBe(renderPage(page, shared, () => aheadHtml(jobs[index]!.input)));
      }
      for (const page of here.filter((_, nth) => nth % 400 === 0))
        expect(byPath.get(page.outputPath)).toBe(renderPage(page, shared));
      expect(inWorker.length).toBeGreaterThan(0);
      expect(here.length).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('fails the page whose body could not be rendered ahead, by URL, as if it failed with the page', async () => {
    const [page] = pages;
    const input = versionOf(page!).markdown;
    const broken = {
      ...input,
      showCallToActions: true,
      strings: { ...input.strings, ctaOne: { ...input.strings.ctaOne, href: 'javascript:alert(1)' } },
    };
    const pool = createRenderPool({ workers: 1 });
    try {
      pool.prepareBodies([{ key: versionOf(page!).contentKey, input: broken }], shared.markdown);
      const failed = await collect(pool.render([page!], shared)).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed).toMatchObject({
        code: 'RENDER_FAILED',
        message: expect.stringContaining(`Could not render ${page!.urlPath}`),
      });
    } finally {
      await pool.close();
    }
  });

  it("writes a batch's pages into one buffer, growing it as needed, each page as renderPage makes it", () => {
    // A one-page batch first, so that the next starts in a buffer far smaller than its pages.
    renderBatch(pages.slice(0, 1), shared, undefined);
    const broken = withoutBodyText(pages[1]!);
    const batch = [...pages.slice(0, 1), broken, ...pages.slice(2)];
    // The broken page fails (its body's text left out, and not rendered ahead); the others are written around it.
    const { files, failures } = renderBatch(batch, shared, undefined, new PreparedBodies());
    expect(failures).toHaveLength(1);
    expect(files.map((file) => file.path)).toEqual(
      batch.filter((page) => page !== broken).map((page) => page.outputPath),
    );
    const all = batch.filter((page) => page !== broken);
    expect(files.map(text)).toEqual(all.map((page) => renderPage(page, shared)));
    // Non-ASCII text (the languages' letters, typographic quotes) came out as UTF-8, and every page is a view of one buffer.
    expect(files.some((file) => file.bytes.some((byte) => byte >= 0x80))).toBe(true);
    expect(new Set(files.map((file) => file.bytes.buffer)).size).toBe(1);
  });

  it("fails a page that came without its body's text to a thread that did not render that body ahead", () => {
    const { files, failures } = renderBatch([withoutBodyText(pages[0]!)], shared, undefined, new PreparedBodies());
    expect(files).toEqual([]);
    expect(failures[0]!.message).toMatch(/came without its text, and this thread did not render it ahead/);
  });

  it('closes its workers, and a reload starts fresh ones for the next render', async () => {
    const pool = createRenderPool({ workers: 1, spare: true });
    expect(await collect(pool.render(pages.slice(0, 1), shared))).toHaveLength(1);
    pool.reload();
    expect((await collect(pool.render(pages.slice(0, 2), shared))).map(text)).toEqual(
      pages.slice(0, 2).map((page) => renderPage(page, shared)),
    );
    await pool.close();
  });
});
