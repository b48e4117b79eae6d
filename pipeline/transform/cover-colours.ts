import type sharpFactory from 'sharp';
import type { Store } from '../cache/store.ts';

let loadedSharp: Promise<typeof sharpFactory> | undefined;

/**
 * sharp, loaded the first time an image is read or drawn (a rebuild that finds every image in its caches
 * does not load it). Its operation cache is off: every image is read or drawn once per build.
 */
function sharpLibrary(): Promise<typeof sharpFactory> {
  return (loadedSharp ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  }));
}

export interface CoverColour {
  hex: string;
  brightness: number;
}
export type CoverColours = Map<string, CoverColour>;

/** An image the build has: its media URL, its file, and its key in the store (its output path, named by its content). */
export interface StoredImage {
  url: string;
  file: string;
  key: string;
}

/**
 * Average colour and brightness (0–255, ITU-R 601 luma) of each image, for covers whose CMS metadata
 * lacks them. Kept in the store by the image's content, so a later build decodes nothing again. The
 * only module that loads sharp.
 */
export async function extractCoverColours(
  images: StoredImage[],
  store: Store,
): Promise<{ colours: CoverColours; computed: number; cached: number; unreadable: Map<string, string> }> {
  const known = await store.table<CoverColour>('cover-colours');
  const colours: CoverColours = new Map();
  const unreadable = new Map<string, string>();
  let computed = 0;
  for (const image of images) {
    const hit = known.get(image.key);
    if (hit) {
      colours.set(image.url, hit);
      continue;
    }
    try {
      const colour = await averageColour(image.file);
      known.set(image.key, colour);
      colours.set(image.url, colour);
      computed += 1;
    } catch (error) {
      // The header was readable, the pixels are not (a cut-off file): the cover is left out, not the build.
      unreadable.set(image.url, `not a readable image: ${(error as Error).message}`);
    }
  }
  return { colours, computed, cached: colours.size - computed, unreadable };
}

/** Why these bytes are not an image sharp can read (from the header alone), or undefined when they are one. */
export async function checkImage(bytes: Uint8Array): Promise<string | undefined> {
  try {
    const sharp = await sharpLibrary();
    const { width, height, format } = await sharp(bytes).metadata();
    return width && height ? undefined : `not an image: ${format ?? 'unknown format'} without a width and height`;
  } catch (error) {
    return `not an image: ${(error as Error).message}`;
  }
}

async function averageColour(file: string): Promise<CoverColour> {
  const sharp = await sharpLibrary();
  const { channels } = await sharp(file).removeAlpha().stats();
  const means = channels.map((channel) => channel.mean);
  // A greyscale image has one channel; it stands for all three.
  const [r, g, b] = means.length >= 3 ? [means[0]!, means[1]!, means[2]!] : [means[0]!, means[0]!, means[0]!];
  const hex = [r, g, b].map((value) => Math.round(value).toString(16).padStart(2, '0')).join('');
  return { hex: `#${hex}`, brightness: Math.round((r * 299 + g * 587 + b * 114) / 1000) };
}

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Intrinsic width and height of images (Markdown images get them, so nothing shifts while they load).
 * Reads headers only, and only of images not measured before (kept in the store by content).
 */
export async function measureImages(images: StoredImage[], store: Store): Promise<Map<string, ImageSize>> {
  const known = await store.table<ImageSize>('image-sizes');
  const sizes = new Map<string, ImageSize>();
  for (const image of images) {
    let size = known.get(image.key);
    if (!size) {
      // A file checkImage let through is readable; should one not be after all, it goes without a size.
      const sharp = await sharpLibrary();
      const { width, height } = await sharp(image.file)
        .metadata()
        .catch(() => ({ width: undefined, height: undefined }));
      if (!width || !height) continue;
      known.set(image.key, (size = { width, height }));
    }
    sizes.set(image.url, size);
  }
  return sizes;
}

/** One channel of a drawn SVG, one byte a pixel, row after row. */
export interface SvgChannel {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * One channel (red, or alpha: the coverage) of an SVG drawn by librsvg, as raw bytes: the social images
 * are drawn from these (social-images.ts). Text is laid out with the system's fonts (fontconfig): the
 * same fonts give the same bytes. Kept here so that sharp has one import site.
 */
export async function rasterizeSvgChannel(svg: string, channel: 'red' | 'alpha'): Promise<SvgChannel> {
  const sharp = await sharpLibrary();
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 })
    .extractChannel(channel === 'red' ? 0 : 3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
