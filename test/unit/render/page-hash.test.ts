import { describe, expect, it } from 'vitest';
import type { RenderShared } from '../../../templates/page-context.ts';
import type { Locale } from '../../../pipeline/locale.ts';
import type { PagePlan, PageTemplate } from '../../../pipeline/plan/page-plan.ts';
import { createPageHasher, type PageCodeHashes } from '../../../pipeline/cache/page-hash.ts';

const page = (locale: Locale, data: PagePlan['data'], outputPath: string) =>
  ({ locale, data, outputPath, urlPath: `/${outputPath}` }) as unknown as PagePlan;
const pages = [
  page('en', { template: 'pricing' }, 'pricing.html'),
  page('nl', { template: 'pricing' }, 'nl/prijzen.html'),
  page('en', { template: 'video' }, 'video.html'),
  page('nl', { template: 'video' }, 'nl/video.html'),
];
const shared = (nlPrivacy: string) =>
  ({
    product: 'P',
    messages: { en: { privacy: 'Privacy' }, nl: { privacy: nlPrivacy } },
    shells: { en: { nav: 1 }, nl: { nav: 1 } },
  }) as unknown as RenderShared;
const code = (pricing: string): PageCodeHashes => ({
  engine: 'e',
  templates: new Proxy({} as Record<PageTemplate, string>, {
    get: (_, template) => (template === 'pricing' ? pricing : 'other'),
  }),
});

/** The output paths whose hash differs between two hashings. */
const changed = (a: Map<string, string>, b: Map<string, string>) =>
  [...a.keys()].filter((key) => a.get(key) !== b.get(key));

describe('PageHasher.hashPages', () => {
  it("changes with a locale's strings for that locale's pages only", () => {
    expect(
      changed(
        createPageHasher(shared('Privacy'), code('p1'), undefined).hashPages(pages),
        createPageHasher(shared('Privacybeleid'), code('p1'), undefined).hashPages(pages),
      ),
    ).toEqual(['nl/prijzen.html', 'nl/video.html']);
  });

  it("follows an article's content key, not its Markdown text (the key names the rendered body)", () => {
    const article = (markdown: string, contentKey: string) =>
      page(
        'en',
        {
          template: 'article',
          article: {
            version: { title: 'T', markdown: { markdown }, contentKey },
            isFallback: false,
            englishHref: undefined,
            breadcrumbs: [],
          },
        } as unknown as PagePlan['data'],
        'blog/a.html',
      );
    const hash = (markdown: string, contentKey: string) =>
      createPageHasher(shared('Privacy'), code('p1'), undefined)
        .hashPages([article(markdown, contentKey)])
        .get('blog/a.html');
    expect(hash('# One', 'k1')).toBe(hash('# Two', 'k1'));
    expect(hash('# One', 'k1')).not.toBe(hash('# One', 'k2'));
  });

  it("changes with a page template's code for that template's pages only", () => {
    expect(
      changed(
        createPageHasher(shared('Privacy'), code('p1'), undefined).hashPages(pages),
        createPageHasher(shared('Privacy'), code('p2'), undefined).hashPages(pages),
      ),
    ).toEqual(['pricing.html', 'nl/prijzen.html']);
  });
});
