import { typeset as typesetText } from '../locale-format.ts';
import { benchOff } from '../bench-off.ts';
import type { MediaFiles } from '../fetch/fetch-media.ts';
import type { Collection } from '../fetch/collections.ts';
import { LOCALES, type Locale } from '../locale.ts';
import type { Site } from '../site/site.ts';
import type { ArticleRecord, KeyTermRecord } from '../validate/schemas.ts';
import type { ValidContent } from '../validate/validate-content.ts';
import type { CoverColours } from './cover-colours.ts';
import { coverFileUrls, normaliseCover, pickCover, type Cover } from './covers.ts';
import { groupFamilies, planLanguages, primaryLocale, type LanguagesMap, type RecordFamily } from './families.ts';
import type { MarkdownInput } from './markdown.ts';
import { recordRef, type MarkdownJob } from './markdown-jobs.ts';

/** The bench's cost table can switch typesetting off (bench-off.ts). */
const typeset = benchOff('typesetting') ? (text: string) => text : typesetText;

export type CountryStatus = 'forbidden' | 'legal' | 'pending' | 'unknown';

/** One locale's version of an entry, ready for templates. */
export interface EntryVersion {
  id: number;
  collection: Collection;
  locale: Locale;
  title: string;
  slug: string;
  excerpt: string;
  /** The body, rendered to HTML where a page shows it (in the render worker: no separate pass, nothing held). */
  markdown: MarkdownInput;
  /** Names the rendered Markdown: equal keys, equal HTML (pages hash this instead of the Markdown). */
  contentKey: string;
  author: { slug: string; name: string; avatar: string | undefined } | undefined;
  automaticTranslated: boolean;
  publishedAt: string | null;
  updatedAt: string;
  isDraft: boolean;
  cover: Cover | undefined;
  question: string | undefined;
  sourceDocumentUrl: string | undefined;
  showIndex: boolean;
  showCallToActions: boolean;
  country: { code: string; status: CountryStatus } | undefined;
}

export interface ContentFamily {
  key: string;
  collection: Collection;
  articleType: string;
  versions: Partial<Record<Locale, EntryVersion>>;
  languages: LanguagesMap;
  /** publishedAt of the primary version (else updatedAt): what lists sort on, newest first. */
  sortTime: string;
}

export interface Content {
  blogPosts: ContentFamily[];
  glossaryTerms: ContentFamily[];
  keyTerms: ContentFamily[];
  countries: ContentFamily[];
  /** Records per collection and locale, for the build report. */
  counts: Record<Collection, Partial<Record<Locale, number>>>;
  warnings: string[];
}

export interface TransformOptions {
  content: ValidContent;
  site: Site;
  media: MediaFiles;
  colours: CoverColours;
  /** Each entry's Markdown job (planMarkdownJobs). */
  markdown: ReadonlyMap<string, MarkdownJob>;
  /** Media URLs the build could not have (fetchMedia's `missing`, unreadable images): a cover using one is left out. */
  unavailableMedia?: ReadonlyMap<string, string> | undefined;
}

/** The lists of Content whose families have entry pages. */
const ENTRY_LISTS = ['blogPosts', 'glossaryTerms', 'keyTerms', 'countries'] as const;

/** The families that have entry pages, in the order their pages are planned. */
export function entryFamilies(content: Content): ContentFamily[] {
  return ENTRY_LISTS.flatMap((list) => content[list]);
}

/** The content without the entry pages `isLeftOut` names: their locales leave their families' languages maps. */
export function withoutPages(content: Content, isLeftOut: (family: ContentFamily, locale: Locale) => boolean): Content {
  const drop = (families: ContentFamily[]) =>
    families.map((family) => {
      const gone = LOCALES.filter((locale) => family.languages[locale] !== undefined && isLeftOut(family, locale));
      if (gone.length === 0) return family;
      const languages = { ...family.languages };
      for (const locale of gone) delete languages[locale];
      return { ...family, languages };
    });
  return { ...content, ...Object.fromEntries(ENTRY_LISTS.map((list) => [list, drop(content[list])])) };
}

const STATUS_BY_ILLEGAL: Record<string, CountryStatus> = { yes: 'forbidden', no: 'legal', maybe: 'pending' };

/**
 * Families, languages maps, normalised covers, authors and each body's Markdown job, sorted
 * newest first with a stable tie-break. Pure.
 */
export function transformContent(options: TransformOptions): Content {
  const { content, site } = options;
  const categories = new Set(site.glossary.categories.map((category) => category.category));
  const warnings: string[] = [];

  const build = <T extends ArticleRecord | KeyTermRecord>(collection: Collection, records: T[]) => {
    const grouped = groupFamilies(collection, records);
    warnings.push(...grouped.warnings);
    return grouped.families.map((family) => toContentFamily(family, options)).sort(compareNewestFirst);
  };
  const articles = build('articles', content.articles);
  const keyTerms = build('key-terms', content.keyTerms);

  const known = (family: ContentFamily) =>
    family.articleType === 'blog' ||
    family.articleType === 'google-analytics-countries' ||
    categories.has(family.articleType);
  const unknownTypes = [
    ...new Set(articles.filter((family) => !known(family)).map((family) => family.articleType)),
  ].sort();
  if (unknownTypes.length > 0)
    warnings.push(`articles of types ${unknownTypes.join(', ')} have no route and were not built`);
  const strayKeyTerms = keyTerms.filter((family) => !categories.has(family.articleType));
  if (strayKeyTerms.length > 0)
    warnings.push(
      `${strayKeyTerms.length} key-terms have a category with no glossary (content/glossary.json) and were not built`,
    );

  return {
    blogPosts: articles.filter((family) => family.articleType === 'blog'),
    glossaryTerms: articles.filter((family) => categories.has(family.articleType)),
    keyTerms: keyTerms.filter((family) => categories.has(family.articleType)),
    countries: articles.filter((family) => family.articleType === 'google-analytics-countries'),
    counts: { articles: countByLocale(content.articles), 'key-terms': countByLocale(content.keyTerms) },
    warnings,
  };
}

function toContentFamily(
  family: RecordFamily<ArticleRecord | KeyTermRecord>,
  options: TransformOptions,
): ContentFamily {
  const versions: Partial<Record<Locale, EntryVersion>> = {};
  for (const locale of LOCALES) {
    const record = family.members[locale];
    if (record) versions[locale] = toVersion(record, family.collection, options);
  }
  const primary = versions[primaryLocale(family)]!;
  return {
    key: family.key,
    collection: family.collection,
    articleType: family.articleType,
    versions,
    languages: planLanguages(family),
    sortTime: primary.publishedAt ?? primary.updatedAt,
  };
}

/** An entry's title as its pages show it: typeset for its language. */
export function entryTitle(record: { title: string; locale: string }): string {
  return typeset(record.title.trim(), record.locale);
}

/** An entry's question (a key-term's) as its page shows it, or undefined when it has none. */
export function entryQuestion(record: { question?: string | null | undefined; locale: string }): string | undefined {
  return record.question?.trim() ? typeset(record.question.trim(), record.locale) : undefined;
}

function toVersion(
  record: ArticleRecord | KeyTermRecord,
  collection: Collection,
  options: TransformOptions,
): EntryVersion {
  const job = options.markdown.get(recordRef(collection, record.id));
  if (!job)
    throw new Error(`No Markdown job for ${recordRef(collection, record.id)}: planMarkdownJobs covers every record`);
  const { showIndex, showCallToActions } = job.input;
  const media = pickCover(record);
  const authorSlug = record.authorSlug ?? undefined;
  const author = authorSlug ? options.site.authors[authorSlug] : undefined;
  const metadata = 'metadata' in record ? (record as ArticleRecord).metadata : undefined;
  return {
    id: record.id,
    collection,
    locale: record.locale,
    title: entryTitle(record),
    slug: record.slug,
    excerpt: typeset(record.excerpt?.trim() ?? '', record.locale),
    markdown: job.input,
    contentKey: job.key,
    author: author && authorSlug ? { slug: authorSlug, name: author.name, avatar: author.avatar } : undefined,
    // The CMS leaves this unset on older entries; English is never a translation.
    automaticTranslated: record.locale !== 'en' && record.automaticTranslated === true,
    publishedAt: record.publishedAt,
    updatedAt: record.updatedAt,
    isDraft: record.publishedAt === null,
    // A cover is shown only when all its files are there (the colour's too, when it is computed from a file).
    cover:
      media && coverFileUrls(media).every((url) => !options.unavailableMedia?.has(url))
        ? typesetCover(normaliseCover(media, record.title.trim(), options.media, options.colours), record.locale)
        : undefined,
    question: entryQuestion(record),
    sourceDocumentUrl: record.sourceDocumentUrl ?? undefined,
    showIndex,
    showCallToActions,
    country: metadata?.country_code
      ? { code: metadata.country_code.toUpperCase(), status: STATUS_BY_ILLEGAL[metadata.illegal ?? ''] ?? 'unknown' }
      : undefined,
  };
}

function typesetCover(cover: Cover, locale: Locale): Cover {
  return {
    ...cover,
    alt: typeset(cover.alt, locale),
    caption: cover.caption === undefined ? undefined : typeset(cover.caption, locale),
  };
}

function compareNewestFirst(a: ContentFamily, b: ContentFamily): number {
  if (a.sortTime !== b.sortTime) return a.sortTime < b.sortTime ? 1 : -1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function countByLocale(records: Array<{ locale: Locale }>): Partial<Record<Locale, number>> {
  const counts: Partial<Record<Locale, number>> = {};
  for (const record of records) counts[record.locale] = (counts[record.locale] ?? 0) + 1;
  return counts;
}
