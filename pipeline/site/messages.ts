import { memoize } from '../memoize.ts';
import type { Messages } from './site.ts';

/** A UI string with its `{0}`, `{1}` … placeholders filled. An unknown key is a bug: it throws. */
export function formatMessage(messages: Messages, key: string, ...args: Array<string | number>): string {
  const text = messages[key];
  if (text === undefined) throw new Error(`No UI string "${key}" in the locale files`);
  if (args.length === 0 && !text.includes('{')) return text;
  const parts = partsOf(text);
  let out = parts[0]!;
  for (let index = 1; index < parts.length; index += 2) {
    const placeholder = parts[index]!;
    out += String(args[Number(placeholder)] ?? `{${placeholder}}`) + parts[index + 1]!;
  }
  return out;
}

/** A message split at its placeholders: text, a placeholder's number, text, … (a page fills dozens of them). */
const partsOf = memoize((text: string) => text.split(/\{(\d+)\}/));
