// `node bin/run-ts.js bench/preview-latency.ts`: save-to-reload latency of `sitegen preview` — from
// writing a file to an open tab receiving its `reload` event — for an article edit and template edits,
// on the embedded content and on a generated 10,000-record snapshot. The preview runs as a child
// process from a copy of the project (templates are edited there, never in this tree); the tab is an
// EventSource client in this process. Prints medians; writes bench/results/preview-latency.json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ISO_NUMERIC_TO_ALPHA2 } from '../scripts/iso-numeric.ts';
import type { FakeRecord } from '../test/fixtures/strapi/fake-strapi.ts';
import { openEventStream } from '../test/helpers/event-stream.ts';
import { copyProject } from '../test/helpers/project-copy.ts';
import { formatTable, median } from './format-table.ts';
import { generateContent } from './generate-content.ts';
import { generateCoverPool } from './generate-cover-pool.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    'large-runs': { type: 'string', default: '3' },
    records: { type: 'string', default: '10000' },
    'key-terms': { type: 'string', default: '1000' },
    only: { type: 'string' },
    pause: { type: 'string', default: '1500' },
  },
});
/** Between two saves, as an editor pauses: the preview primes its spare render worker meanwhile. */
const pauseMs = Number(values.pause);
const runs = Number(values.runs);
const largeRuns = Number(values['large-runs']);
const log = (line: string) => process.stderr.write(`${line}\n`);

/** One kind of edit: the file it rewrites, how, and a page whose reload proves it arrived. */
interface Edit {
  name: string;
  file: string;
  change: (source: string, run: number) => string;
  urlPath: string;
}

interface Sample {
  /** File written → reload event received by the tab. */
  ms: number;
  /** The preview's own figure: first file event → reload sent. */
  previewMs: number | undefined;
  pages: number;
}

interface Scenario {
  name: string;
  records: string;
  edits: Array<{ edit: string; runs: Sample[]; load: number }>;
}

const templateEdit = (name: string, file: string, urlPath: string): Edit => ({
  name,
  file: path.join('templates', 'pages', file),
  // A comment changes the template's hash (its pages render again) but not their HTML.
  change: (source, run) => `${source.replace(/\n\/\/ bench edit \d+\n$/, '\n')}\n// bench edit ${run}\n`,
  urlPath,
});

const articleEdit = (file: string, slug: string, urlPath: string): Edit => ({
  name: 'article edit',
  file,
  change: (source, run) => {
    const json = JSON.parse(source) as { data: FakeRecord[] };
    const data = json.data.map((record) =>
      record.slug === slug
        ? {
            ...record,
            content: `${String(record['content']).replace(/\n\nBench edit \d+\.$/, '')}\n\nBench edit ${run}.`,
            updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, run)).toISOString(),
          }
        : record,
    );
    return `${JSON.stringify({ data }, null, 2)}\n`;
  },
  urlPath,
});

const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`;
const workDir = await mkdtemp(path.join(tmpdir(), 'sitegen-preview-bench-'));
const scenarios: Scenario[] = [];
try {
  if (values.only !== 'large') {
    const project = await copyProject(path.join(workDir, 'embedded'));
    scenarios.push(
      await measureScenario('embedded content', '154 articles + 48 key-terms', project, runs, [
        articleEdit(
          path.join('content', 'cms', 'articles', 'blog-a.json'),
          'why-simple-analytics-is-a-great-alternative-to-matomo',
          '/blog/why-simple-analytics-is-a-great-alternative-to-matomo',
        ),
        templateEdit(
          'template edit (ArticlePage.tsx)',
          'ArticlePage.tsx',
          '/blog/why-simple-analytics-is-a-great-alternative-to-matomo',
        ),
        templateEdit('template edit (PricingPage.tsx)', 'PricingPage.tsx', '/pricing'),
      ]),
    );
  }
  if (values.only !== 'embedded') {
    const project = await copyProject(path.join(workDir, 'large'));
    const edited = await writeLargeSnapshot(project, Number(values.records), Number(values['key-terms']));
    scenarios.push(
      await measureScenario(
        '10,000 records',
        `${values.records} articles + ${values['key-terms']} key-terms`,
        project,
        largeRuns,
        [
          articleEdit(edited.file, edited.slug, edited.urlPath),
          templateEdit('template edit (PricingPage.tsx)', 'PricingPage.tsx', '/pricing'),
          templateEdit('template edit (ArticlePage.tsx)', 'ArticlePage.tsx', edited.urlPath),
        ],
      ),
    );
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}

const rows = [['content', 'edit', 'runs', 'median save → reload', 'median in preview', 'pages rendered', 'load']];
for (const scenario of scenarios) {
  for (const { edit, runs: samples, load } of scenario.edits) {
    const previewMs = samples.flatMap((sample) => (sample.previewMs === undefined ? [] : [sample.previewMs]));
    rows.push([
      scenario.name,
      edit,
      String(samples.length),
      `${Math.round(median(samples.map((sample) => sample.ms)))} ms`,
      previewMs.length > 0 ? `${Math.round(median(previewMs))} ms` : '–',
      String(median(samples.map((sample) => sample.pages))),
      load.toFixed(1),
    ]);
  }
}
process.stdout.write(`sitegen preview: save-to-reload latency (${machine})\n\n${formatTable(rows)}\n`);
await mkdir(path.join(ROOT, 'bench', 'results'), { recursive: true });
await writeFile(
  path.join(ROOT, 'bench', 'results', 'preview-latency.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, scenarios }, null, 1)}\n`,
);

/** Starts the preview of `project`, then times each edit `count` times after one unmeasured warm-up. */
async function measureScenario(
  name: string,
  records: string,
  project: string,
  count: number,
  edits: Edit[],
): Promise<Scenario> {
  log(`${name}: starting the preview (first build)…`);
  const preview = await startChild(project, path.join(workDir, `${path.basename(project)}-cache`));
  const stream = await openEventStream(`${preview.url}/__sitegen/events`);
  const scenario: Scenario = { name, records, edits: [] };
  try {
    for (const edit of edits) {
      const file = path.join(project, edit.file);
      const original = await readFile(file, 'utf8');
      const samples: Sample[] = [];
      const loads: number[] = [];
      for (let run = 0; run <= count; run += 1) {
        await settled(preview.url);
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
        loads.push(loadavg()[0]!);
        const since = stream.received.length;
        const started = performance.now();
        await writeFile(file, edit.change(original, run + 1));
        const reload = await stream.next(
          (event) =>
            event.event === 'reload' && isListed((event.data as { pages: string[] | 'all' }).pages, edit.urlPath),
          { since, timeoutMs: 600_000 },
        );
        const ms = performance.now() - started;
        const { pages, version } = reload.data as { pages: string[] | 'all'; version: number };
        await settled(preview.url);
        const line = new RegExp(`^#${version} rebuilt \\(.*?\\) in (\\d+) ms: (\\d+) of`, 'm').exec(preview.output);
        const sample = {
          ms,
          previewMs: line ? Number(line[1]) : undefined,
          pages: line ? Number(line[2]) : Array.isArray(pages) ? pages.length : Number.NaN,
        };
        log(
          `  ${edit.name} ${run === 0 ? 'warm-up' : `run ${run}`}: ${Math.round(ms)} ms (preview ${sample.previewMs ?? '?'} ms, ${sample.pages} pages)`,
        );
        if (run > 0) samples.push(sample);
      }
      const since = stream.received.length;
      await writeFile(file, original);
      await stream.next((event) => event.event === 'reload', { since, timeoutMs: 600_000 });
      await settled(preview.url);
      scenario.edits.push({ edit: edit.name, runs: samples, load: median(loads) });
    }
  } finally {
    stream.close();
    await preview.stop();
  }
  return scenario;
}

function isListed(pages: string[] | 'all', urlPath: string): boolean {
  return pages === 'all' || pages.includes(urlPath);
}

/** Resolves when the preview has been idle twice in a row, 150 ms apart (after the watcher's second look at a file). */
async function settled(url: string): Promise<void> {
  const isBusy = async () => ((await (await fetch(`${url}/__sitegen/status`)).json()) as { isBusy: boolean }).isBusy;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (!(await isBusy())) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      if (!(await isBusy())) return;
    }
  }
}

interface ChildPreview {
  url: string;
  /** Everything it printed so far. */
  output: string;
  stop(): Promise<void>;
}

async function startChild(project: string, cacheDir: string): Promise<ChildPreview> {
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(project, 'bin', 'sitegen.js'), 'preview', '--drafts', '--port', '0', '--cache-dir', cacheDir],
    {
      cwd: project,
      env: { ...process.env, CI: 'true', SITEGEN_CMS_URL: undefined, SITEGEN_CMS_TOKEN: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const preview = { url: '', output: '', stop: async () => undefined as void };
  child.stdout!.on('data', (chunk: Buffer) => (preview.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (preview.output += chunk.toString()));
  preview.url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = /Preview at (http:\/\/127\.0\.0\.1:\d+)/.exec(preview.output);
      if (!found) return;
      clearInterval(timer);
      resolve(found[1]!);
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the preview exited with ${code}:\n${preview.output}`));
    });
  });
  log(preview.output.split('\n').find((line) => line.startsWith('#1 ')) ?? '');
  preview.stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      process.kill(child.pid!, 'SIGINT');
    });
  return preview;
}

/** Replaces the copy's CMS snapshot by a generated one (files of 100 records) with covers in content/uploads. */
async function writeLargeSnapshot(
  project: string,
  articles: number,
  keyTerms: number,
): Promise<{ file: string; slug: string; urlPath: string }> {
  log(`generating ${articles} articles and ${keyTerms} key-terms…`);
  const contentDir = path.join(project, 'content');
  const covers = await generateCoverPool({ dir: path.join(contentDir, 'uploads'), count: 40, pictures: 40, seed: 1 });
  const authors = Object.keys(
    JSON.parse(await readFile(path.join(contentDir, 'authors.json'), 'utf8')) as Record<string, unknown>,
  ).sort();
  const content = generateContent({
    articles,
    keyTerms,
    seed: 1,
    covers,
    authors,
    countryCodes: [...new Set(Object.values(ISO_NUMERIC_TO_ALPHA2))].sort(),
  });
  const files: Record<string, FakeRecord[]> = { articles: content.articles, 'key-terms': content.keyTerms };
  for (const [collection, records] of Object.entries(files)) {
    const folder = path.join(contentDir, 'cms', collection);
    for (const old of await readdir(folder)) await rm(path.join(folder, old));
    for (let start = 0; start < records.length; start += 100) {
      await writeFile(
        path.join(folder, `bench-${String(start / 100).padStart(3, '0')}.json`),
        `${JSON.stringify({ data: records.slice(start, start + 100) }, null, 2)}\n`,
      );
    }
  }
  // An older English blog article, as the build bench's one-article change.
  const index = content.articles.findIndex(
    (record, position) =>
      position >= Math.floor(content.articles.length / 2) && record.locale === 'en' && record['articleType'] === 'blog',
  );
  const record = content.articles[index]!;
  return {
    file: path.join('content', 'cms', 'articles', `bench-${String(Math.floor(index / 100)).padStart(3, '0')}.json`),
    slug: String(record['slug']),
    urlPath: `/blog/${String(record['slug'])}`,
  };
}
