// UI strings with placeholders (pipeline/site/messages.ts).
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../../../pipeline/site/messages.ts';

const messages = {
  plain: 'Pricing',
  one: 'Published {0}',
  two: '{1} of {0}, {1} again',
  braces: 'Use {name} or {0}',
};

describe('formatMessage', () => {
  it('fills each placeholder with its argument, as often as it appears', () => {
    expect(formatMessage(messages, 'plain')).toBe('Pricing');
    expect(formatMessage(messages, 'one', '3 May 2024')).toBe('Published 3 May 2024');
    expect(formatMessage(messages, 'two', 10, 'page 2')).toBe('page 2 of 10, page 2 again');
    // The same message again, with other arguments.
    expect(formatMessage(messages, 'two', 7, 'page 1')).toBe('page 1 of 7, page 1 again');
  });

  it('keeps a placeholder without an argument and braces that are not placeholders', () => {
    expect(formatMessage(messages, 'one')).toBe('Published {0}');
    expect(formatMessage(messages, 'braces', '$1 & $&')).toBe('Use {name} or $1 & $&');
  });

  it('throws for a key the locale files do not have', () => {
    expect(() => formatMessage(messages, 'missing')).toThrow(/No UI string "missing"/);
  });
});
