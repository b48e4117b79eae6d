import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchEntries } from '../../../pipeline/fetch/fetch-entries.ts';
import type { RawEntry } from '../../../pipeline/fetch/raw-entry.ts';
import { LOCALES } from '../../../pipeline/locale.ts';
import { entrySocialImages, planSocialImages } from '../../../pipeline/plan/plan-pages.ts';
import { loadSite } from '../../../pipeline/site/load-site.ts';
import type { Site } from '../../../pipeline/site/site.ts';
import { planMarkdownJobs } from '../../../pipeline/transform/markdown-jobs.ts';
import { transformContent } from '../../../pipeline/transform/transform-content.ts';
import { validateContent } from '../../../pipeline/validate/validate-content.ts';
import { REPO_ROOT } from '../../helpers/content.ts';

let site: Site;
let raw: RawEntry[];
beforeAll(async () => {
  site = await loadSite(REPO_ROOT);
  const fetched = await fetchEntries({
    cms: undefined,
    contentDir: path.join(REPO_ROOT, 'content'),
    locales: LOCALES,
    includeDrafts: false,
  });
  raw = fetched.entries;
}, 60_000);

describe('the social images drawn while the snapshot is read', () => {
  it("are those the build's list names for the entries, made from the entries before validation and transform", () => {
    const valid = validateContent(raw, { skipInvalid: false });
    const media = new Map();
    const markdown = planMarkdownJobs({ content: valid, site, media, imageSizes: new Map(), codeHash: 'test' });
    const content = transformContent({ content: valid, site, media, colours: new Map(), markdown });
    // planSocialImages names the six taglines first, then one image per title and language.
    const planned = planSocialImages({ content, site }).slice(LOCALES.length);
    const early = new Map(entrySocialImages(raw, site).map((image) => [image.src, image]));
    expect(planned.length).toBeGreaterThan(100);
    for (const image of planned) expect(early.get(image.src)).toEqual(image);
    // Typeset as the pages show them: a French title's apostrophes are curly.
    expect([...early.values()].some((image) => image.lang.startsWith('fr') && image.title.includes('\u2019'))).toBe(
      true,
    );
  });

  it("shows a key-term's question, and makes nothing of an entry that could not be one", () => {
    const entry = (collection: RawEntry['collection'], record: Record<string, unknown>): RawEntry => ({
      collection,
      record,
    });
    const images = entrySocialImages(
      [
        entry('key-terms', { title: 'Bounce rate', question: 'What is a bounce rate?', locale: 'en' }),
        entry('articles', { title: '   ', locale: 'en' }),
        entry('articles', { title: 42, locale: 'en' }),
        entry('articles', { title: 'Olá', locale: 'pt' }),
        entry('articles', { title: 'Hallo', question: 7, locale: 'de' }),
        entry('articles', { title: "L'analyse sans cookies", locale: 'fr' }),
      ],
      site,
    );
    expect(images.map((image) => [image.title, image.lang])).toEqual([
      ['What is a bounce rate?', expect.stringMatching(/^en/)],
      ['L\u2019analyse sans cookies', expect.stringMatching(/^fr/)],
    ]);
    expect(images.every((image) => image.footer === site.config.product)).toBe(true);
  });
});
