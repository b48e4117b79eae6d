import { setTimeout as delay } from 'node:timers/promises';
import { HTTPError, TimeoutError, type KyInstance } from 'ky';

/**
 * How transient faults of one GET are ridden out: a reset or refused connection, a body cut short,
 * a body that is not what was asked for (not JSON), no answer in time. `tries` attempts in all; before
 * try n + 1 it waits a random time between half and all of `backoffMs × 2^(n-1)` (full jitter), so the
 * default waits at most 1 + 2 = 3 s over three tries. HTTP statuses are not faults here: ky's own
 * retry answers them (once, honouring Retry-After), and that rule stays as it is.
 */
export interface FaultRetry {
  tries: number;
  backoffMs: number;
}

export const DEFAULT_FAULT_RETRY: FaultRetry = { tries: 3, backoffMs: 1_000 };

/** A GET that failed on every try (`tries`; one while a try's body is read) with a transient fault; `detail` says what happened on the last one. */
export class FetchFault extends Error {
  override name = 'FetchFault';
  constructor(
    readonly kind: 'network' | 'timeout' | 'truncated' | 'unreadable',
    readonly detail: string,
    readonly tries: number,
    cause?: unknown,
  ) {
    super(`${detail} (${tries} ${tries === 1 ? 'try' : 'tries'})`, { cause });
  }
}

export interface GetOptions<T> {
  retry?: Partial<FaultRetry> | undefined;
  /** The client's timeout (ky's `timeout`, for the headers), and the longest wait for the rest of the body once they came. */
  timeoutMs: number;
  /** Turns the bytes into the result; what it throws is a fault of that try (a body that is not JSON). */
  read: (bytes: Uint8Array) => T;
  /** Stops retrying (another request of the same crawl failed for good). */
  signal?: AbortSignal | undefined;
  /** Told before each new try, with what went wrong. */
  onRetry?: ((message: string) => void) | undefined;
}

/**
 * GET `url` with the client and read the whole body, trying again on transient faults (see FaultRetry).
 * Throws ky's HTTPError for an error status (after ky's one retry, which it gets once over all tries),
 * FetchFault when every try met a fault, or the signal's reason when stopped.
 */
export async function fetchWithRetries<T>(client: KyInstance, url: string, options: GetOptions<T>): Promise<T> {
  const tries = Math.max(1, options.retry?.tries ?? DEFAULT_FAULT_RETRY.tries);
  const backoffMs = Math.max(0, options.retry?.backoffMs ?? DEFAULT_FAULT_RETRY.backoffMs);
  let statusRetried = false;
  for (let attempt = 1; ; attempt += 1) {
    options.signal?.throwIfAborted();
    try {
      const response = await client.get(url, {
        ...(options.signal ? { signal: options.signal } : {}),
        // The spec's one retry for statuses holds over all tries, not once per try.
        ...(statusRetried ? { retry: { limit: 0 } } : {}),
        hooks: { beforeRetry: [() => void (statusRetried = true)] },
      });
      const bytes = await readBody(response, options.timeoutMs);
      try {
        return options.read(bytes);
      } catch (error) {
        const detail = `the body is not what was asked for: ${(error as Error).message}`;
        throw new FetchFault('unreadable', detail, 1, error);
      }
    } catch (error) {
      if (error instanceof HTTPError) throw error;
      if (options.signal?.aborted) throw options.signal.reason;
      const fault = classify(error, options.timeoutMs, attempt);
      if (!fault) throw error;
      if (attempt >= tries) throw fault;
      const wait = Math.round(backoffMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
      options.onRetry?.(`${fault.detail}; trying again in ${wait} ms (try ${attempt + 1} of ${tries}): GET ${url}`);
      // Stopped while waiting: the loop's first line throws the signal's reason.
      await delay(wait, undefined, { signal: options.signal }).catch(() => undefined);
    }
  }
}

/** The whole body, counted against Content-Length, within `timeoutMs`. */
async function readBody(response: Response, timeoutMs: number): Promise<Uint8Array> {
  const declared = response.headers.get('content-length');
  const expected = declared !== null && /^\d+$/.test(declared) ? Number(declared) : undefined;
  const of = expected === undefined ? '' : ` of ${expected}`;
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel().catch(() => undefined);
  }, timeoutMs);
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      received += read.value.length;
    }
  } catch (error) {
    const code = socketCode(error);
    const detail = `body ended after ${received}${of} bytes${code ? ` (${code})` : ''}`;
    throw new FetchFault('truncated', detail, 1, error);
  } finally {
    clearTimeout(timer);
  }
  if (timedOut)
    throw new FetchFault('timeout', `no more of the body within ${timeoutMs} ms (${received}${of} bytes came)`, 1);
  if (expected !== undefined && received < expected)
    throw new FetchFault('truncated', `body ended after ${received}${of} bytes`, 1);
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received);
}

/** A transient fault as met on the `tries`th try; undefined for errors that are not (a bug, a bad URL). */
function classify(error: unknown, timeoutMs: number, tries: number): FetchFault | undefined {
  if (error instanceof FetchFault) return new FetchFault(error.kind, error.detail, tries, error.cause ?? error);
  if (error instanceof TimeoutError) return new FetchFault('timeout', `no answer within ${timeoutMs} ms`, tries, error);
  if (!(error instanceof TypeError)) return undefined;
  // fetch() rejects with a TypeError whose cause is the socket error (ECONNRESET, ECONNREFUSED …).
  const code = socketCode(error);
  const message = error.cause instanceof Error ? error.cause.message : error.message;
  const detail = code && !message.includes(code) ? `${code}: ${message}` : message;
  return new FetchFault('network', detail, tries, error);
}

/** The code of the innermost error that has one (`ECONNRESET`, `UND_ERR_SOCKET`). */
function socketCode(error: unknown): string | undefined {
  let found: string | undefined;
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') found = code;
  }
  return found;
}

/** An error status as one line: `HTTP 404 Not Found`. */
export function statusLine(error: HTTPError): string {
  return `HTTP ${error.response.status}${error.response.statusText ? ` ${error.response.statusText}` : ''}`;
}
