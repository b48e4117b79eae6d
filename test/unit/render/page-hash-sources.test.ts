// The page hashes of entry pages are taken from what their plans are made from (family, version, site),
// not from the plans. That is sound only if every change of a page's plan (or of its locale's shell) is a
// change of its hash: checked here on the embedded content, edited the ways editors edit it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RenderShared } from '../../../templates/page-context.ts';
import { createPageHasher } from '../../../pipeline/cache/page-hash.ts';
import type { Site } from '../../../pipeline/site/site.ts';
import type { FakeRecord } from '../../fixtures/strapi/fake-strapi.ts';
import { edits, families, FIXED_CODE, loadEmbeddedSite, withFallbackLink } from '../../helpers/entry-edits.ts';
import { planContent } from '../../helpers/plan-content.ts';

let site: Site;
let records: Record<string, FakeRecord[]>;
beforeAll(async () => ({ site, records } = await loadEmbeddedSite()));

const code = FIXED_CODE;

/** Per output path: the page's whole plan with its locale's shell (what its HTML is made from), and its hash. */
function planned(articles: FakeRecord[]) {
  const { plan } = planContent(site, { articles, keyTerms: records['key-terms']! });
  const shared = {
    product: site.config.product,
    messages: site.messages,
    shells: plan.shells,
  } as unknown as RenderShared;
  const hashes = createPageHasher(shared, code, site).hashPages(plan.pages, plan.familyOf, plan.listed);
  const plans = new Map(plan.pages.map((page) => [page.outputPath, JSON.stringify([page, plan.shells[page.locale]])]));
  return { plans, hashes, entryPages: plan.familyOf.size, listed: plan.listed.size };
}

function changedKeys(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((key) => a.get(key) !== b.get(key)).sort();
}

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
    expect(before.listed).toBeGreaterThan(50);
    const plansChanged = changedKeys(before.plans, after.plans);
    const hashesChanged = changedKeys(before.hashes, after.hashes);
    expect(plansChanged.length).toBeGreaterThan(0);
    expect(plansChanged.filter((key) => !hashesChanged.includes(key))).toEqual([]);
    // …and not with much more than that: the edited family's pages at most, besides the pages whose plan changed.
    expect(hashesChanged.length).toBeLessThanOrEqual(plansChanged.length + 6);
  });

  it('stay the same when nothing changed', () => {
    expect(
      changedKeys(
        planned(records.articles!).hashes,
        planned(records.articles!.map((record) => ({ ...record }))).hashes,
      ),
    ).toEqual([]);
  });
});
