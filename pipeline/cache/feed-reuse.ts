import type { FormatFeedsOptions } from '../emit/format-feeds.ts';
import type { KeptFile } from '../emit/output-file.ts';
import type { OutputEntries } from '../emit/write-output.ts';
import type { FeedPlan } from '../plan/plan-feeds.ts';
import { digestJson } from './store.ts';

/** Which feeds the build formats, and which stay as the previous build wrote them. */
export interface FeedReuse {
  /** Per feed path, the key of everything its XML is made from: emit records it, the next build compares it. */
  hashes: Map<string, string>;
  kept: KeptFile[];
  toFormat: FeedPlan[];
}

export interface SplitFeedsOptions {
  options: Omit<FormatFeedsOptions, 'feeds'>;
  engine: string;
  previous: OutputEntries | undefined;
  bodies: { get(key: string): string | undefined };
}

/**
 * Splits the feeds by their key against what the output holds. A feed's key covers the pipeline, the
 * site-wide options of formatFeeds and the feed's plan with each entry's body named by its content key
 * (same key, same HTML): equal keys, equal files. A kept feed's entry bodies are looked up in `bodies`
 * (the store's table), so that it still holds them when a later build formats the feed again.
 */
export function splitFeeds(plans: FeedPlan[], { options, engine, previous, bodies }: SplitFeedsOptions): FeedReuse {
  const hashes = new Map<string, string>();
  const kept: KeptFile[] = [];
  const toFormat: FeedPlan[] = [];
  for (const plan of plans) {
    const entries = plan.entries.map(({ body, ...entry }) => ({ ...entry, contentKey: body.contentKey }));
    const key = digestJson([engine, options, { ...plan, entries }]);
    hashes.set(plan.feedPath, key);
    if (previous?.get(plan.feedPath)?.hash !== key) {
      toFormat.push(plan);
      continue;
    }
    kept.push({ path: plan.feedPath, kept: true });
    for (const { contentKey } of entries) bodies.get(contentKey);
  }
  return { hashes, kept, toFormat };
}
