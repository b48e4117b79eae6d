// issue 29: through the /api/cms proxy sitegen asked for `question` and `metadata`, which spec §3 and §7 do
// not name; a CMS whose article type lacks them answered 400 "Invalid parameter question" and the build
// stopped with CMS_HTTP_ERROR. An optional field is now dropped with one warning; a field the spec names
// stays required, and its absence is an error naming the field and the content type.
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../pipeline/build.ts';
import { SitegenError } from '../../pipeline/errors.ts';
import { startFakeStrapi, type FakeRecord, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { makeFamily, makeKeyTerm, REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir } from '../helpers/files.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

/** Articles of a content type without these fields: the fake derives its schema from the records' keys. */
function articlesWithout(...fields: string[]): FakeRecord[] {
  return [...makeFamily('alpha', ['en', 'nl', 'de', 'fr']), ...makeFamily('beta', ['en', 'it', 'es'])].map((record) => {
    const copy = { ...record };
    for (const field of fields) delete copy[field];
    return copy;
  });
}

async function serve(articles: FakeRecord[], proxy: boolean): Promise<{ server: FakeStrapi; options: BuildOptions }> {
  const server = await startFakeStrapi({
    version: proxy ? 4 : 5,
    ...(proxy ? { proxy: true } : {}),
    collections: { articles, 'key-terms': [makeKeyTerm({ documentId: 'page-view', locale: 'en' })] },
  });
  const temp = await makeTempDir('optional-fields');
  cleanups.push(() => server.close(), temp.cleanup);
  return {
    server,
    options: {
      siteDir: REPO_ROOT,
      outDir: path.join(temp.dir, 'out'),
      cacheDir: path.join(temp.dir, 'cache'),
      cms: { url: server.restUrl, concurrency: 4 },
      includeDrafts: false,
      skipInvalid: false,
    },
  };
}

const fieldsAsked = (server: FakeStrapi) =>
  server.requests
    .filter((request) => request.query.get('path') === '/articles' && request.status === 200)
    .map((request) => request.query.get('fields')!.split(','));

it('builds through the proxy from a CMS whose article type has no question and no metadata, with one warning for each', async () => {
  const { server, options } = await serve(articlesWithout('question', 'metadata'), true);
  const report = await build(options);

  expect(report.records.articles).toEqual({ en: 2, nl: 1, de: 1, fr: 1, it: 1, es: 1 });
  const dropped = report.warnings.filter((warning) => warning.includes('the CMS has no field'));
  expect(dropped.sort()).toEqual([
    'articles: the CMS has no field "metadata" (it answered 400 to the field list); built without it, as the spec does not name it',
    'articles: the CMS has no field "question" (it answered 400 to the field list); built without it, as the spec does not name it',
  ]);
  const rejected = server.requests.filter((request) => request.status === 400);
  expect(rejected.length).toBeGreaterThan(0);
  // Every answered page was asked without them, and with every field the spec names.
  for (const fields of fieldsAsked(server)) {
    expect(fields).not.toContain('question');
    expect(fields).not.toContain('metadata');
    expect(fields).toEqual(expect.arrayContaining(['title', 'slug', 'showIndex', 'coverImageWithoutText']));
  }
});

it('asks a CMS that has the optional fields for them, and warns about nothing', async () => {
  const { server, options } = await serve(articlesWithout(), true);
  const report = await build(options);

  expect(report.warnings.filter((warning) => warning.includes('the CMS has no field'))).toEqual([]);
  expect(server.requests.filter((request) => request.status === 400)).toEqual([]);
  for (const fields of fieldsAsked(server)) expect(fields).toEqual(expect.arrayContaining(['question', 'metadata']));
});

it('fails naming the field and the content type when the CMS lacks a field the spec names', async () => {
  const { options } = await serve(articlesWithout('authorSlug'), true);
  const error = await build(options).then(
    () => undefined,
    (caught: unknown) => caught,
  );

  expect(error).toBeInstanceOf(SitegenError);
  expect((error as SitegenError).code).toBe('CMS_HTTP_ERROR');
  expect((error as SitegenError).message).toMatch(
    /^The CMS's articles content type has no field "authorSlug", which the spec names \(site-spec §3, §7\)/,
  );
  expect((error as SitegenError).hint).toContain('add "authorSlug" to the articles content type');
});

it('builds from Strapi 5 REST (no field list) whose article type has no question and no metadata, without a warning', async () => {
  const { options } = await serve(articlesWithout('question', 'metadata'), false);
  const report = await build(options);

  expect(report.records.articles).toEqual({ en: 2, nl: 1, de: 1, fr: 1, it: 1, es: 1 });
  expect(report.warnings.filter((warning) => warning.includes('the CMS has no field'))).toEqual([]);
});
