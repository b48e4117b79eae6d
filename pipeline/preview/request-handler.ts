import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import serveHandler from 'serve-handler';
import type { HostManifest } from '../plan/host-manifest.ts';
import { createRouteTable, routeRequest, type RouteDecision } from './route-request.ts';

export interface RequestHandlerOptions {
  /** A built output folder (`out/`). */
  publicDir: string;
  manifest: HostManifest;
}

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * Serves a built site with the semantics of the emitted nginx configuration (routeRequest): the
 * redirect map, slash and `.html` rules, root language detection, the 404 page of each locale with
 * status 404 and the header policy on every response. serve-handler sends the files; it never
 * redirects itself (no cleanUrls or trailingSlash), so its fixed 301s cannot appear.
 */
export function createRequestHandler({ publicDir, manifest }: RequestHandlerOptions): RequestHandler {
  const root = path.resolve(publicDir);
  const table = createRouteTable(manifest);
  const { security, immutable, rootVary } = manifest.headers;
  return async (request, response) => {
    const target = request.url ?? '/';
    const queryAt = target.indexOf('?');
    const decision = routeRequest(
      {
        rawPath: queryAt === -1 ? target : target.slice(0, queryAt),
        rawQuery: queryAt === -1 ? '' : target.slice(queryAt),
        cookie: request.headers.cookie,
        acceptLanguage: request.headers['accept-language'],
      },
      table,
    );
    if (decision.kind === 'bad-request') {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad Request');
      return;
    }
    for (const header of security) response.setHeader(header.name, header.value);
    if ('vary' in decision && decision.vary) response.setHeader('Vary', rootVary);
    if (decision.kind === 'redirect') {
      response
        .writeHead(decision.status, { Location: decision.location, 'Content-Type': 'text/plain; charset=utf-8' })
        .end(request.method === 'HEAD' ? undefined : `Redirecting to ${decision.location}\n`);
      return;
    }
    const file = decision.kind === 'file' ? await findFile(root, decision) : undefined;
    if (!file) {
      const body = await readFile(path.join(root, decision.notFound)).catch(() => Buffer.from('Not found\n'));
      response.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
      response.end(request.method === 'HEAD' ? undefined : body);
      return;
    }
    if (decision.kind === 'file' && decision.immutable) response.setHeader('Cache-Control', immutable.cacheControl);
    request.url = file.split('/').map(encodeURIComponent).join('/');
    await serveHandler(request, response, {
      public: root,
      cleanUrls: false,
      directoryListing: false,
      etag: true,
      symlinks: false,
    });
  };
}

/** The first candidate that is a file, like nginx's `try_files $uri $uri.html`. */
async function findFile(root: string, decision: Extract<RouteDecision, { kind: 'file' }>): Promise<string | undefined> {
  for (const candidate of decision.candidates)
    if ((await stat(path.join(root, candidate)).catch(() => undefined))?.isFile()) return candidate;
  return undefined;
}
