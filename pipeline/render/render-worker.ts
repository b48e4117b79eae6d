import { parentPort, workerData } from 'node:worker_threads';
import type { RenderShared } from '../../templates/page-context.ts';
import { isSitegenError } from '../errors.ts';
import type { PagePlan } from '../plan/page-plan.ts';
import { renderPage } from './render-page.ts';

/** Messages between the pool and a worker. */
export type WorkerRequest = { batch: number; pages: PagePlan[] };
export type WorkerResponse =
  | { batch: number; files: Array<{ path: string; contents: Uint8Array }> }
  | { batch: number; failures: Array<{ message: string; stack: string | undefined }> };

const shared = (workerData as { shared: RenderShared }).shared;
const encoder = new TextEncoder();

parentPort!.on('message', ({ batch, pages }: WorkerRequest) => {
  const files: Array<{ path: string; contents: Uint8Array }> = [];
  const failures: Array<{ message: string; stack: string | undefined }> = [];
  for (const page of pages) {
    try {
      files.push({ path: page.outputPath, contents: encoder.encode(renderPage(page, shared)) });
    } catch (error) {
      const cause = isSitegenError(error) ? (error.cause as Error | undefined) : (error as Error);
      failures.push({ message: (error as Error).message, stack: cause?.stack });
    }
  }
  const response: WorkerResponse = failures.length > 0 ? { batch, failures } : { batch, files };
  parentPort!.postMessage(response, failures.length > 0 ? [] : files.map((file) => file.contents.buffer as ArrayBuffer));
});
