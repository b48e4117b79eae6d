import { describe, expect, it } from 'vitest';
import { normaliseCover, pickCover } from '../../../pipeline/transform/covers.ts';
import type { Media } from '../../../pipeline/validate/schemas.ts';

const media = (overrides: Partial<Media> = {}): Media => ({
  id: 1,
  name: 'google-analytics-banned-in-europe-no-text.png',
  alternativeText: null,
  caption: null,
  width: 1200,
  height: 630,
  url: '/uploads/ga_banned_1a2b3c.png',
  formats: {
    small: { url: '/uploads/small_ga_banned_1a2b3c.png', width: 500, height: 263 },
    medium: { url: '/uploads/medium_ga_banned_1a2b3c.png', width: 750, height: 394 },
  },
  provider_metadata: null,
  ...overrides,
});

describe('normaliseCover', () => {
  it('takes the alternative text first', () => {
    expect(
      normaliseCover(media({ alternativeText: 'A map of Europe', caption: 'Caption' }), 'Title', new Map(), new Map())
        .alt,
    ).toBe('A map of Europe');
  });

  it('falls back to the caption', () => {
    expect(normaliseCover(media({ caption: 'Europe in red' }), 'Title', new Map(), new Map()).alt).toBe(
      'Europe in red',
    );
  });

  // issue 12: the file name is English on every locale; the localization's own title is in its language.
  it("else takes the localization's title, never the file name", () => {
    expect(normaliseCover(media(), 'Google Analytics in Europa verboten', new Map(), new Map()).alt).toBe(
      'Google Analytics in Europa verboten',
    );
  });

  it('reads the colour from the CMS metadata, adding the leading #', () => {
    const cover = normaliseCover(
      media({ provider_metadata: { meta: { averageColorHex: '1F3B5C', averageColorBrightness: 52 } } }),
      'T',
      new Map(),
      new Map(),
    );
    expect(cover).toMatchObject({ averageColorHex: '#1f3b5c', isDark: true });
  });

  it('uses a computed colour when the metadata has none, keyed by the smallest image', () => {
    const colours = new Map([['/uploads/small_ga_banned_1a2b3c.png', { hex: '#f0f0e0', brightness: 238 }]]);
    expect(normaliseCover(media(), 'T', new Map(), colours)).toMatchObject({
      averageColorHex: '#f0f0e0',
      isDark: false,
    });
  });

  it('is not dark when no colour is known', () => {
    expect(normaliseCover(media(), 'T', new Map(), new Map())).toMatchObject({
      averageColorHex: undefined,
      isDark: false,
    });
  });

  it('points at the mirrored files and keeps the format sizes', () => {
    const files = new Map([
      [
        '/uploads/small_ga_banned_1a2b3c.png',
        { sourceFile: '/x', outputPath: '_media/small_ga_banned_1a2b3c.0123456789.png' },
      ],
    ]);
    const cover = normaliseCover(media(), 'T', files, new Map());
    expect(cover.small).toEqual({ src: '/_media/small_ga_banned_1a2b3c.0123456789.png', width: 500, height: 263 });
    expect(cover.large).toBeUndefined();
  });
});

describe('pickCover', () => {
  it('prefers the image without text', () => {
    const withText = media({ id: 2, name: 'x-text.png' });
    const withoutText = media({ id: 3 });
    expect(pickCover({ coverImageWithText: withText, coverImageWithoutText: withoutText })?.id).toBe(3);
    expect(pickCover({ coverImageWithText: withText, coverImageWithoutText: null })?.id).toBe(2);
    expect(pickCover({})).toBeUndefined();
  });
});
