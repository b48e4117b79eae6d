import type { Messages } from './site.ts';

/** A UI string with its `{0}`, `{1}` … placeholders filled. An unknown key is a bug: it throws. */
export function formatMessage(messages: Messages, key: string, ...args: Array<string | number>): string {
  const text = messages[key];
  if (text === undefined) throw new Error(`No UI string "${key}" in the locale files`);
  if (args.length === 0 && !text.includes('{')) return text;
  return text.replace(/\{(\d+)\}/g, (whole, index: string) => String(args[Number(index)] ?? whole));
}
