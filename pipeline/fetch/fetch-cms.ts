import ky, { HTTPError, type KyInstance } from 'ky';
import pLimit, { type LimitFunction } from 'p-limit';
import { z } from 'zod';
import { SitegenError, type ErrorCode } from '../errors.ts';
import { formatZodIssues } from '../zod-issues.ts';
import { FetchFault, fetchWithRetries, statusLine, type FaultRetry } from './fetch-with-retries.ts';
import { COLLECTIONS, MEDIA_FIELDS, RECORD_CAP, type Collection } from './collections.ts';
import type { FetchedContent, RawEntry } from './raw-entry.ts';
import { detectDialect, flattenRow, resolveMediaUrls, type StrapiDialect } from './strapi-shape.ts';
import {
  formatPageUrl,
  isProxyUrl,
  OPTIONAL_FIELDS,
  proxyFields,
  type PageRequest,
  type Publication,
} from './strapi-query.ts';

export interface CmsOptions {
  /** Strapi's REST root (`https://cms.example.com/api`) or the site's proxy (`…/api/cms`). */
  url: string;
  token?: string | undefined;
  /** Requests in flight at once. */
  concurrency: number;
  timeoutMs?: number;
  /** Asked of the server; what it grants is read back from `meta.pagination`. */
  pageSize?: number;
  /** Tries and backoff for transient faults of a GET (resets, cut-off bodies, timeouts); default 3 tries, 1 s. */
  faultRetry?: Partial<FaultRetry> | undefined;
}

export interface FetchCmsOptions {
  cms: CmsOptions;
  locales: readonly string[];
  includeDrafts: boolean;
  updatedAfter?: string;
  onProgress?: (message: string) => void;
}

/** The spec's retry rule (§7): one retry on GET/HEAD for these statuses, none for other methods. */
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];

const pageSchema = z.object({
  data: z.array(z.unknown()),
  meta: z.object({
    pagination: z.object({
      page: z.number().int().positive(),
      pageSize: z.number().int().positive(),
      pageCount: z.number().int().nonnegative().optional(),
      total: z.number().int().nonnegative().optional(),
    }),
  }),
});
type Page = z.infer<typeof pageSchema>;

interface CrawlContext {
  client: KyInstance;
  limit: LimitFunction;
  /** Aborted when one request failed for good: the others stop instead of retrying on. */
  stop: AbortController;
  options: FetchCmsOptions;
  requests: { count: number };
  warnings: string[];
  /** Optional fields the CMS rejected, per collection: no later request asks for them. */
  droppedFields: Map<Collection, Set<string>>;
}

type Row = Record<string, unknown>;
/** Each collection's rows, in COLLECTIONS order, and the Strapi dialect they came in. */
type Crawl = { rows: Row[][]; dialect: StrapiDialect | undefined };

/**
 * Crawls every collection in every locale from a live Strapi (v4, v5, or the site's /api/cms proxy),
 * page 1 first, then the other pages with bounded concurrency. Throws CMS_UNREACHABLE, CMS_HTTP_ERROR,
 * CMS_RESPONSE_INVALID or CMS_INCONSISTENT naming the collection, locale, page and URL.
 */
export async function fetchCmsEntries(options: FetchCmsOptions): Promise<FetchedContent> {
  const context = crawlContext(options);
  const proxy = isProxyUrl(options.cms.url);
  const origin = new URL(options.cms.url).origin;

  const published = await crawlCollections(context, proxy && options.includeDrafts ? 'drafts-v4' : 'published');
  let dialect: StrapiDialect | undefined = proxy ? 4 : published.dialect;

  if (options.includeDrafts && !proxy) {
    const drafts = await crawlDrafts(context, dialect);
    dialect ??= drafts.dialect;
    drafts.rows.forEach((rows, index) => {
      published.rows[index] = mergeDrafts(published.rows[index]!, rows, drafts.dialect);
    });
  }

  const entries: RawEntry[] = COLLECTIONS.flatMap((collection, index) =>
    published.rows[index]!.map((row) => ({
      collection,
      record: resolveMediaUrls(flattenRow(row), MEDIA_FIELDS[collection], origin),
    })),
  );
  return {
    entries,
    mediaOrigin: { kind: 'http', origin },
    warnings: context.warnings,
    requests: context.requests.count,
    dialect: proxy ? 'proxy' : dialect === undefined ? 'unknown' : dialect === 4 ? '4' : '5',
  };
}

/**
 * How many published entries each collection has per locale (`collection|locale` → total), one
 * one-row request each; undefined when the server does not say (no `withCount`, the proxy).
 */
export async function fetchCmsTotals(
  options: Pick<FetchCmsOptions, 'cms' | 'locales'>,
): Promise<{ totals: Map<string, number> | undefined; requests: number }> {
  const context = crawlContext({ ...options, includeDrafts: false });
  const keys = COLLECTIONS.flatMap((collection) => options.locales.map((locale) => ({ collection, locale })));
  const oneRow = { publication: 'published', page: 1, pageSize: 1 } as const;
  const pages = await Promise.all(keys.map((key) => context.limit(() => fetchPage(context, { ...key, ...oneRow }))));
  const totals = pages.map((page) => page.meta.pagination.total);
  const requests = context.requests.count;
  if (totals.includes(undefined)) return { totals: undefined, requests };
  return {
    totals: new Map(keys.map(({ collection, locale }, index) => [`${collection}|${locale}`, totals[index]!])),
    requests,
  };
}

function crawlContext(options: FetchCmsOptions): CrawlContext {
  const { cms } = options;
  const requests = { count: 0 };
  const client = ky.create({
    headers: { accept: 'application/json', ...(cms.token ? { authorization: `Bearer ${cms.token}` } : {}) },
    timeout: cms.timeoutMs ?? 30_000,
    retry: {
      limit: 1,
      methods: ['get', 'head'],
      statusCodes: RETRY_STATUSES,
      afterStatusCodes: RETRY_STATUSES,
      // The longest `Retry-After` honoured; a longer one fails the request.
      maxRetryAfter: 30_000,
      backoffLimit: 3_000,
      jitter: true,
      // Statuses only: faults of the connection or the body are retried by fetchWithRetries.
      shouldRetry: ({ error }) => (error instanceof HTTPError ? undefined : false),
    },
    hooks: { beforeRequest: [() => void (requests.count += 1)] },
  });
  const limit = pLimit(cms.concurrency);
  return { client, limit, stop: new AbortController(), options, requests, warnings: [], droppedFields: new Map() };
}

async function crawlDrafts(context: CrawlContext, dialect: StrapiDialect | undefined): Promise<Crawl> {
  // The dialect decides how drafts are asked for; an empty published crawl leaves it open, so then the
  // v5 form is tried first (v4 ignores `status`), and the v4 form if nothing answered in v5's shape.
  const tries: Publication[] =
    dialect === 4 ? ['drafts-v4'] : dialect === 5 ? ['drafts-v5'] : ['drafts-v5', 'drafts-v4'];
  let last: Crawl = { rows: COLLECTIONS.map(() => []), dialect };
  for (const publication of tries) {
    const crawl = await crawlCollections(context, publication);
    last = { rows: crawl.rows, dialect: publication === 'drafts-v4' ? 4 : 5 };
    if (crawl.dialect === last.dialect) return last;
  }
  return last;
}

/**
 * v4 (and the proxy) answer drafts together with published rows. v5 answers the draft version of every
 * document with `publishedAt: null`; a document that also has a published row is not a draft, so it keeps
 * that row's id and publishedAt and shows the draft's newer content.
 */
function mergeDrafts(published: Row[], drafts: Row[], dialect: StrapiDialect | undefined): Row[] {
  if (dialect !== 5) return drafts.length > 0 ? drafts : published;
  const key = (row: Row) => `${String(row.documentId)}|${String(row.locale)}`;
  const publishedByKey = new Map(published.map((row) => [key(row), row]));
  const merged = drafts.map((draft) => {
    const live = publishedByKey.get(key(draft));
    publishedByKey.delete(key(draft));
    return live ? { ...draft, id: live.id, publishedAt: live.publishedAt } : draft;
  });
  return [...merged, ...publishedByKey.values()];
}

async function crawlCollections(context: CrawlContext, publication: Publication): Promise<Crawl> {
  const rows = await Promise.all(
    COLLECTIONS.map(async (collection) => {
      const locales = context.options.locales.map((locale) => crawlLocale(context, collection, locale, publication));
      const own = (await Promise.all(locales)).flat();
      const dialects = new Set(own.map((row) => detectDialect(row)));
      if (dialects.size > 1 || dialects.has(undefined)) {
        throw new SitegenError({
          code: 'CMS_RESPONSE_INVALID',
          message: `The CMS answered ${collection} rows in neither Strapi v4 (\`attributes\`) nor v5 (flat) shape, or in both.`,
          hint: 'check that --cms points at a Strapi v4 or v5 REST root (…/api) or at the site proxy (…/api/cms)',
        });
      }
      return own;
    }),
  );
  // Every row of a collection is in one dialect (checked above): the first row of the crawl shows it.
  return { rows, dialect: detectDialect(rows.flat()[0]) };
}

async function crawlLocale(
  context: CrawlContext,
  collection: Collection,
  locale: string,
  publication: Publication,
): Promise<Row[]> {
  const requested = context.options.cms.pageSize ?? 100;
  const base = { collection, locale, publication, updatedAfter: context.options.updatedAfter };
  for (let attempt = 1; ; attempt += 1) {
    const first = await context.limit(() => fetchPage(context, { ...base, page: 1, pageSize: requested }));
    const { pageSize, total } = first.meta.pagination;
    const maxPages = Math.ceil(RECORD_CAP / pageSize);
    const pages = [first];
    const pageAt = (page: number) => context.limit(() => fetchPage(context, { ...base, page, pageSize }));
    if (total === undefined) {
      // Without `withCount` the server sends no total: page on until a short page (one at a time).
      while (pages.length < maxPages && pages.at(-1)!.data.length === pageSize)
        pages.push(await pageAt(pages.length + 1));
    } else {
      const pageCount = Math.min(first.meta.pagination.pageCount ?? Math.ceil(total / pageSize), maxPages);
      pages.push(...(await Promise.all(Array.from({ length: Math.max(0, pageCount - 1) }, (_, n) => pageAt(n + 2)))));
    }
    const problem = checkCrawl(pages, locale, maxPages);
    if (problem === undefined) {
      context.options.onProgress?.(
        `${collection} ${locale}: ${pages.reduce((n, page) => n + page.data.length, 0)} records in ${pages.length} pages`,
      );
      return pages.flatMap((page) => page.data as Row[]);
    }
    if (attempt === 2 || !problem.retry) {
      throw new SitegenError({
        code: 'CMS_INCONSISTENT',
        message: `The CMS gave inconsistent pages for ${collection} (locale ${locale}): ${problem.message}.`,
        hint: problem.retry
          ? 'content was probably published during the crawl; run the build again'
          : 'check the CMS: its paging or ids are not stable',
      });
    }
    context.warnings.push(`${collection} (locale ${locale}): ${problem.message}; crawled the locale again`);
  }
}

function checkCrawl(pages: Page[], locale: string, maxPages: number): { message: string; retry: boolean } | undefined {
  const first = pages[0]!.meta.pagination;
  if (pages.some((page) => page.meta.pagination.total !== first.total)) {
    return {
      message: `the total changed between pages (${pages.map((page) => page.meta.pagination.total).join(', ')})`,
      retry: true,
    };
  }
  const pageSizes = new Set(pages.map((page) => page.meta.pagination.pageSize));
  if (pageSizes.size > 1)
    return { message: `the page size changed between pages (${[...pageSizes].join(', ')})`, retry: false };
  const rows = pages.flatMap((page) => page.data as Row[]);
  const seen = new Set<string>();
  for (const row of rows) {
    const flat = flattenRow(row);
    const key = flat.documentId === undefined ? String(flat.id) : `${String(flat.documentId)}|${String(flat.locale)}`;
    if (seen.has(key)) return { message: `record ${key} appears on two pages`, retry: true };
    seen.add(key);
    if (flat.locale !== undefined && flat.locale !== locale)
      return { message: `record ${key} has locale "${String(flat.locale)}"`, retry: false };
  }
  if (first.total !== undefined) {
    const expected = Math.min(first.total, maxPages * first.pageSize);
    if (rows.length !== expected)
      return { message: `expected ${expected} records (total ${first.total}), received ${rows.length}`, retry: true };
  }
  return undefined;
}

async function fetchPage(context: CrawlContext, request: PageRequest): Promise<Page> {
  const where = `${request.collection} page ${request.page} (locale ${request.locale})`;
  const dropped = context.droppedFields.get(request.collection);
  const url = formatPageUrl(context.options.cms.url, { ...request, omitFields: [...(dropped ?? [])] });
  let body: unknown;
  try {
    body = await fetchWithRetries(context.client, url, {
      retry: context.options.cms.faultRetry,
      timeoutMs: context.options.cms.timeoutMs ?? 30_000,
      read: (bytes) => JSON.parse(new TextDecoder().decode(bytes)) as unknown,
      signal: context.stop.signal,
      onRetry: (message) => context.options.onProgress?.(`${where}: ${message}`),
    });
  } catch (error) {
    const field = await rejectedField(error);
    if (field !== undefined && isProxyUrl(context.options.cms.url) && dropField(context, request, field, url))
      return fetchPage(context, request);
    const failure =
      field !== undefined &&
      !OPTIONAL_FIELDS[request.collection].includes(field) &&
      proxyFields(request).includes(field)
        ? missingField(request.collection, field, url, error)
        : await describeFailure(error, where, url);
    if (!context.stop.signal.aborted) context.stop.abort(failure);
    throw failure;
  }
  const parsed = pageSchema.safeParse(body);
  if (!parsed.success) {
    throw new SitegenError({
      code: 'CMS_RESPONSE_INVALID',
      message: `The CMS answered ${where} with something that is not a Strapi list: GET ${url}\n  ${formatZodIssues(parsed.error).join('\n  ')}`,
      hint: 'check that --cms points at a Strapi REST root (…/api) or at the site proxy (…/api/cms)',
    });
  }
  return parsed.data;
}

/** The key a Strapi 400 names (`Invalid parameter question` on v4, `Invalid key question` on v5), if any. */
async function rejectedField(error: unknown): Promise<string | undefined> {
  if (!(error instanceof HTTPError) || error.response.status !== 400) return undefined;
  const message = await strapiErrorMessage(error.response);
  return message === undefined ? undefined : /^Invalid (?:parameter|key) ([A-Za-z0-9_]+)$/.exec(message)?.[1];
}

/**
 * Leaves an optional field the CMS rejected out of every later request of its collection, with one warning
 * naming it; true when the request is to be sent again without it. The crawl goes on without the field.
 */
function dropField(context: CrawlContext, request: PageRequest, field: string, url: string): boolean {
  const asked = new URL(url).searchParams.get('fields')?.split(',') ?? [];
  if (!OPTIONAL_FIELDS[request.collection].includes(field) || !asked.includes(field)) return false;
  const dropped = context.droppedFields.get(request.collection) ?? new Set<string>();
  context.droppedFields.set(request.collection, dropped);
  // Requests in flight may each meet the 400: one warning.
  if (!dropped.has(field)) {
    dropped.add(field);
    context.warnings.push(
      `${request.collection}: the CMS has no field "${field}" (it answered 400 to the field list); built without it, as the spec does not name it`,
    );
  }
  return true;
}

/** A field the spec names that the CMS's content type lacks: the site cannot be built from it. */
function missingField(collection: Collection, field: string, url: string, cause: unknown): SitegenError {
  return new SitegenError({
    code: 'CMS_HTTP_ERROR',
    message: `The CMS's ${collection} content type has no field "${field}", which the spec names (site-spec §3, §7) and sitegen needs: GET ${url}`,
    hint: `add "${field}" to the ${collection} content type in Strapi (and to what the /api/cms proxy passes on)`,
    cause,
  });
}

async function describeFailure(error: unknown, where: string, url: string): Promise<SitegenError> {
  if (error instanceof SitegenError) return error;
  const fail = (code: ErrorCode, message: string, hint: string) =>
    new SitegenError({ code, message: `${message}: GET ${url}`, hint, cause: error });
  if (error instanceof HTTPError) {
    const detail = await strapiErrorMessage(error.response);
    const message = `The CMS answered ${where} with ${statusLine(error)}${detail ? ` ("${detail}")` : ''}`;
    return fail('CMS_HTTP_ERROR', message, hintForStatus(error.response.status));
  }
  if (error instanceof FetchFault) {
    if (error.kind === 'unreadable')
      return fail(
        'CMS_RESPONSE_INVALID',
        `The CMS answered ${where} with a body that is not JSON, on all ${error.tries} tries (${error.detail})`,
        'check that --cms points at a Strapi REST root (…/api) or at the site proxy (…/api/cms), and what stands in front of it (a proxy answering with an error page)',
      );
    const what = {
      timeout: 'did not answer in time',
      truncated: 'broke off its answer',
      network: 'could not be reached',
    };
    return fail(
      'CMS_UNREACHABLE',
      `The CMS ${what[error.kind]} for ${where}, on all ${error.tries} tries (${error.detail})`,
      'check the CMS and the network between (a proxy or load balancer dropping connections); run the build again, or leave --cms unset to build from the embedded content',
    );
  }
  const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
  return fail(
    'CMS_UNREACHABLE',
    `Could not reach the CMS for ${where} (${reason})`,
    'check --cms (or SITEGEN_CMS_URL) and the network; leave it unset to build from the embedded content',
  );
}

async function strapiErrorMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { error?: { message?: unknown } };
    return typeof body.error?.message === 'string' ? body.error.message : undefined;
  } catch {
    return undefined;
  }
}

function hintForStatus(status: number): string {
  if (status === 401 || status === 403)
    return 'check the API token (--cms-token or SITEGEN_CMS_TOKEN) and that it may read articles and key-terms';
  if (status === 404)
    return 'check --cms: it is the REST root, e.g. https://cms.example.com/api, or the site proxy …/api/cms';
  if (status === 400)
    return 'the CMS rejected the query; check that the content types have the fields sitegen expects (see content/README.md)';
  if (status >= 500)
    return 'the CMS is failing; try again later, or leave --cms unset to build from the embedded content';
  return 'check the CMS and its logs';
}
