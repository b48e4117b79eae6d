/**
 * Strapi v4 nests every entry as `{ id, attributes }`, media as `{ data: {…} | null }` and relations as
 * `{ data: […] }`; v5 is flat. These turn either shape into the flat one, so later stages see one form.
 */
type Json = Record<string, unknown>;

export type StrapiDialect = 4 | 5;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** 4 when the row wraps its fields in `attributes`, 5 when it is flat; undefined for a row that shows neither. */
export function detectDialect(row: unknown): StrapiDialect | undefined {
  if (!isObject(row)) return undefined;
  if (isObject(row.attributes)) return 4;
  if ('documentId' in row || 'locale' in row) return 5;
  return undefined;
}

/** Flattens one row; relations and media inside it too. A flat row passes through (copied). */
export function flattenRow(row: unknown): Json {
  if (!isObject(row)) return {};
  const source = isObject(row.attributes)
    ? { ...row.attributes, id: row.id, ...(row.documentId === undefined ? {} : { documentId: row.documentId }) }
    : { ...row };
  return Object.fromEntries(Object.entries(source).map(([key, value]) => [key, flattenValue(value)]));
}

function flattenValue(value: unknown): unknown {
  if (!isObject(value) || !('data' in value) || Object.keys(value).some((key) => key !== 'data' && key !== 'meta'))
    return value;
  const data = value.data;
  if (data === null) return null;
  if (Array.isArray(data)) return data.map((item) => flattenRow(item));
  if (isObject(data)) return flattenRow(data);
  return value;
}

/** Makes a relative media URL absolute against the CMS origin; absolute URLs pass through. */
export function resolveMediaUrls(record: Json, mediaFields: readonly string[], origin: string): Json {
  return mapMediaUrls(record, mediaFields, (url) => new URL(url, origin).href);
}

/** The record with the URL of each media field's file and of its formats put through `map` (a copy). */
export function mapMediaUrls(record: Json, mediaFields: readonly string[], map: (url: string) => string): Json {
  const mapped: Json = { ...record };
  for (const field of mediaFields) {
    const media = record[field];
    if (!isObject(media)) continue;
    const copy: Json = { ...media };
    if (typeof copy.url === 'string') copy.url = map(copy.url);
    if (isObject(copy.formats)) {
      copy.formats = Object.fromEntries(
        Object.entries(copy.formats).map(([name, format]) =>
          isObject(format) && typeof format.url === 'string'
            ? [name, { ...format, url: map(format.url) }]
            : [name, format],
        ),
      );
    }
    mapped[field] = copy;
  }
  return mapped;
}
