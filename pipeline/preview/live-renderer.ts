import { Worker } from 'node:worker_threads';
import { SitegenError } from '../errors.ts';
import type { OutputFile } from '../emit/output-file.ts';
import type { PagePlan } from '../plan/page-plan.ts';
import type { RenderPagesOptions } from '../render/render-pages.ts';
import type { LiveRenderFailure, LiveRenderRequest, LiveRenderResponse } from './live-render-worker.ts';

/** renderPages for the preview: one worker that keeps its templates loaded until they change. */
export interface LiveRenderer {
  /** Build's `renderPages` option: unchanged pages stay as they are, the others are rendered by the current worker. */
  renderPages(options: RenderPagesOptions): AsyncGenerator<OutputFile[]>;
  /** Templates changed on disk: start a fresh worker (it imports them again); the old one finishes its job first. */
  reload(): void;
  /** The URL paths of the pages the last render rendered (not kept). */
  lastRendered(): string[];
  close(): Promise<void>;
}

interface LiveWorker {
  worker: Worker;
  /** Settles when the worker has imported the templates (rejects with why it could not). */
  ready: Promise<void>;
  busy: number;
  retired: boolean;
  /** The thread ended (crashed, or could not load the templates): the next render starts another. */
  exited: boolean;
}

const COPY_BATCH = 512;

/**
 * A renderer whose worker outlives a build, so a content edit re-renders in an already warm thread,
 * while a template edit gets a new thread that imports the edited sources (Node cannot unload modules).
 * That thread is a spare started earlier with React already loaded, so it only imports the templates.
 * Failures are collected and thrown together as RENDER_FAILED, naming the template file and line.
 */
export function createLiveRenderer(): LiveRenderer {
  let current = loadTemplates(startWorker());
  let spare: LiveWorker | undefined;
  let nextJob = 1;
  let rendered: string[] = [];
  // Primed while the preview is idle, after a render, so it does not slow the first build down.
  const prepareSpare = () => {
    if (!spare || spare.exited) spare = startWorker();
  };

  const retire = (live: LiveWorker) => {
    live.retired = true;
    if (live.busy === 0) void live.worker.terminate();
  };

  async function* renderPages(options: RenderPagesOptions): AsyncGenerator<OutputFile[]> {
    const reuse = options.reuse;
    const unchanged = reuse ? options.pages.filter((page) => reuse.isUnchanged(page)) : [];
    const pages = reuse ? options.pages.filter((page) => !reuse.isUnchanged(page)) : options.pages;
    if (options.counts) {
      options.counts.reused = unchanged.length;
      options.counts.rendered = pages.length;
    }
    rendered = pages.map((page) => page.urlPath);
    for (let start = 0; start < unchanged.length; start += COPY_BATCH) {
      yield unchanged.slice(start, start + COPY_BATCH).map((page) => ({ path: page.outputPath, kept: true as const }));
    }
    if (pages.length === 0) return;
    if (current.exited) current = loadTemplates(startWorker());
    const live = current;
    live.busy += 1;
    try {
      yield* renderOn(live, nextJob++, pages, options);
    } finally {
      live.busy -= 1;
      if (live.retired && live.busy === 0) void live.worker.terminate();
      prepareSpare();
    }
  }

  return {
    renderPages,
    reload() {
      const old = current;
      current = loadTemplates(spare && !spare.exited ? spare : startWorker());
      spare = undefined;
      retire(old);
    },
    lastRendered: () => rendered,
    async close() {
      for (const live of [current, spare]) {
        if (!live) continue;
        live.retired = true;
        await live.worker.terminate();
      }
    },
  };
}

/** Tells a primed worker to import the templates as they are on disk now. */
function loadTemplates(live: LiveWorker): LiveWorker {
  live.worker.postMessage({ kind: 'load' });
  return live;
}

/** A worker with React loaded that imports the templates when it gets its first message. */
function startWorker(): LiveWorker {
  // React's production build renders the same markup without development checks, in less time.
  const worker = new Worker(new URL('./live-render-worker-entry.js', import.meta.url), { env: { NODE_ENV: 'production' } });
  let failure: Error | undefined;
  // Always listened to: an 'error' event without a listener would take the preview down with it.
  worker.on('error', (error) => {
    failure = error;
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: LiveRenderResponse) => {
      if (message.kind !== 'ready') return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('exit', () => reject(failure ?? new Error('the render worker stopped before it was ready')));
  });
  // Awaited by the first render; until then an early failure must not count as unhandled.
  ready.catch(() => undefined);
  const live: LiveWorker = { worker, ready, busy: 0, retired: false, exited: false };
  worker.once('exit', () => {
    live.exited = true;
  });
  return live;
}

async function* renderOn(live: LiveWorker, job: number, pages: PagePlan[], options: RenderPagesOptions): AsyncGenerator<OutputFile[]> {
  try {
    await live.ready;
  } catch (error) {
    throw templatesUnloadable(error);
  }
  const queue: OutputFile[][] = [];
  let failures: LiveRenderFailure[] | undefined;
  let crash: Error | undefined;
  let wake: (() => void) | undefined;
  const onMessage = (message: LiveRenderResponse) => {
    if (message.kind === 'files' && message.job === job) queue.push(message.files);
    else if (message.kind === 'done' && message.job === job) failures = message.failures;
    wake?.();
  };
  const onError = (error: Error) => {
    crash = error;
    wake?.();
  };
  const onExit = () => onError(crash ?? new Error('the render worker stopped'));
  live.worker.on('message', onMessage);
  live.worker.on('error', onError);
  live.worker.on('exit', onExit);
  try {
    const request: LiveRenderRequest = { job, pages, shared: options.shared };
    live.worker.postMessage(request);
    while (failures === undefined || queue.length > 0) {
      if (crash) throw templatesUnloadable(crash);
      const files = queue.shift();
      if (files) {
        yield files;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    live.worker.off('message', onMessage);
    live.worker.off('error', onError);
    live.worker.off('exit', onExit);
  }
  if (failures.length > 0) {
    throw new SitegenError({
      code: 'RENDER_FAILED',
      message: `${failures.length} ${failures.length === 1 ? 'page' : 'pages'} could not be rendered.\n${failures.map((failure) => `  ${failure.message}${failure.location ? ` (${failure.location})` : ''}`).join('\n')}`,
      hint: 'a template threw on these pages; fix the template or the content it cannot handle',
    });
  }
}

/** A template that does not compile or throws while loading: named by file and line when the error says. */
function templatesUnloadable(error: unknown): SitegenError {
  const message = (error as Error | undefined)?.message ?? String(error);
  return new SitegenError({
    code: 'RENDER_FAILED',
    message: `The templates could not be loaded: ${message}`,
    hint: 'fix the template named above; the preview keeps serving the last pages that built',
    cause: error,
  });
}
