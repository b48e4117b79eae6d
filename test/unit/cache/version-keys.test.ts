// Names of the versions of kept records (pipeline/cache/version-keys.ts): the page hashes take them
// instead of the versions' JSON, so every input of the transform besides the record must be in them,
// and a media file the record does not use must not.
import { beforeAll, describe, expect, it } from 'vitest';
import { versionNames, type VersionInputs } from '../../../pipeline/cache/version-keys.ts';
import { loadSite } from '../../../pipeline/site/load-site.ts';
import type { Site } from '../../../pipeline/site/site.ts';
import type { MarkdownBodyMemo } from '../../../pipeline/transform/markdown-jobs.ts';
import type { ArticleRecord, KeyTermRecord } from '../../../pipeline/validate/schemas.ts';
import type { ValidContent } from '../../../pipeline/validate/validate-content.ts';
import { REPO_ROOT } from '../../helpers/content.ts';

let site: Site;
beforeAll(async () => {
  site = await loadSite(REPO_ROOT);
});

function inputs(): VersionInputs {
  return {
    engine: 'e1',
    site,
    media: new Map([
      ['/uploads/cover.png', { sourceFile: '/cache/cover', outputPath: '_media/cover.1.png' }],
      ['/uploads/small_cover.png', { sourceFile: '/cache/small', outputPath: '_media/small_cover.1.png' }],
      ['/uploads/chart.png', { sourceFile: '/cache/chart', outputPath: '_media/chart.1.png' }],
      ['/uploads/elsewhere.png', { sourceFile: '/cache/elsewhere', outputPath: '_media/elsewhere.1.png' }],
    ]),
    colours: new Map([['/uploads/small_cover.png', { hex: '#112233', brightness: 40 }]]),
    imageSizes: new Map([['/uploads/chart.png', { width: 640, height: 480 }]]),
    unavailable: new Map(),
  };
}

const cover = {
  id: 9,
  name: 'cover.png',
  url: '/uploads/cover.png',
  formats: { small: { url: '/uploads/small_cover.png', width: 500, height: 263 } },
};
const article = (id: number) =>
  ({ id, locale: 'en', title: `Post ${id}`, coverImageWithoutText: cover }) as unknown as ArticleRecord;
const content = (articles: ArticleRecord[], keyTerms: KeyTermRecord[] = []) =>
  ({ articles, keyTerms, warnings: [] }) as unknown as ValidContent;

/** The name of one article's version (its text shows /uploads/chart.png) under these inputs. */
function nameUnder(value: VersionInputs): string {
  const record = article(1);
  const bodies: MarkdownBodyMemo = new WeakMap([[record, { hash: 'h', images: ['/uploads/chart.png'] }]]);
  return versionNames(content([record]), { keys: new WeakMap([[record, 'k1']]), bodies }, value).get('articles#1')!;
}

describe('versionNames', () => {
  it('change with each input the transform reads besides the record', () => {
    const base = nameUnder(inputs());
    expect(base).toBeDefined();
    const changed: Array<[string, (value: VersionInputs) => VersionInputs]> = [
      ['the pipeline', (value) => ({ ...value, engine: 'e2' })],
      [
        'an author',
        (value) => ({
          ...value,
          site: {
            ...value.site,
            authors: { ...value.site.authors, extra: { name: 'Someone Else' } } as Site['authors'],
          },
        }),
      ],
      [
        'the base URL',
        (value) => ({
          ...value,
          site: { ...value.site, config: { ...value.site.config, baseUrl: 'https://example.org' } },
        }),
      ],
      [
        "the cover's output path",
        (value) => ({
          ...value,
          media: new Map([
            ...value.media,
            ['/uploads/cover.png', { sourceFile: '/cache/cover', outputPath: '_media/cover.2.png' }],
          ]),
        }),
      ],
      [
        "the text image's output path",
        (value) => ({
          ...value,
          media: new Map([
            ...value.media,
            ['/uploads/chart.png', { sourceFile: '/cache/chart', outputPath: '_media/chart.2.png' }],
          ]),
        }),
      ],
      [
        "the cover's computed colour",
        (value) => ({ ...value, colours: new Map([['/uploads/small_cover.png', { hex: '#112233', brightness: 41 }]]) }),
      ],
      [
        "the text image's size",
        (value) => ({ ...value, imageSizes: new Map([['/uploads/chart.png', { width: 641, height: 480 }]]) }),
      ],
      [
        'a file of the cover the build could not have',
        (value) => ({ ...value, unavailable: new Map([['/uploads/small_cover.png', 'HTTP 404']]) }),
      ],
    ];
    for (const [what, change] of changed) expect(nameUnder(change(inputs())), what).not.toBe(base);
  });

  it('stay the same when a file the record does not use changes, and whatever order the maps were filled in', () => {
    const base = nameUnder(inputs());
    const value = inputs();
    expect(
      nameUnder({
        ...value,
        media: new Map([
          ...value.media,
          ['/uploads/elsewhere.png', { sourceFile: '/cache/elsewhere', outputPath: '_media/elsewhere.2.png' }],
        ]),
      }),
    ).toBe(base);
    expect(nameUnder({ ...value, media: new Map([...value.media].reverse()) })).toBe(base);
  });

  it('name the versions of records with a key, by record, and none of records without one or whose id another record has', () => {
    const [one, two, three, four] = [article(1), article(2), article(3), article(3)];
    const keys = new WeakMap<object, string>([
      [one, 'k1'],
      [three, 'k3'],
      [four, 'k4'],
    ]);
    const bodies: MarkdownBodyMemo = new WeakMap(
      [one, two, three, four].map((record) => [record, { hash: 'h', images: [] }]),
    );
    const names = versionNames(content([one, two, three, four]), { keys, bodies }, inputs());
    expect([...names.keys()]).toEqual(['articles#1']);
    // The same record under another key: another name.
    const renamed = versionNames(content([one]), { keys: new WeakMap([[one, 'k1b']]), bodies }, inputs());
    expect(renamed.get('articles#1')).not.toBe(names.get('articles#1'));
  });
});
