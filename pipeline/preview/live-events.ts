import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BuildProblem } from '../build.ts';

/** An event the open preview tabs receive over EventSource (`GET /__sitegen/events`). */
export type LiveEvent =
  /** On connecting: the build the tab is looking at, the current problem (the overlay), if any, and that build's content problems. */
  | { event: 'hello'; data: { version: number; problem: PreviewProblem | undefined; contentProblems: BuildProblem[] } }
  /** A rebuild finished (sent before its `reload`): what it built without; tabs list it in a panel, an empty list clears it. */
  | { event: 'content-problems'; data: { version: number; problems: BuildProblem[] } }
  /** A rebuild finished: tabs showing one of `pages` (URL paths), or every tab for 'all', reload. */
  | { event: 'reload'; data: { version: number; pages: string[] | 'all' } }
  /** A rebuild or a CMS refresh failed: tabs show the overlay and keep the last good page. */
  | { event: 'problem'; data: PreviewProblem };

/** What the overlay shows: what went wrong, where (the message names the file or record), and what to do. */
export interface PreviewProblem {
  code: string;
  title: string;
  /** The title in each locale, by language code (`nl`), when it is one of the site's strings. */
  localizedTitles?: Record<string, string> | undefined;
  message: string;
  hint: string | undefined;
}

export type LiveEvents = ReturnType<typeof createLiveEvents>;

const KEEP_ALIVE_MS = 15_000;

/** Server-sent events to the preview tabs; `hello` comes from the given state at connect time. */
export function createLiveEvents(hello: () => Extract<LiveEvent, { event: 'hello' }>['data']) {
  const streams = new Set<ServerResponse>();
  const write = (response: ServerResponse, { event, data }: LiveEvent) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const keepAlive = setInterval(() => {
    for (const response of streams) response.write(': keep-alive\n\n');
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  return {
    /** Answers `GET /__sitegen/events` with an event stream that starts with `hello`. */
    connect(request: IncomingMessage, response: ServerResponse): void {
      response.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      // The browser reconnects after a dropped stream; a short retry keeps the overlay current.
      response.write('retry: 500\n\n');
      write(response, { event: 'hello', data: hello() });
      streams.add(response);
      request.once('close', () => streams.delete(response));
    },
    send(event: LiveEvent): void {
      for (const response of streams) write(response, event);
    },
    /** Ends every stream (the server can then close). */
    close(): void {
      clearInterval(keepAlive);
      for (const response of streams) response.end();
      streams.clear();
    },
  };
}
