import { parentPort, workerData } from 'node:worker_threads';
import type { MarkdownOptions } from './markdown.ts';
import { renderMarkdownJobs, type MarkdownJob } from './markdown-jobs.ts';

/** Renders the Markdown jobs it is sent, with the options it was started with. */
const options = (workerData as { options: MarkdownOptions }).options;

parentPort!.on('message', (jobs: MarkdownJob[]) => {
  try {
    parentPort!.postMessage({ rendered: [...renderMarkdownJobs(jobs, options)] });
  } catch (error) {
    parentPort!.postMessage({ error: (error as Error).stack ?? String(error) });
  }
});
