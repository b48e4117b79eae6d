// The benchmark's cover images: a pool of small real PNGs (an original and Strapi's four formats each),
// written into a folder the fake Strapi serves as /uploads. Only the benchmark draws images; the
// pipeline's own sharp import stays in pipeline/transform/cover-colours.ts.
import { copyFile, link, mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createRandom } from './seeded-random.ts';

/** A Strapi upload-plugin file object, as the CMS populates a media field. */
export type MediaObject = Record<string, unknown> & { id: number; url: string };

export interface CoverPoolOptions {
  dir: string;
  /** Distinct uploads (URLs). */
  count: number;
  /** Distinct pictures drawn; uploads beyond this are hard links to them under their own names. */
  pictures: number;
  seed: number;
}

/** Strapi's default breakpoints for a 1200 × 630 upload. */
const FORMATS = [
  { name: 'thumbnail', width: 245, height: 129 },
  { name: 'small', width: 500, height: 263 },
  { name: 'medium', width: 750, height: 394 },
  { name: 'large', width: 1000, height: 525 },
] as const;
const ORIGINAL = { width: 1200, height: 630 };

const SUBJECTS = [
  'privacy',
  'dashboard',
  'cookies',
  'gdpr',
  'referrers',
  'events',
  'ad-blockers',
  'api',
  'utm',
  'bounce-rate',
];

interface Picture {
  /** File stem per size (`original` and each format) → bytes on disk. */
  files: Record<string, { file: string; bytes: number }>;
  colour: { hex: string; brightness: number };
}

/**
 * Draws `pictures` distinct covers and returns `count` media objects. Every tenth upload has no colour
 * metadata (`provider_metadata: null`), as in the production CMS; the others carry the true average colour.
 */
export async function generateCoverPool(options: CoverPoolOptions): Promise<MediaObject[]> {
  await mkdir(options.dir, { recursive: true });
  const pictures: Picture[] = [];
  for (let index = 0; index < Math.min(options.pictures, options.count); index += 1)
    pictures.push(await drawPicture(options.dir, index, options.seed));
  const media: MediaObject[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const picture = pictures[index % pictures.length]!;
    media.push(await uploadFor(options.dir, index, picture, index < pictures.length));
  }
  return media;
}

async function drawPicture(dir: string, index: number, seed: number): Promise<Picture> {
  const random = createRandom(seed).fork(`cover:${index}`);
  const hue = random.int(0, 359);
  const light = random.chance(0.4);
  const [from, to] = light
    ? [`hsl(${hue},70%,88%)`, `hsl(${(hue + 40) % 360},60%,75%)`]
    : [`hsl(${hue},65%,28%)`, `hsl(${(hue + 40) % 360},55%,18%)`];
  const shapes = Array.from({ length: random.int(3, 7) }, () => {
    const x = random.int(0, ORIGINAL.width);
    const y = random.int(0, ORIGINAL.height);
    return random.chance(0.5)
      ? `<circle cx="${x}" cy="${y}" r="${random.int(40, 220)}" fill="hsl(${random.int(0, 359)},70%,60%)" fill-opacity="0.45"/>`
      : `<rect x="${x}" y="${y}" width="${random.int(80, 420)}" height="${random.int(30, 160)}" rx="18" fill="#ffffff" fill-opacity="0.35"/>`;
  }).join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ORIGINAL.width}" height="${ORIGINAL.height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  const original = await sharp(Buffer.from(svg)).png().toBuffer();
  const stem = hashFor(index);
  const files: Picture['files'] = {};
  for (const size of [{ name: 'original', ...ORIGINAL }, ...FORMATS]) {
    const file = path.join(dir, size.name === 'original' ? `${stem}.png` : `${size.name}_${stem}.png`);
    const info = await sharp(original).resize(size.width, size.height).png({ compressionLevel: 9 }).toFile(file);
    files[size.name] = { file, bytes: info.size };
  }
  const { channels } = await sharp(files['thumbnail']!.file).removeAlpha().stats();
  const [r, g, b] = [channels[0]!.mean, channels[1]!.mean, channels[2]!.mean];
  const hex = [r, g, b].map((value) => Math.round(value).toString(16).padStart(2, '0')).join('');
  return { files, colour: { hex, brightness: Math.round((r * 299 + g * 587 + b * 114) / 1000) } };
}

/** Strapi names an upload `<name>_<random hex>`; the index stands in for the random part. */
function hashFor(index: number): string {
  return `${SUBJECTS[index % SUBJECTS.length]!.replace(/-/g, '_')}_cover_no_text_${index.toString(16).padStart(6, '0')}`;
}

async function uploadFor(
  dir: string,
  index: number,
  picture: Picture,
  isOriginalPicture: boolean,
): Promise<MediaObject> {
  const subject = SUBJECTS[index % SUBJECTS.length]!;
  const hash = hashFor(index);
  const place = async (size: string): Promise<{ url: string; bytes: number }> => {
    const source = picture.files[size]!;
    const name = size === 'original' ? `${hash}.png` : `${size}_${hash}.png`;
    if (!isOriginalPicture) await linkOrCopy(source.file, path.join(dir, name));
    return { url: `/uploads/${name}`, bytes: source.bytes };
  };
  const original = await place('original');
  const formats: Record<string, unknown> = {};
  for (const format of FORMATS) {
    const placed = await place(format.name);
    formats[format.name] = {
      name: `${format.name}_${subject}-cover-no-text.png`,
      hash: `${format.name}_${hash}`,
      ext: '.png',
      mime: 'image/png',
      path: null,
      width: format.width,
      height: format.height,
      size: Math.round(placed.bytes / 10.24) / 100,
      sizeInBytes: placed.bytes,
      url: placed.url,
    };
  }
  return {
    id: 5000 + index,
    name: `${subject}-cover-no-text.png`,
    alternativeText: index % 3 === 0 ? `Illustration about ${subject.replace(/-/g, ' ')}` : null,
    caption: null,
    width: ORIGINAL.width,
    height: ORIGINAL.height,
    formats,
    hash,
    ext: '.png',
    mime: 'image/png',
    size: Math.round(original.bytes / 10.24) / 100,
    url: original.url,
    previewUrl: null,
    provider: 'local',
    provider_metadata:
      index % 10 === 9
        ? null
        : { meta: { averageColorHex: picture.colour.hex, averageColorBrightness: picture.colour.brightness } },
  };
}

async function linkOrCopy(source: string, target: string): Promise<void> {
  try {
    await link(source, target);
  } catch {
    await copyFile(source, target);
  }
}
