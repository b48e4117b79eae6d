import ky, { HTTPError } from 'ky';
import { RETRY_STATUSES } from './fetch-cms.ts';
import type { FetchMediaOptions } from './fetch-media.ts';
import { FetchFault, fetchWithRetries, statusLine } from './fetch-with-retries.ts';

export type MediaDownloader = ReturnType<typeof createMediaDownloader>;

/**
 * Downloads of media files from a CMS, in a module of their own that fetchMedia loads when the first
 * file is not in the content folder or the cache: a build of the embedded content never loads ky (nor
 * the fetch implementation ky sets up when it loads, some 25 ms of a rebuild).
 */
export function createMediaDownloader(
  options: Pick<FetchMediaOptions, 'faultRetry' | 'onProgress'> & { timeoutMs: number; signal: AbortSignal },
) {
  const client = ky.create({
    timeout: options.timeoutMs,
    retry: {
      limit: 1,
      methods: ['get'],
      statusCodes: RETRY_STATUSES,
      shouldRetry: ({ error }) => (error instanceof HTTPError ? undefined : false),
    },
  });
  return {
    /** The file's bytes, or why the CMS does not have it (a 4xx status); throws when it cannot be had (fetchWithRetries). */
    async download(url: string): Promise<Uint8Array | { missing: string }> {
      try {
        return await fetchWithRetries(client, url, {
          retry: options.faultRetry,
          timeoutMs: options.timeoutMs,
          read: (body) => body,
          signal: options.signal,
          onRetry: (message) => options.onProgress?.(`media: ${message}`),
        });
      } catch (error) {
        if (error instanceof HTTPError && error.response.status >= 400 && error.response.status < 500)
          return { missing: statusLine(error) };
        throw error;
      }
    },
    /** An error of a download as one line, or undefined when it is not one. */
    describe(error: unknown): string | undefined {
      if (error instanceof HTTPError) return statusLine(error);
      if (error instanceof FetchFault) return `${error.detail}, on all ${error.tries} tries`;
      return undefined;
    },
    /** Whether every try met a fault: the other downloads then stop. */
    isFault: (error: unknown) => error instanceof FetchFault,
  };
}
