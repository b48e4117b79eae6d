// The tests run against a real Strapi (one file per major version, one server per file): the build
// from it equals the build from the fake Strapi serving the same content, drafts, token errors, and
// incremental crawls after an edit, an unpublish and a delete.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions, type BuildReport } from '../../pipeline/build.ts';
import { SitegenError } from '../../pipeline/errors.ts';
import { startFakeStrapi, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import { diffTrees, makeTempDir, readTree } from '../helpers/files.ts';
import { startRealStrapi, type RealStrapi, type StrapiMajor } from './real-strapi.ts';
import { seedContent, seedRecords, type SeedContent } from './seed-content.ts';

/**
 * Strapi's local upload provider names a file `<name>_<10 hex>.<ext>`; sitegen mirrors it as
 * `_media/<that stem>.<content hash>.<ext>`. Dropping Strapi's suffix (in paths and in the pages that
 * link them) leaves what the fake, which serves `/uploads/<name>.<ext>`, gives.
 */
export function withoutStrapiFileSuffix(tree: Map<string, Buffer>): Map<string, Buffer> {
  const pattern = /(_media\/[A-Za-z0-9_-]+?)_[0-9a-f]{10}(\.[0-9a-f]{10}\.(?:png|jpe?g|gif|webp|avif|svg))/g;
  const out = new Map<string, Buffer>();
  for (const [file, bytes] of tree) {
    const text = /\.(html|xml|json|txt|css|js|webmanifest)$/.test(file) ? bytes.toString('utf8') : undefined;
    out.set(file.replace(pattern, '$1$2'), text === undefined ? bytes : Buffer.from(text.replace(pattern, '$1$2')));
  }
  return out;
}

/** The slug of one version of the seed (so the tests hold for either variant of the seed). */
function slugOf(content: SeedContent, family: string, locale: string): string {
  const entry = content.entries.find((e) => e.family === family && e.locale === locale);
  if (!entry) throw new Error(`the seed has no ${family} (${locale})`);
  return String(entry.fields['slug']);
}

/** How many published entries of a collection the seed has per locale. */
function publishedPerLocale(content: SeedContent, collection: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of content.entries)
    if (entry.collection === collection && entry.status === 'published')
      counts[entry.locale] = (counts[entry.locale] ?? 0) + 1;
  return counts;
}

export function describeRealStrapi(major: StrapiMajor): void {
  const content = seedContent({ hardCases: true });
  let strapi: RealStrapi;
  let dir: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ dir, cleanup } = await makeTempDir(`real-strapi${major}`));
    strapi = await startRealStrapi(major, content, 240_000);
    console.log(`Strapi ${strapi.version}: seeded and answering in ${(strapi.bootMs / 1000).toFixed(1)} s`);
  }, 300_000); // a loaded two-core machine has seen 90 s
  afterAll(async () => {
    await strapi?.stop();
    await cleanup?.();
  });

  const options = (name: string, overrides: Partial<BuildOptions> = {}): BuildOptions => ({
    siteDir: REPO_ROOT,
    outDir: path.join(dir, name, 'out'),
    cacheDir: path.join(dir, name, 'cache'),
    hostConfigDir: path.join(dir, name, 'host'),
    cms: { url: strapi.restUrl, token: strapi.token, concurrency: 4 },
    includeDrafts: false,
    skipInvalid: false,
    ...overrides,
  });

  /** The same content from the fake Strapi of the same major version (its own token, its own media folder). */
  async function withFake<T>(run: (fake: FakeStrapi) => Promise<T>): Promise<T> {
    const sizes = new Map<string, number>();
    for (const item of content.media) sizes.set(item.file, (await stat(path.join(strapi.mediaDir, item.file))).size);
    const fake = await startFakeStrapi({
      version: major,
      token: 'fake-token',
      collections: seedRecords(content, sizes),
      uploadsDir: strapi.mediaDir,
    });
    try {
      return await run(fake);
    } finally {
      await fake.close();
    }
  }

  async function compareWithFake(
    name: string,
    includeDrafts: boolean,
  ): Promise<{ real: Map<string, Buffer>; report: BuildReport; fakeReport: BuildReport }> {
    const real = options(`${name}-real`, { includeDrafts });
    const report = await build(real);
    const { tree: fakeTree, report: fakeReport } = await withFake(async (fake) => {
      const mirrored = options(`${name}-fake`, {
        includeDrafts,
        cms: { url: fake.restUrl, token: 'fake-token', concurrency: 4 },
      });
      const fakeBuild = await build(mirrored);
      return { tree: await readTree(mirrored.outDir), report: fakeBuild };
    });
    const realTree = withoutStrapiFileSuffix(await readTree(real.outDir));
    expect(report.records).toEqual(fakeReport.records);
    expect(diffTrees(realTree, fakeTree)).toEqual([]);
    return { real: realTree, report, fakeReport };
  }

  describe(`a real Strapi ${major}`, () => {
    it('builds the same site as the fake Strapi serving the same content', async () => {
      const { real, report } = await compareWithFake('published', false);
      // The hard cases are in it, each at its own URL, exactly as the CMS has the slug.
      expect(report.records.articles).toEqual(publishedPerLocale(content, 'articles'));
      expect(report.records['key-terms']).toEqual(publishedPerLocale(content, 'key-terms'));
      expect(real.has(`blog/${slugOf(content, 'ccpa-vs-cpra', 'en')}.html`)).toBe(true);
      expect(real.has(`blog/${slugOf(content, 'cjeu-cookies', 'en')}.html`)).toBe(true);
      expect(real.has(`nl/blog/${slugOf(content, 'dutch-only', 'nl')}.html`)).toBe(true);
      // A family without English has no English page, under either of its slugs.
      expect(real.has(`blog/${slugOf(content, 'dutch-only', 'nl')}.html`)).toBe(false);
      expect(real.has(`blog/${slugOf(content, 'dutch-only', 'de')}.html`)).toBe(false);
      expect(
        [...real.keys()].filter(
          (file) =>
            !/^(nl|de|es|fr|it)(\/|\.html$)/.test(file) &&
            /\.html$/.test(file) &&
            real.get(file)!.toString('utf8').includes('De privacywet in Nederland'),
        ),
      ).toEqual([]);
      // Drafts stay out of a normal build.
      expect(real.has('blog/an-unfinished-article.html')).toBe(false);
      expect(real.has(`nl/blog/${slugOf(content, 'cookie-free', 'nl')}.html`)).toBe(false);
      // The covers and the image in the text are mirrored into _media/ and used by the article.
      const media = [...real.keys()]
        .filter((file) => file.startsWith('_media/'))
        .map((file) => file.replace(/\.[0-9a-f]{10}\.png$/, ''));
      expect(media).toEqual(
        expect.arrayContaining([
          '_media/gdpr_fines_cover',
          '_media/ccpa_cover',
          '_media/cookie_free_cover',
          '_media/fines_per_year',
        ]),
      );
      const article = real.get(`blog/${slugOf(content, 'gdpr-fines', 'en')}.html`)!.toString('utf8');
      expect(article).toMatch(/src="\/_media\/fines_per_year\.[0-9a-f]{10}\.png"/);
      expect(article).toContain('/_media/gdpr_fines_cover.');
      // The colour from the CMS metadata when there is one (in `meta`, or at the top), not the pixels' own.
      expect(article).toContain('#123456');
      expect(real.get(`blog/${slugOf(content, 'ccpa-vs-cpra', 'en')}.html`)!.toString('utf8')).toContain('#abcdef');
    });

    it('builds drafts with --drafts, the same as from the fake', async () => {
      const { real } = await compareWithFake('drafts', true);
      const draft = real.get('blog/an-unfinished-article.html')?.toString('utf8');
      expect(draft).toBeDefined();
      expect(draft).toMatch(/<meta name="robots" content="noindex/);
      expect(real.has(`nl/blog/${slugOf(content, 'cookie-free', 'nl')}.html`)).toBe(true);
      const sitemaps = [...real.entries()].filter(([file]) => /sitemap[^/]*\.xml$/.test(file));
      expect(sitemaps.length).toBeGreaterThan(0);
      for (const [, bytes] of sitemaps) expect(bytes.toString('utf8')).not.toContain('an-unfinished-article');
    });

    it('fails with 401 for a wrong token and 403 for a token that may not read articles, naming the URL', async () => {
      const attempt = async (token: string) => {
        const failing = options(`token-${token.slice(0, 6)}`, { cms: { url: strapi.restUrl, token, concurrency: 4 } });
        const error = await build(failing).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(SitegenError);
        expect(
          await stat(failing.outDir).then(
            () => true,
            () => false,
          ),
        ).toBe(false);
        return error as SitegenError;
      };
      const wrong = await attempt('not-a-token-strapi-knows');
      expect(wrong.code).toBe('CMS_HTTP_ERROR');
      expect(wrong.message).toContain('HTTP 401');
      expect(wrong.message).toContain(`GET ${strapi.restUrl}/`);
      expect(wrong.hint).toContain('API token');
      const keyTermsOnly = await attempt(strapi.keyTermsOnlyToken);
      expect(keyTermsOnly.code).toBe('CMS_HTTP_ERROR');
      expect(keyTermsOnly.message).toContain('HTTP 403');
      expect(keyTermsOnly.message).toContain(`${strapi.restUrl}/articles`);
      expect(`${wrong.message}${keyTermsOnly.message}`).not.toContain(strapi.keyTermsOnlyToken);
    });

    it('after an edit, an unpublish and a delete, an incremental build equals a --full-crawl build', async () => {
      // Pages of one entry, so that a whole crawl costs more requests than patching it.
      const paged = (name: string, overrides: Partial<BuildOptions> = {}) =>
        options(name, { cms: { url: strapi.restUrl, token: strapi.token, concurrency: 4, pageSize: 1 }, ...overrides });
      const warm = paged('incremental');
      const first = await build(warm);

      const edited = slugOf(content, 'gdpr-fines', 'en');
      await strapi.edit('articles', edited, 'en', {
        content: 'Rewritten by an editor in Strapi.\n\n## Still a heading\n\nAnd a paragraph.',
      });
      const afterEdit = await build(warm);
      expect(afterEdit.requests).toBeLessThan(first.requests); // patched: changed entries and counts only
      expect((await readTree(warm.outDir)).get(`blog/${edited}.html`)!.toString('utf8')).toContain(
        'Rewritten by an editor in Strapi.',
      );

      const unpublished = slugOf(content, 'ccpa-vs-cpra', 'es');
      await strapi.unpublish('articles', unpublished, 'es');
      await build(warm);
      expect((await readTree(warm.outDir)).has(`es/blog/${unpublished}.html`)).toBe(false);

      const deleted = slugOf(content, 'bounce-rate', 'fr');
      const deletedPage = (tree: Map<string, Buffer>) =>
        [...tree.keys()].filter((file) => file.startsWith('fr/') && file.endsWith(`/${deleted}.html`));
      expect(deletedPage(await readTree(warm.outDir))).toHaveLength(1);
      await strapi.remove('key-terms', deleted, 'fr');
      const afterDelete = await build(warm);
      const incremental = await readTree(warm.outDir);
      expect(deletedPage(incremental)).toEqual([]);

      const full = paged('full-crawl', { fullCrawl: true });
      const fullReport = await build(full);
      expect(fullReport.pages).toBe(afterDelete.pages);
      expect(diffTrees(incremental, await readTree(full.outDir))).toEqual([]);
    });
  });
}
