import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

/**
 * Makes the HTML answers of `response` carry `tag` before `</body>`, whoever writes them (the hosting
 * request handler streams files through serve-handler): the body of a `text/html` answer is held back,
 * then sent with the tag and without the file's Content-Length. Other answers pass through untouched.
 */
export function injectIntoHtml(request: IncomingMessage, response: ServerResponse, tag: string): void {
  if (request.method !== 'GET') return;
  // A byte range of a file whose length changes would be wrong; pages are never asked for in ranges.
  delete request.headers.range;
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  const write = response.write.bind(response) as (...args: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  let held: Buffer[] | undefined;

  const start = (status: number, headers: OutgoingHttpHeaders | undefined) => {
    const header = (name: string) => headers?.[name] ?? headers?.[name.toLowerCase()] ?? response.getHeader(name);
    const isHtml = String(header('Content-Type') ?? '').startsWith('text/html');
    const isPlainPage = isHtml && header('Content-Encoding') === undefined;
    if (held || !isPlainPage || status === 304 || status === 204) return;
    held = [];
    response.removeHeader('Content-Length');
    if (headers) {
      delete headers['Content-Length'];
      delete headers['content-length'];
    }
  };
  const hold = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    held!.push(
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array),
    );
  };

  response.writeHead = ((status: number, ...rest: unknown[]) => {
    start(
      status,
      rest.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null && !Array.isArray(arg)),
    );
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!response.headersSent) start(response.statusCode, undefined);
    if (!held) return write(chunk, ...rest);
    hold(chunk, rest[0]);
    const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }) as ServerResponse['write'];
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!response.headersSent) start(response.statusCode, undefined);
    if (!held) return end(chunk, ...rest);
    hold(chunk, rest[0]);
    const callback = [chunk, ...rest].find((arg) => typeof arg === 'function') as (() => void) | undefined;
    const html = Buffer.concat(held).toString('utf8');
    const at = html.lastIndexOf('</body>');
    const body = at === -1 ? `${html}${tag}` : `${html.slice(0, at)}${tag}${html.slice(at)}`;
    held = undefined;
    return callback ? end(body, callback) : end(body);
  }) as ServerResponse['end'];
}
