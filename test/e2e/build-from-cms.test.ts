import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../pipeline/build.ts';
import { SitegenError } from '../../pipeline/errors.ts';
import { fetchEntries } from '../../pipeline/fetch/fetch-entries.ts';
import { LOCALES } from '../../pipeline/locale.ts';
import { startFakeStrapi, type FakeStrapi, type FakeStrapiOptions } from '../fixtures/strapi/fake-strapi.ts';
import { makeArticle, makeFamily, makeKeyTerm, REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir, readTree } from '../helpers/files.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function fake(options: Partial<FakeStrapiOptions> & Pick<FakeStrapiOptions, 'collections'>): Promise<FakeStrapi> {
  const server = await startFakeStrapi({ version: 5, ...options });
  cleanups.push(() => server.close());
  return server;
}

async function buildOptions(server: FakeStrapi, overrides: Partial<BuildOptions> = {}): Promise<BuildOptions> {
  const temp = await makeTempDir('cms');
  cleanups.push(temp.cleanup);
  return {
    siteDir: REPO_ROOT,
    outDir: path.join(temp.dir, 'out'),
    cacheDir: path.join(temp.dir, 'cache'),
    cms: { url: server.restUrl, concurrency: 4 },
    includeDrafts: false,
    skipInvalid: false,
    ...overrides,
  };
}

const keyTerms = () => [makeKeyTerm({ documentId: 'page-view', locale: 'en' })];

const threeFamilies = () => [
  ...makeFamily('alpha', ['en', 'nl', 'de']),
  ...makeFamily('beta', ['en']),
  ...makeFamily('gamma', ['en', 'fr'], { publishedAt: '2025-03-01T10:00:00.000Z' }),
];

describe.each([
  { name: 'Strapi v4', options: { version: 4 as const } },
  { name: 'Strapi v5', options: { version: 5 as const } },
  { name: 'the /api/cms proxy', options: { version: 4 as const, proxy: true } },
])('building from $name', ({ options }) => {
  it('reads the capped page size back from meta.pagination instead of assuming it', async () => {
    const server = await fake({
      ...options,
      maxLimit: 2,
      collections: { articles: threeFamilies(), 'key-terms': keyTerms() },
    });
    const build1 = await buildOptions(server);
    const report = await build(build1);

    expect(report.records.articles).toEqual({ en: 3, nl: 1, de: 1, fr: 1 });
    const englishPages = server.requests.filter(
      (request) => request.query.get('locale') === 'en' && /articles/.test(request.url),
    );
    expect(englishPages.map((request) => request.query.get('pagination[page]'))).toEqual(['1', '2']);
    expect(
      englishPages.every(
        (request) => request.query.get('pagination[pageSize]') === (englishPages.indexOf(request) === 0 ? '100' : '2'),
      ),
    ).toBe(true);
    const html = await readFile(path.join(build1.outDir, 'nl', 'blog', 'alpha-nl.html'), 'utf8');
    expect(html).toContain('<html lang="nl-NL"');
    expect(html).toContain('hrefLang="de-DE" href="https://www.simpleanalytics.com/de/blog/alpha-de"');
  });

  it('retries a page that answered 503 once, and the build succeeds', async () => {
    const server = await fake({
      ...options,
      maxLimit: 1,
      collections: { articles: threeFamilies(), 'key-terms': keyTerms() },
      faults: [
        {
          when: (request) => request.collection === 'articles' && request.locale === 'en' && request.page === 2,
          status: 503,
          times: 1,
          retryAfter: '0',
        },
      ],
    });
    const report = await build(await buildOptions(server));

    expect(report.records.articles.en).toBe(3);
    const page2 = server.requests.filter(
      (request) =>
        request.query.get('locale') === 'en' &&
        request.query.get('pagination[page]') === '2' &&
        /articles/.test(request.url),
    );
    expect(page2.map((request) => request.status)).toEqual([503, 200]);
  });
});

describe('a CMS that keeps failing', () => {
  it('fails the build naming the collection, page, URL and status, and leaves the previous out/ alone', async () => {
    const server = await fake({
      maxLimit: 1,
      collections: { articles: threeFamilies(), 'key-terms': keyTerms() },
      faults: [
        {
          when: (request) => request.collection === 'articles' && request.locale === 'en' && request.page === 2,
          status: 500,
        },
      ],
    });
    const options = await buildOptions(server);
    await mkdir(options.outDir, { recursive: true });
    await writeFile(path.join(options.outDir, 'index.html'), 'the previous site');

    const failure = await build(options).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(SitegenError);
    const error = failure as SitegenError;
    expect(error.code).toBe('CMS_HTTP_ERROR');
    expect(error.message).toContain('articles page 2 (locale en)');
    expect(error.message).toContain('HTTP 500');
    expect(error.message).toContain(`GET ${server.restUrl}/articles?`);
    const page2 = server.requests.filter(
      (request) =>
        request.query.get('locale') === 'en' &&
        request.query.get('pagination[page]') === '2' &&
        /articles/.test(request.url),
    );
    expect(page2).toHaveLength(2);
    const previous = await readTree(options.outDir);
    expect([...previous.keys()]).toEqual(['index.html']);
    expect(previous.get('index.html')!.toString()).toBe('the previous site');
  });

  it('says the CMS is unreachable when nothing listens', async () => {
    const server = await startFakeStrapi({ version: 5, collections: { articles: [], 'key-terms': keyTerms() } });
    const options = await buildOptions(server);
    await server.close();
    const failure = (await build(options).catch((error: unknown) => error)) as SitegenError;
    expect(failure.code).toBe('CMS_UNREACHABLE');
    expect(failure.message).toContain('ECONNREFUSED');
  });
});

describe('invalid records', () => {
  const withBadRecords = () => [
    ...threeFamilies(),
    makeArticle({ id: 900, documentId: 'broken', locale: 'de', slug: 'Not A Slug', title: '' }),
    makeArticle({ id: 901, documentId: 'broken-2', locale: 'fr', updatedAt: 'yesterday' }),
  ];

  it('fail the build with every bad record named', async () => {
    const server = await fake({ collections: { articles: withBadRecords(), 'key-terms': keyTerms() } });
    const failure = (await build(await buildOptions(server)).catch((error: unknown) => error)) as SitegenError;
    expect(failure.code).toBe('CONTENT_INVALID');
    expect(failure.message).toMatch(/^2 CMS entries do not match the schema/);
    expect(failure.message).toContain(
      'articles #900 (de)  slug: whitespace (U+0020) is not allowed in a slug (it is unsafe in a URL path)',
    );
    expect(failure.message).toContain('articles #900 (de)  title: must not be empty');
    expect(failure.message).toContain('articles #901 (fr)  updatedAt: must be an ISO 8601 date-time');
  });

  it('are left out with --skip-invalid, and reported as warnings', async () => {
    const server = await fake({ collections: { articles: withBadRecords(), 'key-terms': keyTerms() } });
    const report = await build(await buildOptions(server, { skipInvalid: true }));
    expect(report.records.articles).toEqual({ en: 3, nl: 1, de: 1, fr: 1 });
    expect(report.warnings.filter((warning) => warning.startsWith('left out: articles #90'))).toHaveLength(3);
  });
});

describe('drafts', () => {
  const withDraft = () => [
    ...threeFamilies(),
    makeArticle({ documentId: 'draft-one', locale: 'en', slug: 'a-draft', publishedAt: null }),
  ];

  it.each([4, 5] as const)('appear only with --drafts (Strapi v%i)', async (version) => {
    const server = await fake({ version, collections: { articles: withDraft(), 'key-terms': keyTerms() } });
    const normal = await buildOptions(server);
    await build(normal);
    const normalTree = await readTree(normal.outDir);
    expect(normalTree.has('blog/a-draft.html')).toBe(false);
    expect([...normalTree.values()].some((bytes) => bytes.includes('a-draft'))).toBe(false);

    const preview = await buildOptions(server, { includeDrafts: true });
    await build(preview);
    const draftPage = await readFile(path.join(preview.outDir, 'blog', 'a-draft.html'), 'utf8');
    expect(draftPage).toContain('<meta name="robots" content="noindex"/>');
    // UI strings are typeset (issue 12): a typographic apostrophe, which HTML needs no escape for.
    expect(draftPage).toContain('This is still a draft. Please don\u2019t share, yet.');
    const published = await readFile(path.join(preview.outDir, 'blog', 'alpha-en.html'), 'utf8');
    expect(published).not.toContain('noindex');
  });
});

describe('the record cap', () => {
  it('keeps the 10,000 newest of 10,500 records and warns', async () => {
    const records = Array.from({ length: 10_500 }, (_, index) =>
      makeArticle({
        id: index + 1,
        documentId: `doc-${index}`,
        locale: LOCALES[index % LOCALES.length]!,
        slug: `post-${index}`,
        publishedAt: new Date(Date.UTC(2020, 0, 1) + index * 3_600_000).toISOString(),
      }),
    );
    const server = await fake({ collections: { articles: records, 'key-terms': keyTerms() } });
    const fetched = await fetchEntries({
      cms: { url: server.restUrl, concurrency: 4 },
      contentDir: REPO_ROOT,
      locales: LOCALES,
      includeDrafts: false,
    });

    const articles = fetched.entries.filter((entry) => entry.collection === 'articles');
    expect(articles).toHaveLength(10_000);
    const kept = new Set(articles.map((entry) => entry.record.slug));
    expect(kept.has('post-10499')).toBe(true);
    expect(kept.has('post-499')).toBe(false);
    expect(kept.has('post-500')).toBe(true);
    expect(fetched.warnings).toContain(
      'articles: 10500 records, more than the cap of 10,000; the 500 oldest were left out',
    );
  });
});

describe('consistency checks', () => {
  it('crawls a locale again when its total changes mid-crawl (a publish), and warns', async () => {
    let published = false;
    const server: FakeStrapi = await fake({
      maxLimit: 1,
      collections: { articles: threeFamilies(), 'key-terms': keyTerms() },
      faults: [
        {
          // Not a fault: a hook that publishes an article while page 2 of English is asked for.
          when: (request) => {
            if (!published && request.collection === 'articles' && request.locale === 'en' && request.page === 2) {
              published = true;
              server.setRecords('articles', [
                ...threeFamilies(),
                makeArticle({
                  documentId: 'late',
                  locale: 'en',
                  slug: 'late-news',
                  publishedAt: '2026-01-01T00:00:00.000Z',
                }),
              ]);
            }
            return false;
          },
          status: 500,
        },
      ],
    });
    const report = await build(await buildOptions(server));
    expect(report.records.articles.en).toBe(4);
    expect(
      report.warnings.some((warning) => warning.startsWith('articles (locale en): the total changed between pages')),
    ).toBe(true);
  });
});
