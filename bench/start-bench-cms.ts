// The benchmark's CMS: the generated content set behind the test suite's fake Strapi (v5, real HTTP on
// 127.0.0.1, a fixed latency per request), with the cover pool served from a temporary uploads folder.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ISO_NUMERIC_TO_ALPHA2 } from '../scripts/iso-numeric.ts';
import { startFakeStrapi, type FakeRecord, type FakeStrapi } from '../test/fixtures/strapi/fake-strapi.ts';
import { changeOneArticle, generateContent, type GeneratedContent } from './generate-content.ts';
import { generateCoverPool } from './generate-cover-pool.ts';

export interface BenchCmsOptions {
  siteDir: string;
  articles: number;
  keyTerms: number;
  latencyMs: number;
  seed: number;
  /** Distinct cover uploads. */
  covers: number;
  /** Distinct pictures among them (the rest are hard links under their own names). */
  pictures: number;
  /** Parent of the work folder (default: the system's temp folder). */
  workDir?: string | undefined;
}

export interface BenchCms {
  fake: FakeStrapi;
  content: GeneratedContent;
  /** Seconds spent drawing covers and generating records. */
  generateSeconds: number;
  /** A scratch folder for outputs and caches, removed by close(). */
  workDir: string;
  /** Serve the content set as generated. */
  reset(): void;
  /** Serve it with one English blog article's content changed; returns that record. */
  changeOne(): FakeRecord;
  close(): Promise<void>;
}

export async function startBenchCms(options: BenchCmsOptions): Promise<BenchCms> {
  const started = performance.now();
  const workDir = await mkdtemp(path.join(options.workDir ?? tmpdir(), 'sitegen-bench-'));
  const uploadsDir = path.join(workDir, 'uploads');
  const covers = await generateCoverPool({
    dir: uploadsDir,
    count: options.covers,
    pictures: options.pictures,
    seed: options.seed,
  });
  const authors = Object.keys(
    JSON.parse(await readFile(path.join(options.siteDir, 'content', 'authors.json'), 'utf8')) as Record<
      string,
      unknown
    >,
  ).sort();
  const content = generateContent({
    articles: options.articles,
    keyTerms: options.keyTerms,
    seed: options.seed,
    covers,
    authors,
    countryCodes: [...new Set(Object.values(ISO_NUMERIC_TO_ALPHA2))].sort(),
  });
  const generateSeconds = (performance.now() - started) / 1000;
  let closing: Promise<void> | undefined;
  const fake = await startFakeStrapi({
    version: 5,
    collections: { articles: content.articles, 'key-terms': content.keyTerms },
    uploadsDir,
    latencyMs: options.latencyMs,
  });
  return {
    fake,
    content,
    generateSeconds,
    workDir,
    reset: () => {
      fake.setRecords('articles', content.articles);
      fake.setRecords('key-terms', content.keyTerms);
    },
    changeOne: () => {
      const changed = changeOneArticle(content.articles);
      fake.setRecords('articles', changed.articles);
      return changed.changed;
    },
    // Once only: a signal handler and the bench's own `finally` may both ask.
    close: () => (closing ??= fake.close().finally(() => rm(workDir, { recursive: true, force: true }))),
  };
}
