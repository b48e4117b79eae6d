import type { RenderShared } from '../../templates/page-context.ts';
import { LOCALES, type Locale } from '../locale.ts';
import type { PagePlan, PostSummary } from '../plan/page-plan.ts';
import type { Site } from '../site/site.ts';
import { recordRef } from '../transform/markdown-jobs.ts';
import type { ContentFamily, EntryVersion } from '../transform/transform-content.ts';
import type { CodeHashes } from './code-hash.ts';
import { digest } from './store.ts';
import { memoize } from '../memoize.ts';

/** The pipeline's hash, and per page template the hash of the template files its tree imports. */
export type PageCodeHashes = Pick<CodeHashes, 'engine' | 'templates'>;

export interface PageHasher {
  /**
   * Per output path, a hash of everything the page's HTML depends on: its plan, what pages of its locale
   * share, the pipeline and the templates its page type imports. An entry's Markdown counts as its
   * content key (same key, same HTML). Entry pages are hashed by their sources when `familyOf` names
   * their family, the posts of lists by theirs when `listed` names their version.
   */
  hashPages(
    pages: PagePlan[],
    familyOf?: ReadonlyMap<PagePlan, ContentFamily>,
    listed?: ReadonlyMap<PostSummary, EntryVersion>,
  ): Map<string, string>;
  /**
   * A key of everything an entry family's pages are planned and hashed from, save the links an English
   * fallback's text gets (a family with a fallback page is planned every time): its versions and shape,
   * the site's data with every locale's messages and shell, the pipeline and the article template.
   * Equal keys, equal pages.
   */
  familyKey(family: ContentFamily): string;
}

/**
 * One hasher per build: what every page shares (site, locales, versions, families) is hashed once. A
 * version that `versionNames` names (by recordRef, version-keys.ts) is represented by its name instead
 * of its JSON.
 *
 * An entry page (11,000 of 12,000 at 10,000 records) is hashed by what its plan is made from rather than
 * by the plan: its family, the site's data, its locale, and the content key of the version it shows,
 * which for an English fallback also names the links its text gets in the page's language (the only
 * input of its plan from other entries). That hashes a tenth of the bytes, and every change of its plan
 * is a change of these. Likewise a post in a list counts as its href and the hash of its version.
 *
 * Relies on templates reading `shared.messages` and `shared.shells` only for the page's own locale,
 * as createPageContext does (`t`, `shell`).
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
  const commonHash = digest(code.engine, JSON.stringify(everyLocale), siteJson);
  const localeHash = memoize((locale: Locale) =>
    digest(commonHash, JSON.stringify(messages[locale]), JSON.stringify(shells[locale])),
  );
  // An entry page shows one version of its family; of the others it uses the slugs, and which exist (links, alternates).
  const versionHash = memoize((version: EntryVersion) => {
    const name = versionNames?.get(recordRef(version.collection, version.id));
    return name === undefined ? digest(JSON.stringify(withoutMarkdown(version))) : `named:${name}`;
  });
  const familyHash = memoize(({ versions, ...shape }: ContentFamily) => {
    const flags = Object.entries(versions).map(([locale, version]) => [
      locale,
      version.isDraft,
      version.automaticTranslated,
    ]);
    return digest(JSON.stringify([shape, flags]));
  });
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
        hashes.set(page.outputPath, digest(localeHash(page.locale), code.templates[page.data.template], inputs));
      }
      return hashes;
    },
    familyKey(family) {
      everyLocaleKey ??= digest(code.templates.article, ...LOCALES.map(localeHash));
      const versions = LOCALES.map((locale) => (family.versions[locale] ? versionHash(family.versions[locale]) : '-'));
      return digest(everyLocaleKey, familyHash(family), ...versions);
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
