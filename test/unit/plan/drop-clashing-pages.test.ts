import { beforeAll, describe, expect, it } from 'vitest';
import { planPages } from '../../../pipeline/plan/plan-pages.ts';
import { dropClashingPages } from '../../../pipeline/plan/drop-clashing-pages.ts';
import { loadSite } from '../../../pipeline/site/load-site.ts';
import type { Site } from '../../../pipeline/site/site.ts';
import { transformContent, type Content } from '../../../pipeline/transform/transform-content.ts';
import { planMarkdownJobs } from '../../../pipeline/transform/markdown-jobs.ts';
import { validateContent } from '../../../pipeline/validate/validate-content.ts';
import type { FakeRecord } from '../../fixtures/strapi/fake-strapi.ts';
import { makeArticle, REPO_ROOT } from '../../helpers/content.ts';

let site: Site;
beforeAll(async () => {
  site = await loadSite(REPO_ROOT);
});

function contentOf(articles: FakeRecord[]): Content {
  const valid = validateContent(
    articles.map((record) => ({ collection: 'articles' as const, record })),
    { skipInvalid: false },
  );
  const media = new Map();
  const markdown = planMarkdownJobs({ content: valid, site, media, imageSizes: new Map(), codeHash: 'test' });
  return transformContent({ content: valid, site, media, colours: new Map(), markdown });
}

const blogUrlPaths = (content: Content) =>
  planPages({ content, site })
    .pages.map((page) => page.urlPath)
    .filter((urlPath) => /\/blog\/./.test(urlPath))
    .sort();

describe('dropClashingPages (the preview)', () => {
  it('leaves out the pages of entries whose slugs differ only in case, in that locale only, naming both', () => {
    const content = contentOf([
      makeArticle({ id: 1, documentId: 'a', locale: 'nl', slug: 'Dubbel' }),
      makeArticle({ id: 2, documentId: 'a', locale: 'de', slug: 'doppelt' }),
      makeArticle({ id: 3, documentId: 'b', locale: 'nl', slug: 'dubbel' }),
      makeArticle({ id: 4, documentId: 'c', locale: 'nl', slug: 'anders' }),
    ]);
    expect(() => planPages({ content, site })).toThrow(/claimed by more than one page/);
    const { content: kept, warnings } = dropClashingPages({ content, site });
    expect(warnings).toEqual([
      '/nl/blog/Dubbel and /nl/blog/dubbel (they differ only in case or Unicode normalisation) is claimed by articles #1 (articles:a, nl, slug "Dubbel") and articles #3 (articles:b, nl, slug "dubbel"); their pages there are left out',
    ]);
    expect(blogUrlPaths(kept)).toEqual(['/de/blog/doppelt', '/nl/blog/anders']);
  });

  it('sees the English fallback page of one entry clash with the own page of another', () => {
    const content = contentOf([
      makeArticle({ id: 5, documentId: 'en-only', locale: 'en', slug: 'gedeeld' }),
      makeArticle({ id: 6, documentId: 'nl-only', locale: 'nl', slug: 'gedeeld' }),
    ]);
    expect(() => planPages({ content, site })).toThrow(/claimed by more than one page/);
    const { content: kept, warnings } = dropClashingPages({ content, site });
    expect(warnings).toEqual([
      '/nl/blog/gedeeld is claimed by articles #5 (articles:en-only, nl, the English fallback, slug "gedeeld") and articles #6 (articles:nl-only, nl, slug "gedeeld"); their pages there are left out',
    ]);
    expect(blogUrlPaths(kept)).toEqual([
      '/blog/gedeeld',
      '/de/blog/gedeeld',
      '/es/blog/gedeeld',
      '/fr/blog/gedeeld',
      '/it/blog/gedeeld',
    ]);
  });

  it('changes nothing without a clash', () => {
    const content = contentOf([makeArticle({ id: 7, documentId: 'd', locale: 'en', slug: 'one' })]);
    expect(dropClashingPages({ content, site })).toEqual({ content, warnings: [] });
  });
});
