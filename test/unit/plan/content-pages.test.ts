import { beforeAll, describe, expect, it } from 'vitest';
import { SitegenError } from '../../../pipeline/errors.ts';
import { BLOG_PAGE_SIZE } from '../../../pipeline/plan/plan-pages.ts';
import { planCaseRedirects } from '../../../pipeline/plan/plan-case-redirects.ts';
import type { RedirectRule } from '../../../pipeline/plan/redirect-rule.ts';
import { loadSite } from '../../../pipeline/site/load-site.ts';
import type { Site } from '../../../pipeline/site/site.ts';
import { makeArticle, REPO_ROOT } from '../../helpers/content.ts';
import { planContent } from '../../helpers/plan-content.ts';

let repoSite: Site;
beforeAll(async () => {
  repoSite = await loadSite(REPO_ROOT);
});
const withRedirects = (redirects: Site['redirects']): Site => ({ ...repoSite, redirects });
const pathRule = (from: string, to: string, force = false) => ({ from, to, status: 308 as const, force });

describe('pages of a family (spec §4 fallback, issue 11)', () => {
  it('plans a page in every locale when English has a version, the missing ones as English fallbacks', () => {
    const { plan } = planContent(repoSite, {
      articles: [
        makeArticle({ documentId: 'a', locale: 'en', slug: 'hello' }),
        makeArticle({ documentId: 'a', locale: 'de', slug: 'hallo' }),
      ],
    });
    const pages = plan.pages.filter((page) => page.data.template === 'article');
    expect(pages.map((page) => page.urlPath)).toEqual([
      '/blog/hello',
      '/nl/blog/hello',
      '/de/blog/hallo',
      '/es/blog/hello',
      '/fr/blog/hello',
      '/it/blog/hello',
    ]);
    const fallback = pages.find((page) => page.locale === 'fr')!;
    expect(
      fallback.data.template === 'article' && [fallback.data.article.isFallback, fallback.data.article.version.locale],
    ).toEqual([true, 'en']);
  });

  it('plans no English page and no fallbacks for a family without English; alternates name only its locales, without x-default', () => {
    const { plan } = planContent(repoSite, {
      articles: [
        makeArticle({ documentId: 'b', locale: 'nl', slug: 'hallo' }),
        makeArticle({ documentId: 'b', locale: 'de', slug: 'hallo-de' }),
      ],
    });
    const pages = plan.pages.filter((page) => page.data.template === 'article');
    expect(pages.map((page) => page.urlPath)).toEqual(['/nl/blog/hallo', '/de/blog/hallo-de']);
    for (const page of pages) {
      expect(page.data.template === 'article' && page.data.article.isFallback).toBe(false);
      expect(page.alternates.map((alternate) => alternate.hreflang)).toEqual(['nl-NL', 'de-DE']);
    }
    const dutch = pages[0]!;
    expect(dutch.languageLinks.find((link) => link.locale === 'en')!.href).toBe('/');
    expect(dutch.languageLinks.find((link) => link.locale === 'de')!.href).toBe('/de/blog/hallo-de');
    const lists = (locale: string) => plan.pages.find((page) => page.name === `blog___${locale}`)!;
    const listed = (locale: string) => {
      const data = lists(locale).data;
      return data.template === 'blog-list' ? data.posts.map((post) => post.href) : [];
    };
    expect(listed('en')).toEqual([]);
    expect(listed('nl')).toEqual(['/nl/blog/hallo']);
    expect(listed('fr')).toEqual([]);
    expect(plan.shells.en.latestPosts).toEqual([]);
    expect(plan.shells.nl.latestPosts.map((post) => post.href)).toEqual(['/nl/blog/hallo']);
  });

  it('gives each locale its own number of blog list pages, and a list page alternates only where that page exists', () => {
    const dutchOnly = Array.from({ length: BLOG_PAGE_SIZE + 1 }, (_, index) =>
      makeArticle({ documentId: `nl-${index}`, locale: 'nl', slug: `nl-${index}` }),
    );
    const { plan } = planContent(repoSite, {
      articles: [...dutchOnly, makeArticle({ documentId: 'en-1', locale: 'en', slug: 'only-english' })],
    });
    const names = plan.pages.filter((page) => page.route === 'blog-page').map((page) => page.urlPath);
    expect(names).toEqual(['/nl/blog/pagina/2']);
    const second = plan.pages.find((page) => page.urlPath === '/nl/blog/pagina/2')!;
    expect(second.alternates.map((alternate) => alternate.hreflang)).toEqual(['nl-NL']);
    const first = plan.pages.find((page) => page.urlPath === '/nl/blog')!;
    expect(first.data.template === 'blog-list' && first.data.pagination).toMatchObject({
      page: 1,
      count: 2,
      next: '/nl/blog/pagina/2',
    });
  });
});

describe('hand-written redirects over CMS pages (issue 11)', () => {
  const country = (documentId: string, locale: string, slug: string, code: string) =>
    makeArticle({
      documentId,
      locale,
      slug,
      articleType: 'google-analytics-countries',
      metadata: { country_code: code, illegal: 'yes' },
    });
  const articles = () => [
    country('fi', 'en', 'is-google-analytics-illegal-in-finland', 'FI'),
    country('fi', 'de', 'ist-google-analytics-in-finnland-illegal', 'FI'),
    makeArticle({ documentId: 'fi-blog', locale: 'en', slug: 'finland-news' }),
  ];

  it('emits the redirect, leaves the page out with its alternates and list entries, and warns naming both', () => {
    const site = withRedirects([
      pathRule('/google-analytics-illegal/is-google-analytics-illegal-in-finland', '/blog/finland-news'),
    ]);
    const { plan, redirects, shadowWarnings } = planContent(site, { articles: articles() });
    const urlPaths = plan.pages.map((page) => page.urlPath);
    expect(urlPaths).not.toContain('/google-analytics-illegal/is-google-analytics-illegal-in-finland');
    expect(urlPaths).toContain('/de/google-analytics-lander/ist-google-analytics-in-finnland-illegal');
    // The English fallbacks show the English version, whose own URL is now a redirect: they stay.
    expect(urlPaths).toContain('/nl/google-analytics-verboden/is-google-analytics-illegal-in-finland');
    const german = plan.pages.find(
      (page) => page.urlPath === '/de/google-analytics-lander/ist-google-analytics-in-finnland-illegal',
    )!;
    expect(german.alternates.map((alternate) => alternate.hreflang)).toEqual([
      'nl-NL',
      'de-DE',
      'es-ES',
      'fr-FR',
      'it-IT',
    ]);
    const overview = plan.pages.find((page) => page.name === 'google-analytics-countries___en')!;
    expect(JSON.stringify(overview.data)).not.toContain('is-google-analytics-illegal-in-finland');
    expect(
      redirects.plan.rules.find(
        (rule) => rule.from === '/google-analytics-illegal/is-google-analytics-illegal-in-finland',
      ),
    ).toMatchObject({ to: '/blog/finland-news', origin: 'list' });
    expect(shadowWarnings).toEqual([
      'redirects.json #1: the redirect from /google-analytics-illegal/is-google-analytics-illegal-in-finland wins over the page of articles #' +
        shadowWarnings[0]!.match(/#(\d+) \(articles:fi,/)![1] +
        ' (articles:fi, en); the page is left out',
    ]);
  });

  it('keeps loops, missing targets and off-site http targets as errors', () => {
    const site = withRedirects([
      pathRule('/google-analytics-illegal/is-google-analytics-illegal-in-finland', '/loop-a'),
      pathRule('/loop-a', '/google-analytics-illegal/is-google-analytics-illegal-in-finland'),
      pathRule('/blog/finland-news', '/nowhere'),
      pathRule('/x', 'http://example.com/'),
    ]);
    let error: unknown;
    try {
      planContent(site, { articles: articles() });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SitegenError);
    expect((error as SitegenError).code).toBe('REDIRECTS_INVALID');
    expect((error as SitegenError).message).toContain(
      'redirect loop /google-analytics-illegal/is-google-analytics-illegal-in-finland → /loop-a → /google-analytics-illegal/is-google-analytics-illegal-in-finland',
    );
    expect((error as SitegenError).message).toContain('target "/nowhere" is not a page of this build');
    expect((error as SitegenError).message).toContain('target "http://example.com/" is an absolute URL but not https');
  });

  it('still refuses a rule over one of the site’s own pages unless forced', () => {
    expect(() =>
      planContent(withRedirects([pathRule('/pricing', '/blog/finland-news')]), { articles: articles() }),
    ).toThrow(/source "\/pricing" is a page of this build/);
    expect(
      planContent(withRedirects([pathRule('/pricing', '/blog/finland-news', true)]), {
        articles: articles(),
      }).redirects.plan.rules.some((rule) => rule.from === '/pricing'),
    ).toBe(true);
  });
});

describe('lowercase-to-real-case redirects (issue 11)', () => {
  const rule = (from: string, to = '/x'): RedirectRule => ({
    from,
    to,
    status: 308,
    origin: 'list',
    force: false,
    label: 'redirects.json #1',
  });

  it('sends the lowercase form of each mixed-case URL path to it, and nothing for lowercase or claimed paths', () => {
    const rules = planCaseRedirects(
      ['/blog/HIPAA-and-mental-health', '/blog/ccpa_vs_cpra', '/fr/blog/%C3%89t%C3%A9', '/blog/Taken'],
      [rule('/blog/taken')],
    );
    expect(rules.map((entry) => `${entry.from} → ${entry.to}`)).toEqual([
      '/blog/hipaa-and-mental-health → /blog/HIPAA-and-mental-health',
      '/fr/blog/%C3%A9t%C3%A9 → /fr/blog/%C3%89t%C3%A9',
    ]);
    expect(rules.every((entry) => entry.origin === 'case' && entry.status === 308)).toBe(true);
  });

  it('passes the redirect checks beside its page, where a hand-written rule differing only in case still fails', () => {
    const articles = [makeArticle({ documentId: 'h', locale: 'en', slug: 'HIPAA-and-mental-health' })];
    const { redirects } = planContent(repoSite, { articles });
    expect(redirects.plan.rules.filter((entry) => entry.origin === 'case').map((entry) => entry.from)).toContain(
      '/blog/hipaa-and-mental-health',
    );
    expect(() =>
      planContent(withRedirects([pathRule('/blog/Hipaa-And-Mental-Health', '/pricing')]), { articles }),
    ).toThrow(/differs only in case from the page "\/blog\/HIPAA-and-mental-health"/);
  });

  it('accepts hand-written sources with non-ASCII letters, written encoded or not, and refuses encoded non-letters', () => {
    const articles = [makeArticle({ documentId: 'c', locale: 'en', slug: 'coffee' })];
    const { redirects } = planContent(
      withRedirects([pathRule('/fr/vieux-café', '/blog/coffee'), pathRule('/fr/caf%C3%A8', '/blog/coffee')]),
      { articles },
    );
    expect(redirects.plan.rules.filter((entry) => entry.origin === 'list').map((entry) => entry.from)).toEqual([
      '/fr/caf%C3%A8',
      '/fr/vieux-caf%C3%A9',
    ]);
    expect(() => planContent(withRedirects([pathRule('/fr/a%C2%A0b', '/blog/coffee')]), { articles })).toThrow(
      /has percent-encoded characters other than letters and digits/,
    );
    expect(() => planContent(withRedirects([pathRule('/fr/a%FFb', '/blog/coffee')]), { articles })).toThrow(
      /percent-encoded bytes that are not UTF-8/,
    );
  });
});
