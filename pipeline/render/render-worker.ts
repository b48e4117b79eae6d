import { parentPort } from 'node:worker_threads';
import type { RenderShared } from '../../templates/page-context.ts';
import { PreparedBodies, renderBatch, type RenderFailure, type RenderedPage } from './render-page.ts';
import type { PagePlan } from '../plan/page-plan.ts';
import type { MarkdownInput, MarkdownOptions } from '../transform/markdown.ts';
import type { MarkdownJob } from '../transform/markdown-jobs.ts';

/** Messages between the render pool and a worker (after the entry's `load`). */
export type WorkerRequest =
  | {
      kind: 'render';
      job: number;
      pages: PagePlan[];
      shared?: { id: number; value: RenderShared } | undefined;
      /** With a job's first batch to this worker: the content keys whose rendered Markdown the job hands back. */
      keepBodies?: string[] | undefined;
    }
  /**
   * Markdown bodies to render ahead of their pages and keep (the options with the first of a build's):
   * their texts as one run of UTF-8, moved here rather than copied, body `i` ending at `ends[i]`.
   */
  | {
      kind: 'prepare';
      bodies: Array<{ key: string; input: Omit<MarkdownInput, 'markdown'> }>;
      texts: Uint8Array;
      ends: number[];
      options?: MarkdownOptions | undefined;
    }
  /** The render the prepared bodies were for is over: the ones not taken are dropped. */
  | { kind: 'forget' };
export type WorkerResponse =
  { kind: 'ready' } | { kind: 'rendered'; job: number; files: RenderedPage[]; failures: RenderFailure[] };

const port = parentPort!;
// The render data of the build being rendered: sent once per build and worker, not with every batch.
let shared: RenderShared | undefined;
// The bodies the current job hands back: sent once per job and worker.
let keep: { job: number; bodies: ReadonlySet<string> } | undefined;
const prepared = new PreparedBodies();

port.on('message', (request: WorkerRequest) => {
  if (request.kind === 'prepare') return prepared.prepare(jobsOf(request), request.options);
  if (request.kind === 'forget') return prepared.clear();
  if (request.shared) shared = request.shared.value;
  if (request.keepBodies) keep = { job: request.job, bodies: new Set(request.keepBodies) };
  const keepBodies = keep?.job === request.job ? keep.bodies : undefined;
  const { files, failures } = renderBatch(request.pages, shared!, keepBodies, prepared);
  const response: WorkerResponse = { kind: 'rendered', job: request.job, files, failures };
  // The pages' bytes (views of one buffer) move to the pool's thread without a copy, in one transfer.
  port.postMessage(response, files.length > 0 ? [files[0]!.bytes.buffer as ArrayBuffer] : []);
});

/** A prepare message's jobs, each with its text. */
function jobsOf({ bodies, texts, ends }: Extract<WorkerRequest, { kind: 'prepare' }>): MarkdownJob[] {
  const utf8 = Buffer.from(texts.buffer, texts.byteOffset, texts.byteLength);
  return bodies.map(({ key, input }, index) => ({
    key,
    input: { ...input, markdown: utf8.toString('utf8', index === 0 ? 0 : ends[index - 1], ends[index]) },
  }));
}

port.postMessage({ kind: 'ready' } satisfies WorkerResponse);
