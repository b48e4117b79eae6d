// sitegen preview --drafts against a fake Strapi v5 (with a draft and an API token), in this process:
// the draft page, the webhook refresh that asks only for what changed, the "Couldn't connect to our
// blog." state while the CMS is down, and the token never leaving the server.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewProblem } from '../../pipeline/preview/live-events.ts';
import { startPreview, type Preview, type PreviewStatus } from '../../pipeline/preview/start-preview.ts';
import { startFakeStrapi, type FakeRecord, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { loadSnapshotRecords, REPO_ROOT } from '../helpers/content.ts';
import { openEventStream, type EventStream } from '../helpers/event-stream.ts';
import { makeTempDir } from '../helpers/files.ts';
import { hasClass, parseHtml } from '../helpers/html.ts';
import { copySiteData } from '../helpers/project-copy.ts';

const TOKEN = 'preview-test-token-5f2c';
const DRAFT_SLUG = 'draft-our-privacy-roadmap-for-2027';

let server: FakeStrapi;
let snapshot: Record<string, FakeRecord[]>;
let preview: Preview;
let stream: EventStream;
let cleanup: () => Promise<void>;
let isCmsDown = false;

beforeAll(async () => {
  const temp = await makeTempDir('preview-cms');
  cleanup = temp.cleanup;
  snapshot = await loadSnapshotRecords();
  server = await startFakeStrapi({
    version: 5,
    collections: snapshot,
    uploadsDir: path.join(REPO_ROOT, 'content', 'uploads'),
    token: TOKEN,
    faults: [{ when: () => isCmsDown, status: 502 }],
  });
  const siteDir = await copySiteData(path.join(temp.dir, 'site'));
  preview = await startPreview({
    siteDir,
    cacheDir: path.join(temp.dir, 'cache'),
    cms: { url: server.restUrl, token: TOKEN, concurrency: 4 },
    includeDrafts: true,
    port: 0,
  });
  stream = await openEventStream(`${preview.url}/__sitegen/events`);
}, 120_000);
afterAll(async () => {
  stream?.close();
  await preview?.close();
  await server?.close();
  await cleanup?.();
});

const text = async (urlPath: string) => (await fetch(`${preview.url}${urlPath}`)).text();
const postRefresh = async (): Promise<PreviewStatus> => {
  const response = await fetch(`${preview.url}/__sitegen/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"event":"entry.update","model":"article"}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as PreviewStatus;
};

function editDraft(paragraph: string, updatedAt: string): void {
  server.setRecords(
    'articles',
    snapshot.articles!.map((record) =>
      record.slug === DRAFT_SLUG
        ? { ...record, content: `${String(record.content)}\n\n${paragraph}`, updatedAt }
        : record,
    ),
  );
}

describe('sitegen preview --drafts --cms', () => {
  it('serves the CMS draft with its ribbon and noindex', async () => {
    const draft = parseHtml(await text(`/blog/${DRAFT_SLUG}`));
    expect(draft.text(draft.one('p', (element) => hasClass(element, 'draft-ribbon')))).toBe(
      'This is still a draft. Please don\u2019t share, yet.',
    );
    expect(
      draft
        .one('meta', (element) => element.attrs.some((a) => a.name === 'name' && a.value === 'robots'))
        ?.attrs.find((a) => a.name === 'content')?.value,
    ).toBe('noindex');
  });

  it('picks up a changed record on a webhook POST, asking the CMS only for what changed', async () => {
    editDraft('A paragraph written in the CMS.', '2026-12-01T09:00:00.000Z');
    const before = server.requests.length;
    const since = stream.received.length;
    const status = await postRefresh();
    expect(status.problem).toBeUndefined();
    expect(status.lastRebuild?.causes).toEqual(['cms']);
    expect(status.lastRebuild?.report.pagesRendered).toBeLessThan(status.lastRebuild!.report.pages / 4);
    const crawl = server.requests.slice(before).filter((request) => request.path.startsWith('/api/'));
    expect(crawl.length).toBeGreaterThan(0);
    expect(crawl.every((request) => request.query.get('filters[updatedAt][$gt]') === '2026-11-26T16:40:00.000Z')).toBe(
      true,
    );
    const reload = await stream.next((event) => event.event === 'reload', { since });
    expect((reload.data as { pages: string[] }).pages).toContain(`/blog/${DRAFT_SLUG}`);
    expect(await text(`/blog/${DRAFT_SLUG}`)).toContain('A paragraph written in the CMS.');
  });

  it('shows "Couldn\'t connect to our blog." while the CMS is down, keeps the last content, and recovers', async () => {
    editDraft('Written while the CMS was down.', '2026-12-02T09:00:00.000Z');
    isCmsDown = true;
    const since = stream.received.length;
    const down = await postRefresh();
    expect(down.problem).toMatchObject({ code: 'CMS_HTTP_ERROR', title: "Couldn't connect to our blog." });
    expect(down.problem?.localizedTitles?.nl).toBe('We konden geen verbinding maken met onze blog.');
    const problem = await stream.next((event) => event.event === 'problem', { since });
    expect((problem.data as PreviewProblem).title).toBe("Couldn't connect to our blog.");
    const page = await text(`/blog/${DRAFT_SLUG}`);
    expect(page).toContain('A paragraph written in the CMS.');
    expect(page).not.toContain('Written while the CMS was down.');

    isCmsDown = false;
    const recovered = stream.received.length;
    const up = await postRefresh();
    expect(up.problem).toBeUndefined();
    expect((await stream.next((event) => event.event === 'reload', { since: recovered })).data).toMatchObject({
      pages: 'all',
    });
    expect(await text(`/blog/${DRAFT_SLUG}`)).toContain('Written while the CMS was down.');
  });

  it('keeps the CMS token on the server', async () => {
    const answers = [
      await text('/__sitegen/live.js'),
      await text(`/blog/${DRAFT_SLUG}`),
      await text('/blog'),
      JSON.stringify(stream.received),
      JSON.stringify(preview.status()),
    ];
    for (const answer of answers) expect(answer).not.toContain(TOKEN);
    expect(
      server.requests.every(
        (request) => request.path.startsWith('/uploads/') || request.headers.authorization === `Bearer ${TOKEN}`,
      ),
    ).toBe(true);
  });
});
