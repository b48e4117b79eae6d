import { describe, expect, it } from 'vitest';
import { splitFeeds } from '../../../pipeline/cache/feed-reuse.ts';
import { openStore } from '../../../pipeline/cache/store.ts';
import type { OutputEntries } from '../../../pipeline/emit/write-output.ts';
import type { FeedPlan } from '../../../pipeline/plan/plan-feeds.ts';
import type { MarkdownInput } from '../../../pipeline/transform/markdown.ts';
import { makeTempDir } from '../../helpers/files.ts';

const markdown = (text: string) => ({ markdown: text }) as MarkdownInput;

function feedPlan(locale: 'en' | 'nl', contentKeys: string[], title = 'Blog'): FeedPlan {
  return {
    locale,
    title,
    subtitle: 'Privacy-first analytics, explained.',
    blogUrlPath: locale === 'en' ? '/blog' : `/${locale}/blog`,
    feedPath: locale === 'en' ? 'feed.xml' : `${locale}/feed.xml`,
    entries: contentKeys.map((contentKey, index) => ({
      id: `https://example.com/${locale}/blog/post-${index}`,
      url: `https://example.com/${locale}/blog/post-${index}`,
      title: `Post ${index}`,
      summary: 'A summary.',
      published: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-02T00:00:00.000Z',
      author: undefined,
      body: { markdown: markdown(`Body ${contentKey}`), contentKey },
    })),
  };
}

const options = {
  baseUrl: 'https://example.com',
  product: 'Simple Analytics',
  locales: [
    { code: 'en' as const, iso: 'en-US' },
    { code: 'nl' as const, iso: 'nl-NL' },
  ],
};
const BODIES: Array<[string, string]> = [
  ['k1', '<p>1</p>'],
  ['k2', '<p>2</p>'],
  ['k3', '<p>3</p>'],
];
const bodies = () => new Map(BODIES);

describe('feed reuse', () => {
  const first = splitFeeds([feedPlan('en', ['k1', 'k2']), feedPlan('nl', ['k3'])], {
    options,
    engine: 'e1',
    previous: undefined,
    bodies: bodies(),
  });
  const previous: OutputEntries = new Map([...first.hashes].map(([file, hash]) => [file, { hash, bytes: 100 }]));

  it('formats every feed when the output holds none', () => {
    expect(first.toFormat.map((plan) => plan.feedPath)).toEqual(['feed.xml', 'nl/feed.xml']);
    expect(first.kept).toEqual([]);
    expect([...first.hashes.keys()]).toEqual(['feed.xml', 'nl/feed.xml']);
    expect(first.hashes.get('feed.xml')).not.toBe(first.hashes.get('nl/feed.xml'));
  });

  it("keeps a feed whose plan is the same, and keeps its entries' bodies in the body cache", async () => {
    const { dir, cleanup } = await makeTempDir('feed-bodies');
    try {
      // An earlier build's bodies in the store's table, one of them (k4) of an entry no feed has any more.
      const earlier = openStore(dir);
      const table = await earlier.table<string>('feed-bodies');
      for (const [key, html] of [...BODIES, ['k4', '<p>4</p>'] as [string, string]]) table.set(key, html);
      await earlier.close();

      const store = openStore(dir);
      const again = splitFeeds([feedPlan('en', ['k1', 'k2']), feedPlan('nl', ['k3'])], {
        options,
        engine: 'e1',
        previous,
        bodies: await store.table<string>('feed-bodies'),
      });
      await store.close();
      expect(again.kept).toEqual([
        { path: 'feed.xml', kept: true },
        { path: 'nl/feed.xml', kept: true },
      ]);
      expect(again.toFormat).toEqual([]);
      // The kept feeds' bodies stay in the table for a later build that formats them; k4 goes.
      const later = await openStore(dir).table<string>('feed-bodies');
      expect(['k1', 'k2', 'k3', 'k4'].map((key) => later.get(key))).toEqual([
        ...BODIES.map(([, html]) => html),
        undefined,
      ]);
    } finally {
      await cleanup();
    }
  });

  it("formats a feed again when an entry's body, a field, the pipeline or the site options change", () => {
    const split = (plans: FeedPlan[], engine = 'e1', opts = options) =>
      splitFeeds(plans, { options: opts, engine, previous, bodies: bodies() }).toFormat.map((plan) => plan.feedPath);
    expect(split([feedPlan('en', ['k1', 'k2-edited']), feedPlan('nl', ['k3'])])).toEqual(['feed.xml']);
    expect(split([feedPlan('en', ['k1', 'k2']), feedPlan('nl', ['k3'], 'Blog van Simple Analytics')])).toEqual([
      'nl/feed.xml',
    ]);
    expect(split([feedPlan('en', ['k1', 'k2']), feedPlan('nl', ['k3'])], 'e2')).toEqual(['feed.xml', 'nl/feed.xml']);
    expect(
      split([feedPlan('en', ['k1', 'k2']), feedPlan('nl', ['k3'])], 'e1', {
        ...options,
        baseUrl: 'https://example.org',
      }),
    ).toEqual(['feed.xml', 'nl/feed.xml']);
  });

  it("does not name an entry's body by its Markdown text, which the content key stands for", () => {
    const plan = feedPlan('en', ['k1']);
    plan.entries[0]!.body = { ...plan.entries[0]!.body, markdown: markdown('another text with the same key') };
    expect(
      splitFeeds([plan], { options, engine: 'e1', previous: undefined, bodies: bodies() }).hashes.get('feed.xml'),
    ).toBe(
      splitFeeds([feedPlan('en', ['k1'])], { options, engine: 'e1', previous: undefined, bodies: bodies() }).hashes.get(
        'feed.xml',
      ),
    );
  });
});
