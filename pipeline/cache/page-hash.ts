import { hash } from 'node:crypto';
import type { RenderShared } from '../../templates/page-context.ts';
import { LOCALES, type Locale } from '../locale.ts';
import type { PagePlan, PageTemplate, PostSummary } from '../plan/page-plan.ts';
import type { Site } from '../site/site.ts';
import { recordRef } from '../transform/markdown-jobs.ts';
import type { ContentFamily, EntryVersion } from '../transform/transform-content.ts';

export interface PageCodeHashes {
  /** The pipeline and locked dependencies (loadCodeHash). */
  engine: string;
  /** Per page template, the template files its tree imports (loadTemplateHashes). */
  templates: Record<PageTemplate, string>;
}

/** What an entry page's plan was made from (planPages' `sources`): its hash is taken from these instead of the plan. */
export interface PageSources {
  site: Site;
  /** The entry family each entry page is planned from. */
  familyOf: ReadonlyMap<PagePlan, ContentFamily>;
  /** The version each post of a list shows (SitePlan.listed). */
  listed?: ReadonlyMap<PostSummary, EntryVersion> | undefined;
}

/**
 * A hash of everything a page's HTML depends on: its plan, what pages of its locale share, the pipeline
 * and the templates its page type imports. So a locale file change re-renders that locale, and a
 * template change the pages that use it. An entry's Markdown is represented by its content key (same
 * key, same HTML), which keeps hashing cheap. Pure.
 *
 * An entry page (11,000 of 12,000 at 10,000 records) is hashed by what its plan is made from rather than
 * by the plan: its family (hashed once for all its locales), the site's data, its locale, and the
 * content key of the version it shows, which for an English fallback also names the links its text
 * gets in the page's language (the only input of its plan from other entries). That hashes a tenth of
 * the bytes, and every change of its plan is a change of these. Likewise a post in a list (blog pages,
 * glossary categories, the home page) counts as its href and the hash of the version it shows, which
 * the entries' keys hash anyway, instead of its summary's fields.
 *
 * Relies on templates reading `shared.messages` and `shared.shells` only for the page's own locale,
 * as createPageContext does (`t`, `shell`).
 */
export function hashPageInputs(
  pages: PagePlan[],
  shared: RenderShared,
  code: PageCodeHashes,
  sources?: PageSources,
): Map<string, string> {
  return createPageHasher(shared, code, sources?.site).hashPages(pages, sources?.familyOf, sources?.listed);
}

export interface PageHasher {
  /** hashPageInputs of these pages; entry pages by their sources when `familyOf` names their family, the posts of lists by theirs when `listed` names their version. */
  hashPages(
    pages: PagePlan[],
    familyOf?: ReadonlyMap<PagePlan, ContentFamily>,
    listed?: ReadonlyMap<PostSummary, EntryVersion>,
  ): Map<string, string>;
  /**
   * A key of everything an entry family's pages are planned and hashed from, save the links an English
   * fallback's text gets (a family with a fallback page is planned every time, see entry-pages.ts): its
   * versions and shape, the site's data with every locale's messages and shell, the pipeline and the
   * article template. Equal keys, equal pages.
   */
  familyKey(family: ContentFamily): string;
}

/**
 * One hasher per build: what every page shares (site, locales, versions, families) is hashed once. A
 * version that `versionNames` names (by recordRef, version-keys.ts) is represented by its name instead
 * of its JSON.
 */
export function createPageHasher(
  shared: RenderShared,
  code: PageCodeHashes,
  site: Site | undefined,
  versionNames?: ReadonlyMap<string, string>,
): PageHasher {
  const { messages, shells, ...everyLocale } = shared;
  // What an entry page's plan reads of the site besides `shared`: routes, config, glossary … The messages
  // count per locale (localeHash); the redirects and the site's folder not at all.
  const siteJson = site ? JSON.stringify({ ...site, dir: undefined, redirects: undefined, messages: undefined }) : '';
  const commonHash = hash('sha256', `${code.engine}\0${JSON.stringify(everyLocale)}\0${siteJson}`, 'hex');
  const localeHashes = new Map<Locale, string>();
  const localeHash = (locale: Locale) => {
    let localeKey = localeHashes.get(locale);
    if (localeKey === undefined)
      localeHashes.set(
        locale,
        (localeKey = hash(
          'sha256',
          `${commonHash}\0${JSON.stringify(messages[locale])}\0${JSON.stringify(shells[locale])}`,
          'hex',
        )),
      );
    return localeKey;
  };
  // An entry page shows one version of its family; of the others it uses the slugs, and which exist (links, alternates).
  const versionHashes = new Map<EntryVersion, string>();
  const versionHash = (version: EntryVersion) => {
    let versionKey = versionHashes.get(version);
    if (versionKey === undefined) {
      const name = versionNames?.get(recordRef(version.collection, version.id));
      versionHashes.set(
        version,
        (versionKey =
          name === undefined ? hash('sha256', JSON.stringify(withoutMarkdown(version)), 'hex') : `named:${name}`),
      );
    }
    return versionKey;
  };
  const familyHashes = new Map<ContentFamily, string>();
  const familyHash = (family: ContentFamily) => {
    let familyKey = familyHashes.get(family);
    if (familyKey === undefined) {
      const { versions, ...shape } = family;
      const flags = Object.entries(versions).map(([locale, version]) => [
        locale,
        version.isDraft,
        version.automaticTranslated,
      ]);
      familyHashes.set(family, (familyKey = hash('sha256', JSON.stringify([shape, flags]), 'hex')));
    }
    return familyKey;
  };
  let everyLocaleKey: string | undefined;
  return {
    hashPages(pages, familyOf, listed) {
      const hashes = new Map<string, string>();
      const sourced = (page: PagePlan) =>
        listed && listed.size > 0
          ? withListsBySource(page, (summary) => {
              const version = listed.get(summary as PostSummary);
              return version && `${(summary as PostSummary).href}\0${versionHash(version)}`;
            })
          : page;
      for (const page of pages) {
        const family = familyOf?.get(page);
        const language = family?.languages[page.locale];
        const version = language && family!.versions[language.sourceLocale];
        const inputs =
          version && page.data.template === 'article'
            ? `entry\0${familyHash(family!)}\0${versionHash(version)}\0${page.locale}\0${page.outputPath}\0${page.data.article.version.contentKey}`
            : JSON.stringify(
                page.data.template === 'article'
                  ? {
                      ...page,
                      data: {
                        ...page.data,
                        article: { ...page.data.article, version: withoutMarkdown(page.data.article.version) },
                      },
                    }
                  : sourced(page),
              );
        hashes.set(
          page.outputPath,
          hash('sha256', `${localeHash(page.locale)}\0${code.templates[page.data.template]}\0${inputs}`, 'hex').slice(
            0,
            32,
          ),
        );
      }
      return hashes;
    },
    familyKey(family) {
      everyLocaleKey ??= hash('sha256', [code.templates.article, ...LOCALES.map(localeHash)].join('\0'), 'hex');
      const versions = LOCALES.map((locale) => (family.versions[locale] ? versionHash(family.versions[locale]) : '-'));
      return hash('sha256', `${everyLocaleKey}\0${familyHash(family)}\0${versions.join('\0')}`, 'base64url');
    },
  };
}

/** The page with each list of posts in its data (blog-list, home, glossary categories) as the posts' `keyOf`, where it names all of them. */
function withListsBySource(page: PagePlan, keyOf: (summary: unknown) => string | undefined): PagePlan {
  const data = page.data as unknown as Record<string, unknown>;
  let keyed: Record<string, unknown> | undefined;
  for (const field of Object.keys(data)) {
    const value = data[field];
    if (!Array.isArray(value) || value.length === 0) continue;
    const keys = value.map(keyOf);
    if (keys.every((key) => key !== undefined)) (keyed ??= { ...data })[field] = keys;
  }
  return keyed ? ({ ...page, data: keyed } as unknown as PagePlan) : page;
}

/**
 * An entry's Markdown is named by its contentKey (which also covers the media it shows); leaving the
 * text out keeps the hashed JSON small. (A replacer function would do the same at several times the cost.)
 */
function withoutMarkdown(version: EntryVersion): EntryVersion {
  return { ...version, markdown: undefined as unknown as EntryVersion['markdown'] };
}
