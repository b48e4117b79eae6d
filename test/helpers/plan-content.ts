import { dropShadowedPages } from '../../pipeline/plan/drop-shadowed-pages.ts';
import { planPages, type SitePlan } from '../../pipeline/plan/plan-pages.ts';
import { planRedirects, redirectInputs, type PlanRedirectsResult } from '../../pipeline/plan/plan-redirects.ts';
import type { Site } from '../../pipeline/site/site.ts';
import { planMarkdownJobs } from '../../pipeline/transform/markdown-jobs.ts';
import { transformContent, type Content } from '../../pipeline/transform/transform-content.ts';
import { validateContent } from '../../pipeline/validate/validate-content.ts';
import type { FakeRecord } from '../fixtures/strapi/fake-strapi.ts';

export interface PlannedContent {
  content: Content;
  plan: SitePlan;
  redirects: PlanRedirectsResult;
  /** dropShadowedPages' warnings. */
  shadowWarnings: string[];
}

/** The pure stages of build() from validation to the redirect plan, for records as the fake Strapi takes them (no media). */
export function planContent(site: Site, records: { articles?: FakeRecord[]; keyTerms?: FakeRecord[] }): PlannedContent {
  const raw = [
    ...(records.articles ?? []).map((record) => ({ collection: 'articles' as const, record })),
    ...(records.keyTerms ?? []).map((record) => ({ collection: 'key-terms' as const, record })),
  ];
  const valid = validateContent(raw, { skipInvalid: false });
  const media = new Map();
  const jobs = planMarkdownJobs({ content: valid, site, media, imageSizes: new Map(), codeHash: 'test' });
  const transformed = transformContent({ content: valid, site, media, colours: new Map(), markdown: jobs });
  const { content, warnings } = dropShadowedPages({ content: transformed, site });
  const plan = planPages({ content, site });
  return {
    content,
    plan,
    redirects: planRedirects(redirectInputs({ content, site, pages: plan.pages })),
    shadowWarnings: warnings,
  };
}
