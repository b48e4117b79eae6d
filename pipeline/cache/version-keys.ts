import { createHash } from 'node:crypto';
import type { MediaFiles } from '../fetch/fetch-media.ts';
import type { Site } from '../site/site.ts';
import type { CoverColours } from '../transform/cover-colours.ts';
import { recordRef } from '../transform/markdown-jobs.ts';
import type { ValidContent } from '../validate/validate-content.ts';
import type { RecordKeys } from './snapshot-records.ts';

/** What the transform reads besides an entry's record to make its version (transformContent's options). */
export interface VersionInputs {
  /** The pipeline's code hash (typesetting, normalising covers …). */
  engine: string;
  site: Site;
  media: MediaFiles;
  colours: CoverColours;
  imageSizes: ReadonlyMap<string, { width: number; height: number }>;
  unavailable: ReadonlyMap<string, string>;
}

/**
 * Names for the versions of the entries whose records have a key (the kept snapshot records,
 * snapshot-records.ts), by recordRef: the record's key with a hash of everything else the transform
 * reads, which is the same for every entry of a build. Equal names, equal versions, so the page hashes
 * take a name instead of hashing the version's JSON (11,000 of them at 10,000 records, the costliest
 * part of a one-article rebuild's plan). A record without a key (from a CMS, in the preview), or whose
 * id two records share, gets no name: its version is hashed as it is.
 */
export function versionNames(content: ValidContent, keys: RecordKeys, inputs: VersionInputs): Map<string, string> {
  const names = new Map<string, string>();
  const shared = new Set<string>();
  const add = (ref: string, record: object) => {
    if (names.has(ref) || shared.has(ref)) {
      names.delete(ref);
      shared.add(ref);
      return;
    }
    const key = keys.get(record);
    if (key !== undefined) names.set(ref, key);
  };
  for (const record of content.articles) add(recordRef('articles', record.id), record);
  for (const record of content.keyTerms) add(recordRef('key-terms', record.id), record);
  if (names.size === 0) return names;
  const inputsKey = versionInputsKey(inputs);
  for (const [ref, key] of names) names.set(ref, `${inputsKey}:${key}`);
  return names;
}

/** A hash of the inputs every version of a build shares (the maps by URL: they are filled in the order downloads end). */
export function versionInputsKey({ engine, site, media, colours, imageSizes, unavailable }: VersionInputs): string {
  const json = JSON.stringify([
    engine,
    { ...site, dir: undefined, redirects: undefined },
    byKey([...media].map(([url, file]) => [url, file.outputPath])),
    byKey([...colours]),
    byKey([...imageSizes]),
    byKey([...unavailable]),
  ]);
  return createHash('sha256').update(json).digest('base64url');
}

function byKey<T extends [string, unknown]>(entries: T[]): T[] {
  return entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}
