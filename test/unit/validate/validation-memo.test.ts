// validateContent with a memo (the preview keeps one between rebuilds): records it saw are not checked
// again, and every other record is, whatever the memo holds for its id.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SitegenError } from '../../../pipeline/errors.ts';
import { loadSnapshot } from '../../../pipeline/fetch/load-snapshot.ts';
import { validateContent, type ValidationMemo } from '../../../pipeline/validate/validate-content.ts';
import { REPO_ROOT } from '../../helpers/content.ts';

const snapshot = () => loadSnapshot(path.join(REPO_ROOT, 'content'), { includeDrafts: true });

describe('validateContent with a memo', () => {
  it('gives what it gives without one, and the same valid objects for the same raw records', async () => {
    const { entries } = await snapshot();
    const memo: ValidationMemo = new WeakMap();
    const first = validateContent(entries, { skipInvalid: false, memo });
    expect(first).toEqual(validateContent(entries, { skipInvalid: false }));
    const second = validateContent(entries, { skipInvalid: false, memo });
    expect(second.articles.length).toBe(first.articles.length);
    second.articles.forEach((record, index) => expect(record).toBe(first.articles[index]));
    second.keyTerms.forEach((record, index) => expect(record).toBe(first.keyTerms[index]));
  });

  it('checks a new raw record of a known entry again: an invalid edit fails (or is left out) though the memo holds the valid one', async () => {
    const { entries } = await snapshot();
    const memo: ValidationMemo = new WeakMap();
    validateContent(entries, { skipInvalid: false, memo });
    const index = entries.findIndex((entry) => entry.collection === 'articles');
    const broken = [...entries];
    broken[index] = { ...entries[index]!, record: { ...entries[index]!.record, slug: 'Not a slug!' } };
    let thrown: unknown;
    try {
      validateContent(broken, { skipInvalid: false, memo });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SitegenError);
    expect((thrown as SitegenError).code).toBe('CONTENT_INVALID');
    expect((thrown as SitegenError).message).toContain(`articles #${String(entries[index]!.record.id)}`);
    const skipped = validateContent(broken, { skipInvalid: true, memo });
    expect(skipped.articles.some((record) => record.slug === 'Not a slug!')).toBe(false);
    expect(skipped.warnings).toHaveLength(1);
  });
});
