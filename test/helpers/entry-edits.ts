// Edits of the embedded articles as editors make them, for the tests of what an edit re-plans and re-hashes.
import type { PageCodeHashes } from '../../pipeline/cache/page-hash.ts';
import type { PageTemplate } from '../../pipeline/plan/page-plan.ts';
import { loadSite } from '../../pipeline/site/load-site.ts';
import type { Site } from '../../pipeline/site/site.ts';
import type { FakeRecord } from '../fixtures/strapi/fake-strapi.ts';
import { loadSnapshotRecords, REPO_ROOT } from './content.ts';

/** The site's data files and the embedded snapshot's records, as the fake Strapi takes them. */
export async function loadEmbeddedSite(): Promise<{ site: Site; records: Record<string, FakeRecord[]> }> {
  return { site: await loadSite(REPO_ROOT), records: await loadSnapshotRecords() };
}

/** Code hashes that name each template by its name: the same code before and after an edit. */
export const FIXED_CODE: PageCodeHashes = {
  engine: 'e',
  templates: new Proxy({} as Record<PageTemplate, string>, { get: (_, template) => `t:${String(template)}` }),
};

/**
 * A blog article with a version in every locale (not one the footer links to), and one in English only
 * (shown as a fallback elsewhere).
 */
export function families(articles: FakeRecord[]) {
  const byDocument = new Map<string, FakeRecord[]>();
  for (const record of articles)
    byDocument.set(record.documentId, [...(byDocument.get(record.documentId) ?? []), record]);
  const all = [...byDocument.values()];
  const published = (family: FakeRecord[]) => family.every((record) => record.publishedAt !== null);
  const everywhere = all.find(
    (family) =>
      family.length === 6 &&
      published(family) &&
      family[0]!.articleType === 'blog' &&
      !String(family[0]!.slug).startsWith('why-simple-analytics-is-a-great-alternative'),
  )!;
  const englishOnly = all.find((family) => family.length === 1 && family[0]!.locale === 'en' && published(family))!;
  return { everywhere, englishOnly };
}

/**
 * The embedded articles, with a link in the English-only article's text to the other one's English page:
 * its fallbacks link to that article's page in their own language, the only input of an entry page's
 * plan that comes from another entry.
 */
export function withFallbackLink(articles: FakeRecord[]): FakeRecord[] {
  const { everywhere, englishOnly } = families(articles);
  const target = everywhere.find((record) => record.locale === 'en')!;
  return articles.map((record) =>
    record === englishOnly[0]
      ? { ...record, content: `${String(record.content)}\n\nSee [this post](/blog/${String(target.slug)}).` }
      : record,
  );
}

export const edits: Array<[string, (articles: FakeRecord[]) => FakeRecord[]]> = [
  [
    'the excerpt of an English version',
    (articles) => {
      const { everywhere } = families(articles);
      return articles.map((r) =>
        r === everywhere.find((x) => x.locale === 'en') ? { ...r, excerpt: `${String(r.excerpt)} More.` } : r,
      );
    },
  ],
  [
    'the body of a Dutch version',
    (articles) => {
      const { everywhere } = families(articles);
      return articles.map((r) =>
        r === everywhere.find((x) => x.locale === 'nl')
          ? { ...r, content: `${String(r.content)}\n\nNog een alinea.` }
          : r,
      );
    },
  ],
  [
    'the slug of a Dutch version',
    (articles) => {
      const { everywhere } = families(articles);
      return articles.map((r) =>
        r === everywhere.find((x) => x.locale === 'nl') ? { ...r, slug: `${String(r.slug)}-nieuw` } : r,
      );
    },
  ],
  [
    'the slug of an English version',
    (articles) => {
      const { everywhere } = families(articles);
      return articles.map((r) =>
        r === everywhere.find((x) => x.locale === 'en') ? { ...r, slug: `${String(r.slug)}-new` } : r,
      );
    },
  ],
  [
    'the title of an English article shown as a fallback',
    (articles) => {
      const { englishOnly } = families(articles);
      return articles.map((r) => (r === englishOnly[0] ? { ...r, title: `${String(r.title)}, revised` } : r));
    },
  ],
  [
    'a German version deleted',
    (articles) => {
      const { everywhere } = families(articles);
      return articles.filter((r) => r !== everywhere.find((x) => x.locale === 'de'));
    },
  ],
  [
    'a French version unpublished',
    (articles) => {
      const { everywhere } = families(articles);
      return articles.map((r) => (r === everywhere.find((x) => x.locale === 'fr') ? { ...r, publishedAt: null } : r));
    },
  ],
  [
    'an Italian version marked as translated by machine',
    (articles) => {
      const { everywhere } = families(articles);
      return articles.map((r) =>
        r === everywhere.find((x) => x.locale === 'it') ? { ...r, automaticTranslated: true } : r,
      );
    },
  ],
];
