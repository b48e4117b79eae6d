// A valid record keeps of a media object and of a localization the fields the pipeline reads, and
// leaves out the rest Strapi sends (per image format: name, hash, ext, size …): those would otherwise
// be kept with every record in the cache and in a rebuild's memory.
import { describe, expect, it } from 'vitest';
import { validateContent } from '../../../pipeline/validate/validate-content.ts';

const format = (name: string, width: number) => ({
  url: `/uploads/${name}_cover.png`,
  width,
  height: Math.round(width / 1.9),
  name: `${name}_cover.png`,
  hash: `${name}_cover_1a2b`,
  ext: '.png',
  mime: 'image/png',
  path: null,
  size: 9.8,
  sizeInBytes: 10059,
});

const cover = {
  id: 7,
  documentId: 'media-7',
  name: 'cover.png',
  alternativeText: 'A chart',
  caption: null,
  width: 1200,
  height: 630,
  mime: 'image/png',
  url: '/uploads/cover.png',
  formats: {
    thumbnail: format('thumbnail', 245),
    small: format('small', 500),
    medium: format('medium', 750),
    large: format('large', 1000),
    xlarge: format('xlarge', 1100),
  },
  hash: 'cover_1a2b',
  ext: '.png',
  size: 37.6,
  previewUrl: null,
  provider: 'local',
  provider_metadata: {
    public_id: 'abc',
    meta: { averageColorHex: '#336699', averageColorBrightness: 90, palette: ['#000000'] },
  },
  createdAt: '2024-01-01T00:00:00.000Z',
};

const article = {
  id: 1,
  documentId: 'doc-1',
  locale: 'en',
  title: 'Cookie-free analytics',
  slug: 'cookie-free-analytics',
  excerpt: 'What it means.',
  content: 'Text.',
  articleType: 'blog',
  updatedAt: '2024-01-02T00:00:00.000Z',
  publishedAt: '2024-01-02T00:00:00.000Z',
  localizations: [
    {
      id: 2,
      documentId: 'doc-1',
      locale: 'nl',
      slug: 'cookievrije-analytics',
      publishedAt: '2024-01-03T00:00:00.000Z',
    },
  ],
  coverImageWithText: cover,
  seoTitle: 'A field of the entry itself',
};

describe('a valid record', () => {
  it("keeps of a media object the fields the pages use, and of its formats each one's URL and size", () => {
    const valid = validateContent([{ collection: 'articles', record: article }], { skipInvalid: false }).articles[0]!;
    const media = valid.coverImageWithText!;
    expect(Object.keys(media).sort()).toEqual([
      'alternativeText',
      'caption',
      'formats',
      'height',
      'id',
      'mime',
      'name',
      'provider_metadata',
      'url',
      'width',
    ]);
    expect(media.formats).toEqual({
      thumbnail: { url: '/uploads/thumbnail_cover.png', width: 245, height: 129 },
      small: { url: '/uploads/small_cover.png', width: 500, height: 263 },
      medium: { url: '/uploads/medium_cover.png', width: 750, height: 395 },
      large: { url: '/uploads/large_cover.png', width: 1000, height: 526 },
    });
    expect(media.provider_metadata).toEqual({ meta: { averageColorHex: '#336699', averageColorBrightness: 90 } });
    expect(valid.localizations).toEqual([{ id: 2, locale: 'nl' }]);
  });

  it('keeps the fields of the entry itself that no schema names', () => {
    const valid = validateContent([{ collection: 'articles', record: article }], { skipInvalid: false })
      .articles[0]! as Record<string, unknown>;
    expect(valid.seoTitle).toBe('A field of the entry itself');
  });
});
