import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { MarkdownOptions, RenderedMarkdown } from './markdown.ts';
import { renderMarkdownJobs, type MarkdownJob } from './markdown-jobs.ts';

/** Below this many entries, starting workers costs more than it saves. */
const WORKER_THRESHOLD = 600;

/**
 * Renders Markdown jobs, spread over worker threads when there are many (a cold build of thousands of
 * records), in this thread otherwise. The result does not depend on where a job ran.
 */
export async function renderMarkdown(jobs: MarkdownJob[], options: MarkdownOptions, workers = jobs.length < WORKER_THRESHOLD ? 0 : availableParallelism()): Promise<Map<string, RenderedMarkdown>> {
  if (workers <= 1) return renderMarkdownJobs(jobs, options);
  const chunks = Array.from({ length: workers }, (_, index) => jobs.filter((_, position) => position % workers === index));
  const results = await Promise.all(chunks.map((chunk) => renderInWorker(chunk, options)));
  return new Map(results.flat());
}

function renderInWorker(jobs: MarkdownJob[], options: MarkdownOptions): Promise<Array<[string, RenderedMarkdown]>> {
  const worker = new Worker(new URL('./markdown-worker-entry.js', import.meta.url), { workerData: { options } });
  return new Promise<Array<[string, RenderedMarkdown]>>((resolve, reject) => {
    worker.once('message', (answer: { rendered?: Array<[string, RenderedMarkdown]>; error?: string }) => (answer.error ? reject(new Error(answer.error)) : resolve(answer.rendered!)));
    worker.once('error', reject);
    worker.postMessage(jobs);
  }).finally(() => void worker.terminate());
}
