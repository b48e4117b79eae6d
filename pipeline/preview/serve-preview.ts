import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { injectIntoHtml } from './inject-script.ts';
import {
  EVENTS_PATH,
  LIVE_CLIENT_SCRIPT,
  LIVE_SCRIPT_PATH,
  LIVE_SCRIPT_TAG,
  PREVIEW_PREFIX,
  REFRESH_PATH,
  STATUS_PATH,
} from './live-client.ts';
import type { LiveEvents } from './live-events.ts';
import type { RequestHandler } from './request-handler.ts';

export interface ServePreviewOptions {
  /** 0 picks a free port. */
  port: number;
  events: LiveEvents;
  /** The hosting request handler over the last good build; undefined until a build succeeded. */
  currentHandler: () => RequestHandler | undefined;
  /** `POST /__sitegen/refresh` (a CMS webhook): refetch and rebuild, then answer with the returned JSON. */
  refresh: (options: { full: boolean }) => Promise<unknown>;
  /** `GET /__sitegen/status`: the preview's state as JSON (for scripts and benchmarks). */
  status: () => unknown;
}

export interface PreviewServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

/** Only the machine itself may see drafts. */
const HOSTNAME = '127.0.0.1';
const TEXT = { 'Content-Type': 'text/plain; charset=utf-8' };
const JSON_NO_STORE = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

const BUILDING_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>sitegen preview</title></head><body><p>The preview is being built. This page reloads when it is ready.</p>${LIVE_SCRIPT_TAG}</body></html>`;

/**
 * The preview's HTTP server on 127.0.0.1: the site through the hosting request handler (redirects,
 * root language detection, 404 pages, headers) with the live script added to every HTML page, and the
 * preview's own endpoints under `/__sitegen/`. Answers only requests addressed to 127.0.0.1 or
 * localhost, so a web page cannot read drafts through a rebound DNS name. Rejects when the port is taken.
 */
export async function servePreview(options: ServePreviewOptions): Promise<PreviewServer> {
  const allowedHosts = new Set<string>();
  const server = http.createServer((request, response) => {
    if (!allowedHosts.has((request.headers.host ?? '').toLowerCase())) {
      response.writeHead(403, TEXT).end(`The preview answers only at http://${HOSTNAME}:${port}.\n`);
      return;
    }
    answer(request, response, options).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, TEXT);
      response.end(`The preview could not answer this request: ${(error as Error).message}\n`);
    });
  });
  server.listen(options.port, HOSTNAME);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  allowedHosts.add(`${HOSTNAME}:${port}`).add(`localhost:${port}`);
  return {
    url: `http://${HOSTNAME}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        options.events.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function answer(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  options: ServePreviewOptions,
): Promise<void> {
  const url = new URL(request.url ?? '/', `http://${HOSTNAME}`);
  if (url.pathname === LIVE_SCRIPT_PATH) {
    response
      .writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' })
      .end(LIVE_CLIENT_SCRIPT);
  } else if (url.pathname === EVENTS_PATH) {
    options.events.connect(request, response);
  } else if (url.pathname === STATUS_PATH) {
    response.writeHead(200, JSON_NO_STORE).end(`${JSON.stringify(options.status())}\n`);
  } else if (url.pathname === REFRESH_PATH) {
    if (request.method !== 'POST') {
      response.writeHead(405, { ...TEXT, Allow: 'POST' }).end('POST to refresh the preview from the CMS.\n');
      return;
    }
    // A Strapi webhook sends the changed entry; the refresh asks the CMS what changed instead.
    for await (const _chunk of request) void _chunk;
    const result = await options.refresh({ full: url.searchParams.get('full') === '1' });
    response.writeHead(200, JSON_NO_STORE).end(`${JSON.stringify(result)}\n`);
  } else if (url.pathname.startsWith(PREVIEW_PREFIX)) {
    response.writeHead(404, TEXT).end('Not found\n');
  } else {
    const handler = options.currentHandler();
    if (!handler) {
      response
        .writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '1' })
        .end(BUILDING_PAGE);
      return;
    }
    injectIntoHtml(request, response, LIVE_SCRIPT_TAG);
    // Pages change under the same URL while editing: never let the browser reuse one without asking.
    response.setHeader('Cache-Control', 'no-cache');
    await handler(request, response);
  }
}
