import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { BLOG_PAGE_SIZE } from '../../pipeline/plan/plan-pages.ts';
import { startFakeStrapi, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { makeFamily, makeKeyTerm, REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir } from '../helpers/files.ts';
import { attr, parseHtml } from '../helpers/html.ts';

let server: FakeStrapi;
let outDir: string;
let cleanup: () => Promise<void>;
const POSTS = BLOG_PAGE_SIZE + 6;

beforeAll(async () => {
  const temp = await makeTempDir('pagination');
  cleanup = temp.cleanup;
  outDir = path.join(temp.dir, 'out');
  const articles = Array.from({ length: POSTS }, (_, index) =>
    makeFamily(`post-${String(index).padStart(2, '0')}`, ['en', 'nl'], {
      publishedAt: new Date(Date.UTC(2025, 0, 1 + index)).toISOString(),
    }),
  ).flat();
  server = await startFakeStrapi({
    version: 5,
    collections: { articles, 'key-terms': [makeKeyTerm({ documentId: 'k', locale: 'en' })] },
  });
  await build({
    siteDir: REPO_ROOT,
    outDir,
    cacheDir: path.join(temp.dir, 'cache'),
    cms: { url: server.restUrl, concurrency: 4 },
    includeDrafts: false,
    skipInvalid: false,
  });
});
afterAll(async () => {
  await server.close();
  await cleanup();
});

const page = async (file: string) => parseHtml(await readFile(path.join(outDir, file), 'utf8'));

describe('the blog list', () => {
  it('shows the newest posts first, a page at a time, with a pager', async () => {
    const first = await page('blog.html');
    const titles = first
      .all('h2')
      .map((heading) => first.text(heading))
      .filter((text) => text.startsWith('Article '));
    expect(titles).toHaveLength(BLOG_PAGE_SIZE);
    expect(titles[0]).toBe(`Article post-${POSTS - 1} (en)`);
    expect(first.text(first.one('nav', (nav) => attr(nav, 'class') === 'pager'))).toContain('Page 1 of 2');
    expect(
      attr(
        first.one('a', (link) => attr(link, 'rel') === 'next'),
        'href',
      ),
    ).toBe('/blog/page/2');
  });

  it('continues on localized page URLs with their own titles and alternates', async () => {
    const second = await page('nl/blog/pagina/2.html');
    expect(second.text(second.one('title'))).toBe('Blog van Simple Analytics, pagina 2');
    expect(second.all('h2').filter((heading) => second.text(heading).startsWith('Article '))).toHaveLength(
      POSTS - BLOG_PAGE_SIZE,
    );
    expect(
      attr(
        second.one('a', (link) => attr(link, 'rel') === 'prev'),
        'href',
      ),
    ).toBe('/nl/blog');
    const alternates = second.all(
      'link',
      (link) => attr(link, 'rel') === 'alternate' && attr(link, 'hreflang') === 'en-US',
    );
    expect(attr(alternates[0], 'href')).toBe('https://www.simpleanalytics.com/blog/page/2');
  });
});
