/** The CMS collections sitegen reads. */
export const COLLECTIONS = ['articles', 'key-terms'] as const;
export type Collection = (typeof COLLECTIONS)[number];

/** Media fields populated per collection; key-terms carry no covers. */
export const MEDIA_FIELDS: Record<Collection, readonly string[]> = {
  articles: ['coverImageWithText', 'coverImageWithoutText'],
  'key-terms': [],
};

/** The spec's transform cap: at most this many records per collection, newest first. */
export const RECORD_CAP = 10_000;
