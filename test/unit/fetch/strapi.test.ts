import { describe, expect, it } from 'vitest';
import { applyRecordCap } from '../../../pipeline/fetch/record-cap.ts';
import { detectDialect, flattenRow, resolveMediaUrls } from '../../../pipeline/fetch/strapi-shape.ts';
import { formatPageUrl } from '../../../pipeline/fetch/strapi-query.ts';

describe('flattenRow', () => {
  it('unwraps v4 attributes, media and relations into the v5 shape', () => {
    const v4 = {
      id: 7,
      attributes: {
        title: 'Hello',
        locale: 'en',
        coverImageWithText: { data: null },
        coverImageWithoutText: { data: { id: 3, attributes: { url: '/uploads/a.png', name: 'a.png' } } },
        localizations: { data: [{ id: 8, attributes: { locale: 'nl', slug: 'hallo' } }] },
      },
    };
    expect(detectDialect(v4)).toBe(4);
    expect(flattenRow(v4)).toEqual({
      id: 7,
      title: 'Hello',
      locale: 'en',
      coverImageWithText: null,
      coverImageWithoutText: { id: 3, url: '/uploads/a.png', name: 'a.png' },
      localizations: [{ id: 8, locale: 'nl', slug: 'hallo' }],
    });
  });

  it('passes a v5 row through', () => {
    const v5 = { id: 7, documentId: 'abc', locale: 'en', localizations: [{ id: 8, locale: 'nl' }] };
    expect(detectDialect(v5)).toBe(5);
    expect(flattenRow(v5)).toEqual(v5);
  });
});

describe('resolveMediaUrls', () => {
  it('makes relative media URLs absolute against the CMS origin and leaves absolute ones', () => {
    const record = {
      coverImageWithoutText: {
        url: '/uploads/a.png',
        formats: { small: { url: '/uploads/small_a.png' }, large: { url: 'https://cdn.example.com/l.png' } },
      },
    };
    expect(resolveMediaUrls(record, ['coverImageWithoutText'], 'https://cms.example.com')).toEqual({
      coverImageWithoutText: {
        url: 'https://cms.example.com/uploads/a.png',
        formats: {
          small: { url: 'https://cms.example.com/uploads/small_a.png' },
          large: { url: 'https://cdn.example.com/l.png' },
        },
      },
    });
  });
});

describe('formatPageUrl', () => {
  it('asks Strapi for a total order, an explicit page size and narrow populates, with indexed arrays', () => {
    const url = new URL(
      formatPageUrl('https://cms.example.com/api', {
        collection: 'articles',
        locale: 'de',
        page: 2,
        pageSize: 100,
        publication: 'drafts-v5',
      }),
    );
    expect(url.pathname).toBe('/api/articles');
    expect([...url.searchParams]).toMatchInlineSnapshot(`
      [
        [
          "locale",
          "de",
        ],
        [
          "sort[0]",
          "publishedAt:desc",
        ],
        [
          "sort[1]",
          "id:desc",
        ],
        [
          "pagination[page]",
          "2",
        ],
        [
          "pagination[pageSize]",
          "100",
        ],
        [
          "pagination[withCount]",
          "true",
        ],
        [
          "populate[localizations][fields][0]",
          "slug",
        ],
        [
          "populate[localizations][fields][1]",
          "locale",
        ],
        [
          "populate[localizations][fields][2]",
          "publishedAt",
        ],
        [
          "populate[coverImageWithText]",
          "true",
        ],
        [
          "populate[coverImageWithoutText]",
          "true",
        ],
        [
          "status",
          "draft",
        ],
      ]
    `);
  });

  it('speaks the proxy form of spec §7 when the URL ends in /api/cms', () => {
    const url = new URL(
      formatPageUrl('https://www.example.com/api/cms', {
        collection: 'key-terms',
        locale: 'en',
        page: 1,
        pageSize: 100,
        publication: 'drafts-v4',
      }),
    );
    expect(url.pathname).toBe('/api/cms');
    expect(url.searchParams.get('path')).toBe('/key-terms');
    expect(url.searchParams.get('drafts')).toBe('true');
    expect(url.searchParams.get('fields')).toBe(
      'id,title,excerpt,locale,slug,authorSlug,automaticTranslated,publishedAt,updatedAt,articleType,createdAt,content,sourceDocumentUrl',
    );
    expect(url.searchParams.has('populate[coverImageWithText]')).toBe(false);
  });
});

describe('applyRecordCap', () => {
  it('keeps the newest records and says how many were left out', () => {
    const entries = [3, 1, 4, 2].map((day) => ({
      collection: 'articles' as const,
      record: { id: day, publishedAt: `2024-01-0${day}T00:00:00.000Z` },
    }));
    const capped = applyRecordCap(entries, 2);
    expect(capped.entries.map((entry) => entry.record.id)).toEqual([4, 3]);
    expect(capped.warnings).toEqual(['articles: 4 records, more than the cap of 2; the 2 oldest were left out']);
  });
});
