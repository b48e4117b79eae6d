import type { ValidContent } from '../validate/validate-content.ts';
import { mediaUrlsOf, metadataColour, pickCover, smallestUrlOf } from './covers.ts';
import { findMarkdownImages } from './markdown.ts';

export interface MediaList {
  /** Every media URL a page shows, sorted. */
  urls: string[];
  /** The smallest image of each cover whose CMS metadata has no colour. */
  needColour: string[];
  /** Images inside Markdown: measured so they get width and height. */
  contentImages: string[];
  colourFromCms: number;
}

/** The media the site needs: each entry's cover (formats and original) and the images in its Markdown. Pure. */
export function listMedia(content: ValidContent): MediaList {
  const urls = new Set<string>();
  const needColour = new Set<string>();
  const fromCms = new Set<string>();
  const contentImages = new Set<string>();
  for (const record of [...content.articles, ...content.keyTerms]) {
    for (const url of findMarkdownImages(record.content ?? '')) {
      urls.add(url);
      contentImages.add(url);
    }
    const cover = pickCover(record);
    if (!cover) continue;
    for (const url of mediaUrlsOf(cover)) urls.add(url);
    if (metadataColour(cover)) {
      fromCms.add(cover.url);
    } else {
      needColour.add(smallestUrlOf(cover));
      urls.add(smallestUrlOf(cover));
    }
  }
  return { urls: [...urls].sort(), needColour: [...needColour].sort(), contentImages: [...contentImages].sort(), colourFromCms: fromCms.size };
}
