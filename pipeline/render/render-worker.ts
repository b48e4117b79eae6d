import { parentPort } from 'node:worker_threads';
import type { RenderShared } from '../../templates/page-context.ts';
import { renderPageBytes, type RenderFailure } from './render-page.ts';
import type { PagePlan } from '../plan/page-plan.ts';

/** Messages between the render pool and a worker (after the entry's `load`). */
export type WorkerRequest = { kind: 'render'; job: number; batch: number; pages: PagePlan[]; shared?: { id: number; value: RenderShared } | undefined };
export type WorkerResponse =
  | { kind: 'ready' }
  | { kind: 'rendered'; job: number; batch: number; files: Array<{ path: string; bytes: Uint8Array }>; failures: RenderFailure[] };

const port = parentPort!;
// The render data of the build being rendered: sent once per build and worker, not with every batch.
let shared: RenderShared | undefined;

port.on('message', (request: WorkerRequest) => {
  if (request.shared) shared = request.shared.value;
  const files: Array<{ path: string; bytes: Uint8Array }> = [];
  const failures: RenderFailure[] = [];
  for (const page of request.pages) {
    const result = renderPageBytes(page, shared!);
    if ('bytes' in result) files.push(result);
    else failures.push(result.failure);
  }
  const response: WorkerResponse = { kind: 'rendered', job: request.job, batch: request.batch, files, failures };
  // The pages' bytes move to the pool's thread without a copy.
  port.postMessage(response, files.map((file) => file.bytes.buffer as ArrayBuffer));
});

const ready: WorkerResponse = { kind: 'ready' };
port.postMessage(ready);
