import { readFile } from 'node:fs/promises';
import path from 'node:path';
import serveHandler from 'serve-handler';
import { LOCALES } from '../../pipeline/locale.ts';
import { listenOnLoopback, type LoopbackServer } from './loopback-server.ts';

export type StaticServer = LoopbackServer;

/** The 404 page a host serves for a missing URL: `/nl/...` → nl/404.html, anything else → 404.html. */
export function notFoundPageFor(urlPath: string): string {
  const first = urlPath.split('/')[1] ?? '';
  const locale = LOCALES.find((code) => code !== 'en' && code === first);
  return locale ? `${locale}/404.html` : '404.html';
}

/** Serves a built site like the production host: clean URLs, no trailing slash, localized 404 pages with status 404. */
export function startStaticServer(root: string): Promise<StaticServer> {
  const publicDir = path.resolve(root);
  return listenOnLoopback((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    return serveHandler(
      request,
      response,
      { public: publicDir, cleanUrls: true, trailingSlash: false, directoryListing: false, etag: true },
      {
        sendError: async (
          _absolutePath,
          errorResponse,
          _acceptsJSON,
          _current,
          _handlers,
          _config,
          spec: { statusCode: number; message?: string },
        ) => {
          const res = errorResponse ?? response;
          if (spec.statusCode === 404) {
            let body: Buffer;
            try {
              body = await readFile(path.join(publicDir, notFoundPageFor(urlPath)));
            } catch {
              body = await readFile(path.join(publicDir, '404.html')).catch(() => Buffer.from('Not found'));
            }
            res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length });
            res.end(request.method === 'HEAD' ? undefined : body);
            return;
          }
          res.writeHead(spec.statusCode, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.end(spec.message ?? `HTTP ${spec.statusCode}`);
        },
      },
    );
  });
}
