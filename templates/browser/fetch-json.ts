/** Statuses a GET or HEAD is retried on, once (spec §7). Writes are never retried. */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];

export interface FetchJsonOptions {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Overrides the JSON content type, e.g. text/plain to avoid a CORS preflight. */
  contentType?: string;
}

/**
 * The site's fetch: JSON body with JSON content and accept headers, one retry on GET/HEAD for the listed
 * statuses, no retry for writes; refuses anything but http(s). Throws on a non-2xx answer.
 */
export async function fetchJson<T>(url: string, options: FetchJsonOptions = {}): Promise<T> {
  const target = new URL(url, location.href);
  if (target.protocol !== 'https:' && target.protocol !== 'http:')
    throw new Error(`refusing to fetch ${target.protocol} URL`);
  const method = options.method ?? 'GET';
  const init: RequestInit = {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': options.contentType ?? 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  };
  const retries = method === 'GET' || method === 'HEAD' ? 1 : 0;
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(target, init);
    if (response.ok) return (method === 'HEAD' ? undefined : await response.json()) as T;
    if (attempt >= retries || !RETRY_STATUSES.includes(response.status)) throw new FetchError(response.status);
  }
}

export class FetchError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}
