import { parentPort } from 'node:worker_threads';
import type { RenderShared } from '../../templates/page-context.ts';
import type { PagePlan } from '../plan/page-plan.ts';
import { renderPage } from '../render/render-page.ts';

/** Messages between the live renderer and its worker. */
export type LiveRenderRequest = { job: number; pages: PagePlan[]; shared: RenderShared };
export type LiveRenderFailure = { message: string; location: string | undefined };
export type LiveRenderResponse =
  | { kind: 'ready' }
  | { kind: 'files'; job: number; files: Array<{ path: string; contents: Uint8Array }> }
  | { kind: 'done'; job: number; failures: LiveRenderFailure[] };

const BATCH_SIZE = 32;
const encoder = new TextEncoder();
const port = parentPort!;

port.on('message', ({ job, pages, shared }: LiveRenderRequest) => {
  const failures: LiveRenderFailure[] = [];
  for (let start = 0; start < pages.length; start += BATCH_SIZE) {
    const files: Array<{ path: string; contents: Uint8Array }> = [];
    for (const page of pages.slice(start, start + BATCH_SIZE)) {
      try {
        files.push({ path: page.outputPath, contents: encoder.encode(renderPage(page, shared)) });
      } catch (error) {
        failures.push({ message: (error as Error).message, location: templateLocation((error as Error).cause ?? error) });
      }
    }
    const response: LiveRenderResponse = { kind: 'files', job, files };
    port.postMessage(response, files.map((file) => file.contents.buffer as ArrayBuffer));
  }
  const done: LiveRenderResponse = { kind: 'done', job, failures };
  port.postMessage(done);
});

const ready: LiveRenderResponse = { kind: 'ready' };
port.postMessage(ready);

/** `templates/pages/HomePage.tsx:12:7`: the innermost template frame of the error's stack, for the overlay. */
function templateLocation(error: unknown): string | undefined {
  const stack = (error as Error | undefined)?.stack ?? '';
  const match = /\/(templates\/[^\s:()]+):(\d+):(\d+)/.exec(stack);
  return match ? `${match[1]}:${match[2]}:${match[3]}` : undefined;
}
