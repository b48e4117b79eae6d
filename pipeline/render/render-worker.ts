import { parentPort } from 'node:worker_threads';
import type { RenderShared } from '../../templates/page-context.ts';
import { renderBatch, type RenderFailure, type RenderedPage } from './render-page.ts';
import type { PagePlan } from '../plan/page-plan.ts';

/** Messages between the render pool and a worker (after the entry's `load`). */
export type WorkerRequest = {
  kind: 'render';
  job: number;
  pages: PagePlan[];
  shared?: { id: number; value: RenderShared } | undefined;
  /** With a job's first batch to this worker: the content keys whose rendered Markdown the job hands back. */
  keepBodies?: string[] | undefined;
};
export type WorkerResponse =
  { kind: 'ready' } | { kind: 'rendered'; job: number; files: RenderedPage[]; failures: RenderFailure[] };

const port = parentPort!;
// The render data of the build being rendered: sent once per build and worker, not with every batch.
let shared: RenderShared | undefined;
// The bodies the current job hands back: sent once per job and worker.
let keep: { job: number; bodies: ReadonlySet<string> } | undefined;

port.on('message', (request: WorkerRequest) => {
  if (request.shared) shared = request.shared.value;
  if (request.keepBodies) keep = { job: request.job, bodies: new Set(request.keepBodies) };
  const keepBodies = keep?.job === request.job ? keep.bodies : undefined;
  const { files, failures } = renderBatch(request.pages, shared!, keepBodies);
  const response: WorkerResponse = { kind: 'rendered', job: request.job, files, failures };
  // The pages' bytes move to the pool's thread without a copy.
  port.postMessage(
    response,
    files.map((file) => file.bytes.buffer as ArrayBuffer),
  );
});

port.postMessage({ kind: 'ready' } satisfies WorkerResponse);
