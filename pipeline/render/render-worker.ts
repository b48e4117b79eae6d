import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import type { RenderShared } from '../../templates/page-context.ts';
import { isSitegenError } from '../errors.ts';
import type { PagePlan } from '../plan/page-plan.ts';
import { renderPage } from './render-page.ts';
import { isSafeRelativePath } from '../emit/write-output.ts';

/** Messages between the pool and a worker. */
export type WorkerRequest = { kind: 'init'; data: WorkerData } | { kind: 'render'; batch: number; pages: PagePlan[] };
export type WorkerResponse =
  | { batch: number; files: Array<{ path: string; written: number }> }
  | { batch: number; failures: Array<{ message: string; stack: string | undefined }> };
export interface WorkerData {
  shared: RenderShared;
  /** The folder the pages are written into (writeOutput's staging folder): the HTML stays in this thread. */
  writeTo: string;
}

// Started before the pages are planned (so the templates load meanwhile); what to render with comes first.
let shared: RenderShared;
let writeTo: string;
const folders = new Set<string>();

parentPort!.on('message', (request: WorkerRequest) => {
  if (request.kind === 'init') {
    ({ shared, writeTo } = request.data);
    return;
  }
  const { batch, pages } = request;
  const files: Array<{ path: string; written: number }> = [];
  const failures: Array<{ message: string; stack: string | undefined }> = [];
  for (const page of pages) {
    try {
      const html = renderPage(page, shared);
      if (!isSafeRelativePath(page.outputPath)) throw new Error(`refusing to write "${page.outputPath}": not a plain relative path`);
      const file = path.join(writeTo, page.outputPath);
      const folder = path.dirname(file);
      if (!folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        folders.add(folder);
      }
      writeFileSync(file, html);
      files.push({ path: page.outputPath, written: Buffer.byteLength(html) });
    } catch (error) {
      const cause = isSitegenError(error) ? (error.cause as Error | undefined) : (error as Error);
      failures.push({ message: (error as Error).message, stack: cause?.stack });
    }
  }
  parentPort!.postMessage(failures.length > 0 ? { batch, failures } : { batch, files } satisfies WorkerResponse);
});
