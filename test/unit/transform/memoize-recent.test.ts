// The per-thread memo of repeated Markdown work (pipeline/memoize.ts): each key computed once while
// kept, at most `limit` answers kept, and everything forgotten at once when the limit is reached.
import { describe, expect, it } from 'vitest';
import { memoizeRecent } from '../../../pipeline/memoize.ts';

describe('memoizeRecent', () => {
  it('computes a key once while it is kept', () => {
    const asked: string[] = [];
    const upper = memoizeRecent((key) => (asked.push(key), key.toUpperCase()), 10);
    expect([upper('a'), upper('b'), upper('a'), upper('a')]).toEqual(['A', 'B', 'A', 'A']);
    expect(asked).toEqual(['a', 'b']);
  });

  it('keeps at most `limit` answers, then forgets them all and starts again', () => {
    const asked: string[] = [];
    const same = memoizeRecent((key) => (asked.push(key), key), 2);
    same('a');
    same('b');
    // The third key clears the two before it.
    same('c');
    same('c');
    same('a');
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});
