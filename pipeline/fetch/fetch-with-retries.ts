import { HTTPError, TimeoutError, type KyInstance, type Options } from 'ky';

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

/** A GET that failed on every try with a transient fault; `detail` says what happened on the last one. */
export class FetchFault extends Error {
  override name = 'FetchFault';
  readonly kind: 'network' | 'timeout' | 'truncated' | 'unreadable';
  /** The socket error code of the last try (ECONNRESET, ECONNREFUSED, UND_ERR_SOCKET …), when there was one. */
  readonly socketCode: string | undefined;
  readonly detail: string;
  readonly tries: number;
  constructor(details: {
    kind: FetchFault['kind'];
    detail: string;
    code?: string | undefined;
    tries: number;
    cause: unknown;
  }) {
    super(`${details.detail} (${details.tries} ${details.tries === 1 ? 'try' : 'tries'})`, { cause: details.cause });
    this.kind = details.kind;
    this.socketCode = details.code;
    this.detail = details.detail;
    this.tries = details.tries;
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
      const perCall: Options = {
        ...(options.signal ? { signal: options.signal } : {}),
        // The spec's one retry for statuses holds over all tries, not once per try.
        ...(statusRetried ? { retry: { limit: 0 } } : {}),
        hooks: {
          beforeRetry: [
            () => {
              statusRetried = true;
            },
          ],
        },
      };
      const response = await client.get(url, perCall);
      const bytes = await readBody(response, options.timeoutMs);
      try {
        return options.read(bytes);
      } catch (error) {
        throw new FaultOfTry(
          'unreadable',
          `the body is not what was asked for: ${(error as Error).message}`,
          undefined,
          error,
        );
      }
    } catch (error) {
      if (error instanceof HTTPError) throw error;
      if (options.signal?.aborted) throw options.signal.reason;
      const fault = classify(error, options.timeoutMs);
      if (!fault) throw error;
      if (attempt >= tries)
        throw new FetchFault({
          kind: fault.kind,
          detail: fault.detail,
          code: fault.code,
          tries: attempt,
          cause: fault.cause,
        });
      const wait = Math.round(backoffMs * 2 ** (attempt - 1) * (0.5 + Math.random() / 2));
      options.onRetry?.(`${fault.detail}; trying again in ${wait} ms (try ${attempt + 1} of ${tries}): GET ${url}`);
      await sleep(wait, options.signal);
    }
  }
}

/** A fault found while reading one try's body. */
class FaultOfTry extends Error {
  constructor(
    readonly kind: FetchFault['kind'],
    readonly detail: string,
    readonly code: string | undefined,
    cause: unknown,
  ) {
    super(detail, { cause });
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
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
    }
  } catch (error) {
    const code = socketCode(error);
    throw new FaultOfTry(
      'truncated',
      `body ended after ${received}${of} bytes${code ? ` (${code})` : ''}`,
      code,
      error,
    );
  } finally {
    clearTimeout(timer);
  }
  if (timedOut)
    throw new FaultOfTry(
      'timeout',
      `no more of the body within ${timeoutMs} ms (${received}${of} bytes came)`,
      undefined,
      undefined,
    );
  if (expected !== undefined && received < expected)
    throw new FaultOfTry('truncated', `body ended after ${received}${of} bytes`, undefined, undefined);
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** A transient fault, described; undefined for errors that are not (a bug, a bad URL). */
function classify(
  error: unknown,
  timeoutMs: number,
): { kind: FetchFault['kind']; detail: string; code: string | undefined; cause: unknown } | undefined {
  if (error instanceof FaultOfTry)
    return { kind: error.kind, detail: error.detail, code: error.code, cause: error.cause ?? error };
  if (error instanceof TimeoutError)
    return { kind: 'timeout', detail: `no answer within ${timeoutMs} ms`, code: undefined, cause: error };
  // fetch() rejects with a TypeError whose cause is the socket error (ECONNRESET, ECONNREFUSED …).
  if (error instanceof TypeError) {
    const code = socketCode(error);
    const cause = (error as { cause?: unknown }).cause;
    const message = cause instanceof Error ? cause.message : error.message;
    return {
      kind: 'network',
      detail: code && !message.includes(code) ? `${code}: ${message}` : message,
      code,
      cause: error,
    };
  }
  return undefined;
}

/** The code of the innermost error that has one (`ECONNRESET`, `UND_ERR_SOCKET`). */
function socketCode(error: unknown): string | undefined {
  let found: string | undefined;
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 5;
    current = (current as { cause?: unknown }).cause, depth += 1
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') found = code;
  }
  return found;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
