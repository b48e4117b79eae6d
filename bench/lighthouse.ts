/**
 * Lighthouse (mobile, the default config: Moto G Power, slow 4G simulated) on one page of every type
 * of a build of the embedded content, served on 127.0.0.1 by the preview's request handler (the site's
 * headers, redirects and 404 pages) behind gzip/brotli as any host serves text. Prints the median of
 * each category over the runs, and the audits that cost points.
 * Run: npm run bench:lighthouse [-- --runs 3] [-- --only home,pricing,"blog article"] [-- --save <dir>]
 * Debian's chromium, no network: the video's asset host is stood in for on 127.0.0.1 (asset-host.ts);
 * requests to any other origin fail.
 */
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build } from '../pipeline/build.ts';
import { loadSite } from '../pipeline/site/load-site.ts';
import { loadHostManifest } from '../pipeline/preview/load-host-manifest.ts';
import { CHROMIUM_PATH } from '../test/helpers/browser.ts';
import { makeTempDir } from '../test/helpers/files.ts';
import { startPreviewServer } from '../test/helpers/preview-server.ts';
import { startAssetHost } from './asset-host.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log('usage: npm run bench:lighthouse -- [--runs 3] [--only <page type>,…] [--save <folder for the reports>]');
  process.exit(0);
}
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
};
const RUNS = Number(option('runs') ?? 3);
const ONLY = option('only')?.split(',');
const NOT_FOUND_AS_200 = '/__not-found-as-200';
const PAGES: Array<[string, string]> = [
  ['home', '/'],
  ['pricing', '/pricing'],
  ['blog list', '/blog'],
  ['blog article', '/blog/practical-privacy-tips-for-your-business'],
  ['glossary overview', '/glossaries'],
  ['glossary category', '/glossary/google-analytics'],
  ['glossary term', '/glossary/google-analytics/what-is-a-utm-parameter'],
  ['key-terms list', '/glossary/analytics/key-terms'],
  ['key term', '/glossary/analytics/key-term/page-view'],
  ['countries', '/google-analytics-is-illegal-in-these-countries'],
  ['country', '/google-analytics-illegal/is-google-analytics-illegal-in-austria'],
  ['UTM generator', '/utm-generator'],
  ['video', '/video'],
  // Lighthouse refuses to measure a document answered with 404: this path gets the 404 page's answer with status 200.
  ['404', NOT_FOUND_AS_200],
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** A free port on 127.0.0.1, so that the build can name its own origin (canonical URLs on the served host). */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const temp = await makeTempDir('lighthouse');
const outDir = path.join(temp.dir, 'out');
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
await build({
  siteDir: ROOT,
  outDir,
  cacheDir: path.join(temp.dir, 'cache'),
  cms: undefined,
  includeDrafts: false,
  skipInvalid: false,
  baseUrl: origin,
});

const inner = await startPreviewServer(outDir, await loadHostManifest(`${outDir}-host`));

/** The preview handler's answer, compressed like a host would (brotli or gzip for text). */
const compressed = new Map<string, Buffer>();
const server = http.createServer((request, response) => {
  void (async () => {
    const asked = request.url === NOT_FOUND_AS_200 ? '/no-such-page' : (request.url ?? '/');
    const answer = await fetch(`${inner.url}${asked}`, {
      method: request.method ?? 'GET',
      headers: {
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        'accept-language': String(request.headers['accept-language'] ?? ''),
      },
      redirect: 'manual',
    });
    let body: Buffer = Buffer.from(await answer.arrayBuffer());
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection') headers[name] = value;
    });
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/text|javascript|json|xml|svg|css/.test(headers['content-type'] ?? '') && body.length > 512) {
      // Compressed once per file and encoding, as a host's cache or precompressed files would answer.
      const encoding = accepts.includes('br') ? 'br' : accepts.includes('gzip') ? 'gzip' : undefined;
      if (encoding) {
        const key = `${encoding} ${asked}`;
        let cached = compressed.get(key);
        if (!cached)
          compressed.set(
            key,
            (cached =
              encoding === 'br'
                ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
                : gzipSync(body, { level: 9 })),
          );
        body = cached;
        headers['content-encoding'] = encoding;
      }
    }
    headers['content-length'] = String(body.length);
    response.writeHead(request.url === NOT_FOUND_AS_200 ? 200 : answer.status, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  })().catch((error: unknown) => {
    response.writeHead(500);
    response.end(String(error));
  });
});
await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

const assetHost = await startAssetHost((await loadSite(ROOT)).config.video, temp.dir);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    ...assetHost.chromeFlags,
  ],
});
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rows: string[][] = [['page type', ...CATEGORIES, 'LCP (s)', 'TBT (ms)', 'CLS']];
const lost = new Map<string, Set<string>>();
try {
  for (const [label, urlPath] of PAGES) {
    // A page type by its whole label ("blog article") or its first word ("blog": both blog pages).
    if (ONLY && !ONLY.includes(label) && !ONLY.includes(label.split(' ')[0]!)) continue;
    const scores: Record<string, number[]> = Object.fromEntries(
      [...CATEGORIES, 'lcp', 'tbt', 'cls'].map((key) => [key, []]),
    );
    await fetch(`${origin}${urlPath}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    for (let run = 0; run < RUNS; run += 1) {
      let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
      // A trace that failed to record (NO_NAVSTART on a busy machine) is measured again, up to twice.
      for (let attempt = 0; ; attempt += 1) {
        lhr = (await lighthouse(`${origin}${urlPath}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        }))!.lhr;
        if (!lhr.runtimeError) break;
        if (attempt === 2)
          throw new Error(
            `Lighthouse could not measure ${urlPath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
          );
      }
      if (option('save'))
        await writeFile(path.join(option('save')!, `${label.replace(/\W+/g, '-')}-${run}.json`), JSON.stringify(lhr));
      for (const category of CATEGORIES)
        scores[category]!.push(Math.round((lhr.categories[category]?.score ?? 0) * 100));
      scores.lcp!.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
      scores.tbt!.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
      scores.cls!.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
      for (const category of CATEGORIES) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            if (!lost.has(label)) lost.set(label, new Set());
            lost.get(label)!.add(`${category}: ${ref.id} (${audit.displayValue ?? audit.score})`);
          }
        }
      }
    }
    rows.push([
      label,
      ...CATEGORIES.map((category) => String(median(scores[category]!))),
      (median(scores.lcp!) / 1000).toFixed(2),
      median(scores.tbt!).toFixed(0),
      median(scores.cls!).toFixed(3),
    ]);
    console.error(`${label}: ${rows.at(-1)!.slice(1).join(' ')}`);
  }
} finally {
  chrome.kill();
  await assetHost.close();
  await new Promise((resolve) => server.close(resolve));
  await inner.close();
  await temp.cleanup();
}

console.log(
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, median of ${RUNS} runs:`,
);
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows)
  console.log(
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  '),
  );
for (const [label, audits] of lost) console.log(`${label}: ${[...audits].join('; ')}`);
console.log(`asset host stand-in answered: ${[...new Set(assetHost.requests)].sort().join(', ') || 'nothing'}`);
