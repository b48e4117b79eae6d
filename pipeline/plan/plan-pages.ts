import { digestJson } from '../cache/store.ts';
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../locale.ts';
import type { RawEntry } from '../fetch/raw-entry.ts';
import { formatMessage } from '../site/messages.ts';
import type { RouteName } from '../site/schemas.ts';
import type { Site } from '../site/site.ts';
import {
  entryFamilies,
  entryQuestion,
  entryTitle,
  type Content,
  type ContentFamily,
} from '../transform/transform-content.ts';
import { markdownStrings } from '../transform/markdown-jobs.ts';
import { planSocialImage, type SocialImage } from '../transform/social-images.ts';
import type { CountryStatus, EntryVersion } from '../transform/transform-content.ts';
import { assertUniquePages } from './assert-unique-pages.ts';
import { familyPageUrl, familyRoute } from './family-route.ts';
import type {
  Alternate,
  ArticleView,
  CategorySummary,
  CountrySummary,
  PageData,
  PagePlan,
  PostSummary,
} from './page-plan.ts';
import { feedPathFor, outputPathFor, urlFor } from './url-path.ts';

/** What the shell (header, footer, menus) shows in one locale, the same on every page of it. */
export interface ShellData {
  locale: Locale;
  nav: Record<keyof typeof NAV, string>;
  latestPosts: PostSummary[];
  /** The footer's comparison posts (product name and link), where the post exists. */
  comparisons: Array<{ product: string; href: string; isEnglishOnly: boolean }>;
  /** Feed of the blog in this locale (site-absolute path). */
  feed: string;
}

/** The comparison posts the footer links to, by product name and English slug. */
const COMPARISONS = [
  ['Google Analytics', 'why-simple-analytics-is-a-great-alternative-to-google-analytics'],
  ['Matomo', 'why-simple-analytics-is-a-great-alternative-to-matomo'],
  ['Plausible', 'why-simple-analytics-is-a-great-alternative-to-plausible'],
  ['Cloudflare Web Analytics', 'why-simple-analytics-is-a-great-alternative-to-cloudflare-web-analytics'],
] as const;

export interface SitePlan {
  pages: PagePlan[];
  shells: Record<Locale, ShellData>;
  /** The entry family each entry page is planned from (the page hashes use it, pipeline/cache/page-hash.ts). */
  familyOf: Map<PagePlan, ContentFamily>;
  /** The version each post of a list shows (a summary is made from it and its href alone): list pages are hashed by these. */
  listed: Map<PostSummary, EntryVersion>;
}

/** Number of posts in the shell's teasers and on the home page (spec §9). */
const TEASER_POSTS = 3;

/** Posts per page of the blog list. */
export const BLOG_PAGE_SIZE = 24;

/** The routes with one page per locale and no parameters, by the name of the shell's link to them. */
const NAV = {
  home: 'index',
  pricing: 'pricing',
  blog: 'blog',
  glossary: 'glossary',
  countries: 'google-analytics-countries',
  utmGenerator: 'utm-generator',
  video: 'video',
} as const;
type StaticRoute = (typeof NAV)[keyof typeof NAV];

/**
 * Every page of the site (route × locale × record, plus a 404 per locale) with its URL path, output
 * path, alternates and template data. Pure; throws OUTPUT_PATH_CLASH listing every clash.
 *
 * `isKept` names the entry families whose pages are not planned now (an earlier build's are as good,
 * plan-site-pages.ts): their pages are left out of `pages`, and the caller checks that no
 * planned page claims one of their paths.
 */
export function planPages({
  content,
  site,
  isKept,
}: {
  content: Content;
  site: Site;
  isKept?: ((family: ContentFamily) => boolean) | undefined;
}): SitePlan {
  const planner = new PagePlanner(site, content);
  const familyOf = new Map<PagePlan, ContentFamily>();
  const pages = [
    ...LOCALES.flatMap((locale) => planner.staticPages(locale)),
    ...LOCALES.flatMap((locale) =>
      site.glossary.categories.flatMap((category) => planner.categoryPages(category.category, locale)),
    ),
    ...entryFamilies(content).flatMap((family) =>
      isKept?.(family)
        ? []
        : LOCALES.filter((locale) => family.languages[locale] !== undefined).map((locale) => {
            const page = planner.articlePage(family, locale);
            familyOf.set(page, family);
            return page;
          }),
    ),
    ...LOCALES.map((locale) => planner.notFoundPage(locale)),
  ];
  assertUniquePages(pages);
  return { pages, shells: planShells({ content, site }, planner), familyOf, listed: planner.listed };
}

/** The shell of every locale (what createRenderShared needs before the pages are planned). Pure. */
export function planShells(
  { content, site }: { content: Content; site: Site },
  planner = new PagePlanner(site, content),
): Record<Locale, ShellData> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, planner.shell(locale)])) as Record<Locale, ShellData>;
}

/** A family with a page showing its English version in another locale: that page's text links depend on other entries. */
export function hasFallbackPage(family: ContentFamily): boolean {
  return LOCALES.some((locale) => family.languages[locale]?.isFallback === true);
}

/**
 * The social images the planned pages will name, known before they are planned: every locale's tagline
 * and the title (or question) of each version an entry page shows. The build draws them while it plans.
 * A page left out of the plan later (a clash, a shadowed path) only leaves an image drawn and not used.
 */
export function planSocialImages({ content, site }: { content: Content; site: Site }): SocialImage[] {
  const planner = new PagePlanner(site, content);
  const versions = entryFamilies(content).flatMap((family) =>
    LOCALES.flatMap((locale) => {
      const language = family.languages[locale];
      return language ? [family.versions[language.sourceLocale]!] : [];
    }),
  );
  // One image per title and language; most entries' pages in several locales show one version.
  const titles = new Map<string, [string, Locale]>();
  for (const version of versions) {
    const title = versionImageTitle(version);
    titles.set(`${version.locale}\0${title}`, [title, version.locale]);
  }
  return [
    ...LOCALES.map((locale) => planner.taglineImage(locale)),
    ...[...titles.values()].map(([title, locale]) => planner.socialImage(title, locale)),
  ];
}

/**
 * The social images of entries as the snapshot's files have them, before validation and transform: the
 * one planSocialImages names for each entry's version once it is valid (its question, else its title,
 * as the transform typesets them). An entry that turns out invalid or hidden gets an image no page
 * names. For a drawing child to start on while the content is still being read. Pure.
 */
export function entrySocialImages(entries: readonly RawEntry[], site: Site): SocialImage[] {
  const images: SocialImage[] = [];
  for (const { collection, record } of entries) {
    if (collection !== 'articles' && collection !== 'key-terms') continue;
    const { title, question, locale } = record;
    if (typeof title !== 'string' || !title.trim() || !isLocale(locale)) continue;
    if (question !== undefined && question !== null && typeof question !== 'string') continue;
    const shown = entryQuestion({ question, locale }) ?? entryTitle({ title, locale });
    images.push(socialImageFor(site, shown, locale));
  }
  return images;
}

/** The social image of a title in a locale: over the product's name, tagged with the locale's language. */
function socialImageFor(site: Site, title: string, locale: Locale): SocialImage {
  return planSocialImage({ title, footer: site.config.product, lang: isoOf(site, locale) });
}

/** A locale's BCP 47 tag (locales/meta.json). */
function isoOf(site: Site, locale: Locale): string {
  return site.locales.find((meta) => meta.code === locale)!.iso;
}

/** What an entry page's social image shows: the version's question (a key-term's), else its title. */
function versionImageTitle(version: EntryVersion): string {
  return version.question ?? version.title;
}

/** Holds the inputs the planning functions share, and what they derive from them more than once (URL paths). */
class PagePlanner {
  /** Per locale: the English URL path of every page that exists in that locale → its URL path there. */
  private readonly localizedPaths = new Map<Locale, Map<string, string>>();
  /** The version each summary made shows (SitePlan.listed). */
  readonly listed = new Map<PostSummary, EntryVersion>();
  /** Blog posts by English slug (the footer's comparisons and the countries list look them up for every locale). */
  private readonly blogPostsBySlug = new Map<string, ContentFamily>();
  /** Each social image planned, by locale and title. */
  private readonly socialImages = new Map<string, SocialImage>();

  constructor(
    private readonly site: Site,
    private readonly content: Content,
  ) {
    // The first family with that English slug, as a search in list order would find it.
    for (const family of content.blogPosts) {
      const slug = family.versions.en?.slug;
      if (slug !== undefined && !this.blogPostsBySlug.has(slug)) this.blogPostsBySlug.set(slug, family);
    }
  }

  /** An og:image: an entry's title, or on every other page the locale's tagline (taglineImage). */
  socialImage(title: string, locale: Locale): SocialImage {
    // Named by a hash of what it shows: once per title and locale (a build plans about 800 for 12,000 pages).
    const key = `${locale}\0${title}`;
    let image = this.socialImages.get(key);
    if (!image) {
      image = socialImageFor(this.site, title, locale);
      this.socialImages.set(key, image);
    }
    return image;
  }

  /** The og:image of every page that is not an entry's: the locale's tagline (`page.index.title`). */
  taglineImage(locale: Locale): SocialImage {
    return this.socialImage(this.t(locale, 'page.index.title'), locale);
  }

  private t(locale: Locale, key: string, ...args: string[]): string {
    return formatMessage(this.site.messages[locale], key, ...args);
  }

  /** A route's URL path in every locale (the `hrefIn` of its pages). */
  private routeHref(route: RouteName, params?: Record<string, string>): (locale: Locale) => string {
    return (locale) => urlFor(this.site.routes, { route, locale, params });
  }

  private absolute(urlPath: string): string {
    return `${this.site.config.baseUrl}${urlPath === '/' ? '' : urlPath}`;
  }

  /**
   * One page; `hrefIn` gives its URL in every locale, undefined where it has no page (an entry without
   * that language): such a locale gets no hreflang alternate, and its language link goes to its home.
   */
  private page(
    route: RouteName,
    locale: Locale,
    hrefIn: (locale: Locale) => string | undefined,
    fields: Pick<PagePlan, 'title' | 'description' | 'data'> &
      Partial<Pick<PagePlan, 'noindex' | 'lastModified' | 'socialImage'>>,
  ): PagePlan {
    const urlPath = hrefIn(locale)!;
    const english = hrefIn(DEFAULT_LOCALE);
    const alternates: Alternate[] = [
      ...this.site.locales.flatMap((meta) => {
        const href = hrefIn(meta.code);
        return href === undefined ? [] : [{ hreflang: meta.iso, locale: meta.code, href: this.absolute(href) }];
      }),
      // x-default is the English page; an entry without one has none (issue 11).
      ...(english === undefined ? [] : [{ hreflang: 'x-default', locale: undefined, href: this.absolute(english) }]),
    ];
    return {
      name: `${route}___${locale}`,
      route,
      locale,
      urlPath,
      outputPath: outputPathFor(urlPath),
      canonical: this.absolute(urlPath),
      alternates,
      languageLinks: LOCALES.filter((other) => other !== locale).map((other) => ({
        locale: other,
        href: hrefIn(other) ?? urlFor(this.site.routes, { route: 'index', locale: other }),
      })),
      noindex: false,
      lastModified: undefined,
      socialImage: fields.socialImage ?? this.taglineImage(locale),
      ...fields,
    };
  }

  staticPages(locale: Locale): PagePlan[] {
    const described = (route: StaticRoute, key: string, data: PageData, ...args: string[]) =>
      this.page(route, locale, this.routeHref(route), {
        title: this.t(locale, `page.${key}.title`, ...args),
        description: this.t(locale, `page.${key}.description`),
        data,
      });
    return [
      this.page('index', locale, this.routeHref('index'), {
        title: this.t(locale, 'page.index.title'),
        description: this.t(locale, 'meta.default_description'),
        data: { template: 'home', latestPosts: this.latestPosts(locale) },
      }),
      described('pricing', 'pricing', { template: 'pricing' }),
      ...this.blogPages(locale),
      described('glossary', 'glossary', {
        template: 'glossary-overview',
        categories: this.site.glossary.categories.map((category) => this.category(category.category, locale)),
      }),
      described('google-analytics-countries', 'countries', {
        template: 'countries',
        countries: this.countries(locale),
      }),
      described('utm-generator', 'utm', { template: 'utm-generator' }),
      described('video', 'video', { template: 'video' }),
    ];
  }

  /** The blog list, BLOG_PAGE_SIZE posts a page: `/blog`, then `/blog/page/2` … (localized). */
  blogPages(locale: Locale): PagePlan[] {
    const posts = this.inLocale(this.content.blogPosts, locale);
    const pageCount = (inLocale: Locale) =>
      Math.max(1, Math.ceil(this.inLocale(this.content.blogPosts, inLocale).length / BLOG_PAGE_SIZE));
    const counts = Object.fromEntries(LOCALES.map((other) => [other, pageCount(other)])) as Record<Locale, number>;
    const count = counts[locale];
    // Locales without a version of some posts list fewer of them, so they may have fewer pages.
    const hrefOf = (page: number) => (inLocale: Locale) =>
      page > counts[inLocale]
        ? undefined
        : page === 1
          ? urlFor(this.site.routes, { route: 'blog', locale: inLocale })
          : urlFor(this.site.routes, { route: 'blog-page', locale: inLocale, params: { page: String(page) } });
    const title = this.t(locale, 'page.blog.title', this.site.config.product);
    return Array.from({ length: count }, (_, index) => {
      const page = index + 1;
      return this.page(page === 1 ? 'blog' : 'blog-page', locale, hrefOf(page), {
        title: page === 1 ? title : this.t(locale, 'blog.page_title', title, String(page)),
        description: this.t(locale, 'page.blog.description'),
        data: {
          template: 'blog-list',
          posts: posts
            .slice(index * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE)
            .map((family) => this.summary(family, locale)),
          pagination: {
            page,
            count,
            previous: page > 1 ? hrefOf(page - 1)(locale)! : undefined,
            next: page < count ? hrefOf(page + 1)(locale)! : undefined,
          },
        },
      });
    });
  }

  categoryPages(category: string, locale: Locale): PagePlan[] {
    const summary = this.category(category, locale);
    const inCategory = (families: ContentFamily[]) =>
      this.inLocale(families, locale)
        .filter((family) => family.articleType === category)
        .map((family) => this.summary(family, locale));
    return [
      this.page('glossary-category', locale, this.routeHref('glossary-category', { category }), {
        title: summary.title,
        description: summary.description,
        data: { template: 'glossary-category', category: summary, terms: inCategory(this.content.glossaryTerms) },
      }),
      this.page('glossary-category-key-terms', locale, this.routeHref('glossary-category-key-terms', { category }), {
        title: summary.keyTermsTitle,
        description: summary.keyTermsDescription,
        data: { template: 'key-terms', category: summary, terms: inCategory(this.content.keyTerms) },
      }),
    ];
  }

  /** A page of an entry in a locale that has one (`family.languages[locale]` is set). */
  articlePage(family: ContentFamily, locale: Locale): PagePlan {
    const language = family.languages[locale]!;
    const version = family.versions[language.sourceLocale]!;
    const isFallback = version.locale !== locale;
    const article: ArticleView = {
      version: isFallback ? this.fallbackVersion(version, locale) : version,
      isFallback: language.isFallback,
      englishHref:
        version.automaticTranslated && family.versions.en ? this.familyHref(family, DEFAULT_LOCALE) : undefined,
      breadcrumbs: this.breadcrumbs(family, locale, version),
    };
    return this.page(familyRoute(family), locale, (inLocale) => this.familyHref(family, inLocale), {
      // The <title> is in the page's language too: an English title says it is English.
      title: isFallback ? this.t(locale, 'article.not_translated_title', version.title) : version.title,
      socialImage: this.socialImage(versionImageTitle(version), version.locale),
      description: version.excerpt || this.t(locale, 'meta.default_description'),
      data: { template: 'article', article },
      noindex: version.isDraft,
      lastModified: version.updatedAt,
    });
  }

  notFoundPage(locale: Locale): PagePlan {
    const urlPath = locale === DEFAULT_LOCALE ? '/404' : `/${locale}/404`;
    return {
      name: `not-found___${locale}`,
      route: 'not-found',
      locale,
      urlPath,
      outputPath: outputPathFor(urlPath),
      title: this.t(locale, 'page.not_found.title'),
      description: this.t(locale, 'meta.default_description'),
      canonical: undefined,
      alternates: [],
      noindex: true,
      languageLinks: LOCALES.filter((other) => other !== locale).map((other) => ({
        locale: other,
        href: urlFor(this.site.routes, { route: 'index', locale: other }),
      })),
      lastModified: undefined,
      socialImage: this.taglineImage(locale),
      data: { template: 'not-found' },
    };
  }

  shell(locale: Locale): ShellData {
    const nav = Object.entries(NAV).map(([name, route]) => [name, urlFor(this.site.routes, { route, locale })]);
    return {
      locale,
      nav: Object.fromEntries(nav) as ShellData['nav'],
      latestPosts: this.latestPosts(locale),
      comparisons: COMPARISONS.flatMap(([product, slug]) => {
        const post = this.blogPostsBySlug.get(slug);
        const href = post && this.familyHref(post, locale);
        return post && href ? [{ product, href, isEnglishOnly: this.isEnglishOnly(post, locale) }] : [];
      }),
      feed: feedPathFor(locale),
    };
  }

  private latestPosts(locale: Locale): PostSummary[] {
    return this.inLocale(this.content.blogPosts, locale)
      .filter((family) => !Object.values(family.versions).some((version) => version.isDraft))
      .slice(0, TEASER_POSTS)
      .map((family) => this.summary(family, locale));
  }

  /** The families that have a page in the locale: lists show only those. */
  private inLocale(families: ContentFamily[], locale: Locale): ContentFamily[] {
    return families.filter((family) => family.languages[locale] !== undefined);
  }

  /** An entry's URL path in a locale, undefined where it has no page there. Asked for about fifty times per entry (every alternate, list and link). */
  private familyHref(family: ContentFamily, locale: Locale): string | undefined {
    return familyPageUrl(this.site.routes, family, locale);
  }

  /** A post in a list of the locale; only for families with a page there (inLocale). Made of the version it shows and its href alone. */
  private summary(family: ContentFamily, locale: Locale): PostSummary {
    const version = family.versions[family.languages[locale]!.sourceLocale]!;
    const summary: PostSummary = {
      href: this.familyHref(family, locale)!,
      title: version.title,
      excerpt: version.excerpt,
      publishedAt: version.publishedAt,
      cover: version.cover,
      authorName: version.author?.name,
      isDraft: version.isDraft,
      textLocale: version.locale,
    };
    this.listed.set(summary, version);
    return summary;
  }

  private category(category: string, locale: Locale): CategorySummary {
    const key = this.site.glossary.categories.find((entry) => entry.category === category)!.key;
    return {
      category,
      title: this.t(locale, `glossary.categories.${key}.title`),
      description: this.t(locale, `glossary.categories.${key}.description`),
      keyTermsTitle: this.t(locale, `glossary.categories.${key}.key_terms_title`),
      keyTermsDescription: this.t(locale, `glossary.categories.${key}.key_terms_description`),
      href: urlFor(this.site.routes, { route: 'glossary-category', locale, params: { category } }),
      keyTermsHref: urlFor(this.site.routes, { route: 'glossary-category-key-terms', locale, params: { category } }),
    };
  }

  /** The trail to an entry's page, ending in the title of the version it shows (marked when in another language). */
  private breadcrumbs(family: ContentFamily, locale: Locale, version: EntryVersion): ArticleView['breadcrumbs'] {
    const at = (label: string, route: StaticRoute) => ({ label, href: urlFor(this.site.routes, { route, locale }) });
    const home = at(this.site.config.product, 'index');
    const here = {
      label: version.title,
      href: this.familyHref(family, locale)!,
      ...(version.locale === locale ? {} : { lang: version.locale }),
    };
    if (family.articleType === 'blog') return [home, at(this.t(locale, 'nav.blog'), 'blog'), here];
    if (family.articleType === 'google-analytics-countries')
      return [home, at(this.t(locale, 'page.countries.title'), 'google-analytics-countries'), here];
    const category = this.category(family.articleType, locale);
    const section = [{ label: category.title, href: category.href }];
    if (family.collection === 'key-terms')
      section.push({ label: this.t(locale, 'page.glossary_category.key_terms'), href: category.keyTermsHref });
    return [home, at(this.t(locale, 'page.glossary.title'), 'glossary'), ...section, here];
  }

  /**
   * An English version shown on a page of another locale: its table of contents, calls to action and
   * notes are labelled in the page's language, and its links to pages that exist in that language
   * go there. A new content key names the result.
   */
  private fallbackVersion(version: EntryVersion, locale: Locale): EntryVersion {
    const paths = this.localizedPathsFor(locale);
    const linked = [
      ...version.markdown.markdown.matchAll(
        /\]\(\s*<?(?:https?:\/\/[^/)\s]+)?(\/[^)\s#?>]*)|href="(?:https?:\/\/[^/"]+)?(\/[^"#?]*)"/g,
      ),
    ].map((match) => match[1] ?? match[2]!);
    const links = Object.fromEntries(
      [...new Set(linked)].sort().flatMap((urlPath) => (paths.has(urlPath) ? [[urlPath, paths.get(urlPath)!]] : [])),
    );
    const strings = {
      ...markdownStrings(this.site, locale),
      lang: { ui: isoOf(this.site, locale), text: isoOf(this.site, version.locale) },
    };
    const markdown = { ...version.markdown, strings, links };
    return { ...version, markdown, contentKey: digestJson([version.contentKey, strings, links]) };
  }

  private localizedPathsFor(locale: Locale): Map<string, string> {
    let paths = this.localizedPaths.get(locale);
    if (!paths) {
      paths = new Map();
      const routes = this.site.routes;
      for (const route of Object.values(NAV))
        paths.set(urlFor(routes, { route, locale: DEFAULT_LOCALE }), urlFor(routes, { route, locale }));
      for (const family of entryFamilies(this.content)) {
        const language = family.languages[locale];
        if (!language || language.isFallback || !family.versions[DEFAULT_LOCALE]) continue;
        const english = this.familyHref(family, DEFAULT_LOCALE);
        const here = this.familyHref(family, locale);
        // Every English slug the entry had (a link may use an older one) leads to its page in this locale.
        if (english !== undefined && here !== undefined) paths.set(english, here);
      }
      this.localizedPaths.set(locale, paths);
    }
    return paths;
  }

  private isEnglishOnly(family: ContentFamily, locale: Locale): boolean {
    const language = family.languages[locale];
    return language !== undefined && family.versions[language.sourceLocale]?.locale !== locale;
  }

  /** The fixed list of countries where the tool was ruled illegal wins over CMS entries for the same code. */
  private countries(locale: Locale): CountrySummary[] {
    const summary = (code: string, status: CountryStatus, page: ContentFamily | undefined): CountrySummary => ({
      code,
      status,
      href: page ? this.familyHref(page, locale) : undefined,
      isEnglishOnly: page ? this.isEnglishOnly(page, locale) : false,
    });
    const fixed = this.site.countries.ruledIllegal.map((country) =>
      summary(country.code, 'forbidden', this.blogPostsBySlug.get(country.blogSlug)),
    );
    const fixedCodes = new Set(fixed.map((country) => country.code));
    const fromCms = this.inLocale(this.content.countries, locale).flatMap((family) => {
      const country = family.versions[family.languages[locale]!.sourceLocale]?.country;
      return country && !fixedCodes.has(country.code) ? [summary(country.code, country.status, family)] : [];
    });
    return [...fixed, ...fromCms].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }
}
