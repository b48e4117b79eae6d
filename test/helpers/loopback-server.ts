import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server the tests started; stopped by its own handle. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  close(): Promise<void>;
}

/** `handle` on a free 127.0.0.1 port; a handler that throws answers 500 with the error. */
export async function listenOnLoopback(
  handle: (request: http.IncomingMessage, response: http.ServerResponse) => Promise<unknown>,
): Promise<LoopbackServer> {
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
