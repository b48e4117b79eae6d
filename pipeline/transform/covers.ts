import type { MediaFiles } from '../fetch/fetch-media.ts';
import type { ArticleRecord, Media } from '../validate/schemas.ts';
import type { CoverColour, CoverColours } from './cover-colours.ts';

export interface CoverImage {
  src: string;
  width: number;
  height: number;
}

/** The normalised cover of spec §3. URLs point at the site's own copies. */
export interface Cover {
  alt: string;
  caption: string | undefined;
  small: CoverImage | undefined;
  medium: CoverImage | undefined;
  large: CoverImage | undefined;
  original: CoverImage;
  averageColorHex: string | undefined;
  isDark: boolean;
}

const COVER_FORMATS = ['small', 'medium', 'large'] as const;

/** The without-text image when there is one, else the with-text image. */
export function pickCover(
  record: Pick<ArticleRecord, 'coverImageWithoutText' | 'coverImageWithText'>,
): Media | undefined {
  return record.coverImageWithoutText ?? record.coverImageWithText ?? undefined;
}

/** The smallest image of a media object: what the colour is computed from. */
export function smallestUrlOf(media: Media): string {
  const formats = ['thumbnail', ...COVER_FORMATS] as const;
  return formats.map((format) => media.formats?.[format]?.url).find(Boolean) ?? media.url;
}

/** The colour from the CMS metadata (with a leading #), if it is there. */
export function metadataColour(media: Media): CoverColour | undefined {
  const meta = media.provider_metadata?.meta ?? media.provider_metadata;
  const hex = meta?.averageColorHex ?? media.provider_metadata?.averageColorHex;
  const brightness = meta?.averageColorBrightness ?? media.provider_metadata?.averageColorBrightness;
  if (!hex || brightness === undefined || brightness === null) return undefined;
  return { hex: `#${hex.replace(/^#/, '').toLowerCase()}`, brightness };
}

/**
 * The files a cover needs: the images the pages use (the original and the small, medium and large
 * formats), and the one its colour is computed from when the CMS metadata has none.
 */
export function coverFileUrls(media: Media): string[] {
  const urls = [media.url, ...COVER_FORMATS.flatMap((format) => media.formats?.[format]?.url ?? [])];
  if (!metadataColour(media)) urls.push(smallestUrlOf(media));
  return urls;
}

/**
 * Normalises a cover: alt from the alternative text, else the caption, else the entry's title (all three
 * from the localization's own fields: a file name is English on every locale, issue 12); colour from the CMS metadata, else
 * computed; isDark when the brightness is below 128.
 */
export function normaliseCover(media: Media, fallbackTitle: string, files: MediaFiles, colours: CoverColours): Cover {
  const colour = metadataColour(media) ?? colours.get(smallestUrlOf(media));
  const image = (url: string, width: number | null | undefined, height: number | null | undefined): CoverImage => ({
    src: files.has(url) ? `/${files.get(url)!.outputPath}` : url,
    width: width ?? 1200,
    height: height ?? 630,
  });
  const format = (name: (typeof COVER_FORMATS)[number]) => {
    const found = media.formats?.[name];
    return found ? image(found.url, found.width, found.height) : undefined;
  };
  return {
    alt: media.alternativeText?.trim() || media.caption?.trim() || fallbackTitle,
    caption: media.caption?.trim() || undefined,
    small: format('small'),
    medium: format('medium'),
    large: format('large'),
    original: image(media.url, media.width, media.height),
    averageColorHex: colour?.hex,
    isDark: colour !== undefined && colour.brightness < 128,
  };
}
