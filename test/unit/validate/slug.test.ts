import { describe, expect, it } from 'vitest';
import { slugClashKey, slugProblem } from '../../../pipeline/validate/slug.ts';

describe('slugProblem', () => {
  it.each([
    'ccpa_vs_cpra',
    'gdpr_fines_faq',
    'CJEU-cookies-are-sensitive-data',
    'HIPAA-and-mental-health',
    'Conversietrechter',
    'v1.2~rc',
    '.well',
    'a..b',
    'café-et-vie-privée',
    'привет-мир',
    'cafe\u0301',
  ])('accepts %s', (slug) => {
    expect(slugProblem(slug)).toBeUndefined();
  });

  it.each([
    ['', 'must not be empty'],
    ['.', '"." is a dot segment, not a slug'],
    ['..', '".." is a dot segment, not a slug'],
    ['a/b', '"/" is not allowed in a slug (it is unsafe in a URL path)'],
    ['a\\b', '"\\" is not allowed in a slug (it is unsafe in a URL path)'],
    ['100%', '"%" is not allowed in a slug (it is unsafe in a URL path)'],
    ['why?', '"?" is not allowed in a slug (it is unsafe in a URL path)'],
    ['a#b', '"#" is not allowed in a slug (it is unsafe in a URL path)'],
    ['a b', 'whitespace (U+0020) is not allowed in a slug (it is unsafe in a URL path)'],
    ['a\u00a0b', 'whitespace (U+00A0) is not allowed in a slug (it is unsafe in a URL path)'],
    ['a\nb', 'whitespace (U+000A) is not allowed in a slug (it is unsafe in a URL path)'],
    ['a\u0000b', 'the character U+0000 is not allowed in a slug (it is unsafe in a URL path)'],
    ['a\u200bb', 'the character U+200B is not allowed in a slug (it is unsafe in a URL path)'],
    ['a:b', '":" is not allowed in a slug: use letters'],
    ['a*b', '"*" is not allowed in a slug: use letters'],
    ["o'neil", `"'" is not allowed in a slug: use letters`],
    ['page.HTML', 'must not end in ".html"'],
  ])('refuses %j: %s', (slug, problem) => {
    expect(slugProblem(slug)).toContain(problem);
  });
});

describe('slugClashKey', () => {
  it('is the same for slugs that differ only in case or Unicode normalisation', () => {
    expect(slugClashKey('CJEU-Cookies')).toBe(slugClashKey('cjeu-cookies'));
    expect(slugClashKey('café')).toBe(slugClashKey('cafe\u0301'));
    expect(slugClashKey('café')).not.toBe(slugClashKey('cafe'));
  });
});
