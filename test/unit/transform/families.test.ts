import { describe, expect, it } from 'vitest';
import { groupFamilies, planLanguages } from '../../../pipeline/transform/families.ts';
import type { Locale } from '../../../pipeline/locale.ts';

const record = (
  id: number,
  locale: Locale,
  slug: string,
  extra: { documentId?: string; localizations?: Array<{ id: number; locale: string }> } = {},
) => ({
  id,
  locale,
  slug,
  articleType: 'blog',
  updatedAt: '2024-01-01T00:00:00.000Z',
  ...extra,
});

describe('groupFamilies', () => {
  it('groups v5 records by documentId', () => {
    const { families } = groupFamilies('articles', [
      record(1, 'en', 'hello', { documentId: 'd1' }),
      record(2, 'de', 'hallo', { documentId: 'd1' }),
      record(3, 'en', 'other', { documentId: 'd2' }),
    ]);
    expect(families.map((family) => [family.key, Object.keys(family.members)])).toEqual([
      ['articles:d1', ['en', 'de']],
      ['articles:d2', ['en']],
    ]);
  });

  it('groups v4 records through their localization ids, even when only one side lists the other', () => {
    const { families } = groupFamilies('articles', [
      record(10, 'en', 'hello', { localizations: [{ id: 11, locale: 'nl' }] }),
      record(11, 'nl', 'hallo', { localizations: [] }),
      record(12, 'fr', 'bonjour', { localizations: [{ id: 11, locale: 'nl' }] }),
      record(20, 'en', 'alone'),
    ]);
    expect(families.map((family) => Object.values(family.members).map((member) => member.id))).toEqual([
      [10, 11, 12],
      [20],
    ]);
  });
});

describe('planLanguages', () => {
  it('falls back to the English slug for locales without a version, and flags them', () => {
    const { families } = groupFamilies('articles', [
      record(1, 'en', 'hello', { documentId: 'd' }),
      record(2, 'de', 'hallo', { documentId: 'd' }),
    ]);
    const languages = planLanguages(families[0]!);
    expect(languages.de).toEqual({ slug: 'hallo', sourceLocale: 'de', isFallback: false });
    expect(languages.it).toEqual({ slug: 'hello', sourceLocale: 'en', isFallback: true });
  });

  it('gives a family without an English version pages only in its own locales (issue 11: no Dutch text as "the English version")', () => {
    const { families } = groupFamilies('articles', [
      record(1, 'nl', 'alleen-nederlands', { documentId: 'd' }),
      record(2, 'de', 'nur-deutsch', { documentId: 'd' }),
    ]);
    const languages = planLanguages(families[0]!);
    expect(Object.keys(languages)).toEqual(['nl', 'de']);
    expect(languages.nl).toEqual({ slug: 'alleen-nederlands', sourceLocale: 'nl', isFallback: false });
    expect(languages.en).toBeUndefined();
    expect(languages.fr).toBeUndefined();
  });

  it('never falls back to a language other than English', () => {
    const { families } = groupFamilies('articles', [
      record(1, 'de', 'hallo', { documentId: 'd' }),
      record(2, 'en', 'hello', { documentId: 'd' }),
      record(3, 'nl', 'hallo-nl', { documentId: 'd' }),
    ]);
    const languages = planLanguages(families[0]!);
    for (const locale of ['es', 'fr', 'it'] as const)
      expect(languages[locale]).toEqual({ slug: 'hello', sourceLocale: 'en', isFallback: true });
  });
});
