import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HostManifest } from '../../pipeline/plan/host-manifest.ts';
import { loadHostManifest } from '../../pipeline/preview/load-host-manifest.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { routePath } from '../helpers/browser-site.ts';
import { buildEmbeddedSite, type BuiltSite } from '../helpers/built-site.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import { startPreviewServer, type PreviewServer } from '../helpers/preview-server.ts';

/**
 * The video page's captions in a real Chromium, served with the site's own headers (the preview's request
 * handler, Content-Security-Policy included). The asset host is emulated by page.route: the captions
 * load when it answers with an Access-Control-Allow-Origin that allows the page (as
 * assets.simpleanalytics.com does: the original site's <video> for these assets carried
 * crossorigin="anonymous"); they fail when the host does not allow the page's origin, and fail without
 * the `crossorigin` attribute whatever the host answers. So the attribute and CORS are what make them load.
 */
const video = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'site.json'), 'utf8')) as {
    video: { captions: string; poster: string; mp4: string; webm: string };
  }
).video;
const ASSET_ORIGIN = new URL(video.captions).origin;
const CUES = ['Simple Analytics shows what matters.', 'No cookies, no personal data.'];
const VTT = `WEBVTT

00:00:00.000 --> 00:00:02.000
${CUES[0]}

00:00:02.000 --> 00:00:04.000
${CUES[1]}
`;

let site: BuiltSite | undefined;
let manifest: HostManifest;
let preview: PreviewServer | undefined;
let browser: Browser | undefined;
const contexts: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  site = await buildEmbeddedSite('video');
  manifest = await loadHostManifest(`${site.outDir}-host`);
  preview = await startPreviewServer(site.outDir, manifest);
  browser = await launchBrowser();
}, 180_000);
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});
afterAll(async () => {
  await browser?.close();
  await preview?.close();
  await site?.cleanup();
});

interface AssetRequest {
  url: string;
  /** The request's Origin header: a CORS request carries it, a no-cors one does not. */
  origin: string | undefined;
}

/**
 * Who the emulated asset host allows: every origin (`*`, as assets.simpleanalytics.com answers), or only
 * another one. (Playwright's route.fulfill adds an Access-Control-Allow-Origin for the page's origin to
 * a CORS answer that has none, so a host that does not allow us is emulated by naming another origin.)
 */
type AssetHostCors = 'any origin' | 'another origin';

/**
 * The video page of the local site, with its requests to the asset host answered here: the captions with
 * the WebVTT above, anything else (poster, video) with a 404. `withoutCrossOrigin` serves the page with
 * the `crossorigin` attribute taken out, as it was before. Every other origin is aborted; CSP violations
 * are recorded.
 */
async function openVideoPage(
  cors: AssetHostCors,
  { withoutCrossOrigin = false } = {},
): Promise<{ page: Page; requests: AssetRequest[]; violations: () => Promise<string[]> }> {
  const context = await browser!.newContext();
  contexts.push(context);
  await context.route('**/*', (route) =>
    route.request().url().startsWith(`${preview!.url}/`) ? route.fallback() : route.abort('blockedbyclient'),
  );
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`),
    );
  });
  const page = await context.newPage();
  const pageUrl = `${preview!.url}${routePath('video', 'en')}`;
  if (withoutCrossOrigin) {
    await page.route(pageUrl, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      expect(html).toContain(' crossorigin="anonymous"');
      await route.fulfill({ response, body: html.replace(' crossorigin="anonymous"', '') });
    });
  }
  const requests: AssetRequest[] = [];
  await page.route(`${ASSET_ORIGIN}/**`, async (route) => {
    const request = route.request();
    requests.push({ url: request.url(), origin: (await request.headerValue('origin')) ?? undefined });
    const headers = { 'access-control-allow-origin': cors === 'any origin' ? '*' : 'https://elsewhere.example' };
    if (request.url() === video.captions)
      await route.fulfill({
        status: 200,
        headers: { ...headers, 'content-type': 'text/vtt; charset=utf-8' },
        body: VTT,
      });
    else await route.fulfill({ status: 404, headers, body: '' });
  });
  await page.goto(pageUrl);
  return {
    page,
    requests,
    violations: () => page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []),
  };
}

/** The captions track's readyState once it settles (2 loaded, 3 error), and its cues' text. */
async function trackOutcome(page: Page): Promise<{ readyState: number; cues: string[] }> {
  await page.evaluate(() => {
    const track = document.querySelector<HTMLVideoElement>('video.promo-video')!.textTracks[0]!;
    track.mode = 'showing';
  });
  await expect
    .poll(() => page.evaluate(() => document.querySelector<HTMLTrackElement>('video.promo-video track')!.readyState), {
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(2);
  return page.evaluate(() => {
    const element = document.querySelector<HTMLTrackElement>('video.promo-video track')!;
    return { readyState: element.readyState, cues: [...(element.track.cues ?? [])].map((cue) => (cue as VTTCue).text) };
  });
}

describe('the video captions', () => {
  it('asks the asset host in CORS mode, as the page says', async () => {
    const html = readFileSync(path.join(site!.outDir, 'video.html'), 'utf8');
    expect(html).toMatch(/<video[^>]*\scrossorigin="anonymous"/);
    expect(html).toContain(`<track kind="captions" src="${video.captions}"`);
    // The header policy lets the page load media (and so captions) from the asset host.
    const csp = manifest.headers.security.find((header) => header.name === 'Content-Security-Policy')!.value;
    expect(
      csp
        .split('; ')
        .find((directive) => directive.startsWith('media-src '))
        ?.split(' '),
    ).toContain(ASSET_ORIGIN);
  });

  it('load when the asset host allows the origin: the track is loaded and has its cues, and nothing is blocked', async () => {
    const { page, requests, violations } = await openVideoPage('any origin');
    expect(await trackOutcome(page)).toEqual({ readyState: 2, cues: CUES });
    const captions = requests.find((request) => request.url === video.captions);
    expect(captions, 'the captions were asked for').toBeDefined();
    expect(captions!.origin, 'the captions are asked for in CORS mode').toBe(preview!.url);
    expect(await violations()).toEqual([]);
  });

  it('fail when the asset host does not allow the origin (readyState 3, no cues): CORS is what makes them load', async () => {
    const { page, requests, violations } = await openVideoPage('another origin');
    expect(await trackOutcome(page)).toEqual({ readyState: 3, cues: [] });
    expect(requests.some((request) => request.url === video.captions)).toBe(true);
    expect(await violations()).toEqual([]);
  });

  it('fail without the crossorigin attribute even when the host allows every origin: the attribute is what asks for CORS', async () => {
    const { page, requests } = await openVideoPage('any origin', { withoutCrossOrigin: true });
    expect(await trackOutcome(page)).toEqual({ readyState: 3, cues: [] });
    // Chromium refuses a cross-origin track outright in no-cors mode: it is not even asked for.
    expect(requests.filter((request) => request.url === video.captions)).toEqual([]);
  });
});
