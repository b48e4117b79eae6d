import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCloudflareWorker } from '../../pipeline/emit/hosts/format-cloudflare-worker.ts';
import { formatHostFiles } from '../../pipeline/emit/hosts/format-host-files.ts';
import type { HostFiles } from '../../pipeline/emit/hosts/host-files.ts';
import { LOCALES } from '../../pipeline/locale.ts';
import { planHostManifest, type HostManifest } from '../../pipeline/plan/host-manifest.ts';
import { planRedirects, redirectInputs } from '../../pipeline/plan/plan-redirects.ts';
import { createRouteTable, routeRequest } from '../../pipeline/preview/route-request.ts';
import { loadSite } from '../../pipeline/site/load-site.ts';
import { HOST_NAMES, type HostName } from '../../pipeline/site/schemas.ts';
import { blogPaths, makeBlogFamily, makeContent, makePages } from '../fixtures/hosts/redirect-model.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir } from '../helpers/files.ts';
import { probe } from '../helpers/http-probe.ts';
import { startNginx } from '../helpers/nginx.ts';

/**
 * A synthetic content set with over 20,000 localized-slug redirects: the redirect model and every
 * host's files are built from it directly (no 6,000 pages are rendered), and the forms that have to
 * work at that size are run: nginx for real, the Cloudflare worker in Node, the preview's lookup.
 */
const FAMILIES = 1_000;

let manifest: HostManifest;
const files = new Map<HostName, HostFiles>();
const timings: Record<string, number> = {};
let temp: { dir: string; cleanup: () => Promise<void> };

const timed = <T>(name: string, run: () => T): T => {
  const started = performance.now();
  const result = run();
  timings[name] = Math.round(performance.now() - started);
  return result;
};

beforeAll(async () => {
  temp = await makeTempDir('large-redirects');
  const site = { ...(await loadSite(REPO_ROOT)), redirects: [] };
  // Every entry has its own slug in all six locales: 6 × 5 = 30 slug redirects each.
  const families = Array.from({ length: FAMILIES }, (_, index) =>
    makeBlogFamily(
      `post-${index}`,
      Object.fromEntries(LOCALES.map((locale) => [locale, `post-${index}-${locale}-slug`])),
    ),
  );
  const planned = timed('planRedirects', () =>
    planRedirects(
      redirectInputs({ site, content: makeContent(families), pages: makePages(families.flatMap(blogPaths)) }),
    ),
  );
  manifest = planHostManifest({ config: site.config, redirects: planned.plan });
  for (const host of HOST_NAMES)
    files.set(
      host,
      timed(`format ${host}`, () => formatHostFiles({ host, manifest, outputFileCount: FAMILIES * 6 + 500 })),
    );
});
afterAll(async () => {
  console.info(`large redirect set: ${manifest.redirects.rules.length} rules; ms: ${JSON.stringify(timings)}`);
  await temp?.cleanup();
});

const fileOf = (host: HostName, name: string) => {
  const found = [...files.get(host)!.publicFiles, ...files.get(host)!.configFiles].find((file) => file.path === name);
  if (!found || !('contents' in found)) throw new Error(`no ${name} for ${host}`);
  return String(found.contents);
};
/** 200 rules spread over the whole table. */
const sample = () =>
  manifest.redirects.rules.filter((_, index) => index % Math.floor(manifest.redirects.rules.length / 200) === 0);

it('plans 30,000 localized-slug redirects', () => {
  expect(manifest.redirects.rules).toHaveLength(FAMILIES * 30);
  expect(manifest.redirects.rules.every((rule) => rule.origin === 'slug' && rule.status === 308)).toBe(true);
});

describe('every host still gets working output, or says which limit and which form it used', () => {
  it('netlify: HTML stubs for the slugs, a short _redirects', () => {
    const { warnings, publicFiles } = files.get('netlify')!;
    expect(warnings).toContain(
      'netlify: 30,023 rules are more than the 10,000 Netlify supports in _redirects; the 30,000 localized-slug redirects are written as HTML stubs instead (0-second refresh, canonical link)',
    );
    expect(publicFiles.filter((file) => file.path.endsWith('.html'))).toHaveLength(30_000);
    expect(
      fileOf('netlify', '_redirects')
        .split('\n')
        .filter((line) => line.startsWith('/')).length,
      // and the forced 404 rules of the six 404 pages at their own URLs (issue 29)
    ).toBeLessThan(20 + 12);
    const rule = manifest.redirects.rules[12_345]!;
    expect(fileOf('netlify', `${rule.from.slice(1)}.html`)).toContain(
      `<meta http-equiv="refresh" content="0; url=${rule.to}">`,
    );
  });

  it('cloudflare: the redirects in _worker.js, within the Free plan’s 3 MiB, answering in one hop', async () => {
    const { warnings } = files.get('cloudflare')!;
    expect(warnings[0]).toMatch(
      /^cloudflare: 30,000 redirects need 60,000 _redirects rules .* _worker\.js serves them instead/,
    );
    const source = fileOf('cloudflare', '_worker.js');
    const { gzipSync } = await import('node:zlib');
    timings['worker gzip bytes'] = gzipSync(source).byteLength;
    expect(timings['worker gzip bytes']).toBeLessThan(3 * 1024 * 1024);
    const workerFile = path.join(temp.dir, '_worker.mjs');
    await writeFile(workerFile, formatCloudflareWorker(manifest, manifest.redirects.rules));
    const worker = (
      (await import(pathToFileURL(workerFile).href)) as {
        default: { fetch(request: Request, env: unknown): Promise<Response> };
      }
    ).default;
    const env = { ASSETS: { fetch: () => Promise.reject(new Error('a redirect must not reach the assets')) } };
    for (const rule of sample()) {
      const response = await worker.fetch(new Request(`https://www.simpleanalytics.com${rule.from}/?x=1`), env);
      expect([response.status, response.headers.get('location')]).toEqual([308, `${rule.to}?x=1`]);
    }
  });

  it('vercel: the redirects in a bulk-redirects file, the language rules in vercel.json', () => {
    const { warnings } = files.get('vercel')!;
    expect(warnings[0]).toMatch(
      /^vercel: 30,000 redirects and \d+ other routes exceed the 2,048 routes of a deployment; the redirects are in vercel-bulk-redirects\.jsonl/,
    );
    expect(fileOf('vercel', 'vercel-bulk-redirects.jsonl').trim().split('\n')).toHaveLength(30_000);
    const config = JSON.parse(fileOf('vercel', 'vercel.json')) as { redirects: Array<{ source: string }> };
    expect(config.redirects.every((redirect) => redirect.source === '/')).toBe(true);
  });

  it('static: one stub per redirect', () => {
    expect(files.get('static')!.publicFiles.filter((file) => file.path.endsWith('.html'))).toHaveLength(30_000);
  });

  it('nginx: starts with the sized map hash and answers in one hop', async () => {
    const root = path.join(temp.dir, 'root');
    for (const page of manifest.redirects.notFound) {
      await mkdir(path.dirname(path.join(root, page.outputPath)), { recursive: true });
      await writeFile(path.join(root, page.outputPath), `404 ${page.locale}`);
    }
    await writeFile(path.join(root, 'index.html'), 'home');
    const config = path.join(temp.dir, 'nginx-config');
    for (const file of files.get('nginx')!.configFiles.filter((entry) => entry.path.startsWith('nginx/sitegen/'))) {
      await mkdir(path.join(config, path.dirname(file.path)), { recursive: true });
      await writeFile(path.join(config, file.path), 'contents' in file ? file.contents : '');
    }
    const started = performance.now();
    const nginx = await startNginx({ root, sitegenConfig: path.join(config, 'nginx', 'sitegen') });
    timings['nginx start'] = Math.round(performance.now() - started);
    try {
      const wrong: string[] = [];
      const requestsStarted = performance.now();
      for (const rule of sample()) {
        const response = await probe(nginx.url, { path: `${rule.from}/?x=1` });
        if (response.status !== 308 || response.location !== `${rule.to}?x=1`)
          wrong.push(`${rule.from}: ${response.status} ${response.location}`);
      }
      timings['nginx 200 redirects'] = Math.round(performance.now() - requestsStarted);
      expect(wrong).toEqual([]);
      expect(await nginx.errorLog()).not.toMatch(/\[(emerg|error)\]/);
    } finally {
      await nginx.close();
    }
  });

  it('the preview answers from a Map: every one of the 30,000 in well under a millisecond', () => {
    const table = createRouteTable(manifest);
    const started = performance.now();
    for (const rule of manifest.redirects.rules) {
      const decision = routeRequest(
        { rawPath: rule.from, rawQuery: '', cookie: undefined, acceptLanguage: undefined },
        table,
      );
      if (decision.kind !== 'redirect' || decision.location !== rule.to)
        throw new Error(`${rule.from}: ${JSON.stringify(decision)}`);
    }
    const perLookup = (performance.now() - started) / manifest.redirects.rules.length;
    timings['preview lookup µs'] = Math.round(perLookup * 1000);
    expect(perLookup).toBeLessThan(0.5);
  });
});
