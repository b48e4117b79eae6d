import type { ValidContent } from '../validate/validate-content.ts';
import { coverFileUrls, metadataColour, pickCover, smallestUrlOf } from './covers.ts';
import { findMarkdownImages } from './markdown/find-images.ts';
import type { MarkdownBodyMemo } from './markdown-jobs.ts';

export interface MediaList {
  /** Every media URL a page shows, sorted. */
  urls: string[];
  /** The smallest image of each cover whose CMS metadata has no colour. */
  needColour: string[];
  /** Images inside Markdown: measured so they get width and height. */
  contentImages: string[];
  colourFromCms: number;
}

/**
 * The media the site needs: each entry's cover (formats and original) and the images in its Markdown
 * (the memo's, where it knows the record: the text is then not searched, nor read). Pure.
 */
export function listMedia(content: ValidContent, memo?: MarkdownBodyMemo): MediaList {
  const urls = new Set<string>();
  const needColour = new Set<string>();
  const fromCms = new Set<string>();
  const contentImages = new Set<string>();
  for (const record of [...content.articles, ...content.keyTerms]) {
    for (const url of memo?.get(record)?.images ?? findMarkdownImages(record.content ?? '')) {
      urls.add(url);
      contentImages.add(url);
    }
    const cover = pickCover(record);
    if (!cover) continue;
    for (const url of coverFileUrls(cover)) urls.add(url);
    if (metadataColour(cover)) fromCms.add(cover.url);
    else needColour.add(smallestUrlOf(cover));
  }
  return {
    urls: [...urls].sort(),
    needColour: [...needColour].sort(),
    contentImages: [...contentImages].sort(),
    colourFromCms: fromCms.size,
  };
}

/** A media file an entry uses that the build does not have. */
export interface UnavailableMedia {
  collection: 'articles' | 'key-terms';
  id: number;
  locale: string;
  url: string;
  /** A cover goes away whole; an image in the text becomes its alt text. */
  use: 'cover' | 'text';
  reason: string;
}

/** Every use of an unavailable media file (url → why), by entry, in a stable order (a text's images: the memo's, where it knows the record). Pure. */
export function findUnavailableMedia(
  content: ValidContent,
  unavailable: ReadonlyMap<string, string>,
  memo?: MarkdownBodyMemo,
): UnavailableMedia[] {
  if (unavailable.size === 0) return [];
  const found: UnavailableMedia[] = [];
  const scan = (
    collection: UnavailableMedia['collection'],
    record: ValidContent['articles'][number] | ValidContent['keyTerms'][number],
  ) => {
    const cover = pickCover(record);
    const missingCover = cover && coverFileUrls(cover).find((url) => unavailable.has(url));
    const texts = new Set(memo?.get(record)?.images ?? findMarkdownImages(record.content ?? ''));
    const uses = [
      ...(missingCover === undefined ? [] : [{ url: missingCover, use: 'cover' as const }]),
      ...[...texts].filter((url) => unavailable.has(url)).map((url) => ({ url, use: 'text' as const })),
    ];
    for (const { url, use } of uses)
      found.push({ collection, id: record.id, locale: record.locale, url, use, reason: unavailable.get(url)! });
  };
  for (const record of content.articles) scan('articles', record);
  for (const record of content.keyTerms) scan('key-terms', record);
  return found.sort((a, b) =>
    a.collection !== b.collection
      ? a.collection < b.collection
        ? -1
        : 1
      : a.id - b.id || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0),
  );
}

/** The warning line for one unavailable file of one entry. */
export function describeUnavailableMedia(item: UnavailableMedia): string {
  const what = item.use === 'cover' ? `cover image ${item.url}` : `image ${item.url} in its text`;
  const outcome = item.use === 'cover' ? 'the page is built without a cover' : 'it is shown as its alt text';
  return `${item.collection} #${item.id} (${item.locale}): the ${what} is not available (${item.reason}); ${outcome}`;
}
