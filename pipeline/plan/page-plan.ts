import type { Locale } from '../locale.ts';
import type { RouteName } from '../site/schemas.ts';
import type { CountryStatus, EntryVersion } from '../transform/transform-content.ts';
import type { SocialImage } from '../transform/social-images.ts';
import { inputApart } from '../transform/markdown-jobs.ts';

/** A post in a list or teaser. */
export interface PostSummary extends Pick<EntryVersion, 'title' | 'excerpt' | 'publishedAt' | 'cover' | 'isDraft'> {
  href: string;
  authorName: string | undefined;
  /** The locale the text is in (differs from the page's on fallbacks). */
  textLocale: Locale;
}

/** Where a page of a paginated list stands, with links to its neighbours. */
export interface Pagination {
  page: number;
  count: number;
  previous: string | undefined;
  next: string | undefined;
}

export interface Crumb {
  label: string;
  href: string;
  /** Set when the label is in another language than the page (an English fallback's title). */
  lang?: Locale;
}

export interface ArticleView {
  version: EntryVersion;
  /** True when this locale has no version and shows the English one. */
  isFallback: boolean;
  /** The English original, for the automatic-translation notice. */
  englishHref: string | undefined;
  breadcrumbs: Crumb[];
}

export interface CategorySummary {
  category: string;
  title: string;
  description: string;
  /** The key-terms page's title and description: one message each per category, native in every language. */
  keyTermsTitle: string;
  keyTermsDescription: string;
  href: string;
  keyTermsHref: string;
}

export interface CountrySummary {
  code: string;
  status: CountryStatus;
  href: string | undefined;
  /** The linked page shows the English text (no version in the page's locale). */
  isEnglishOnly: boolean;
}

export type PageData =
  | { template: 'home'; latestPosts: PostSummary[] }
  | { template: 'pricing' }
  | { template: 'blog-list'; posts: PostSummary[]; pagination: Pagination }
  | { template: 'article'; article: ArticleView }
  | { template: 'glossary-overview'; categories: CategorySummary[] }
  | { template: 'glossary-category'; category: CategorySummary; terms: PostSummary[] }
  | { template: 'key-terms'; category: CategorySummary; terms: PostSummary[] }
  | { template: 'countries'; countries: CountrySummary[] }
  | { template: 'utm-generator' }
  | { template: 'video' }
  | { template: 'not-found' };

export type PageTemplate = PageData['template'];

export interface Alternate {
  /** A locale's BCP 47 tag (`nl-NL`… as hreflang), or `x-default`. */
  hreflang: string;
  locale: Locale | undefined;
  href: string;
}

/** One HTML document in one locale: everything the render stage needs, nothing it must look up. */
export interface PagePlan {
  /** `{route}___{locale}`, the spec's route name. */
  name: string;
  route: RouteName | 'not-found';
  locale: Locale;
  urlPath: string;
  outputPath: string;
  title: string;
  description: string;
  /** Absolute canonical URL; undefined on 404 pages. */
  canonical: string | undefined;
  alternates: Alternate[];
  noindex: boolean;
  /** The language-switcher targets: this page in each other locale. */
  languageLinks: Array<{ locale: Locale; href: string }>;
  /** Used for feeds/sitemaps: the entry's last change. */
  lastModified: string | undefined;
  /** The og:image drawn for this page in its language (an article's title, else the locale's tagline). */
  socialImage: SocialImage;
  data: PageData;
}

/** The content key of the Markdown body a page shows (an article's or key-term's), if it shows one. */
export function bodyKeyOf(page: PagePlan): string | undefined {
  return page.data.template === 'article' ? page.data.article.version.contentKey : undefined;
}

/**
 * The page with its body's text left out, for the render worker that rendered that body ahead (the rest
 * of its input stays: it names the body, and the text is most of a page plan's bytes).
 */
export function withoutBodyText(page: PagePlan): PagePlan {
  if (page.data.template !== 'article') return page;
  const { article } = page.data;
  const { version } = article;
  const markdown = { ...inputApart(version.markdown), markdown: '', textLeftOut: true as const };
  return { ...page, data: { ...page.data, article: { ...article, version: { ...version, markdown } } } };
}
