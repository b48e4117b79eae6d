import { DEFAULT_LOCALE, LOCALES, type Locale } from '../locale.ts';
import type { Collection } from '../fetch/collections.ts';
import type { ArticleRecord } from '../validate/schemas.ts';

type FamilyRecord = Pick<
  ArticleRecord,
  'id' | 'documentId' | 'locale' | 'slug' | 'articleType' | 'updatedAt' | 'localizations'
>;

export interface RecordFamily<T extends FamilyRecord> {
  /** Stable across builds and sources: `collection:documentId`, or the lowest id of a v4 family. */
  key: string;
  collection: Collection;
  articleType: string;
  members: Partial<Record<Locale, T>>;
}

export interface LanguageSlug {
  slug: string;
  /** The locale whose version a page in this locale shows: its own, or English. */
  sourceLocale: Locale;
  /** True when this locale has no version of its own and shows the English one. */
  isFallback: boolean;
}
/** The locales that have a page of the entry; a locale without one is absent. */
export type LanguagesMap = Partial<Record<Locale, LanguageSlug>>;

/**
 * Groups the localizations of one article into a family: by documentId (v5, snapshot), else by the ids
 * that v4 rows list in `localizations` (union-find). Two records of one locale in a family keep the newer.
 */
export function groupFamilies<T extends FamilyRecord>(
  collection: Collection,
  records: T[],
): { families: RecordFamily<T>[]; warnings: string[] } {
  const warnings: string[] = [];
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const union = (a: number, b: number) => {
    const [rootA, rootB] = [find(a), find(b)];
    if (rootA !== rootB) parent.set(Math.max(rootA, rootB), Math.min(rootA, rootB));
  };
  const byId = new Map(records.map((record) => [record.id, record]));
  for (const record of records) {
    find(record.id);
    if (record.documentId !== undefined) continue;
    for (const other of record.localizations ?? []) if (byId.has(other.id)) union(record.id, other.id);
  }

  const groups = new Map<string, T[]>();
  for (const record of records) {
    const key =
      record.documentId !== undefined ? `${collection}:${record.documentId}` : `${collection}:#${find(record.id)}`;
    groups.set(key, [...(groups.get(key) ?? []), record]);
  }

  const families: RecordFamily<T>[] = [];
  for (const [key, group] of [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const members: Partial<Record<Locale, T>> = {};
    for (const record of group) {
      const existing = members[record.locale];
      if (existing) {
        warnings.push(
          `${collection} #${existing.id} and #${record.id} are both the ${record.locale} version of ${key}; kept the newer one`,
        );
        if (existing.updatedAt >= record.updatedAt) continue;
      }
      members[record.locale] = record;
    }
    families.push({ key, collection, articleType: members[primaryLocale({ members })]!.articleType, members });
  }
  return { families, warnings };
}

/**
 * Per locale, the slug and the version its page shows: its own, else the English one (flagged as a
 * fallback, spec §4). A family without an English version has pages only in its own locales: another
 * language is never shown as the English version (issue 11).
 */
export function planLanguages<T extends FamilyRecord>(family: RecordFamily<T>): LanguagesMap {
  const english = family.members[DEFAULT_LOCALE];
  const languages: LanguagesMap = {};
  for (const locale of LOCALES) {
    const own = family.members[locale];
    if (own) languages[locale] = { slug: own.slug, sourceLocale: locale, isFallback: false };
    else if (english) languages[locale] = { slug: english.slug, sourceLocale: DEFAULT_LOCALE, isFallback: true };
  }
  return languages;
}

/** The version a family is sorted and listed by: English, else the first locale that has one. */
export function primaryLocale(family: { members: Partial<Record<Locale, unknown>> }): Locale {
  return LOCALES.find((locale) => family.members[locale] !== undefined)!;
}
