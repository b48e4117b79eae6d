import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RenderShared } from '../../templates/page-context.ts';
import { SitegenError } from '../errors.ts';
import { bodyKeyOf, withoutBodyText, type PagePlan } from '../plan/page-plan.ts';
import type { MarkdownOptions } from '../transform/markdown.ts';
import { inputApart, type MarkdownJob } from '../transform/markdown-jobs.ts';
import type { RenderedPage, RenderFailure } from './render-page.ts';
import type { WorkerRequest, WorkerResponse } from './render-worker.ts';
import { startEntry } from '../project-root.ts';

export interface RenderOptions {
  /** Content keys of entry bodies to hand back with the pages that show them, as rendered there (for the feeds). */
  keepBodies?: ReadonlySet<string> | undefined;
}

/**
 * The one renderer of `sitegen build` and `sitegen preview`: worker threads that keep the templates
 * loaded, take batches of page plans and hand back `{ path, bytes }` (the buffers are transferred, not
 * copied). With no workers it renders in this thread (small builds, where starting threads costs more).
 */
export interface RenderPool {
  /**
   * Renders the pages in batches and yields them as they finish. Every page is tried; the ones that threw
   * are then reported together as RENDER_FAILED, each by URL and template line, the first one's template
   * stack as the error's cause. Rendering starts at once; a caller that stops early (a failed write), or
   * never reads at all, calls return() on the result: the job then stops and frees its workers.
   */
  render(pages: PagePlan[], shared: RenderShared, options?: RenderOptions): AsyncGenerator<RenderedPage[]>;
  /**
   * Has the workers render these Markdown bodies now, ahead of the next render(), and keep their HTML:
   * the pages that show them then go to the worker that holds it first, without their text. A cold
   * build's workers do this while its thread fetches the media and plans the pages. The options must be
   * the ones the pages' render will have for these bodies (mediaFreeMarkdownJobs). Without workers, nothing.
   */
  prepareBodies(jobs: readonly MarkdownJob[], options: MarkdownOptions): void;
  /** The templates changed on disk: later renders run on fresh workers, which import them again (a job under way finishes on the old ones). */
  reload(): void;
  /** The URL paths of the pages the last render was given. */
  lastRendered(): string[];
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** Worker threads; 0 renders in the calling thread (and reload() then has no effect: Node cannot unload modules). */
  workers: number;
  /**
   * Keep a spare worker with React loaded for the next reload() (the preview), started after each render
   * so that it does not slow the render down.
   */
  spare?: boolean | undefined;
  /**
   * This thread renders a batch too whenever it would otherwise wait for the workers' pages: a build's
   * thread, which only writes pages then. Not the preview's, which answers requests meanwhile.
   */
  callerRenders?: boolean | undefined;
}

/** Below this many pages, starting workers costs more than it saves. */
const WORKER_THRESHOLD = 1500;
const BATCH_SIZE = 64;
/** Markdown bodies per message to a worker that renders them ahead (10–20 ms of work). */
const PREPARE_BATCH = 32;
/** The smallest batch at the end of a render (sliceBatches): a message each way costs about as much as a few pages. */
const MIN_BATCH_SIZE = 8;
/**
 * Batches queued per worker: the pool's thread feeds them only between its own tasks, and the whole-site
 * stages (sitemaps, feeds, redirects) keep it busy for up to a second at a time while the workers render.
 */
const BATCHES_IN_FLIGHT = 16;
/**
 * Rendered batches that may wait for the reader (the writer): a worker whose batch finds this many
 * waiting gets its next batch when the reader takes one. The pool's thread is the writer; while it
 * writes the 54,000 redirect stubs of a large site (2–3 s) it takes no page, and without a bound the
 * pages piled up there (140 MB at 10,000 records) on top of its own peak. 32 batches (about 50 MB of
 * pages) cover that stretch: a lower bound left the workers idle in it and the build slower.
 */
const BATCHES_WAITING = 32;
/** A worker needs well under 100 MB whatever the site's size; the cap makes its collector run before the heap grows far past that. */
const WORKER_HEAP_MB = 256;
/**
 * A worker's young generation (V8's default is 48 MB). What a page allocates is garbage when the page is
 * done, so a smaller nursery costs no more collection, and at the default each isolate's nursery adds up
 * to 48 MB to the process's peak.
 */
const WORKER_YOUNG_MB = 16;

/** The default worker count for a number of pages, for a pool whose caller renders too (a core each). */
export function defaultRenderWorkers(pageCount: number): number {
  return pageCount < WORKER_THRESHOLD ? 0 : Math.max(1, availableParallelism() - 1);
}

interface PoolWorker {
  worker: Worker;
  /** Settles when the worker has imported the templates (rejects with why it could not). */
  ready: Promise<void>;
  /** The RenderShared this worker holds (by the pool's id for it). */
  sharedId: number | undefined;
  /** The last job this worker was told which bodies to keep for. */
  keepBodiesJob: number | undefined;
  /** Holds Markdown bodies rendered ahead (prepareBodies) that no render has taken over yet. */
  prepared: boolean;
  busy: boolean;
  retired: boolean;
  /** The thread ended (crashed, or could not load the templates): the next render starts another. */
  exited: boolean;
}

/** Starts the workers at once (they load Node, tsx, React and the templates while the caller plans). */
export function createRenderPool(options: RenderPoolOptions): RenderPool {
  let spare: PoolWorker | undefined;
  /** A worker told to import the templates as they are on disk now: the spare when there is one. */
  const fresh = () => {
    const next = spare && !spare.exited ? spare : startWorker();
    spare = undefined;
    next.worker.postMessage({ kind: 'load' });
    return next;
  };
  let current: PoolWorker[] = Array.from({ length: options.workers }, fresh);
  let rendered: string[] = [];
  let nextJob = 1;
  /** The worker holding each body rendered ahead, by content key, until a render takes them over. */
  let preparedOn = new Map<string, PoolWorker>();
  const sharedIds = new WeakMap<RenderShared, number>();
  const idOf = (shared: RenderShared) => {
    let id = sharedIds.get(shared);
    if (id === undefined) sharedIds.set(shared, (id = nextJob++));
    return id;
  };

  return {
    render(pages, shared, { keepBodies } = {}) {
      rendered = pages.map((page) => page.urlPath);
      const threads = current.length + (options.callerRenders ? 1 : 0);
      const queued = threads * BATCHES_IN_FLIGHT;
      const batches = sliceBatches(pages, queued);
      const failures: RenderFailure[] = [];
      // The bodies rendered ahead are this render's: the ones it does not take are dropped when it ends.
      const ahead = preparedOn;
      preparedOn = new Map();
      const holders = current.filter((worker) => worker.prepared);
      const forget = () => {
        for (const worker of holders.splice(0)) {
          worker.prepared = false;
          if (!worker.exited) worker.worker.postMessage({ kind: 'forget' } satisfies WorkerRequest);
        }
      };
      let results: AsyncIterable<RenderedPage[]> | Iterable<RenderedPage[]>;
      let stop = () => {};
      if (batches.length === 0 || current.length === 0) {
        forget();
        results = batches.length === 0 ? [] : renderHere(batches, shared, keepBodies, failures);
      } else {
        current = current.map((worker) => (worker.exited ? fresh() : worker));
        // No more workers than batches; the others stay loaded for the next render.
        const workers = current.slice(0, batches.length);
        const queues =
          ahead.size === 0
            ? { common: batches, own: new Map<PoolWorker, PagePlan[][]>() }
            : assignPages(pages, workers, ahead, queued);
        const job = renderOn(workers, nextJob++, queues, { id: idOf(shared), value: shared }, keepBodies, failures, {
          callerRenders: options.callerRenders === true,
          onFinish: forget,
        });
        ({ batches: results, stop } = job);
      }
      const read = (async function* () {
        try {
          yield* results;
        } finally {
          // Primed while the preview is idle, after a render, so that it does not slow the render down.
          if (options.spare && current.length > 0 && (!spare || spare.exited)) spare = startWorker();
        }
        if (failures.length > 0) throw renderFailed(failures);
      })();
      // A generator never started ignores return(): the job is stopped here, whether or not it was read.
      const returned = read.return.bind(read);
      read.return = (value) => {
        stop();
        return returned(value);
      };
      return read;
    },
    reload() {
      if (current.length === 0) return;
      const old = current;
      current = old.map(() => fresh());
      for (const worker of old) {
        worker.retired = true;
        // A busy worker is terminated when its job is done.
        if (!worker.busy) void worker.worker.terminate();
      }
    },
    prepareBodies(jobs, markdownOptions) {
      const workers = current.filter((worker) => !worker.exited);
      if (workers.length === 0) return;
      const fresh = jobs.filter((job) => !preparedOn.has(job.key));
      const told = new Set<PoolWorker>();
      for (let start = 0, turn = 0; start < fresh.length; start += PREPARE_BATCH, turn += 1) {
        const worker = workers[turn % workers.length]!;
        const bodies = fresh.slice(start, start + PREPARE_BATCH);
        const { request, transfer } = prepareRequest(bodies, told.has(worker) ? undefined : markdownOptions);
        worker.worker.postMessage(request, transfer);
        told.add(worker);
        worker.prepared = true;
        for (const body of bodies) preparedOn.set(body.key, worker);
      }
    },
    lastRendered: () => rendered,
    async close() {
      const all = [...current, ...(spare ? [spare] : [])];
      current = [];
      spare = undefined;
      for (const worker of all) worker.retired = true;
      await Promise.all(all.map((worker) => worker.worker.terminate()));
    },
  };
}

/**
 * The pages in batches of BATCH_SIZE, smaller toward the end (down to MIN_BATCH_SIZE) as fewer pages are
 * left than `queued` full batches hold: a worker is sent its batches ahead (BATCHES_IN_FLIGHT), and at
 * the end the other threads wait for the ones it still holds, so those had better be small.
 */
export function sliceBatches(pages: PagePlan[], queued: number): PagePlan[][] {
  const batches: PagePlan[][] = [];
  for (let start = 0; start < pages.length;) {
    const size = Math.min(BATCH_SIZE, Math.max(MIN_BATCH_SIZE, Math.ceil((pages.length - start) / queued)));
    batches.push(pages.slice(start, start + size));
    start += size;
  }
  return batches;
}

/**
 * A prepare message: the jobs without their texts, and the texts as one run of UTF-8 that moves to the
 * worker (about half the bytes of the strings a copy would carry, and not held twice while it waits).
 */
function prepareRequest(
  jobs: readonly MarkdownJob[],
  options: MarkdownOptions | undefined,
): { request: WorkerRequest; transfer: ArrayBuffer[] } {
  const texts = jobs.map((job) => job.input.markdown);
  const ends: number[] = [];
  let length = 0;
  for (const text of texts) ends.push((length += Buffer.byteLength(text)));
  const utf8 = Buffer.allocUnsafeSlow(length);
  texts.forEach((text, index) => utf8.write(text, index === 0 ? 0 : ends[index - 1]!));
  const bodies = jobs.map(({ key, input }) => ({ key, input: inputApart(input) }));
  return { request: { kind: 'prepare', bodies, texts: utf8, ends, options }, transfer: [utf8.buffer as ArrayBuffer] };
}

/** A render's batches: those of pages whose body a worker rendered ahead, by worker, and the others. */
interface RenderQueues {
  common: PagePlan[][];
  own: Map<PoolWorker, PagePlan[][]>;
}

/**
 * The pages whose body a worker of this render holds (each body once: a second page showing it renders
 * it again) go to that worker first; the others to any thread.
 */
function assignPages(
  pages: PagePlan[],
  workers: PoolWorker[],
  preparedOn: Map<string, PoolWorker>,
  queued: number,
): RenderQueues {
  const ownPages = new Map<PoolWorker, PagePlan[]>(workers.map((worker) => [worker, []]));
  const common: PagePlan[] = [];
  for (const page of pages) {
    const key = bodyKeyOf(page);
    const holder = key === undefined ? undefined : ownPages.get(preparedOn.get(key)!);
    if (holder) {
      holder.push(page);
      preparedOn.delete(key!);
    } else common.push(page);
  }
  const own = new Map<PoolWorker, PagePlan[][]>();
  for (const [worker, list] of ownPages) if (list.length > 0) own.set(worker, sliceBatches(list, queued));
  return { common: sliceBatches(common, queued), own };
}

/**
 * Starts rendering the batches at once, before anyone reads the result (so the caller's other stages
 * overlap with it), and returns the batches as they come. The job cleans up after itself when the last
 * batch is in, when a worker failed, or once the batches in flight are in after stop() (the reader
 * stopped: it would never take the batches that hold the workers back).
 */
function renderOn(
  workers: PoolWorker[],
  job: number,
  queues: RenderQueues,
  shared: { id: number; value: RenderShared },
  keepBodies: ReadonlySet<string> | undefined,
  failures: RenderFailure[],
  { callerRenders, onFinish }: { callerRenders: boolean; onFinish: () => void },
): { batches: AsyncGenerator<RenderedPage[]>; stop: () => void } {
  // Taken over: the batches are shifted out as they are sent.
  const { common, own } = queues;
  const unsent = () => common.length + [...own.values()].reduce((sum, batches) => sum + batches.length, 0);
  /** Another thread's next batch when there is no other: the last of the worker with the most left (with their texts, rendered again). */
  const steal = (): PagePlan[] | undefined => {
    let most: PagePlan[][] | undefined;
    for (const batches of own.values()) if (batches.length > (most?.length ?? 0)) most = batches;
    return most?.pop();
  };
  // Batches sent to each worker and not yet back.
  const inFlight = new Map(workers.map((worker) => [worker, 0]));
  /**
   * A thread's next batch: a worker's own first (sent without the texts it holds), then any other; another
   * worker's own only for a thread with nothing to do (this one, or a worker with no batch in flight).
   */
  const next = (worker: PoolWorker | undefined): PagePlan[] | undefined => {
    const mine = worker && own.get(worker)?.shift();
    if (mine) return mine.map(withoutBodyText);
    return common.shift() ?? (worker === undefined || inFlight.get(worker) === 0 ? steal() : undefined);
  };
  const done: RenderedPage[][] = [];
  // Workers whose next batch waits for the reader to take one (BATCHES_WAITING).
  const held: PoolWorker[] = [];
  let pending = unsent();
  let stopped = false;
  let crash: Error | undefined;
  let wake: (() => void) | undefined;
  const detach: Array<() => void> = [];
  const finish = () => {
    for (const off of detach.splice(0)) off();
    onFinish();
    for (const worker of workers) {
      worker.busy = false;
      // Retired by a reload while it worked on this job.
      if (worker.retired) void worker.worker.terminate();
    }
    wake?.();
  };
  const feed = (worker: PoolWorker) => {
    const pages = next(worker);
    if (!pages) return;
    const request: WorkerRequest = {
      kind: 'render',
      job,
      pages,
      shared: worker.sharedId === shared.id ? undefined : shared,
      keepBodies: keepBodies && keepBodies.size > 0 && worker.keepBodiesJob !== job ? [...keepBodies] : undefined,
    };
    worker.sharedId = shared.id;
    worker.keepBodiesJob = job;
    inFlight.set(worker, inFlight.get(worker)! + 1);
    worker.worker.postMessage(request);
  };
  const fail = (error: unknown) => {
    crash ??= templatesUnloadable(error);
    finish();
  };
  for (const worker of workers) {
    worker.busy = true;
    const onMessage = (response: WorkerResponse) => {
      if (response.kind !== 'rendered' || response.job !== job) return;
      failures.push(...response.failures);
      if (response.files.length > 0 && !stopped) done.push(response.files);
      inFlight.set(worker, inFlight.get(worker)! - 1);
      pending -= 1;
      if (pending === 0) finish();
      else if (done.length < BATCHES_WAITING) feed(worker);
      else held.push(worker);
      wake?.();
    };
    const onExit = (code: number) => {
      if (!worker.retired) fail(new Error(`a render worker stopped (exit code ${code})`));
    };
    worker.worker.on('message', onMessage);
    worker.worker.on('error', fail);
    worker.worker.on('exit', onExit);
    detach.push(() => {
      worker.worker.off('message', onMessage);
      worker.worker.off('error', fail);
      worker.worker.off('exit', onExit);
    });
  }
  // Queued now, in turns, whether or not a worker has its templates yet: a worker takes its messages in
  // order once it has (its ready message would wait for this thread's next turn, as its results do).
  for (let round = 0; round < BATCHES_IN_FLIGHT; round += 1) for (const worker of workers) feed(worker);
  // A worker that could not load the templates ends; its exit fails the job.
  void Promise.all(workers.map((worker) => worker.ready)).catch(fail);

  const stop = () => {
    if (stopped || pending === 0) return;
    stopped = true;
    // The batches not yet sent are dropped, the held workers have none in flight; those in flight finish.
    pending -= unsent();
    common.length = 0;
    own.clear();
    held.length = 0;
    done.length = 0;
    if (pending === 0) finish();
  };

  /** The next batch not sent to a worker, rendered in this thread (callerRenders); undefined when there was none left. */
  const renderNextHere = async (): Promise<RenderedPage[] | undefined> => {
    const { renderBatch } = await import('./render-page.ts');
    // Taken after the import: a worker may have taken the last batches meanwhile, or the job stopped.
    const pages = next(undefined);
    if (!pages) return undefined;
    const result = renderBatch(pages, shared.value, keepBodies);
    failures.push(...result.failures);
    pending -= 1;
    if (pending === 0) finish();
    return result.files;
  };

  const read = async function* () {
    while (pending > 0 || done.length > 0) {
      if (crash) throw crash;
      const files = done.shift();
      if (files) {
        const next = held.shift();
        if (next && !crash) feed(next);
        yield files;
        continue;
      }
      // Nothing rendered waits: this thread renders the next batch itself instead of waiting for one.
      if (callerRenders && unsent() > 0) {
        const here = await renderNextHere();
        if (here && here.length > 0) yield here;
        continue;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  };
  return { batches: read(), stop };
}

/** Renders in the calling thread, batch by batch as they are read (nothing to overlap with); React and the templates are loaded here only then. */
async function* renderHere(
  batches: PagePlan[][],
  shared: RenderShared,
  keepBodies: ReadonlySet<string> | undefined,
  failures: RenderFailure[],
): AsyncGenerator<RenderedPage[]> {
  const { renderBatch } = await import('./render-page.ts');
  for (const batch of batches) {
    const result = renderBatch(batch, shared, keepBodies);
    failures.push(...result.failures);
    yield result.files;
  }
}

/** What a worker runs: the CLI bundle's entry when there is one (it starts in half the time), else the sources through tsx. */
const WORKER_ENTRY = startEntry('render-worker-start', 'pipeline/render/render-worker-entry.js');

/** A worker with React loaded that imports the templates when it gets its first message. */
function startWorker(): PoolWorker {
  // React's production build renders the same markup without development checks, in less time.
  const worker = new Worker(WORKER_ENTRY, {
    env: { ...process.env, NODE_ENV: 'production' },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: WORKER_YOUNG_MB },
  });
  let failure: Error | undefined;
  // Always listened to: an 'error' event without a listener would take the process (the preview) down.
  worker.on('error', (error) => {
    failure = error;
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: WorkerResponse) => {
      if (message.kind !== 'ready') return;
      worker.off('message', onMessage);
      resolve();
    };
    worker.on('message', onMessage);
    worker.once('exit', () => reject(failure ?? new Error('the render worker stopped before it was ready')));
  });
  // Awaited by the first render; until then an early failure must not count as unhandled.
  ready.catch(() => undefined);
  const pooled: PoolWorker = {
    worker,
    ready,
    sharedId: undefined,
    keepBodiesJob: undefined,
    prepared: false,
    busy: false,
    retired: false,
    exited: false,
  };
  worker.once('exit', () => {
    pooled.exited = true;
  });
  return pooled;
}

function renderFailed(failures: RenderFailure[]): SitegenError {
  const first = failures[0]!;
  // The first failure's template stack, as the cause (the CLI prints it under the message).
  const cause = new Error(first.message);
  cause.stack = first.stack ?? first.message;
  return new SitegenError({
    code: 'RENDER_FAILED',
    message: `${failures.length} ${failures.length === 1 ? 'page' : 'pages'} could not be rendered.\n${failures.map((failure) => `  ${failure.message}${failure.location ? ` (${failure.location})` : ''}`).join('\n')}`,
    hint: 'a template threw on these pages; fix the template or the content it cannot handle',
    cause,
  });
}

/** A template that does not compile or throws while loading: named by file and line when the error says. */
function templatesUnloadable(error: unknown): SitegenError {
  const message = (error as Error | undefined)?.message ?? String(error);
  return new SitegenError({
    code: 'RENDER_FAILED',
    message: `The templates could not be loaded: ${message}`,
    hint: 'fix the template named above (the preview keeps serving the last pages that built)',
    cause: error,
  });
}
