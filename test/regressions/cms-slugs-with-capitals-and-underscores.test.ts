// issue 11: slugs as the real site's CMS has them (`ccpa_vs_cpra`, `gdpr_fines_faq`,
// `CJEU-cookies-are-sensitive-data`, `HIPAA-and-mental-health`, a Dutch key term starting with a capital)
// failed validation, and one such entry failed the whole build with CONTENT_INVALID.
import { beforeAll, expect, it } from 'vitest';
import { loadSite } from '../../pipeline/site/load-site.ts';
import type { Site } from '../../pipeline/site/site.ts';
import { makeArticle, makeKeyTerm, REPO_ROOT } from '../helpers/content.ts';
import { planContent } from '../helpers/plan-content.ts';

let site: Site;
beforeAll(async () => {
  site = await loadSite(REPO_ROOT);
});

it('builds pages for the real site’s slugs, each kept exactly as written', () => {
  const slugs = ['ccpa_vs_cpra', 'gdpr_fines_faq', 'CJEU-cookies-are-sensitive-data', 'HIPAA-and-mental-health'];
  const { plan, redirects } = planContent(site, {
    articles: slugs.map((slug) => makeArticle({ documentId: slug, locale: 'en', slug })),
    keyTerms: [
      makeKeyTerm({ documentId: 'funnel', locale: 'en', slug: 'conversion-funnel' }),
      makeKeyTerm({ documentId: 'funnel', locale: 'nl', slug: 'Conversietrechter' }),
    ],
  });
  const urlPaths = new Set(plan.pages.map((page) => page.urlPath));
  for (const slug of slugs) expect(urlPaths.has(`/blog/${slug}`), slug).toBe(true);
  expect(
    plan.pages.find((page) => page.urlPath === '/nl/begrippenlijst/analytics/kernbegrip/Conversietrechter')?.outputPath,
  ).toBe('nl/begrippenlijst/analytics/kernbegrip/Conversietrechter.html');
  expect(redirects.plan.rules.find((rule) => rule.from === '/blog/hipaa-and-mental-health')?.to).toBe(
    '/blog/HIPAA-and-mental-health',
  );
});
