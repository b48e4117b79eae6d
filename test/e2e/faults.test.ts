// Whole builds against a fake Strapi (real HTTP on 127.0.0.1) that breaks: missing or broken media
// leave the page without them (or fail with --strict), network faults are ridden out, and a crawl
// that fails leaves out/ and the crawl cache as they were.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../pipeline/build.ts';
import { decodeEntry } from '../../pipeline/cache/store.ts';
import { SitegenError } from '../../pipeline/errors.ts';
import { startFakeStrapi, type FakeFault, type FakeRecord, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { makeArticle, makeKeyTerm, REPO_ROOT } from '../helpers/content.ts';
import { diffTrees, makeTempDir, readTree } from '../helpers/files.ts';
import { copySiteData } from '../helpers/project-copy.ts';

/** The store's media table of a build's cache (download URL → its kept file, hash and digest). */
async function mediaTable(
  options: BuildOptions,
): Promise<Map<string, { file: string; hash: string; digest?: string | undefined }>> {
  const entry = decodeEntry(await readFile(path.join(options.cacheDir, 'store', 'media', 'table')));
  expect(entry?.value).toBeInstanceOf(Map);
  return entry!.value as Map<string, { file: string; hash: string; digest?: string | undefined }>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function temp(prefix: string): Promise<string> {
  const made = await makeTempDir(prefix);
  cleanups.push(made.cleanup);
  return made.dir;
}

const png = (colour: { r: number; g: number; b: number }) =>
  sharp({ create: { width: 40, height: 21, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A cover as Strapi v5 answers it, without colour metadata (so the colour is computed from the file). */
const cover = (file: string) => ({
  id: 1,
  name: file,
  alternativeText: `Cover ${file}`,
  caption: null,
  width: 40,
  height: 21,
  mime: 'image/png',
  url: `/uploads/${file}`,
  formats: null,
  provider_metadata: null,
});

/** alpha: a good cover and a good image in its text; beta: a cover the library lost; gamma: a cover that is not an image; delta: a lost image in its text. */
function records(): FakeRecord[] {
  return [
    makeArticle({
      id: 1,
      documentId: 'alpha',
      locale: 'en',
      coverImageWithoutText: cover('alpha.png'),
      content: 'Before.\n\n![A good chart](/uploads/chart.png)\n\nAfter.',
    }),
    makeArticle({ id: 2, documentId: 'beta', locale: 'en', coverImageWithoutText: cover('gone.png') }),
    makeArticle({ id: 3, documentId: 'gamma', locale: 'nl', coverImageWithoutText: cover('not-an-image.png') }),
    makeArticle({
      id: 4,
      documentId: 'delta',
      locale: 'en',
      content: 'Look:\n\n![Visits <script>alert(1)</script> & more](/uploads/lost-chart.png)\n\nThe end.',
    }),
  ];
}

async function uploads(): Promise<string> {
  const dir = await temp('uploads');
  await writeFile(path.join(dir, 'alpha.png'), await png({ r: 10, g: 120, b: 200 }));
  await writeFile(path.join(dir, 'chart.png'), await png({ r: 200, g: 200, b: 20 }));
  await writeFile(path.join(dir, 'not-an-image.png'), '<!DOCTYPE html><title>Not found</title>');
  return dir;
}

async function fake(uploadsDir: string, faults: FakeFault[] = [], articles = records()): Promise<FakeStrapi> {
  const server = await startFakeStrapi({
    version: 5,
    uploadsDir,
    faults,
    collections: { articles, 'key-terms': [makeKeyTerm({ documentId: 'visit', locale: 'en' })] },
  });
  cleanups.push(() => server.close());
  return server;
}

async function options(server: FakeStrapi, overrides: Partial<BuildOptions> = {}): Promise<BuildOptions> {
  const dir = await temp('faults');
  return {
    siteDir: REPO_ROOT,
    outDir: path.join(dir, 'out'),
    cacheDir: path.join(dir, 'cache'),
    cms: { url: server.restUrl, concurrency: 4, faultRetry: { tries: 3, backoffMs: 20 } },
    includeDrafts: false,
    skipInvalid: false,
    ...overrides,
  };
}

describe('media the CMS lists but cannot serve', () => {
  it('leave their pages without them, with a warning naming the entry, the locale and the URL', async () => {
    const server = await fake(await uploads());
    const build1 = await options(server);
    const report = await build(build1);

    const media = `${server.origin}/uploads`;
    expect(report.mediaUnavailable).toBe(3);
    expect(report.warnings).toContain(
      `articles #2 (en): the cover image ${media}/gone.png is not available (HTTP 404 Not Found); the page is built without a cover`,
    );
    expect(
      report.warnings.find((warning) =>
        warning.startsWith(
          `articles #3 (nl): the cover image ${media}/not-an-image.png is not available (not an image: `,
        ),
      ),
    ).toMatch(/; the page is built without a cover$/);
    // An image in the text is named as the text has it.
    expect(report.warnings).toContain(
      'articles #4 (en): the image /uploads/lost-chart.png in its text is not available (HTTP 404 Not Found); it is shown as its alt text',
    );

    const page = (file: string) => readFile(path.join(build1.outDir, file), 'utf8');
    const alpha = await page('blog/alpha-en.html');
    expect(alpha).toContain('class="article-cover"');
    expect(alpha).toMatch(/<img [^>]*src="\/_media\/chart\.[0-9a-f]{10}\.png"/);
    for (const file of ['blog/beta-en.html', 'nl/blog/gamma-nl.html']) {
      const html = await page(file);
      expect(html).not.toContain('class="article-cover"');
      expect(html).not.toContain('/uploads/');
      expect(html).not.toContain(server.origin);
    }
    const delta = await page('blog/delta-en.html');
    expect(delta).toContain('Visits &lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(delta).not.toContain('lost-chart');
    expect(delta).not.toContain('<script>alert(1)');
    // Nothing unusable is mirrored or cached.
    const mirrored = await readdir(path.join(build1.outDir, '_media'));
    expect(mirrored.filter((file) => /^(gone|not-an-image|lost-chart)\./.test(file))).toEqual([]);
    const cached = await mediaTable(build1);
    expect([...cached.keys()].sort()).toEqual([`${media}/alpha.png`, `${media}/chart.png`]);
    // The store's media files: the two downloads that are images, and the table.
    expect((await readdir(path.join(build1.cacheDir, 'store', 'media'))).sort()).toEqual(
      [...[...cached.values()].map((entry) => entry.file), 'table'].sort(),
    );
  });

  it('fail the build with --strict, listing every one, and the previous out/ stays', async () => {
    const server = await fake(await uploads());
    const build1 = await options(server, { strict: true });
    await mkdir(build1.outDir, { recursive: true });
    await writeFile(path.join(build1.outDir, 'index.html'), 'the previous site');

    const failure = (await build(build1).catch((error: unknown) => error)) as SitegenError;
    expect(failure).toBeInstanceOf(SitegenError);
    expect(failure.code).toBe('MEDIA_UNAVAILABLE');
    expect(failure.message).toMatch(/^3 images entries use are not available \(--strict\):\n/);
    expect(failure.message).toContain('articles #2 (en): the cover image');
    expect(failure.message).toContain('articles #3 (nl): the cover image');
    expect(failure.message).toContain('articles #4 (en): the image');
    expect(failure.hint).toContain('without --strict');
    const previous = await readTree(build1.outDir);
    expect([...previous.keys()]).toEqual(['index.html']);
    expect(previous.get('index.html')!.toString()).toBe('the previous site');
  });

  it('are used as soon as the library has them again, with the same content and cache', async () => {
    const dir = await uploads();
    const server = await fake(dir);
    const build1 = await options(server);
    expect((await build(build1)).mediaUnavailable).toBe(3);

    await writeFile(path.join(dir, 'gone.png'), await png({ r: 250, g: 250, b: 250 }));
    await writeFile(path.join(dir, 'not-an-image.png'), await png({ r: 5, g: 5, b: 5 }));
    await writeFile(path.join(dir, 'lost-chart.png'), await png({ r: 90, g: 9, b: 9 }));
    const report = await build(build1);
    expect(report.upToDate).toBe(false);
    expect(report.mediaUnavailable).toBeUndefined();
    expect(report.warnings.filter((warning) => warning.includes('is not available'))).toEqual([]);
    expect(await readFile(path.join(build1.outDir, 'blog', 'beta-en.html'), 'utf8')).toContain('class="article-cover"');
    expect(await readFile(path.join(build1.outDir, 'nl', 'blog', 'gamma-nl.html'), 'utf8')).toContain(
      'class="article-cover" style="background-color:#050505"',
    );
    expect(await readFile(path.join(build1.outDir, 'blog', 'delta-en.html'), 'utf8')).toMatch(
      /<img [^>]*src="\/_media\/lost-chart\.[0-9a-f]{10}\.png"/,
    );
  });

  it('a kept download whose bytes changed in the cache is not copied into the output but downloaded again', async () => {
    const server = await fake(await uploads());
    const build1 = await options(server);
    await build(build1);
    const index = await mediaTable(build1);
    const alpha = index.get(`${server.origin}/uploads/alpha.png`)!;
    const chart = index.get(`${server.origin}/uploads/chart.png`)!;
    expect(alpha.digest).toBeDefined();
    // The kept file of one download damaged (it is no image any more): its digest no longer matches.
    await writeFile(path.join(build1.cacheDir, 'store', 'media', alpha.file), 'not an image');
    const since = server.requests.length;

    const report = await build(build1);
    // The three that were missing, asked again, and the damaged one; not the kept chart.
    const asked = server.requests
      .slice(since)
      .map((request) => request.path)
      .filter((file) => file.startsWith('/uploads/'));
    expect(asked).toHaveLength(4);
    expect(asked).toContain('/uploads/alpha.png');
    expect(asked).not.toContain('/uploads/chart.png');
    expect(report.warnings.filter((warning) => warning.includes('/uploads/alpha.png'))).toEqual([]);
    expect(await readFile(path.join(build1.cacheDir, 'store', 'media', alpha.file))).not.toEqual(
      Buffer.from('not an image'),
    );
    const after = await mediaTable(build1);
    expect(after.get(`${server.origin}/uploads/alpha.png`)).toEqual(alpha);
    expect(after.get(`${server.origin}/uploads/chart.png`)).toEqual(chart);
  });

  it('a cover file missing from the embedded snapshot (content/uploads) is the same case', async () => {
    const dir = await temp('snapshot');
    const siteDir = await copySiteData(path.join(dir, 'site'));
    await rm(path.join(siteDir, 'content', 'uploads', 'alternative_google_analytics_no_text_6a2290.png'));
    const report = await build({
      siteDir,
      outDir: path.join(dir, 'out'),
      cacheDir: path.join(dir, 'cache'),
      cms: undefined,
      includeDrafts: false,
      skipInvalid: false,
    });

    const missing = report.warnings.filter((warning) =>
      warning.includes('/uploads/alternative_google_analytics_no_text_6a2290.png'),
    );
    expect(missing).toContain(
      'articles #1010 (en): the cover image /uploads/alternative_google_analytics_no_text_6a2290.png is not available (no such file in the content folder); the page is built without a cover',
    );
    expect(missing).toHaveLength(6);
    const html = await readFile(
      path.join(dir, 'out', 'blog', 'why-simple-analytics-is-a-great-alternative-to-google-analytics.html'),
      'utf8',
    );
    expect(html).not.toContain('class="article-cover"');
    expect(html).not.toContain('alternative_google_analytics_no_text');
  });
});

describe('network faults during a build', () => {
  it('a media download reset mid-body is tried again, and the build is whole', async () => {
    const server = await fake(await uploads(), [
      { when: (request) => request.path === '/uploads/alpha.png', kind: 'reset', times: 2 },
    ]);
    const build1 = await options(server);
    await build(build1);
    expect(
      server.requests
        .filter((request) => request.path === '/uploads/alpha.png')
        .map((request) => request.fault ?? request.status),
    ).toEqual(['reset', 'reset', 200]);
    expect(await readFile(path.join(build1.outDir, 'blog', 'alpha-en.html'), 'utf8')).toContain(
      'class="article-cover"',
    );
  });

  it('a media download that keeps breaking fails the build naming the URL and the socket error; out/ stays', async () => {
    const server = await fake(await uploads(), [
      { when: (request) => request.path === '/uploads/alpha.png', kind: 'reset' },
    ]);
    const build1 = await options(server);
    await mkdir(build1.outDir, { recursive: true });
    await writeFile(path.join(build1.outDir, 'index.html'), 'the previous site');
    const failure = (await build(build1).catch((error: unknown) => error)) as SitegenError;
    expect(failure.code).toBe('MEDIA_UNAVAILABLE');
    expect(failure.message).toMatch(
      new RegExp(
        `${server.origin}/uploads/alpha\\.png: (body ended after \\d+ of \\d+ bytes \\(ECONNRESET\\)|read ECONNRESET), on all 3 tries`,
      ),
    );
    expect([...(await readTree(build1.outDir)).keys()]).toEqual(['index.html']);
  });

  it.each([{ fullCrawl: false }, { fullCrawl: true }])(
    'a crawl that fails leaves out/ and the crawl cache as they were (fullCrawl: $fullCrawl)',
    async ({ fullCrawl }) => {
      let broken = false;
      const server = await fake(await uploads(), [
        { when: (request) => broken && request.collection === 'articles' && request.locale === 'en', kind: 'reset' },
      ]);
      const build1 = await options(server);
      await build(build1);
      // The kept crawl: its index and its chunks, entries of the store's `crawl` stage.
      const crawlDir = path.join(build1.cacheDir, 'store', 'crawl');
      const crawlBefore = await readTree(crawlDir);
      expect(crawlBefore.size).toBeGreaterThan(1);
      const outBefore = await readTree(build1.outDir);

      // An edit, then a CMS that breaks every English answer.
      server.setRecords(
        'articles',
        records().map((record) =>
          record.id === 1 ? { ...record, title: 'Alpha, edited', updatedAt: '2025-06-01T10:00:00.000Z' } : record,
        ),
      );
      broken = true;
      const failure = (await build({ ...build1, fullCrawl }).catch((error: unknown) => error)) as SitegenError;
      expect(failure.code).toBe('CMS_UNREACHABLE');
      expect(failure.message).toContain('ECONNRESET');
      // The same entries, byte for byte (the index among them), and nothing else (no half-written entry).
      expect(diffTrees(await readTree(crawlDir), crawlBefore)).toEqual([]);
      const outAfter = await readTree(build1.outDir);
      expect([...outAfter.keys()].sort()).toEqual([...outBefore.keys()].sort());
      expect([...outAfter].every(([file, bytes]) => bytes.equals(outBefore.get(file)!))).toBe(true);
    },
  );
});
