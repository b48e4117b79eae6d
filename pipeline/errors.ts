/** Permanent, searchable error codes. Never rename one; add new ones at the end. */
export type ErrorCode =
  | 'SITE_CONFIG_INVALID'
  | 'CMS_UNREACHABLE'
  | 'CMS_HTTP_ERROR'
  | 'CMS_RESPONSE_INVALID'
  | 'CMS_INCONSISTENT'
  | 'CONTENT_INVALID'
  | 'SNAPSHOT_INVALID'
  | 'MEDIA_UNAVAILABLE'
  | 'OUTPUT_PATH_CLASH'
  | 'RENDER_FAILED'
  | 'OUTPUT_WRITE_FAILED'
  | 'REDIRECTS_INVALID'
  | 'HOST_LIMIT_EXCEEDED';

export class SitegenError extends Error {
  override name = 'SitegenError';
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  constructor(details: { code: ErrorCode; message: string; hint?: string; cause?: unknown }) {
    super(details.message, { cause: details.cause });
    this.code = details.code;
    this.hint = details.hint;
  }
}

export function isSitegenError(error: unknown): error is SitegenError {
  return error instanceof SitegenError;
}
