import http from 'node:http';

export interface ProbeRequest {
  /** Sent verbatim as the request target: `//evil.example`, `/\evil.example` … (fetch would normalise them). */
  path: string;
  cookie?: string;
  acceptLanguage?: string;
}

export interface ProbeResponse {
  status: number;
  location: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET with the path exactly as given, no redirect following. */
export function probe(origin: string, request: ProbeRequest): Promise<ProbeResponse> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: hostname,
        port,
        method: 'GET',
        path: request.path,
        agent: false,
        headers: {
          ...(request.cookie ? { cookie: request.cookie } : {}),
          ...(request.acceptLanguage ? { 'accept-language': request.acceptLanguage } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            location: response.headers.location,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Whether a Location stays on the site: it resolves to the same origin as the request. */
export function staysOnSite(location: string): boolean {
  return new URL(location, 'http://site.test/some/page').origin === 'http://site.test';
}
