// sitegen preview --drafts on the embedded content, in this process (startPreview): drafts, the hosting
// rules, rebuilds of only what a change affects, the overlay, and out/ left alone. The site's data files
// are a temp copy (edited here); the templates are the repo's own and are not edited (see
// preview-templates.test.ts for that).
import { mkdir, readdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildProblem } from '../../pipeline/build.ts';
import { startPreview, type Preview, type PreviewRebuild } from '../../pipeline/preview/start-preview.ts';
import type { PreviewProblem } from '../../pipeline/preview/live-events.ts';
import { openEventStream, type EventStream } from '../helpers/event-stream.ts';
import { diffTrees, makeTempDir, readTree } from '../helpers/files.ts';
import { attr, hasClass, parseHtml } from '../helpers/html.ts';
import { copySiteData } from '../helpers/project-copy.ts';

const DRAFT_URL = '/blog/draft-our-privacy-roadmap-for-2027';
const ARTICLE_URL = '/blog/why-simple-analytics-is-a-great-alternative-to-matomo';
const ARTICLES_FILE = path.join('content', 'cms', 'articles', 'blog-a.json');

let dir: string;
let cleanup: () => Promise<void>;
let siteDir: string;
let preview: Preview;
let stream: EventStream;

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('preview'));
  siteDir = await copySiteData(path.join(dir, 'site'));
  await mkdir(path.join(siteDir, 'out'));
  await writeFile(path.join(siteDir, 'out', 'deployed.txt'), 'the last real build\n');
  preview = await startPreview({
    siteDir,
    cacheDir: path.join(dir, 'cache'),
    cms: undefined,
    includeDrafts: true,
    port: 0,
  });
  stream = await openEventStream(`${preview.url}/__sitegen/events`);
}, 120_000);
afterAll(async () => {
  stream?.close();
  await preview?.close();
  await cleanup();
});

const get = (urlPath: string, headers: Record<string, string> = {}) =>
  fetch(`${preview.url}${urlPath}`, { headers, redirect: 'manual' });
const page = async (urlPath: string) => parseHtml(await (await get(urlPath)).text());

/** Runs an edit and resolves with the rebuild it caused (or rejects with the problem it caused). */
function afterEdit(edit: () => Promise<void>, file: string): Promise<PreviewRebuild> {
  return new Promise((resolve, reject) => {
    const onRebuilt = (rebuild: PreviewRebuild) => {
      if (!rebuild.causes.includes(file)) return;
      off();
      resolve(rebuild);
    };
    const onProblem = (problem: PreviewProblem) => {
      off();
      reject(new Error(`${problem.code}: ${problem.message}`));
    };
    const off = () => {
      preview.events.off('rebuilt', onRebuilt);
      preview.events.off('problem', onProblem);
    };
    preview.events.on('rebuilt', onRebuilt);
    preview.events.on('problem', onProblem);
    edit().catch(reject);
  });
}

/** Rewrites a JSON file of the site copy as an editor that saves atomically does (temp file, then rename). */
async function editJson<T>(file: string, change: (json: T) => T): Promise<void> {
  const full = path.join(siteDir, file);
  await writeFile(`${full}.tmp`, `${JSON.stringify(change(JSON.parse(await readFile(full, 'utf8')) as T), null, 2)}\n`);
  await rename(`${full}.tmp`, full);
}

type Rows = { data: Array<Record<string, unknown>> };
const editArticle = (slug: string, change: (row: Record<string, unknown>) => Record<string, unknown>) => () =>
  editJson<Rows>(ARTICLES_FILE, (json) => ({ data: json.data.map((row) => (row.slug === slug ? change(row) : row)) }));

describe('sitegen preview --drafts (embedded content)', () => {
  it('builds what sitegen build --drafts builds, byte for byte (it is build(), not a second pipeline)', async () => {
    const outDir = path.join(dir, 'build', 'out');
    await build({
      siteDir,
      outDir,
      hostConfigDir: path.join(dir, 'build', 'host'),
      cacheDir: path.join(dir, 'build', 'cache'),
      cms: undefined,
      includeDrafts: true,
      skipInvalid: false,
      host: 'nginx',
    });
    expect(diffTrees(await readTree(preview.outDir), await readTree(outDir))).toEqual([]);
  });

  it('serves the draft article with its ribbon, noindex, and the source-document and CMS links', async () => {
    const response = await get(DRAFT_URL);
    expect(response.status).toBe(200);
    const html = await response.text();
    const draft = parseHtml(html);
    expect(draft.text(draft.one('p', (element) => hasClass(element, 'draft-ribbon')))).toBe(
      'This is still a draft. Please don\u2019t share, yet.',
    );
    expect(
      attr(
        draft.one('meta', (element) => attr(element, 'name') === 'robots'),
        'content',
      ),
    ).toBe('noindex');
    const links = draft
      .all(
        'a',
        (element) =>
          element.parentNode !== null && 'tagName' in element.parentNode && hasClass(element.parentNode, 'admin-bar'),
      )
      .map((link) => attr(link, 'href'));
    expect(links).toContain('https://docs.google.com/document/d/1sitegen-example-roadmap/edit');
    expect(
      links.some((href) =>
        href?.startsWith(
          'https://cms.simpleanalytics.com/admin/content-manager/collection-types/api::article.article?',
        ),
      ),
    ).toBe(true);
    expect(html.match(/\/__sitegen\/live\.js/g)).toHaveLength(1);
  });

  it('keeps drafts out of the sitemap and the feeds', async () => {
    for (const file of ['/sitemap.xml', '/feed.xml']) {
      const response = await get(file);
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain('draft-our-privacy-roadmap-for-2027');
    }
  });

  it('answers with the hosting rules: root language, per-locale 404 pages, canonical redirects', async () => {
    const root = await get('/', { 'accept-language': 'nl-NL,nl;q=0.9' });
    expect(root.status).toBe(307);
    expect(root.headers.get('location')).toBe('/nl');
    const missing = await get('/de/gibt-es-nicht');
    expect(missing.status).toBe(404);
    const missingHtml = await missing.text();
    expect(
      parseHtml(missingHtml)
        .one('html')
        ?.attrs.find((a) => a.name === 'lang')?.value,
    ).toMatch(/^de/);
    expect(missingHtml).toContain('/__sitegen/live.js');
    const slash = await get('/pricing/');
    expect(slash.status).toBe(308);
    expect(slash.headers.get('location')).toBe('/pricing');
    expect((await get('/pricing')).headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('after a locale string changes, re-renders that locale only and reloads its tabs', async () => {
    const since = stream.received.length;
    const rebuild = await afterEdit(
      () =>
        editJson<Record<string, string>>('locales/nl.json', (json) => ({
          ...json,
          'footer.privacy': 'Privacy (bewerkt)',
        })),
      'locales/nl.json',
    );
    const nlPages =
      (await readdir(path.join(preview.outDir, 'nl'), { recursive: true })).filter((file) => file.endsWith('.html'))
        .length + 1;
    expect(rebuild.report.pagesRendered).toBe(nlPages);
    const reload = await stream.next((event) => event.event === 'reload', { since });
    const pages = (reload.data as { pages: string[] }).pages;
    expect(pages).toHaveLength(nlPages);
    expect(pages.every((urlPath) => urlPath === '/nl' || urlPath.startsWith('/nl/'))).toBe(true);
    expect(await (await get('/nl')).text()).toContain('Privacy (bewerkt)');
    expect(await (await get('/')).text()).not.toContain('Privacy (bewerkt)');
  });

  it('after an article changes, re-renders its pages and the lists that show it, not the rest', async () => {
    const since = stream.received.length;
    const rebuild = await afterEdit(
      editArticle('why-simple-analytics-is-a-great-alternative-to-matomo', (row) => ({
        ...row,
        title: 'Why Simple Analytics beats Matomo (edited)',
        content: `${String(row.content)}\n\nOne more paragraph, added by an editor.`,
        updatedAt: '2026-11-30T10:00:00.000Z',
      })),
      ARTICLES_FILE,
    );
    expect(rebuild.report.pagesRendered).toBeGreaterThan(0);
    expect(rebuild.report.pagesRendered).toBeLessThan(rebuild.report.pages / 4);
    const reload = await stream.next((event) => event.event === 'reload', { since });
    const pages = (reload.data as { pages: string[] }).pages;
    expect(pages).toContain(ARTICLE_URL);
    expect(pages).toContain('/blog');
    expect(pages).not.toContain('/pricing');
    expect(pages).not.toContain('/nl/prijzen');
    const article = await page(ARTICLE_URL);
    expect(article.text(article.one('h1'))).toBe('Why Simple Analytics beats Matomo (edited)');
    expect(article.text()).toContain('One more paragraph, added by an editor.');
  });

  it('after that edit, serves what a fresh build of the edited files builds, byte for byte (nothing stale from what it kept in memory)', async () => {
    const outDir = path.join(dir, 'after-edit', 'out');
    await build({
      siteDir,
      outDir,
      hostConfigDir: path.join(dir, 'after-edit', 'host'),
      cacheDir: path.join(dir, 'after-edit', 'cache'),
      cms: undefined,
      includeDrafts: true,
      skipInvalid: false,
      host: 'nginx',
    });
    const fresh = await readTree(outDir);
    expect(fresh.get('blog/why-simple-analytics-is-a-great-alternative-to-matomo.html')?.toString()).toContain(
      'One more paragraph, added by an editor.',
    );
    expect(diffTrees(await readTree(preview.outDir), fresh)).toEqual([]);
  });

  it('answers a save without a change as up to date: nothing is rendered or written again', async () => {
    const file = path.join(siteDir, ARTICLES_FILE);
    const rebuild = await afterEdit(async () => {
      const later = new Date(Date.now() + 2_000);
      await utimes(file, later, later);
    }, ARTICLES_FILE);
    expect(rebuild.report.upToDate).toBe(true);
    expect(rebuild.report.pagesRendered).toBe(0);
  });

  it('leaves an invalid record out and lists it without blocking (not the overlay), and lists it no more when it is fixed', async () => {
    const since = stream.received.length;
    await editArticle('why-simple-analytics-is-a-great-alternative-to-matomo', (row) => ({ ...row, excerpt: 42 }))();
    const listed = await stream.next(
      (event) =>
        event.event === 'content-problems' &&
        (event.data as { problems: BuildProblem[] }).problems.some((item) => item.code === 'CONTENT_INVALID'),
      { since },
    );
    const invalid = (listed.data as { problems: BuildProblem[] }).problems.filter(
      (item) => item.code === 'CONTENT_INVALID',
    );
    expect(invalid).toHaveLength(1);
    expect(invalid[0]!.message).toMatch(/^left out: articles #1020 \(en\)  excerpt: /);
    expect(stream.received.slice(since).map((event) => event.event)).not.toContain('problem');
    expect(preview.status().problem).toBeUndefined();
    expect(preview.status().contentProblems).toEqual((listed.data as { problems: BuildProblem[] }).problems);
    // The entry's page is gone; every other page is served as built.
    expect((await get(ARTICLE_URL)).status).toBe(404);
    expect((await get(DRAFT_URL)).status).toBe(200);

    const fixed = stream.received.length;
    await editArticle('why-simple-analytics-is-a-great-alternative-to-matomo', (row) => ({
      ...row,
      excerpt: 'Fixed.',
    }))();
    const cleared = await stream.next((event) => event.event === 'content-problems', { since: fixed });
    expect(
      (cleared.data as { problems: BuildProblem[] }).problems.some((item) => item.code === 'CONTENT_INVALID'),
    ).toBe(false);
    await stream.next((event) => event.event === 'reload', { since: fixed });
    expect(await (await get(ARTICLE_URL)).text()).toContain('One more paragraph, added by an editor.');
    const fresh = await openEventStream(`${preview.url}/__sitegen/events`);
    const hello = await fresh.next((event) => event.event === 'hello', { since: 0 });
    fresh.close();
    expect((hello.data as { problem?: unknown }).problem).toBeUndefined();
    expect((hello.data as { contentProblems: BuildProblem[] }).contentProblems).toEqual(
      preview.status().contentProblems,
    );
  });

  it('shows a broken locale file in the overlay and clears when it is fixed', async () => {
    const file = path.join(siteDir, 'locales', 'de.json');
    const good = await readFile(file, 'utf8');
    const since = stream.received.length;
    await writeFile(file, good.slice(0, 200));
    const problem = await stream.next((event) => event.event === 'problem', { since });
    expect(problem.data).toMatchObject({ code: 'SITE_CONFIG_INVALID' });
    expect((problem.data as PreviewProblem).message).toContain('locales/de.json');
    expect((await get('/de')).status).toBe(200);
    const fixed = stream.received.length;
    await writeFile(file, good);
    await stream.next((event) => event.event === 'reload', { since: fixed });
    expect(preview.status().problem).toBeUndefined();
  });

  it("never writes the site's out/, and refuses to build the preview there", async () => {
    expect(path.relative(path.join(siteDir, 'out'), preview.outDir).startsWith('..')).toBe(true);
    expect(await readdir(path.join(siteDir, 'out'))).toEqual(['deployed.txt']);
    expect((await stat(path.join(siteDir, 'out', 'deployed.txt'))).size).toBe('the last real build\n'.length);
    await expect(
      startPreview({
        siteDir,
        cacheDir: path.join(dir, 'cache'),
        previewDir: siteDir,
        cms: undefined,
        includeDrafts: true,
        port: 0,
      }),
    ).rejects.toMatchObject({ code: 'OUTPUT_WRITE_FAILED' });
  });
});
