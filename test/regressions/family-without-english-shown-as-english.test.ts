// issue 11: a family without a published English version still got English pages: /blog/<a Dutch slug>
// with the Dutch text, lang="en-US" and the notice "Below is the English version".
import { beforeAll, expect, it } from 'vitest';
import { loadSite } from '../../pipeline/site/load-site.ts';
import type { Site } from '../../pipeline/site/site.ts';
import { makeArticle, REPO_ROOT } from '../helpers/content.ts';
import { planContent } from '../helpers/plan-content.ts';

let site: Site;
beforeAll(async () => {
  site = await loadSite(REPO_ROOT);
});

it('plans only the Dutch page of a Dutch-only family, shown as itself', () => {
  const { plan, redirects } = planContent(site, {
    articles: [makeArticle({ documentId: 'nl-only', locale: 'nl', slug: 'alleen-nederlands' })],
  });
  const pages = plan.pages.filter((page) => page.data.template === 'article');
  expect(pages.map((page) => [page.locale, page.urlPath])).toEqual([['nl', '/nl/blog/alleen-nederlands']]);
  const article = pages[0]!.data.template === 'article' ? pages[0]!.data.article : undefined;
  expect(article?.isFallback).toBe(false);
  expect(
    pages[0]!.alternates.some((alternate) => alternate.hreflang === 'x-default' || alternate.hreflang === 'en-US'),
  ).toBe(false);
  expect(redirects.plan.rules.filter((rule) => rule.to.includes('alleen-nederlands'))).toEqual([]);
});
