import { createHash } from 'node:crypto';
import type { RenderShared } from '../../templates/page-context.ts';
import type { Locale } from '../locale.ts';
import type { PagePlan, PageTemplate } from '../plan/page-plan.ts';
import type { EntryVersion } from '../transform/transform-content.ts';

export interface PageCodeHashes {
  /** The pipeline and locked dependencies (loadCodeHash). */
  engine: string;
  /** Per page template, the template files its tree imports (loadTemplateHashes). */
  templates: Record<PageTemplate, string>;
}

/**
 * A hash of everything a page's HTML depends on: its plan, what pages of its locale share, the pipeline
 * and the templates its page type imports. So a locale file change re-renders that locale, and a
 * template change the pages that use it. An entry's Markdown is represented by its content key (same
 * key, same HTML), which keeps hashing cheap. Pure.
 *
 * Relies on templates reading `shared.messages` and `shared.shells` only for the page's own locale,
 * as createPageContext does (`t`, `shell`).
 */
export function hashPageInputs(pages: PagePlan[], shared: RenderShared, code: PageCodeHashes): Map<string, string> {
  const { messages, shells, ...everyLocale } = shared;
  const commonHash = createHash('sha256').update(code.engine).update(JSON.stringify(everyLocale)).digest('hex');
  const localeHashes = new Map<Locale, string>();
  const localeHash = (locale: Locale) => {
    let hash = localeHashes.get(locale);
    if (hash === undefined) {
      hash = createHash('sha256').update(commonHash).update(JSON.stringify(messages[locale])).update(JSON.stringify(shells[locale])).digest('hex');
      localeHashes.set(locale, hash);
    }
    return hash;
  };
  // An entry's Markdown is named by its contentKey (which also covers the media it shows); leaving the
  // text out keeps the hashed JSON small. (A replacer function would do the same at several times the cost.)
  const withoutMarkdown = (page: PagePlan): PagePlan => {
    if (page.data.template !== 'article') return page;
    const { article } = page.data;
    return { ...page, data: { ...page.data, article: { ...article, version: { ...article.version, markdown: undefined as unknown as EntryVersion['markdown'] } } } };
  };
  return new Map(
    pages.map((page) => [
      page.outputPath,
      createHash('sha256').update(localeHash(page.locale)).update(code.templates[page.data.template]).update(JSON.stringify(withoutMarkdown(page))).digest('hex').slice(0, 32),
    ]),
  );
}
