import { describe, expect, it } from 'vitest';
import { withoutStrapiFileSuffix } from './real-strapi-suite.ts';

describe('withoutStrapiFileSuffix', () => {
  it("drops the suffix Strapi's upload provider adds, in _media/ paths and in the pages that link them, and nothing else", () => {
    const tree = new Map([
      ['_media/ccpa_cover_f6c71eceaa.0123456789.png', Buffer.from([1, 2, 3])],
      [
        'blog/a.html',
        Buffer.from(
          '<img src="/_media/ccpa_cover_f6c71eceaa.0123456789.png"> <img src="/_media/plain.0123456789.png"> ccpa_cover_f6c71eceaa',
        ),
      ],
      ['_media/plain.0123456789.png', Buffer.from([4])],
    ]);
    const out = withoutStrapiFileSuffix(tree);
    expect([...out.keys()].sort()).toEqual([
      '_media/ccpa_cover.0123456789.png',
      '_media/plain.0123456789.png',
      'blog/a.html',
    ]);
    expect(out.get('_media/ccpa_cover.0123456789.png')).toEqual(Buffer.from([1, 2, 3]));
    expect(out.get('blog/a.html')!.toString()).toBe(
      '<img src="/_media/ccpa_cover.0123456789.png"> <img src="/_media/plain.0123456789.png"> ccpa_cover_f6c71eceaa',
    );
  });
});
