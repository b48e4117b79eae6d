/**
 * What each page type makes a visitor download in JavaScript and CSS, compressed (gzip -9 and brotli),
 * before any widget wakes and after every widget module of the page has loaded (the most a visitor can
 * make it fetch). Run: npm run bench:weight
 * Budgets: JavaScript ≤ 15 KB compressed before widgets wake (DESIGN.md §3), a content page ≤ 10 KB in
 * total before and after interaction (issue 13), CSS ≤ 20 KB.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { build } from '../pipeline/build.ts';
import { makeTempDir } from '../test/helpers/files.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SAMPLES: Array<[string, string]> = [
  ['home', 'index.html'],
  ['pricing', 'pricing.html'],
  ['blog list', 'blog.html'],
  ['blog article', 'blog/practical-privacy-tips-for-your-business.html'],
  ['glossary overview', 'glossaries.html'],
  ['glossary category', 'glossary/google-analytics.html'],
  ['glossary term', 'glossary/google-analytics/what-is-a-utm-parameter.html'],
  ['key term', 'glossary/analytics/key-term/page-view.html'],
  ['countries', 'google-analytics-is-illegal-in-these-countries.html'],
  ['country', 'google-analytics-illegal/is-google-analytics-illegal-in-austria.html'],
  ['UTM generator', 'utm-generator.html'],
  ['video', 'video.html'],
  ['404', '404.html'],
];

const temp = await makeTempDir('weight');
const outDir = path.join(temp.dir, 'out');
await build({
  siteDir: ROOT,
  outDir,
  cacheDir: path.join(temp.dir, 'cache'),
  cms: undefined,
  includeDrafts: false,
  skipInvalid: false,
});

const sizes = new Map<string, { gzip: number; brotli: number }>();
async function sizeOf(file: string) {
  if (!sizes.has(file)) {
    const bytes = await readFile(path.join(outDir, file));
    sizes.set(file, {
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(file)!;
}

/** A module and everything it imports statically (what the browser must fetch before it runs). */
async function moduleGraph(url: string, seen = new Set<string>()): Promise<Set<string>> {
  const file = url.replace(/^\//, '');
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = await readFile(path.join(outDir, file), 'utf8');
  for (const match of source.matchAll(/(?:^|[;}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+)["']/g)) {
    await moduleGraph(`/_assets/${path.basename(match[1]!)}`, seen);
  }
  return seen;
}

const total = async (files: Iterable<string>) => {
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const size = await sizeOf(file);
    gzip += size.gzip;
    brotli += size.brotli;
  }
  return { gzip, brotli };
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const rows: string[][] = [
  [
    'page type',
    'modules on demand',
    'CSS gz',
    'JS before gz',
    'JS before br',
    'JS after gz',
    'JS after br',
    'React before wake',
    'React after',
  ],
];
for (const [label, file] of SAMPLES) {
  const html = await readFile(path.join(outDir, file), 'utf8');
  const css = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]!.replace(/^\//, ''));
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((match) => match[1]!);
  const islands = [...html.matchAll(/data-widget="([^"]+)"[^>]*?data-src="([^"]+)"/g)].map((match) => ({
    name: match[1]!,
    src: match[2]!,
  }));
  const before = new Set<string>();
  for (const script of scripts) await moduleGraph(script, before);
  const after = new Set(before);
  for (const island of islands) await moduleGraph(island.src, after);
  const beforeSize = await total(before);
  const afterSize = await total(after);
  const hasReact = (files: Set<string>) => [...files].some((name) => (sizes.get(name)?.gzip ?? 0) > 30_000);
  rows.push([
    label,
    [...new Set(islands.map((island) => island.name))].join(', ') || '—',
    kb((await total(css)).gzip),
    kb(beforeSize.gzip),
    kb(beforeSize.brotli),
    kb(afterSize.gzip),
    kb(afterSize.brotli),
    hasReact(before) ? 'YES' : 'no',
    hasReact(after) ? 'yes (on interaction)' : 'no',
  ]);
}

const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
for (const row of rows)
  console.log(
    row.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  '),
  );
await temp.cleanup();
