import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RenderShared } from '../../templates/page-context.ts';
import { SitegenError, isSitegenError } from '../errors.ts';
import type { OutputFile } from '../emit/output-file.ts';
import type { PagePlan } from '../plan/page-plan.ts';
import { renderPage } from './render-page.ts';
import type { WorkerData, WorkerRequest, WorkerResponse } from './render-worker.ts';

export interface RenderPagesOptions {
  pages: PagePlan[];
  shared: RenderShared;
  /** Worker threads; 0 renders in this thread. Default: all cores when there are enough pages. */
  workers?: number;
  /** Pages whose inputs did not change since the last build are taken from its output instead. */
  reuse?: { isUnchanged: (page: PagePlan) => boolean } | undefined;
  /** Counts rendered and reused pages, for the report. */
  counts?: { rendered: number; reused: number };
  /** The folder being written (writeOutput's): render workers write pages there themselves and report `{ path, written }`. */
  writeTo?: string | undefined;
  /** Workers started earlier (startRenderPool), used instead of starting new ones; terminated either way. */
  pool?: RenderPool | undefined;
}

/** Render workers started ahead of time: Node, tsx, React and the templates load while the build plans. */
export interface RenderPool {
  workers: Worker[];
  /** A worker that failed before it was used (a template that does not load). */
  earlyFailure(): Error | undefined;
  close(): Promise<void>;
}

export function startRenderPool(count: number): RenderPool {
  const workers = Array.from({ length: count }, () => startWorker());
  // An early failure (a template that does not load) is reported when the pool is used.
  let early: Error | undefined;
  for (const worker of workers) worker.once('error', (error) => (early ??= error));
  return {
    workers,
    earlyFailure: () => early,
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/** Below this many pages, starting workers costs more than it saves. */
const WORKER_THRESHOLD = 1500;
const BATCH_SIZE = 64;

/** The default worker count for a number of pages. */
export function defaultRenderWorkers(pageCount: number): number {
  return pageCount < WORKER_THRESHOLD ? 0 : Math.max(2, availableParallelism());
}

/**
 * Renders every page to HTML, in batches, so the writer can stream them out while rendering goes on.
 * Failures are collected and thrown together as RENDER_FAILED once every page has been tried.
 */
export async function* renderPages(options: RenderPagesOptions): AsyncGenerator<OutputFile[]> {
  const reuse = options.reuse;
  const unchanged = reuse ? options.pages.filter((page) => reuse.isUnchanged(page)) : [];
  const pages = unchanged.length === 0 ? options.pages : options.pages.filter((page) => !reuse!.isUnchanged(page));
  if (options.counts) {
    options.counts.reused = unchanged.length;
    options.counts.rendered = pages.length;
  }
  for (let start = 0; start < unchanged.length; start += BATCH_SIZE * 8) {
    yield unchanged.slice(start, start + BATCH_SIZE * 8).map((page) => ({ path: page.outputPath, kept: true as const }));
  }
  const workers = options.pool && pages.length > 0 ? options.pool.workers.length : (options.workers ?? defaultRenderWorkers(pages.length));
  const batches: PagePlan[][] = [];
  for (let start = 0; start < pages.length; start += BATCH_SIZE) batches.push(pages.slice(start, start + BATCH_SIZE));
  const failures: RenderFailure[] = [];
  if (workers === 0 || options.writeTo === undefined) {
    await options.pool?.close();
    for (const batch of batches) {
      const files: OutputFile[] = [];
      for (const page of batch) {
        try {
          files.push({ path: page.outputPath, contents: renderPage(page, options.shared) });
        } catch (error) {
          if (!isSitegenError(error)) throw error;
          failures.push({ message: error.message, cause: error.cause });
        }
      }
      yield files;
    }
  } else {
    yield* renderInWorkers(batches, { shared: options.shared, writeTo: options.writeTo }, options.pool ?? startRenderPool(Math.min(workers, batches.length)), failures);
  }
  if (failures.length > 0) {
    throw new SitegenError({
      code: 'RENDER_FAILED',
      message: `${failures.length} ${failures.length === 1 ? 'page' : 'pages'} could not be rendered.\n${failures.map((failure) => `  ${failure.message}`).join('\n')}`,
      hint: 'a template threw on these pages; fix the template or the content it cannot handle',
      // The first page's error, with the template's stack.
      cause: failures[0]!.cause,
    });
  }
}

/** A page that could not be rendered, and what the template threw (with its stack). */
interface RenderFailure {
  message: string;
  cause: unknown;
}

async function* renderInWorkers(batches: PagePlan[][], data: WorkerData, renderPool: RenderPool, failures: RenderFailure[]): AsyncGenerator<OutputFile[]> {
  const pool = renderPool.workers;
  const queue = batches.map((pages, batch): WorkerRequest => ({ kind: 'render', batch, pages }));
  const done: Array<OutputFile[]> = [];
  let pending = queue.length;
  let crash: Error | undefined = renderPool.earlyFailure();
  let wake: (() => void) | undefined;
  let closing = false;

  const feed = (worker: Worker) => {
    const next = queue.shift();
    if (next) worker.postMessage(next);
  };
  for (const worker of pool) {
    worker.on('message', (response: WorkerResponse) => {
      if ('failures' in response) failures.push(...response.failures.map((failure) => ({ message: failure.message, cause: errorWithStack(failure.stack) })));
      else done.push(response.files);
      pending -= 1;
      feed(worker);
      wake?.();
    });
    worker.on('error', (error) => {
      crash = error;
      wake?.();
    });
    worker.on('exit', (code) => {
      if (closing || pending === 0) return;
      crash ??= new Error(`a render worker stopped (exit code ${code})`);
      wake?.();
    });
    worker.postMessage({ kind: 'init', data } satisfies WorkerRequest);
    feed(worker);
  }
  try {
    while (pending > 0 || done.length > 0) {
      if (crash) throw crash;
      if (done.length > 0) {
        yield done.shift()!;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    closing = true;
    await renderPool.close();
  }
}

/**
 * A worker holds the templates, the shared render data, one batch of pages and the per-locale fragment
 * memo: well under 100 MB live whatever the size of the site. The cap makes its collector run before
 * the heap grows far past that (it would otherwise, with memory to spare), which keeps the build's RSS down.
 */
const WORKER_HEAP_MB = 256;

function startWorker(): Worker {
  return new Worker(new URL('./render-worker-entry.js', import.meta.url), { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
}

/** The template's error as the worker described it: its stack (which starts with its message). */
function errorWithStack(stack: string | undefined): Error | undefined {
  if (stack === undefined) return undefined;
  const error = new Error(stack.split('\n')[0]!.replace(/^\w*Error: /, ''));
  error.stack = stack;
  return error;
}
