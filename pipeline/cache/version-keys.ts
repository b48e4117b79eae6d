import type { MediaFiles } from '../fetch/fetch-media.ts';
import type { Site } from '../site/site.ts';
import type { CoverColours } from '../transform/cover-colours.ts';
import { coverFileUrls, pickCover } from '../transform/covers.ts';
import { recordRef, type MarkdownBodyMemo } from '../transform/markdown-jobs.ts';
import type { ValidContent } from '../validate/validate-content.ts';
import type { RecordKeys } from './snapshot-records.ts';
import { digest } from './store.ts';

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
 * Names for the versions of the entries whose records have a key (the kept records, snapshot-records.ts),
 * by recordRef: a hash of the record's key, of what every version shares (the pipeline, the site's data)
 * and of what the build has of each media file the record uses. Equal names, equal versions, so the
 * page hashes take a name instead of hashing the version's JSON (the costliest part of a one-article
 * rebuild's plan). A record without a key (the preview's, or of a crawl that is not kept), or whose id
 * two records share, gets no name: its version is hashed as it is.
 */
export function versionNames(
  content: ValidContent,
  { keys, bodies }: { keys: RecordKeys; bodies: MarkdownBodyMemo },
  inputs: VersionInputs,
): Map<string, string> {
  const names = new Map<string, string>();
  const shared = new Set<string>();
  let sharedKey: string | undefined;
  const add = (ref: string, record: ValidContent['articles'][number] | ValidContent['keyTerms'][number]) => {
    if (names.has(ref) || shared.has(ref)) {
      names.delete(ref);
      shared.add(ref);
      return;
    }
    const key = keys.get(record);
    const images = bodies.get(record)?.images;
    if (key === undefined || images === undefined) return;
    // What every version shares besides its media: the pipeline and the site's data.
    sharedKey ??= digest(JSON.stringify([inputs.engine, { ...inputs.site, dir: undefined, redirects: undefined }]));
    const cover = pickCover(record);
    // Hashed once here: the family keys and page hashes take each name several times.
    names.set(ref, digest(sharedKey, key, mediaPart([...(cover ? coverFileUrls(cover) : []), ...images], inputs)));
  };
  for (const record of content.articles) add(recordRef('articles', record.id), record);
  for (const record of content.keyTerms) add(recordRef('key-terms', record.id), record);
  return names;
}

/** What the build has of each of these media files: output path, computed colour, size, or that it is unavailable (the record's key has the URLs). */
function mediaPart(urls: string[], { media, colours, imageSizes, unavailable }: VersionInputs): string {
  let part = '';
  for (const url of urls) {
    const colour = colours.get(url);
    const size = imageSizes.get(url);
    part += `${media.get(url)?.outputPath ?? '-'} ${colour ? `${colour.hex}/${colour.brightness}` : '-'} ${size ? `${size.width}x${size.height}` : '-'} ${unavailable.has(url) ? 'unavailable' : '-'}\n`;
  }
  return part;
}
