// issue 11: with the full content, the legacy Finland and Norway rules of redirects.json redirect from URLs
// that are also CMS country pages, and the build stopped with REDIRECTS_INVALID. The owner's redirect wins.
import { beforeAll, expect, it } from 'vitest';
import { loadSite } from '../../pipeline/site/load-site.ts';
import type { Site } from '../../pipeline/site/site.ts';
import { makeArticle, REPO_ROOT } from '../helpers/content.ts';
import { planContent } from '../helpers/plan-content.ts';

let site: Site;
beforeAll(async () => {
  site = await loadSite(REPO_ROOT);
});

it('emits the Finland and Norway redirects of redirects.json instead of the CMS pages, warning for each', () => {
  const country = (code: string, slug: string) =>
    makeArticle({
      documentId: `country-${code}`,
      locale: 'en',
      slug,
      articleType: 'google-analytics-countries',
      metadata: { country_code: code, illegal: 'yes' },
    });
  const { plan, redirects, shadowWarnings } = planContent(site, {
    articles: [
      country('FI', 'is-google-analytics-illegal-in-finland'),
      country('NO', 'is-google-analytics-illegal-in-norway'),
      makeArticle({
        documentId: 'fi',
        locale: 'en',
        slug: 'finland-is-latest-eu-country-to-crack-down-on-google-analytics',
      }),
      makeArticle({ documentId: 'no', locale: 'en', slug: 'norway-takes-a-stance-against-google-analytics' }),
    ],
  });
  for (const [from, to] of [
    [
      '/google-analytics-illegal/is-google-analytics-illegal-in-finland',
      '/blog/finland-is-latest-eu-country-to-crack-down-on-google-analytics',
    ],
    [
      '/google-analytics-illegal/is-google-analytics-illegal-in-norway',
      '/blog/norway-takes-a-stance-against-google-analytics',
    ],
  ]) {
    expect(redirects.plan.rules.find((rule) => rule.from === from)?.to, from).toBe(to);
    expect(
      plan.pages.some((page) => page.urlPath === from),
      from,
    ).toBe(false);
    expect(
      shadowWarnings.some((warning) => warning.includes(`the redirect from ${from} wins over the page of articles #`)),
      from,
    ).toBe(true);
  }
});
