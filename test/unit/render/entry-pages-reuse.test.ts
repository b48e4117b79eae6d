// planSitePages plans only the entry families that changed since the build that wrote the output, and
// takes the others' pages, hashes and sitemap elements as that build kept them. Checked here against
// planning everything, on the embedded content edited the ways editors edit it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { RenderShared } from '../../../templates/page-context.ts';
import type { KeptEntryFamily } from '../../../pipeline/plan/plan-site-pages.ts';
import type { StoreTable } from '../../../pipeline/cache/store.ts';
import { planSitePages, type SitePages } from '../../../pipeline/plan/plan-site-pages.ts';
import { formatSitemapFiles } from '../../../pipeline/emit/format-sitemap.ts';
import type { OutputEntries } from '../../../pipeline/emit/write-output.ts';
import { hasFallbackPage, planShells } from '../../../pipeline/plan/plan-pages.ts';
import { entryFamilies } from '../../../pipeline/transform/transform-content.ts';
import type { Site } from '../../../pipeline/site/site.ts';
import type { FakeRecord } from '../../fixtures/strapi/fake-strapi.ts';
import { edits, families, FIXED_CODE, loadEmbeddedSite, withFallbackLink } from '../../helpers/entry-edits.ts';
import { planContent } from '../../helpers/plan-content.ts';

let site: Site;
let records: Record<string, FakeRecord[]>;
beforeAll(async () => ({ site, records } = await loadEmbeddedSite()));

const code = FIXED_CODE;

type KeptEntryPages = Map<string, KeptEntryFamily>;

/**
 * The store's `entry-pages` table as a build sees it (StoreTable): it starts with what the last build
 * kept (`known`), and what it saves for the next build (`next`) is only what this build read or set.
 */
function entryPagesTable(known: KeptEntryPages): StoreTable<KeptEntryFamily> & { next: KeptEntryPages } {
  const entries = new Map(known);
  const next: KeptEntryPages = new Map();
  return {
    next,
    get(key) {
      const value = entries.get(key);
      if (value !== undefined) next.set(key, value);
      return value;
    },
    set(key, value) {
      entries.set(key, value);
      next.set(key, value);
    },
  };
}

/** planSitePages over the articles, as a build would call it after a build that kept `known` and wrote `previous`. */
function plan(articles: FakeRecord[], previous?: OutputEntries, known: KeptEntryPages = new Map()) {
  const { content } = planContent(site, { articles, keyTerms: records['key-terms']! });
  const shells = planShells({ content, site });
  const shared = { product: site.config.product, messages: site.messages, shells } as unknown as RenderShared;
  const entryPages = entryPagesTable(known);
  const pages = planSitePages({ content, site, shared, code, previous, entryPages });
  return { pages, next: entryPages.next, shells: JSON.stringify(shells), entryFamilies: entryFamilies(content) };
}

/** The output folder a build of these pages leaves: every page with its hash. */
function written(pages: SitePages): OutputEntries {
  return new Map([...pages.hashes].map(([file, hash]) => [file, { hash, bytes: 1 }]));
}

const outlines = (pages: SitePages) =>
  pages.outlines.map((page) =>
    JSON.stringify([page.route, page.locale, page.urlPath, page.outputPath, page.socialImage]),
  );
const sitemap = (pages: SitePages) => formatSitemapFiles(pages.sitemap, { baseUrl: site.config.baseUrl });

describe('planSitePages: entry pages of unchanged families kept from the last build', () => {
  it('a build with nothing kept plans every family, and keeps every family without a fallback page for the next', () => {
    const cold = plan(records.articles!);
    const withFallback = cold.entryFamilies.filter(hasFallbackPage).length;
    expect(cold.entryFamilies.length).toBeGreaterThan(20);
    expect(withFallback).toBeGreaterThan(0);
    expect(cold.pages.families).toEqual({ planned: cold.entryFamilies.length, kept: 0 });
    expect(cold.next.size).toBe(cold.entryFamilies.length - withFallback);
    expect(cold.pages.toRender).toHaveLength(cold.pages.outlines.length);
  });

  it('plans nothing kept again when nothing changed, and gives what planning everything gives', () => {
    const first = plan(records.articles!);
    const again = plan(
      records.articles!.map((record) => ({ ...record })),
      written(first.pages),
      first.next,
    );
    expect(again.pages.families.kept).toBe(first.next.size);
    expect(again.pages.toRender).toEqual([]);
    expect(again.pages.hashes).toEqual(first.pages.hashes);
    expect(outlines(again.pages)).toEqual(outlines(first.pages));
    expect(sitemap(again.pages)).toEqual(sitemap(first.pages));
  });

  it.each(edits)(
    'after an edit (%s): plans the changed family, and gives what planning everything gives',
    (_, edit) => {
      const base = withFallbackLink(records.articles!);
      const before = plan(base);
      const edited = edit(base);
      const reused = plan(edited, written(before.pages), before.next);
      const whole = plan(edited);
      // The same pages, hashes, sitemap and pages to render as a plan of everything against the same output.
      expect(reused.pages.hashes).toEqual(whole.pages.hashes);
      expect(outlines(reused.pages)).toEqual(outlines(whole.pages));
      expect(sitemap(reused.pages)).toEqual(sitemap(whole.pages));
      const changed = [...whole.pages.hashes]
        .filter(([file, hash]) => before.pages.hashes.get(file) !== hash)
        .map(([file]) => file)
        .sort();
      expect(reused.pages.toRender.map((page) => page.outputPath).sort()).toEqual(changed);
      expect(changed.length).toBeGreaterThan(0);
      // Only the edited family (and those with a fallback page) planned, unless the shells changed.
      const withFallback = reused.entryFamilies.filter(hasFallbackPage).length;
      if (reused.shells === before.shells) expect(reused.pages.families.planned).toBeLessThanOrEqual(withFallback + 1);
      else expect(reused.pages.families.kept).toBe(0);
    },
  );

  it('a family kept from the last build is planned again when the output no longer holds its pages as written', () => {
    const first = plan(records.articles!);
    const output = written(first.pages);
    const { everywhere } = families(records.articles!);
    const english = first.pages.outlines.find(
      (page) =>
        page.locale === 'en' &&
        page.urlPath.endsWith(`/${String(everywhere.find((record) => record.locale === 'en')!.slug)}`),
    )!;
    output.set(english.outputPath, { hash: 'edited by hand', bytes: 1 });
    const again = plan(records.articles!, output, first.next);
    expect(again.pages.families.kept).toBe(first.next.size - 1);
    expect(again.pages.toRender.map((page) => page.outputPath)).toEqual([english.outputPath]);
  });

  it("a changed entry that takes a kept page's path fails as planning everything does, naming both", () => {
    const base = records.articles!;
    const first = plan(base);
    const { everywhere } = families(base);
    const kept = everywhere.find((record) => record.locale === 'en')!;
    const other = base.find(
      (record) =>
        record.locale === 'en' &&
        record.articleType === 'blog' &&
        record.documentId !== kept.documentId &&
        record.publishedAt !== null,
    )!;
    const clashing = base.map((record) =>
      record === other ? { ...record, slug: String(kept.slug).toUpperCase() } : record,
    );
    expect(() => plan(clashing)).toThrow(/claimed by more than one page/);
    expect(() => plan(clashing, written(first.pages), first.next)).toThrow(
      new RegExp(
        `claimed by more than one page[\\s\\S]*#${kept.id}[\\s\\S]*#${other.id}|claimed by more than one page[\\s\\S]*#${other.id}[\\s\\S]*#${kept.id}`,
      ),
    );
  });
});
