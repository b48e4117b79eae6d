// The benchmark's content set, generated deterministically from a seed: article families in one to six
// locales (most in all six) with realistic Markdown, covers from a shared pool, glossary terms, country
// articles, and key-terms. Records are in the fake Strapi's (v5, flat) form; the fake computes
// `localizations` from documentId itself.
import { LOCALES, type Locale } from '../pipeline/locale.ts';
import type { FakeRecord } from '../test/fixtures/strapi/fake-strapi.ts';
import { articleMarkdown, list, paragraph, slugify } from './article-markdown.ts';
import { PHRASES, type PhraseBank } from './content-phrases.ts';
import type { MediaObject } from './generate-cover-pool.ts';
import { createRandom, type SeededRandom } from './seeded-random.ts';

export interface GenerateContentOptions {
  /** Article records (all locales together). */
  articles: number;
  keyTerms: number;
  seed: number;
  covers: MediaObject[];
  /** Author slugs of content/authors.json. */
  authors: string[];
  /** ISO 3166-1 alpha-2 codes the country articles may use (each at most once). */
  countryCodes: string[];
}

export interface GeneratedContent {
  articles: FakeRecord[];
  keyTerms: FakeRecord[];
  stats: {
    families: number;
    keyTermFamilies: number;
    byType: Record<string, number>;
    familiesByLocaleCount: Record<number, number>;
    medianWords: number;
    withCodeBlock: number;
    withImage: number;
    withoutColourMetadata: number;
  };
}

const GLOSSARY_TYPES = ['google-analytics', 'analytics'] as const;
const SPAN_START = Date.UTC(2019, 0, 1);
const SPAN_MS = Date.UTC(2025, 5, 1) - SPAN_START;
const DAY_MS = 86_400_000;

/** What one article family shares across its locales. */
interface FamilyPlan {
  index: number;
  documentId: string;
  locales: Locale[];
  articleType: string;
  country: { country_code: string; illegal: string } | null;
  cover: MediaObject | undefined;
  coverWithText: MediaObject | undefined;
  published: number;
  topic: number;
  title: number;
  hasCode: boolean;
  /** A Markdown image (an upload's medium format), in about one family in ten. */
  image: string | undefined;
}

/** The whole content set; the same options give the same records, byte for byte. */
export function generateContent(options: GenerateContentOptions): GeneratedContent {
  const random = createRandom(options.seed);
  const countryCodes = random.fork('countries').sample(options.countryCodes, options.countryCodes.length);
  const articles: FakeRecord[] = [];
  const words: number[] = [];
  const byType: Record<string, number> = {};
  const familiesByLocaleCount: Record<number, number> = {};
  let families = 0;
  let withCodeBlock = 0;
  let withImage = 0;

  while (articles.length < options.articles) {
    const family = random.fork(`family:${families}`);
    const plan = planFamily(family, families, options.articles - articles.length, options.covers, countryCodes);
    for (const locale of plan.locales) {
      const article = articleRecord(family.fork(locale), plan, locale, articles.length + 1, options.authors);
      articles.push(article.record);
      words.push(article.words);
    }
    families += 1;
    byType[plan.articleType] = (byType[plan.articleType] ?? 0) + 1;
    familiesByLocaleCount[plan.locales.length] = (familiesByLocaleCount[plan.locales.length] ?? 0) + 1;
    if (plan.hasCode) withCodeBlock += 1;
    if (plan.image) withImage += 1;
  }

  const keyTerms = generateKeyTerms(random.fork('key-terms'), options.keyTerms);
  const sorted = [...words].sort((a, b) => a - b);
  return {
    articles,
    keyTerms: keyTerms.records,
    stats: {
      families,
      keyTermFamilies: keyTerms.families,
      byType,
      familiesByLocaleCount,
      medianWords: sorted[Math.floor(sorted.length / 2)] ?? 0,
      withCodeBlock,
      withImage,
      withoutColourMetadata: articles.filter((article) => {
        const cover = (article.coverImageWithoutText ?? article.coverImageWithText) as MediaObject | null;
        return cover !== null && cover['provider_metadata'] === null;
      }).length,
    },
  };
}

/** The family-wide choices, drawn in a fixed order (so a change here shifts nothing else). */
function planFamily(
  random: SeededRandom,
  index: number,
  recordsLeft: number,
  covers: MediaObject[],
  countryCodes: string[],
): FamilyPlan {
  const locales = familyLocales(random, Math.min(localeCount(random), recordsLeft));
  const articleType = pickType(random, countryCodes.length > 0);
  const country =
    articleType === 'google-analytics-countries'
      ? { country_code: countryCodes.pop()!, illegal: random.pick(['yes', 'no', 'maybe', 'maybe']) }
      : null;
  const cover = random.chance(0.95) ? random.pick(covers) : undefined;
  const coverWithText = cover && random.chance(0.5) ? random.pick(covers) : undefined;
  const published = SPAN_START + Math.floor(random.next() * SPAN_MS);
  const topic = random.int(0, 99);
  const title = random.int(0, 99);
  const hasCode = random.chance(0.15);
  const image = random.chance(0.1) ? random.pick(covers) : undefined;
  return {
    index,
    documentId: `bench-${articleType}-${String(index).padStart(5, '0')}`,
    locales,
    articleType,
    country,
    cover,
    coverWithText,
    published,
    topic,
    title,
    hasCode,
    image: image ? (image['formats'] as Record<string, { url: string }>)['medium']!.url : undefined,
  };
}

/** One locale's record of a family. */
function articleRecord(
  random: SeededRandom,
  plan: FamilyPlan,
  locale: Locale,
  id: number,
  authors: string[],
): { record: FakeRecord; words: number } {
  const bank = PHRASES[locale];
  const heading = titleFor(bank, plan.title, plan.topic);
  const markdown = articleMarkdown(random, bank, { hasCode: plan.hasCode, image: plan.image, locale });
  const publishedAt = new Date(plan.published + LOCALES.indexOf(locale) * DAY_MS + random.int(0, 3600) * 1000);
  const record: FakeRecord = {
    id,
    documentId: plan.documentId,
    locale,
    title: heading,
    slug: `${slugify(heading)}-${plan.index}`,
    excerpt: random.pick(bank.sentences),
    content: markdown.text,
    authorSlug: random.chance(0.95) ? authors[plan.index % authors.length]! : null,
    automaticTranslated: locale !== 'en' && random.chance(0.6),
    articleType: plan.articleType,
    showIndex: random.chance(0.5),
    showCallToActions: random.chance(0.8),
    question: isGlossaryType(plan.articleType) && random.chance(0.3) ? `${heading}?` : null,
    metadata: plan.country,
    sourceDocumentUrl: null,
    createdAt: new Date(publishedAt.getTime() - DAY_MS).toISOString(),
    updatedAt: new Date(publishedAt.getTime() + random.int(0, 400) * DAY_MS).toISOString(),
    publishedAt: publishedAt.toISOString(),
    coverImageWithText: plan.coverWithText ?? null,
    coverImageWithoutText: plan.cover ?? null,
  };
  return { record, words: markdown.words };
}

function isGlossaryType(articleType: string): boolean {
  return (GLOSSARY_TYPES as readonly string[]).includes(articleType);
}

/** 93 % of families in all six locales, the rest spread over one to five (about 1,730 families for 10,000 records). */
function localeCount(random: SeededRandom): number {
  return random.chance(0.93) ? 6 : random.int(1, 5);
}

/** English first when present (most families have it), then the others in a random order. */
function familyLocales(random: SeededRandom, count: number): Locale[] {
  if (count >= LOCALES.length) return [...LOCALES];
  const others = LOCALES.filter((locale) => locale !== 'en');
  const chosen = random.chance(0.9)
    ? ['en' as Locale, ...random.sample(others, count - 1)]
    : random.sample(others, count);
  return LOCALES.filter((locale) => chosen.includes(locale));
}

function pickType(random: SeededRandom, countriesLeft: boolean): string {
  const roll = random.next();
  if (roll < 0.84) return 'blog';
  if (roll < 0.9) return 'google-analytics';
  if (roll < 0.96) return 'analytics';
  return countriesLeft ? 'google-analytics-countries' : 'blog';
}

function titleFor(bank: PhraseBank, title: number, topic: number): string {
  const pattern = bank.titles[title % bank.titles.length]!;
  const subject = bank.topics[topic % bank.topics.length]!;
  const text = pattern.replace('{topic}', subject);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Key-terms: short definitions in the two glossary categories, mostly in all six locales. */
function generateKeyTerms(random: SeededRandom, count: number): { records: FakeRecord[]; families: number } {
  const records: FakeRecord[] = [];
  let families = 0;
  while (records.length < count) {
    const family = random.fork(`term:${families}`);
    const locales = familyLocales(family, Math.min(localeCount(family), count - records.length));
    const articleType = family.pick(GLOSSARY_TYPES);
    const topic = family.int(0, 99);
    const published = SPAN_START + Math.floor(family.next() * SPAN_MS);
    for (const locale of locales) {
      const record = family.fork(locale);
      const bank = PHRASES[locale];
      const title = bank.topics[topic % bank.topics.length]!;
      const body = [
        paragraph(record, bank, locale),
        ...(record.chance(0.4) ? [list(record, bank, false)] : []),
        ...(record.chance(0.5) ? [paragraph(record, bank, locale)] : []),
      ];
      const publishedAt = new Date(published + record.int(0, 3600) * 1000);
      records.push({
        id: records.length + 1,
        documentId: `bench-term-${String(families).padStart(5, '0')}`,
        locale,
        title: title.charAt(0).toUpperCase() + title.slice(1),
        slug: `${slugify(title)}-${families}`,
        excerpt: record.pick(bank.sentences),
        content: `${body.join('\n\n')}\n`,
        authorSlug: null,
        automaticTranslated: locale !== 'en' && record.chance(0.6),
        articleType,
        question: null,
        sourceDocumentUrl: null,
        createdAt: new Date(publishedAt.getTime() - DAY_MS).toISOString(),
        updatedAt: new Date(publishedAt.getTime() + record.int(0, 200) * DAY_MS).toISOString(),
        publishedAt: publishedAt.toISOString(),
      });
    }
    families += 1;
  }
  return { records, families };
}

/** One article with new content and a later updatedAt: the benchmark's "one-article change". */
export function changeOneArticle(articles: FakeRecord[]): { articles: FakeRecord[]; changed: FakeRecord } {
  const index = articles.findIndex(
    (article, position) =>
      position >= Math.floor(articles.length / 2) && article.locale === 'en' && article['articleType'] === 'blog',
  );
  const original = articles[index]!;
  const changed: FakeRecord = {
    ...original,
    content: `${String(original['content'])}\n## Update\n\nThis article was updated for the benchmark's one-article change.\n`,
    // As the CMS stamps an edit: later than every other entry.
    updatedAt: new Date(
      Math.max(...articles.map((article) => Date.parse(String(article['updatedAt'])))) + 60_000,
    ).toISOString(),
  };
  return { articles: articles.map((article, position) => (position === index ? changed : article)), changed };
}
