// The page hashes of entry pages are taken from what their plans are made from (family, version, site),
// not from the plans. That is sound only if every change of a page's plan (or of its locale's shell) is a
// change of its hash: checked here on the embedded content, edited the ways editors edit it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RenderShared } from '../../../templates/page-context.ts';
import { hashPageInputs, type PageCodeHashes } from '../../../pipeline/cache/page-hash.ts';
import type { PageTemplate } from '../../../pipeline/plan/page-plan.ts';
import { loadSite } from '../../../pipeline/site/load-site.ts';
import type { Site } from '../../../pipeline/site/site.ts';
import type { FakeRecord } from '../../fixtures/strapi/fake-strapi.ts';
import { loadSnapshotRecords, REPO_ROOT } from '../../helpers/content.ts';
import { planContent } from '../../helpers/plan-content.ts';

let site: Site;
let records: Record<string, FakeRecord[]>;
beforeAll(async () => {
  site = await loadSite(REPO_ROOT);
  records = await loadSnapshotRecords();
});

const code: PageCodeHashes = { engine: 'e', templates: new Proxy({} as Record<PageTemplate, string>, { get: (_, template) => `t:${String(template)}` }) };

/** Per output path: the page's whole plan with its locale's shell (what its HTML is made from), and its hash. */
function planned(articles: FakeRecord[]) {
  const { plan } = planContent(site, { articles, keyTerms: records['key-terms']! });
  const shared = { product: site.config.product, messages: site.messages, shells: plan.shells } as unknown as RenderShared;
  const hashes = hashPageInputs(plan.pages, shared, code, { site, familyOf: plan.familyOf });
  const plans = new Map(plan.pages.map((page) => [page.outputPath, JSON.stringify([page, plan.shells[page.locale]])]));
  return { plans, hashes, entryPages: plan.familyOf.size };
}

function changedKeys(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((key) => a.get(key) !== b.get(key)).sort();
}

/**
 * A blog article with a version in every locale (not one the footer links to), and one in English only
 * (shown as a fallback elsewhere).
 */
function families(articles: FakeRecord[]) {
  const byDocument = new Map<string, FakeRecord[]>();
  for (const record of articles) byDocument.set(record.documentId, [...(byDocument.get(record.documentId) ?? []), record]);
  const all = [...byDocument.values()];
  const published = (family: FakeRecord[]) => family.every((record) => record.publishedAt !== null);
  const everywhere = all.find((family) => family.length === 6 && published(family) && family[0]!.articleType === 'blog' && !String(family[0]!.slug).startsWith('why-simple-analytics-is-a-great-alternative'))!;
  const englishOnly = all.find((family) => family.length === 1 && family[0]!.locale === 'en' && published(family))!;
  return { everywhere, englishOnly };
}

/**
 * The embedded articles, with a link in the English-only article's text to the other one's English page:
 * its fallbacks link to that article's page in their own language, the only input of an entry page's
 * plan that comes from another entry.
 */
function withFallbackLink(articles: FakeRecord[]): FakeRecord[] {
  const { everywhere, englishOnly } = families(articles);
  const target = everywhere.find((record) => record.locale === 'en')!;
  return articles.map((record) => (record === englishOnly[0] ? { ...record, content: `${String(record.content)}\n\nSee [this post](/blog/${String(target.slug)}).` } : record));
}

const edits: Array<[string, (articles: FakeRecord[]) => FakeRecord[]]> = [
  ['the excerpt of an English version', (articles) => { const { everywhere } = families(articles); return articles.map((r) => (r === everywhere.find((x) => x.locale === 'en') ? { ...r, excerpt: `${String(r.excerpt)} More.` } : r)); }],
  ['the body of a Dutch version', (articles) => { const { everywhere } = families(articles); return articles.map((r) => (r === everywhere.find((x) => x.locale === 'nl') ? { ...r, content: `${String(r.content)}\n\nNog een alinea.` } : r)); }],
  ['the slug of a Dutch version', (articles) => { const { everywhere } = families(articles); return articles.map((r) => (r === everywhere.find((x) => x.locale === 'nl') ? { ...r, slug: `${String(r.slug)}-nieuw` } : r)); }],
  ['the slug of an English version', (articles) => { const { everywhere } = families(articles); return articles.map((r) => (r === everywhere.find((x) => x.locale === 'en') ? { ...r, slug: `${String(r.slug)}-new` } : r)); }],
  ['the title of an English article shown as a fallback', (articles) => { const { englishOnly } = families(articles); return articles.map((r) => (r === englishOnly[0] ? { ...r, title: `${String(r.title)}, revised` } : r)); }],
  ['a German version deleted', (articles) => { const { everywhere } = families(articles); return articles.filter((r) => r !== everywhere.find((x) => x.locale === 'de')); }],
  ['a French version unpublished', (articles) => { const { everywhere } = families(articles); return articles.map((r) => (r === everywhere.find((x) => x.locale === 'fr') ? { ...r, publishedAt: null } : r)); }],
  ['an Italian version marked as translated by machine', (articles) => { const { everywhere } = families(articles); return articles.map((r) => (r === everywhere.find((x) => x.locale === 'it') ? { ...r, automaticTranslated: true } : r)); }],
];

describe('page hashes of entry pages, taken from their sources', () => {
  it('the embedded content has the families the edits need', () => {
    const { everywhere, englishOnly } = families(records.articles!);
    expect(everywhere).toHaveLength(6);
    expect(englishOnly).toHaveLength(1);
  });

  it.each(edits)('change with every change of a plan: %s', (_, edit) => {
    const base = withFallbackLink(records.articles!);
    const before = planned(base);
    const after = planned(edit(base));
    expect(before.entryPages).toBeGreaterThan(50);
    const plansChanged = changedKeys(before.plans, after.plans);
    const hashesChanged = changedKeys(before.hashes, after.hashes);
    expect(plansChanged.length).toBeGreaterThan(0);
    expect(plansChanged.filter((key) => !hashesChanged.includes(key))).toEqual([]);
    // …and not with much more than that: the edited family's pages at most, besides the pages whose plan changed.
    expect(hashesChanged.length).toBeLessThanOrEqual(plansChanged.length + 6);
  });

  it('stay the same when nothing changed', () => {
    expect(changedKeys(planned(records.articles!).hashes, planned(records.articles!.map((record) => ({ ...record }))).hashes)).toEqual([]);
  });
});
