import type { StateInline } from 'markdown-it';

/**
 * A run of characters that start no inline syntax: markdown-it's terminator characters (its
 * `rules_inline/text`) left out. Sticky, so it matches from `lastIndex` only.
 */
const PLAIN_RUN = /[^\n!#$%&*+\-:<=>@[\\\]^_`{}~]+/y;

/**
 * markdown-it's `text` rule, the same tokens by a regular expression instead of a loop over
 * character codes: the rule runs at nearly every position of every paragraph, and its loop was the
 * costliest function of markdown-it's parse in a build's profile. A run never passes `posMax`, as
 * markdown-it's loop does not (a range ends at a terminator wherever markdown-it sets one, so this
 * is a guard).
 */
export function plainTextRule(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  PLAIN_RUN.lastIndex = start;
  if (!PLAIN_RUN.test(state.src)) return false;
  const end = Math.min(PLAIN_RUN.lastIndex, state.posMax);
  if (end <= start) return false;
  if (!silent) state.pending += state.src.slice(start, end);
  state.pos = end;
  return true;
}
