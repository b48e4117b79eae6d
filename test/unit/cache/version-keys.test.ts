// Names of the versions of kept records (pipeline/cache/version-keys.ts): the page hashes take them
// instead of the versions' JSON, so every input of the transform besides the record must be in them.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { versionInputsKey, versionNames, type VersionInputs } from '../../../pipeline/cache/version-keys.ts';
import { loadSite } from '../../../pipeline/site/load-site.ts';
import type { Site } from '../../../pipeline/site/site.ts';
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
      ['/uploads/a.png', { sourceFile: '/cache/a', outputPath: '_media/a.1.png' }],
      ['/uploads/b.png', { sourceFile: '/cache/b', outputPath: '_media/b.1.png' }],
    ]),
    colours: new Map([['/uploads/a.png', { hex: '#112233', brightness: 40 }]]),
    imageSizes: new Map([['/uploads/b.png', { width: 640, height: 480 }]]),
    unavailable: new Map(),
  };
}

const article = (id: number) => ({ id, locale: 'en', title: `Post ${id}` }) as unknown as ArticleRecord;
const content = (articles: ArticleRecord[], keyTerms: KeyTermRecord[] = []) => ({ articles, keyTerms, warnings: [] }) as unknown as ValidContent;

describe('versionInputsKey', () => {
  it('changes with each input the transform reads besides the record', () => {
    const base = versionInputsKey(inputs());
    const changed: Array<[string, (value: VersionInputs) => VersionInputs]> = [
      ['the pipeline', (value) => ({ ...value, engine: 'e2' })],
      ['an author', (value) => ({ ...value, site: { ...value.site, authors: { ...value.site.authors, extra: { name: 'Someone Else' } } as Site['authors'] } })],
      ['the base URL', (value) => ({ ...value, site: { ...value.site, config: { ...value.site.config, baseUrl: 'https://example.org' } } })],
      ['a media output path', (value) => ({ ...value, media: new Map([...value.media, ['/uploads/a.png', { sourceFile: '/cache/a', outputPath: '_media/a.2.png' }]]) })],
      ['a colour', (value) => ({ ...value, colours: new Map([['/uploads/a.png', { hex: '#112233', brightness: 41 }]]) })],
      ['an image size', (value) => ({ ...value, imageSizes: new Map([['/uploads/b.png', { width: 641, height: 480 }]]) })],
      ['a file the build could not have', (value) => ({ ...value, unavailable: new Map([['/uploads/b.png', 'HTTP 404']]) })],
    ];
    for (const [what, change] of changed) expect(versionInputsKey(change(inputs())), what).not.toBe(base);
  });

  it('does not change with the order the maps were filled in (downloads end in any order)', () => {
    const value = inputs();
    expect(versionInputsKey({ ...value, media: new Map([...value.media].reverse()) })).toBe(versionInputsKey(value));
  });
});

describe('versionNames', () => {
  it('names the versions of records with a key, by record, and none of records without one or whose id another record has', () => {
    const [one, two, three, four] = [article(1), article(2), article(3), article(3)];
    const keys = new WeakMap<object, string>([
      [one, 'k1'],
      [three, 'k3'],
      [four, 'k4'],
    ]);
    const names = versionNames(content([one, two, three, four]), keys, inputs());
    expect([...names.keys()]).toEqual(['articles#1']);
    expect(names.get('articles#1')).toBe(`${versionInputsKey(inputs())}:k1`);
  });
});
