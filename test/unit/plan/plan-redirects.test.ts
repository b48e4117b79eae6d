import { beforeAll, describe, expect, it } from 'vitest';
import { SitegenError } from '../../../pipeline/errors.ts';
import { planRedirects, redirectInputs } from '../../../pipeline/plan/plan-redirects.ts';
import type { RedirectsFile } from '../../../pipeline/site/schemas.ts';
import { loadSite } from '../../../pipeline/site/load-site.ts';
import type { Site } from '../../../pipeline/site/site.ts';
import type { ContentFamily } from '../../../pipeline/transform/transform-content.ts';
import { blogPaths, makeBlogFamily, makeContent, makePages } from '../../fixtures/hosts/redirect-model.ts';
import { REPO_ROOT } from '../../helpers/content.ts';

let repoSite: Site;
beforeAll(async () => {
  repoSite = await loadSite(REPO_ROOT);
});

type Entry = RedirectsFile['redirects'][number];
const path = (
  from: string,
  to: string,
  extra: Partial<{ status: 301 | 302 | 307 | 308; force: boolean }> = {},
): Entry => ({ from, to, status: 308, force: false, ...extra });

function plan(families: ContentFamily[], redirects: Entry[], extraPages: string[] = []) {
  const site = { ...repoSite, redirects };
  return planRedirects(
    redirectInputs({
      site,
      content: makeContent(families),
      pages: makePages([...families.flatMap(blogPaths), ...extraPages]),
    }),
  );
}

function failure(run: () => unknown): SitegenError {
  try {
    run();
  } catch (error) {
    if (error instanceof SitegenError) return error;
    throw error;
  }
  throw new Error('expected a SitegenError');
}

const hello = makeBlogFamily('hello', { en: 'hello-world', nl: 'hallo-wereld' });

describe('planRedirects: localized slugs', () => {
  it('sends every other slug of an entry under each locale to that locale’s slug, with 308', () => {
    const { plan: result } = plan([hello], []);
    expect(result.rules.map((rule) => `${rule.status} ${rule.from} → ${rule.to}`)).toEqual([
      '308 /blog/hallo-wereld → /blog/hello-world',
      '308 /de/blog/hallo-wereld → /de/blog/hello-world',
      '308 /es/blog/hallo-wereld → /es/blog/hello-world',
      '308 /fr/blog/hallo-wereld → /fr/blog/hello-world',
      '308 /it/blog/hallo-wereld → /it/blog/hello-world',
      '308 /nl/blog/hello-world → /nl/blog/hallo-wereld',
    ]);
    expect(result.rules.every((rule) => rule.origin === 'slug' && rule.label.startsWith('articles:hello ('))).toBe(
      true,
    );
  });

  it('leaves out a slug redirect whose source is another entry’s page, and says so', () => {
    // Another post's English page has the Dutch slug of "hello".
    const other = makeBlogFamily('other', { en: 'hallo-wereld' });
    const { plan: result, warnings } = plan([hello, other], []);
    expect(result.rules.map((rule) => rule.from)).not.toContain('/blog/hallo-wereld');
    expect(warnings).toEqual([
      expect.stringMatching(
        /^\d+ localized-slug redirects were left out because their source is a page of another entry: /,
      ),
    ]);
  });

  it('leaves out a source two entries claim, and says so', () => {
    const a = makeBlogFamily('a', { en: 'alpha', de: 'gemeinsam' });
    const b = makeBlogFamily('b', { en: 'beta', de: 'gemeinsam' });
    const { plan: result, warnings } = plan([a, b], []);
    expect(result.rules.map((rule) => rule.from)).not.toContain('/blog/gemeinsam');
    expect(warnings.join('\n')).toContain(
      'two entries claim the source: /blog/gemeinsam (articles:a (en), articles:b (en))',
    );
  });
});

describe('planRedirects: redirects.json', () => {
  it('expands a route rule to every locale and collapses it with the slug redirects to one hop', () => {
    const old: Entry = { route: 'blog-slug', from: { slug: 'old-hello' }, to: { slug: 'hello-world' }, status: 308 };
    const rules = plan([hello], [old]).plan.rules.filter((rule) => rule.origin === 'list');
    expect(rules.map((rule) => `${rule.from} → ${rule.to} (${rule.label})`)).toEqual([
      '/blog/old-hello → /blog/hello-world (redirects.json #1 (en))',
      '/de/blog/old-hello → /de/blog/hello-world (redirects.json #1 (de))',
      '/es/blog/old-hello → /es/blog/hello-world (redirects.json #1 (es))',
      '/fr/blog/old-hello → /fr/blog/hello-world (redirects.json #1 (fr))',
      '/it/blog/old-hello → /it/blog/hello-world (redirects.json #1 (it))',
      '/nl/blog/old-hello → /nl/blog/hallo-wereld (redirects.json #1 (nl))',
    ]);
  });

  it('collapses a chain to one hop and never turns a temporary hop permanent', () => {
    const rules = plan(
      [hello],
      [path('/a', '/b'), path('/b', '/c', { status: 307 }), path('/c', '/blog/hello-world')],
    ).plan.rules.filter((rule) => rule.origin === 'list');
    expect(rules.map((rule) => `${rule.status} ${rule.from} → ${rule.to}`)).toEqual([
      '307 /a → /blog/hello-world',
      '307 /b → /blog/hello-world',
      '308 /c → /blog/hello-world',
    ]);
  });

  it('takes a hand-written rule over the computed one for the same source', () => {
    const rules = plan([hello], [path('/nl/blog/hello-world', '/pricing-page')], ['/pricing-page']).plan.rules;
    expect(rules.filter((rule) => rule.from === '/nl/blog/hello-world')).toEqual([
      expect.objectContaining({ to: '/pricing-page', origin: 'list' }),
    ]);
  });

  it('accepts an https target and a forced rule over a page', () => {
    const rules = plan(
      [hello],
      [
        path('/docs', 'https://docs.simpleanalytics.com'),
        path('/blog/hello-world', '/de/blog/hello-world', { force: true }),
      ],
    ).plan.rules;
    expect(rules.find((rule) => rule.from === '/docs')?.to).toBe('https://docs.simpleanalytics.com');
    expect(rules.find((rule) => rule.from === '/blog/hello-world')?.force).toBe(true);
  });

  it('leaves out, with a warning, a redirect to an entry this build does not have (the CMS decides which exist)', () => {
    const { plan: result, warnings } = plan(
      [hello],
      [path('/old', '/blog/unpublished-post'), path('/old-nl', '/nl/blog/hello-world')],
    );
    expect(result.rules.map((rule) => rule.from)).not.toContain('/old');
    expect(result.rules.find((rule) => rule.from === '/old-nl')?.to).toBe('/nl/blog/hallo-wereld');
    expect(warnings).toEqual([
      '1 hand-written redirect was left out because this build has no page for the entry it points at (unpublished or deleted in the CMS?): /old → /blog/unpublished-post',
    ]);
  });

  it('plans the root language detection and the 404 page of each locale, most specific prefix first', () => {
    const { rootLanguage, notFound } = plan([], []).plan;
    expect(rootLanguage).toEqual({
      cookie: 'locale',
      status: 307,
      targets: ['nl', 'de', 'es', 'fr', 'it'].map((locale) => ({ locale, urlPath: `/${locale}` })),
    });
    expect(notFound.map((page) => `${page.prefix} ${page.outputPath}`)).toEqual([
      '/de/ de/404.html',
      '/es/ es/404.html',
      '/fr/ fr/404.html',
      '/it/ it/404.html',
      '/nl/ nl/404.html',
      '/ 404.html',
    ]);
  });
});

describe('planRedirects: verification', () => {
  it('fails once, listing every offender: page sources, duplicates, case clashes, loops and missing targets', () => {
    const error = failure(() =>
      plan(
        [hello],
        [
          path('/blog/hello-world', '/nl/blog/hallo-wereld'),
          path('/dup', '/blog/hello-world'),
          path('/dup', '/blog/hello-world'),
          path('/Case', '/blog/hello-world'),
          path('/case', '/blog/hello-world'),
          path('/loop-a', '/loop-b'),
          path('/loop-b', '/loop-a'),
          path('/gone', '/nowhere'),
          path('/Blog/Hello-World', '/blog/hello-world'),
        ],
      ),
    );
    expect(error.code).toBe('REDIRECTS_INVALID');
    expect(error.message).toMatchInlineSnapshot(`
      "7 redirect problems.
        sources differ only in case: "/blog/hello-world" (redirects.json #1), "/Blog/Hello-World" (redirects.json #9)
        redirects.json #1: source "/blog/hello-world" is a page of this build; remove the rule, or add "force": true to shadow the page
        redirects.json #9: source "/Blog/Hello-World" differs only in case from the page "/blog/hello-world" (nginx and Vercel match sources regardless of case, so it would hide the page)
        duplicate source "/dup": redirects.json #2, redirects.json #3
        sources differ only in case: "/Case" (redirects.json #4), "/case" (redirects.json #5)
        redirects.json #6: redirect loop /loop-a → /loop-b → /loop-a
        redirects.json #8: target "/nowhere" is not a page of this build"
    `);
  });

  it('refuses hostile or host-breaking sources and targets, each named', () => {
    const error = failure(() =>
      plan(
        [hello],
        [
          path('//evil.example', '/blog/hello-world'),
          path('/\\evil.example', '/blog/hello-world'),
          path('/%2F%2Fevil.example', '/blog/hello-world'),
          path('/a/../b', '/blog/hello-world'),
          path('/trailing/', '/blog/hello-world'),
          path('/page.html', '/blog/hello-world'),
          path('/', '/nl'),
          path('/:splat', '/blog/hello-world'),
          path('/ok-1', '//evil.example'),
          path('/ok-2', '/\\evil.example'),
          path('/ok-3', 'http://example.com/x'),
          path('/ok-4', 'https://user:pw@example.com/'),
          path('/ok-5', 'https://example.com/x?utm=1'),
          path('/ok-6', 'javascript:alert(1)'),
          path('/ok-7', 'https://example.com/$x'),
        ],
      ),
    );
    expect(
      error.message
        .split('\n')
        .slice(1)
        .map((line) => line.trim()),
    ).toEqual([
      'redirects.json #1: source "//evil.example" has an empty segment ("//")',
      'redirects.json #2: source "/\\evil.example" has characters other than letters, digits and "-._~" (no "%" except in encoded letters, no ":", "*", "?", "#", "\\" or spaces)',
      'redirects.json #3: source "/%2F%2Fevil.example" has characters other than letters, digits and "-._~" (no "%" except in encoded letters, no ":", "*", "?", "#", "\\" or spaces)',
      'redirects.json #4: source "/a/../b" has a "." or ".." segment',
      'redirects.json #5: source "/trailing/" ends with "/" (trailing slashes are removed before the lookup; leave it off)',
      'redirects.json #6: source "/page.html" ends with ".html" (".html" is removed before the lookup; leave it off)',
      'redirects.json #7: source "/" is the root, which only the language detection redirects',
      'redirects.json #8: source "/:splat" has characters other than letters, digits and "-._~" (no "%" except in encoded letters, no ":", "*", "?", "#", "\\" or spaces)',
      'redirects.json #9: target "//evil.example" could be read as another host ("//" or "\\" at the start)',
      'redirects.json #10: target "/\\evil.example" could be read as another host ("//" or "\\" at the start)',
      'redirects.json #11: target "http://example.com/x" is an absolute URL but not https',
      'redirects.json #12: target "https://user:pw@example.com/" carries credentials',
      'redirects.json #13: target "https://example.com/x?utm=1" has a query or fragment (the request\'s query string is kept instead)',
      'redirects.json #14: target "javascript:alert(1)" is an absolute URL but not https',
      'redirects.json #15: target "https://example.com/$x" has characters some host formats cannot carry ("$", quotes, spaces, "\\")',
    ]);
  });

  it('with dropBroken (the preview), leaves out every broken rule and the rules that lead into one, each a warning, and keeps the rest', () => {
    const site = {
      ...repoSite,
      redirects: [
        path('/Blog/Hello-World', '/blog/hello-world'),
        path('/dup', '/blog/hello-world'),
        path('/dup', '/blog/hello-world'),
        path('/loop-a', '/loop-b'),
        path('/loop-b', '/loop-a'),
        path('/into-the-loop', '/loop-a'),
        path('/gone', '/nowhere'),
        path('/old-hello', '/blog/hello-world'),
        { route: 'glossary-category-slug' as const, from: { slug: 'x' }, to: { slug: 'y' }, status: 308 as const },
      ],
    };
    const options = { site, content: makeContent([hello]), pages: makePages(blogPaths(hello)) };
    expect(() => planRedirects(redirectInputs(options))).toThrow(SitegenError);
    const result = planRedirects(redirectInputs({ ...options, dropBroken: true }));
    expect(result.dropped).toEqual([
      'redirects.json #9: "from" gives the parameters {slug}, route glossary-category-slug takes {category, slug}',
      'redirects.json #9: "to" gives the parameters {slug}, route glossary-category-slug takes {category, slug}',
      'redirects.json #1: source "/Blog/Hello-World" differs only in case from the page "/blog/hello-world" (nginx and Vercel match sources regardless of case, so it would hide the page)',
      'duplicate source "/dup": redirects.json #2, redirects.json #3',
      'redirects.json #4: redirect loop /loop-a → /loop-b → /loop-a',
      'redirects.json #7: target "/nowhere" is not a page of this build',
      'redirects.json #6: target "/loop-a" is not a page of this build',
    ]);
    expect(result.warnings.filter((warning) => warning.startsWith('redirect left out: '))).toEqual(
      result.dropped.map((line) => `redirect left out: ${line}`),
    );
    const kept = result.plan.rules.filter((rule) => rule.origin === 'list').map((rule) => `${rule.from} → ${rule.to}`);
    expect(kept).toEqual(['/old-hello → /blog/hello-world']);
    // The slug redirects of the content are untouched.
    expect(result.plan.rules.filter((rule) => rule.origin === 'slug')).toEqual(plan([hello], []).plan.rules);
  });

  it('names a route rule whose parameters do not fit the route', () => {
    const error = failure(() =>
      plan([hello], [{ route: 'glossary-category-slug', from: { slug: 'x' }, to: { slug: 'y' }, status: 308 }]),
    );
    expect(error.message).toContain(
      'redirects.json #1: "from" gives the parameters {slug}, route glossary-category-slug takes {category, slug}',
    );
  });

  it('lists at most 60 offenders and counts the rest', () => {
    const many = Array.from({ length: 75 }, (_, index) => path(`/missing-${index}`, `/nowhere-${index}`));
    const error = failure(() => plan([], many));
    expect(error.message.split('\n')[0]).toBe('75 redirect problems.');
    expect(error.message).toContain('… and 15 more');
  });
});
