import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HostManifest } from '../../pipeline/plan/host-manifest.ts';
import { createRequestHandler } from '../../pipeline/preview/request-handler.ts';

export interface PreviewServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

/** The preview's request handler on a free 127.0.0.1 port. */
export async function startPreviewServer(publicDir: string, manifest: HostManifest): Promise<PreviewServer> {
  const handle = createRequestHandler({ publicDir, manifest });
  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
