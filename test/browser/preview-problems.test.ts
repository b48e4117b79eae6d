// The preview's content-problems panel in a real Chromium (issue 11 point 6): a tab of a preview whose CMS
// has an invalid entry lists it in a panel that does not block the page (no red overlay), under the
// site's Content-Security-Policy; × hides it, also after a reload, until the list changes (the entry is
// fixed), and a failed rebuild's overlay is a different element.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../pipeline/preview/start-preview.ts';
import { startFakeStrapi, type FakeRecord, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { makeArticle, makeKeyTerm, REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir } from '../helpers/files.ts';
import { copySiteData } from '../helpers/project-copy.ts';

const PANEL = '#sitegen-preview-content-problems';
const OVERLAY = '#sitegen-preview-overlay';

function articles(badSlug: string, updatedAt = '2024-01-02T10:00:00.000Z'): FakeRecord[] {
  return [
    makeArticle({ id: 801, documentId: 'alpha', locale: 'en', slug: 'alpha-en' }),
    makeArticle({ id: 802, documentId: 'bad', locale: 'en', slug: badSlug, updatedAt }),
  ];
}

let server: FakeStrapi;
let preview: Preview;
let browser: Browser;
let page: Page;
let cleanup: () => Promise<void>;
const violations: string[] = [];

beforeAll(async () => {
  const temp = await makeTempDir('preview-problems-browser');
  cleanup = temp.cleanup;
  server = await startFakeStrapi({
    version: 5,
    collections: {
      articles: articles('bad slug'),
      'key-terms': [makeKeyTerm({ id: 851, documentId: 'funnel', locale: 'en' })],
    },
    uploadsDir: path.join(REPO_ROOT, 'content', 'uploads'),
  });
  const siteDir = await copySiteData(path.join(temp.dir, 'site'));
  preview = await startPreview({
    siteDir,
    cacheDir: path.join(temp.dir, 'cache'),
    cms: { url: server.restUrl, concurrency: 4 },
    includeDrafts: true,
    port: 0,
  });
  browser = await launchBrowser();
  const context = await browser.newContext();
  await context.route('**/*', (route) =>
    route.request().url().startsWith(preview.url) ? route.continue() : route.abort(),
  );
  // Counts the event stream's hello events, so that a test knows the live script has had its say.
  await context.addInitScript(() => {
    const Native = window.EventSource;
    const counter = window as unknown as { __hellos: number };
    counter.__hellos = 0;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('hello', () => setTimeout(() => (counter.__hellos += 1)));
      }
    };
  });
  page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await preview?.close();
  await server?.close();
  await cleanup?.();
});

const panelText = () => page.locator(PANEL).innerText();

describe('the preview tab lists content problems', () => {
  it('shows the invalid entry in a panel next to the page, not in the blocking overlay', async () => {
    const answer = await page.goto(`${preview.url}/blog/alpha-en`);
    expect(answer?.status()).toBe(200);
    await page.locator(PANEL).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __hellos: number }).__hellos)).toBe(1);
    expect(await panelText()).toContain('CONTENT_INVALID');
    expect(await panelText()).toContain('left out: articles #802 (en)  slug:');
    expect(await page.locator(PANEL).getAttribute('role')).toBe('status');
    expect(await page.locator(OVERLAY).count()).toBe(0);
    // The page itself is there and usable under the panel.
    expect(await page.locator('h1').innerText()).toBe('Article alpha (en)');
    expect(violations).toEqual([]);
  });

  it('hides the panel with its button, also after a reload, until the list changes', async () => {
    await page.locator(`${PANEL} button[aria-label="Dismiss"]`).click();
    expect(await page.locator(PANEL).count()).toBe(0);
    await page.reload();
    // The same list again (in hello): the panel stays hidden.
    await page.waitForFunction(() => (window as unknown as { __hellos: number }).__hellos > 0);
    expect(await page.locator(PANEL).count()).toBe(0);

    server.setRecords('articles', articles('bad-slug-fixed', '2026-12-03T09:00:00.000Z'));
    const before = preview.status().contentProblems;
    await preview.refresh();
    const after = preview.status().contentProblems;
    expect(after.length).toBe(before.length - 1);
    // What stays: this small CMS lacks the entries the rules of redirects.json point at.
    expect(after.map((item) => item.code)).toEqual(['REDIRECTS_INVALID']);
    // A changed list is shown again, without the fixed entry.
    await page.locator(PANEL).waitFor();
    expect(await panelText()).toContain('hand-written redirects were left out');
    expect(await panelText()).not.toContain('articles #802');
    expect((await page.request.get(`${preview.url}/blog/bad-slug-fixed`)).status()).toBe(200);
    expect(violations).toEqual([]);
  });
});
