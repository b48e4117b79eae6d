import { hash } from 'node:crypto';
import type { FormatFeedsOptions } from '../emit/format-feeds.ts';
import type { KeptFile } from '../emit/output-file.ts';
import type { OutputEntries } from '../emit/write-output.ts';
import type { FeedPlan } from '../plan/plan-feeds.ts';

/** Which feeds the build formats, and which stay as the previous build wrote them. */
export interface FeedReuse {
  /** Per feed path, the key of everything its XML is made from: emit records it, the next build compares it. */
  hashes: Map<string, string>;
  kept: KeptFile[];
  toFormat: FeedPlan[];
}

/**
 * Splits the feeds by their key against what the output holds. A feed's key covers the pipeline, the
 * site-wide options of formatFeeds and the feed's plan with each entry's body named by its content key
 * (same key, same HTML): equal keys, equal files. A kept feed's entry bodies stay in `bodies.used`, so
 * that the feed-body cache still holds them when a later build formats the feed again.
 */
export function splitFeeds(
  plans: FeedPlan[],
  {
    options,
    engine,
    previous,
    bodies,
  }: {
    options: Omit<FormatFeedsOptions, 'feeds'>;
    engine: string;
    previous: OutputEntries | undefined;
    bodies: { known: ReadonlyMap<string, string>; used: Map<string, string> };
  },
): FeedReuse {
  const hashes = new Map<string, string>();
  const kept: KeptFile[] = [];
  const toFormat: FeedPlan[] = [];
  for (const plan of plans) {
    const entries = plan.entries.map(({ body, ...entry }) => ({ ...entry, contentKey: body.contentKey }));
    const key = hash('sha256', JSON.stringify([engine, options, { ...plan, entries }]), 'base64url');
    hashes.set(plan.feedPath, key);
    if (previous?.get(plan.feedPath)?.hash !== key) {
      toFormat.push(plan);
      continue;
    }
    kept.push({ path: plan.feedPath, kept: true });
    for (const { contentKey } of entries) {
      const html = bodies.known.get(contentKey);
      if (html !== undefined) bodies.used.set(contentKey, html);
    }
  }
  return { hashes, kept, toFormat };
}
