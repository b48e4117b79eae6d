import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * Netlify's redirect engine (libredirect compiled to WebAssembly, published as netlify-redirector: what
 * `netlify dev` matches `_redirects` with). netlify-cli itself needs Node ≥ 22.13, so it cannot run here.
 */
interface NetlifyMatch {
  from: string;
  to: string;
  status: number;
  force: boolean;
}
interface NetlifyMatcher {
  match(request: {
    scheme: string;
    host: string;
    path: string;
    query: string;
    headers: Record<string, string>;
    cookieValues: Record<string, string>;
    getHeader(name: string): string;
    getCookie(name: string): string;
  }): NetlifyMatch | null;
}
const redirector = createRequire(import.meta.url)('netlify-redirector') as {
  parsePlain(rules: string, options: { jwtSecret: string; jwtRoleClaim: string }): Promise<NetlifyMatcher>;
};

export interface RunningNetlify {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a Netlify build's output on a free 127.0.0.1 port: `_redirects` is matched by Netlify's own
 * engine; around it, the file layer is the order `netlify dev` applies (its proxy): a rule applies when
 * it is forced or no file answers the path, 3xx answers carry the query along, 200 and 404 rules serve
 * their target with that status; files are found as Netlify's pretty URLs do (`x.html` for `/x`, a
 * trailing slash redirected away with 301); nothing else answers with the root `404.html`. The
 * `_headers` rules that match the URL path go on every answer. The file layer is a model (written from
 * netlify dev); the rule matching is Netlify's.
 */
export async function startNetlifyEngine(root: string): Promise<RunningNetlify> {
  const rules = await readFile(path.join(root, '_redirects'), 'utf8');
  const matcher = await redirector.parsePlain(rules, { jwtSecret: 'unused', jwtRoleClaim: 'unused' });
  const headerRules = parseHeadersFile(await readFile(path.join(root, '_headers'), 'utf8').catch(() => ''));
  const server = createServer((request, response) => {
    answer(root, matcher, headerRules, request, response).catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type HeaderRule = { pattern: string; headers: Array<[string, string]> };

function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else {
      const colon = line.indexOf(':');
      rules.at(-1)?.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
    }
  }
  return rules;
}

async function answer(
  root: string,
  matcher: NetlifyMatcher,
  headerRules: HeaderRule[],
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const raw = request.url ?? '/';
  const queryAt = raw.indexOf('?');
  const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const query = queryAt === -1 ? '' : raw.slice(queryAt + 1);
  let urlPath: string;
  try {
    // As netlify dev hands the path to the engine: decoded.
    urlPath = decodeURIComponent(rawPath);
  } catch {
    response.writeHead(400).end('Bad Request');
    return;
  }
  const send = async (status: number, file: string | undefined, extra: Record<string, string> = {}) => {
    for (const rule of headerRules)
      if (rule.pattern === urlPath || (rule.pattern.endsWith('*') && urlPath.startsWith(rule.pattern.slice(0, -1))))
        for (const [name, value] of rule.headers) response.setHeader(name, value);
    for (const [name, value] of Object.entries(extra)) response.setHeader(name, value);
    if (file !== undefined && file.endsWith('.html')) response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.writeHead(status).end(file === undefined ? undefined : await readFile(file));
  };
  const cookies = Object.fromEntries(
    (request.headers.cookie ?? '')
      .split(';')
      .map((pair) => pair.trim().split('='))
      .filter((pair) => pair.length >= 2)
      .map(([key, ...value]) => [key!, value.join('=')]),
  );
  const acceptLanguage = request.headers['accept-language'] ?? '';
  const headers: Record<string, string> = {
    // netlify dev: the nf_lang cookie, else the first two letters of the first Accept-Language entry.
    'x-language': cookies['nf_lang'] ?? (acceptLanguage ? acceptLanguage.split(',')[0]!.slice(0, 2) : 'en'),
    'x-country': 'us',
    ...Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, String(value)])),
  };
  const match = matcher.match({
    scheme: 'http',
    host: 'localhost',
    path: urlPath,
    query,
    headers,
    cookieValues: cookies,
    getHeader: (name) => headers[name.toLowerCase()] ?? '',
    getCookie: (name) => cookies[name] ?? '',
  });
  const found = await findFile(root, urlPath);
  if (match && (match.force || found === undefined)) {
    if (match.status >= 300 && match.status < 400) {
      const location = query && !match.to.includes('?') ? `${match.to}?${query}` : match.to;
      await send(match.status, undefined, { Location: location });
      return;
    }
    const target = await findFile(root, match.to);
    if (target && 'file' in target) {
      await send(match.status, target.file);
      return;
    }
  }
  if (found && 'redirect' in found) {
    await send(301, undefined, { Location: query ? `${found.redirect}?${query}` : found.redirect });
    return;
  }
  if (found) {
    await send(200, found.file);
    return;
  }
  await send(404, path.join(root, '404.html'));
}

/** Netlify's pretty URLs over flat files: `/x` → `x.html`, `/x/` → 301 to `/x` when `x.html` exists. */
async function findFile(root: string, urlPath: string): Promise<{ file: string } | { redirect: string } | undefined> {
  const resolved = path.join(root, path.posix.normalize(urlPath));
  if (!resolved.startsWith(root)) return undefined;
  const isFile = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() === true;
  if (urlPath.endsWith('/')) {
    if (await isFile(path.join(resolved, 'index.html'))) return { file: path.join(resolved, 'index.html') };
    const bare = urlPath.replace(/\/+$/, '');
    if (bare !== '' && (await isFile(`${path.join(root, bare)}.html`))) return { redirect: bare };
    return undefined;
  }
  if (await isFile(resolved)) return { file: resolved };
  if (await isFile(`${resolved}.html`)) return { file: `${resolved}.html` };
  return undefined;
}
