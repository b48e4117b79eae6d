// Issue 29: `metadata` is not among the fields of the spec. A CMS whose article type lacks it has it
// dropped from the query; its country articles must then validate as plain articles, while a country
// article whose metadata is there still has to name its country.
import { describe, expect, it } from 'vitest';
import { articleSchema } from '../../../pipeline/validate/schemas.ts';

const country = {
  id: 7,
  title: 'Google Analytics in Finland',
  excerpt: 'Where Google Analytics stands in Finland.',
  locale: 'en',
  slug: 'google-analytics-finland',
  authorSlug: 'adriaan',
  publishedAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  articleType: 'google-analytics-countries',
};

describe('an article without the optional metadata field', () => {
  it('validates a country article from a CMS that has no metadata field', () => {
    const parsed = articleSchema.safeParse(country);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('still asks a country article with metadata for its country code', () => {
    const parsed = articleSchema.safeParse({ ...country, metadata: { illegal: 'yes' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain('metadata.country_code');
  });
});
