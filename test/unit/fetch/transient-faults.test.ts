// The crawl against a fake Strapi whose connections break (real HTTP on 127.0.0.1): each fault is
// ridden out when it passes, and fails the crawl clearly when it does not.
import { afterEach, describe, expect, it } from 'vitest';
import { SitegenError } from '../../../pipeline/errors.ts';
import { fetchCmsEntries, type CmsOptions } from '../../../pipeline/fetch/fetch-cms.ts';
import { DEFAULT_FAULT_RETRY } from '../../../pipeline/fetch/fetch-with-retries.ts';
import {
  startFakeStrapi,
  type FakeFault,
  type FakeStrapi,
  type FakeStrapiOptions,
} from '../../fixtures/strapi/fake-strapi.ts';
import { makeFamily, makeKeyTerm } from '../../helpers/content.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

const articles = () => [
  ...makeFamily('alpha', ['en', 'nl']),
  ...makeFamily('beta', ['en']),
  ...makeFamily('gamma', ['en']),
];

async function fake(options: Partial<FakeStrapiOptions> = {}): Promise<FakeStrapi> {
  const server = await startFakeStrapi({
    version: 5,
    maxLimit: 1,
    collections: { articles: articles(), 'key-terms': [makeKeyTerm({ documentId: 'visit', locale: 'en' })] },
    ...options,
  });
  cleanups.push(() => server.close());
  return server;
}

/** Page 2 of the English articles: the URL the faults below break. */
const page2 = (request: { collection: string; locale: string | null; page: number }) =>
  request.collection === 'articles' && request.locale === 'en' && request.page === 2;
const isPage2 = (request: { url: string; query: URLSearchParams }) =>
  /\/articles\?/.test(request.url) &&
  request.query.get('locale') === 'en' &&
  request.query.get('pagination[page]') === '2';

async function crawl(server: FakeStrapi, cms: Partial<CmsOptions> = {}) {
  const progress: string[] = [];
  const result = await fetchCmsEntries({
    cms: { url: server.restUrl, concurrency: 2, timeoutMs: 2_000, faultRetry: { tries: 3, backoffMs: 20 }, ...cms },
    locales: ['en', 'nl'],
    includeDrafts: false,
    onProgress: (message) => progress.push(message),
  }).catch((error: unknown) => error);
  return { result, progress };
}

const slugs = (result: unknown) =>
  (result as Awaited<ReturnType<typeof fetchCmsEntries>>).entries
    .map((entry) => `${entry.collection}:${String(entry.record.slug)}`)
    .sort();

describe('a transient fault is ridden out', () => {
  it.each([
    { kind: 'reset' as const, times: 2, seen: /ECONNRESET/ },
    { kind: 'short-body' as const, times: 2, seen: /body ended after \d+ of \d+ bytes/ },
    { kind: 'not-json' as const, times: 1, seen: /the body is not what was asked for/ },
    { kind: 'stall' as const, times: 1, seen: /no answer within 1000 ms/ },
  ])('$kind, for the first $times tries of a page', async ({ kind, times, seen }) => {
    const clean = await crawl(await fake());
    const server = await fake({ faults: [{ when: page2, kind, times }] });
    // A timeout long enough that only the stalled request meets it, even on a busy machine.
    const { result, progress } = await crawl(server, kind === 'stall' ? { timeoutMs: 1_000 } : {});

    expect(result).not.toBeInstanceOf(Error);
    expect(slugs(result)).toEqual(slugs(clean.result));
    const tries = server.requests.filter(isPage2);
    expect(tries.map((request) => request.fault ?? request.status)).toEqual([...Array<string>(times).fill(kind), 200]);
    // Each retry is told, naming the page, what happened and the URL.
    const told = progress.filter((line) => line.startsWith('articles page 2 (locale en): '));
    expect(told).toHaveLength(times);
    expect(told[0]).toMatch(seen);
    expect(told[0]).toContain(`GET ${server.restUrl}/articles?`);
  });

  it('a server that stops listening between pages and comes back', async () => {
    const clean = await crawl(await fake());
    // Closed for 150 ms: the second try (after 50–100 ms) finds it closed, a later one open again.
    const server = await fake({ faults: [{ when: page2, kind: 'refused', times: 1, downMs: 150 }] });
    const { result, progress } = await crawl(server, { faultRetry: { tries: 4, backoffMs: 100 } });

    expect(result).not.toBeInstanceOf(Error);
    expect(slugs(result)).toEqual(slugs(clean.result));
    expect(server.requests.filter(isPage2).map((request) => request.fault ?? request.status)).toEqual(['refused', 200]);
    expect(progress.some((line) => line.startsWith('articles page 2 (locale en): '))).toBe(true);
  });
});

describe('a fault that does not pass fails the crawl, naming the URL and what happened', () => {
  async function failure(faults: FakeFault[], cms: Partial<CmsOptions> = {}) {
    const server = await fake({ faults });
    const { result } = await crawl(server, cms);
    expect(result).toBeInstanceOf(SitegenError);
    return { server, error: result as SitegenError };
  }

  it('a connection reset mid-body on every try', async () => {
    const { server, error } = await failure([{ when: page2, kind: 'reset' }]);
    expect(error.code).toBe('CMS_UNREACHABLE');
    // Mid-body as a rule; a client too busy to read the first half before the reset loses it and sees the reset first.
    expect(error.message).toMatch(
      /^The CMS (broke off its answer|could not be reached) for articles page 2 \(locale en\), on all 3 tries \((body ended after \d+ of \d+ bytes \(ECONNRESET\)|read ECONNRESET)\): GET /,
    );
    expect(error.message).toContain(`GET ${server.restUrl}/articles?`);
    expect(server.requests.filter(isPage2)).toHaveLength(3);
    // The socket error is kept as the cause, for the CLI to show.
    const causes: unknown[] = [];
    for (let cause = error.cause; cause; cause = (cause as { cause?: unknown }).cause) causes.push(cause);
    expect(causes.some((cause) => (cause as { code?: string }).code === 'ECONNRESET')).toBe(true);
  });

  it('waits between tries with jittered exponential backoff, bounded', async () => {
    const server = await fake({ faults: [{ when: page2, kind: 'short-body' }] });
    const { result, progress } = await crawl(server, { faultRetry: { tries: 4, backoffMs: 40 } });
    expect((result as SitegenError).message).toContain('on all 4 tries');
    const waits = progress
      .filter((line) => line.startsWith('articles page 2 (locale en): '))
      .map((line) => /trying again in (\d+) ms \(try (\d) of 4\)/.exec(line)!.slice(1).map(Number));
    expect(waits.map(([, next]) => next)).toEqual([2, 3, 4]);
    // Before try n + 1: between half and all of 40 ms × 2^(n-1).
    waits.forEach(([ms, next]) => {
      const full = 40 * 2 ** (next! - 2);
      expect(ms).toBeGreaterThanOrEqual(full / 2);
      expect(ms).toBeLessThanOrEqual(full);
    });
    // The defaults: 3 tries, at most 1 s + 2 s of waiting.
    expect(DEFAULT_FAULT_RETRY).toEqual({ tries: 3, backoffMs: 1_000 });
  });

  it('a body shorter than its Content-Length on every try', async () => {
    const { error } = await failure([{ when: page2, kind: 'short-body' }]);
    expect(error.code).toBe('CMS_UNREACHABLE');
    const [, received, declared] = /body ended after (\d+) of (\d+) bytes/.exec(error.message) ?? [];
    expect(Number(received)).toBeGreaterThan(0);
    expect(Number(received)).toBeLessThan(Number(declared));
  });

  it('no answer until the timeout on every try', async () => {
    const { server, error } = await failure([{ when: page2, kind: 'stall' }], { timeoutMs: 1_000 });
    expect(error.code).toBe('CMS_UNREACHABLE');
    expect(error.message).toContain(
      'did not answer in time for articles page 2 (locale en), on all 3 tries (no answer within 1000 ms)',
    );
    expect(server.requests.filter(isPage2)).toHaveLength(3);
  });

  it('a server that stops listening for good', async () => {
    const { error } = await failure([{ when: page2, kind: 'refused' }]);
    expect(error.code).toBe('CMS_UNREACHABLE');
    expect(error.message).toContain('could not be reached');
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('an answer that is not JSON on every try', async () => {
    const { server, error } = await failure([{ when: page2, kind: 'not-json' }]);
    expect(error.code).toBe('CMS_RESPONSE_INVALID');
    expect(error.message).toMatch(
      /^The CMS answered articles page 2 \(locale en\) with a body that is not JSON, on all 3 tries/,
    );
    expect(server.requests.filter(isPage2)).toHaveLength(3);
  });
});

describe("the spec's one retry for HTTP statuses stays as it is", () => {
  it('a 500 after a reset is retried once, not once per try', async () => {
    const server = await fake({
      faults: [
        { when: page2, kind: 'reset', times: 1 },
        { when: page2, status: 500 },
      ],
    });
    const { result } = await crawl(server);
    expect((result as SitegenError).code).toBe('CMS_HTTP_ERROR');
    expect(server.requests.filter(isPage2).map((request) => request.fault ?? request.status)).toEqual([
      'reset',
      500,
      500,
    ]);
  });

  it('a 503 retried once, then a reset: the next try gets no second status retry', async () => {
    const server = await fake({
      faults: [
        { when: page2, status: 503, times: 1, retryAfter: '0' },
        { when: page2, kind: 'reset', times: 1 },
        { when: page2, status: 500 },
      ],
    });
    const { result } = await crawl(server);
    expect((result as SitegenError).code).toBe('CMS_HTTP_ERROR');
    expect((result as SitegenError).message).toContain('HTTP 500');
    expect(server.requests.filter(isPage2).map((request) => request.fault ?? request.status)).toEqual([
      503,
      'reset',
      500,
    ]);
  });

  it('a 503 with Retry-After is retried once and the crawl goes on', async () => {
    const server = await fake({ faults: [{ when: page2, status: 503, times: 1, retryAfter: '0' }] });
    const { result } = await crawl(server);
    expect(result).not.toBeInstanceOf(Error);
    expect(server.requests.filter(isPage2).map((request) => request.status)).toEqual([503, 200]);
  });
});
