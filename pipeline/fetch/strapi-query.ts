import { MEDIA_FIELDS, type Collection } from './collections.ts';

/** Which publication state a crawl asks for, in the words each server understands. */
export type Publication = 'published' | 'drafts-v4' | 'drafts-v5';

export interface PageRequest {
  collection: Collection;
  locale: string;
  page: number;
  pageSize: number;
  publication: Publication;
  /** Only entries updated after this instant (ISO 8601): the preview's refresh. */
  updatedAfter?: string | undefined;
  /** Optional fields the CMS rejected: left out of the proxy's `fields` list. */
  omitFields?: readonly string[];
}

/**
 * Scalar fields asked of the site's /api/cms proxy, which takes a comma list (spec §7): the ones spec §3 and
 * §7 name, which a CMS built to the spec has; a CMS without one of them cannot serve the site.
 */
const ENTRY_FIELDS = [
  'id',
  'title',
  'excerpt',
  'locale',
  'slug',
  'authorSlug',
  'automaticTranslated',
  'publishedAt',
  'updatedAt',
  'articleType',
] as const;

const SPEC_FIELDS: Record<Collection, readonly string[]> = {
  articles: [...ENTRY_FIELDS, 'showIndex', 'showCallToActions', 'coverImageWithText', 'coverImageWithoutText'],
  'key-terms': ENTRY_FIELDS,
};

/**
 * Fields sitegen uses that the spec does not name (issue 29): a CMS may lack them, and Strapi then answers
 * 400 "Invalid parameter <field>" to a `fields` list with them; the crawl drops such a field with a warning.
 * The validation schemas take each of them as optional.
 */
export const OPTIONAL_FIELDS: Record<Collection, readonly string[]> = {
  articles: ['createdAt', 'content', 'question', 'metadata'],
  'key-terms': ['createdAt', 'content'],
};

/** The fields a page request asks of the proxy: the spec's, the optional ones not dropped, the drafts' field. */
export function proxyFields(request: Pick<PageRequest, 'collection' | 'publication' | 'omitFields'>): string[] {
  const omitted = new Set(request.omitFields ?? []);
  return [
    ...SPEC_FIELDS[request.collection],
    ...OPTIONAL_FIELDS[request.collection].filter((field) => !omitted.has(field)),
    ...(request.publication === 'published' ? [] : ['sourceDocumentUrl']),
  ];
}

/** True when the configured URL is the site's own proxy (`…/api/cms`) rather than Strapi's REST root. */
export function isProxyUrl(restUrl: string): boolean {
  return new URL(restUrl).pathname.replace(/\/+$/, '').endsWith('/api/cms');
}

/**
 * The URL of one page of a crawl. Arrays are indexed (`sort[0]=…`), the one form Strapi v4 and v5 both
 * accept; the order is total (publishedAt, then id) so pages never overlap or skip rows.
 */
export function formatPageUrl(restUrl: string, request: PageRequest): string {
  const base = restUrl.replace(/\/+$/, '');
  const params = new URLSearchParams();
  const proxy = isProxyUrl(restUrl);
  if (proxy) params.set('path', `/${request.collection}`);
  params.set('locale', request.locale);
  params.set('sort[0]', 'publishedAt:desc');
  params.set('sort[1]', 'id:desc');
  params.set('pagination[page]', String(request.page));
  params.set('pagination[pageSize]', String(request.pageSize));
  if (request.updatedAfter) params.set('filters[updatedAt][$gt]', request.updatedAfter);
  if (proxy) {
    params.set('fields', proxyFields(request).join(','));
    if (request.publication !== 'published') params.set('drafts', 'true');
    return `${base}?${params}`;
  }
  params.set('pagination[withCount]', 'true');
  ['slug', 'locale', 'publishedAt'].forEach((field, index) =>
    params.set(`populate[localizations][fields][${index}]`, field),
  );
  for (const field of MEDIA_FIELDS[request.collection]) params.set(`populate[${field}]`, 'true');
  if (request.publication === 'drafts-v4') params.set('publicationState', 'preview');
  if (request.publication === 'drafts-v5') params.set('status', 'draft');
  return `${base}/${request.collection}?${params}`;
}
