import { createHash } from 'node:crypto';
import { fork } from 'node:child_process';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CopiedFile } from '../emit/output-file.ts';
import { rasterizeSvg } from './cover-colours.ts';
import { startEntry } from '../project-root.ts';
import { replaceShared, type Store } from '../cache/store.ts';

/** What a page's social image (og:image) shows: its title over the product name, in the page's language. */
export interface SocialImage {
  /** Site-absolute path of the PNG: `/_social/<content key>.png`. */
  src: string;
  title: string;
  /** The line under the title (the product name, or the section in the page's language). */
  footer: string;
  /** BCP 47 tag of the title's language (hyphenation and quotes are the caller's). */
  lang: string;
}

export const SOCIAL_IMAGE_WIDTH = 1200;
export const SOCIAL_IMAGE_HEIGHT = 630;
/** Bump when the drawing changes: it is part of every image's content key. */
const DRAWING_VERSION = 1;
/** Images drawn at once: 300 images took 1.27–1.29 s with 8 lanes, 1.32–1.36 s with 4, 1.41–1.65 s in batches of 4. */
const IMAGES_IN_FLIGHT = 8;
/**
 * zlib level of the PNGs. Level 4 takes about 7 ms of CPU per image against 8–10 ms at level 6, for
 * 58 KB instead of 55 (palette PNGs are 23 KB but take 35 ms); the pixels are the same. Only social
 * networks fetch these files, never a visitor's page.
 */
const PNG_LEVEL = 4;

/** The store's plain files of drawn images: named after the encoding, so that images of another level are drawn again. */
const STORE_FILES = `social-png${PNG_LEVEL}`;

/** The social image of a title: its path is a hash of everything drawn, so equal images share one file. Pure. */
export function planSocialImage(input: Omit<SocialImage, 'src'>): SocialImage {
  const key = createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, input.title, input.footer, input.lang]))
    .digest('hex')
    .slice(0, 20);
  return { src: `/_social/${key}.png`, ...input };
}

/**
 * Draws every distinct social image once (1200×630, the title on the brand background) into the
 * store's files, reusing whole images drawn by earlier builds, and returns them as output files. Many
 * new images are drawn in a child process (drawInChild), so that the memory libvips keeps is returned.
 */
export async function writeSocialImages(
  images: Iterable<SocialImage>,
  store: Store,
  { drawInChildFrom = DRAW_IN_CHILD_FROM }: { drawInChildFrom?: number } = {},
): Promise<{ files: CopiedFile[]; drawn: number; drawnInChild: boolean }> {
  const unique = new Map<string, SocialImage>();
  for (const image of images) unique.set(image.src, image);
  const sorted = [...unique.values()].sort((a, b) => (a.src < b.src ? -1 : 1));
  const fileOf = (image: SocialImage) => store.fileOf(STORE_FILES, path.basename(image.src));
  const folder = path.dirname(store.fileOf(STORE_FILES, 'folder'));
  await mkdir(folder, { recursive: true });
  // A kept image is copied into the output only when it is a whole PNG of the right size.
  const missing = sorted.filter((image) => !isWholeImage(fileOf(image)));
  const drawnInChild = missing.length >= drawInChildFrom && (await drawInChild(missing, folder));
  if (!drawnInChild) await drawSocialImages(missing, folder);
  const files = sorted.map((image): CopiedFile => ({ path: image.src.slice(1), copyFrom: fileOf(image), link: true }));
  return { files, drawn: missing.length, drawnInChild };
}

/** The 8-byte PNG signature, the IHDR chunk's start, and the IEND chunk every whole PNG ends with. */
const PNG_START = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');

/** Whether the file is a whole PNG of the social image's size (its first 24 and last 12 bytes). */
export function isWholeImage(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const { size } = fstatSync(fd);
    const head = Buffer.alloc(24);
    const tail = Buffer.alloc(PNG_END.length);
    if (size < 64 || readSync(fd, head, 0, 24, 0) !== 24) return false;
    if (readSync(fd, tail, 0, tail.length, size - tail.length) !== tail.length) return false;
    return (
      head.subarray(0, 16).equals(PNG_START) &&
      head.readUInt32BE(16) === SOCIAL_IMAGE_WIDTH &&
      head.readUInt32BE(20) === SOCIAL_IMAGE_HEIGHT &&
      tail.equals(PNG_END)
    );
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Draws the images into the folder (each written whole, then renamed into place). */
export async function drawSocialImages(images: SocialImage[], folder: string): Promise<void> {
  const draw = async (image: SocialImage) => {
    const file = path.join(folder, path.basename(image.src));
    await replaceShared(file, await rasterizeSvg(formatSocialSvg(image), PNG_LEVEL));
  };
  // libvips draws on its own threads: a few images in flight keep both cores busy. Each lane takes the
  // next image as soon as its last is written (batches of four waited for their slowest image).
  let next = 0;
  const lane = async () => {
    while (next < images.length) await draw(images[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(IMAGES_IN_FLIGHT, images.length) }, lane));
}

/**
 * From this many new images on, they are drawn by a child process. libvips (with pango and the
 * allocator's arenas) keeps what drawing took, about 190 MB of a cold 10,000-record build's peak (838
 * images), and only the end of its process gives that back; starting the child costs about 0.2 s, more
 * than a small site's few hundred images could save.
 */
const DRAW_IN_CHILD_FROM = 500;

const CHILD_ENTRY = startEntry('draw-social-images-start', 'pipeline/transform/draw-social-images-child.js');

/** Draws in a child process and waits for it to end; false when the child could not run or died (the caller then draws them itself). */
async function drawInChild(images: SocialImage[], folder: string): Promise<boolean> {
  const child = fork(fileURLToPath(CHILD_ENTRY), [], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    serialization: 'advanced',
  });
  return new Promise<boolean>((resolve) => {
    let reported = false;
    child.on('message', (message: { ready?: boolean; drawn?: boolean }) => {
      if (message.ready) child.send({ images, folder });
      if (message.drawn) reported = true;
    });
    child.once('error', () => resolve(false));
    child.once('exit', (code) => resolve(code === 0 && reported));
  });
}

const FONT = "'DejaVu Sans', 'Liberation Sans', sans-serif";

/** The image as SVG: brand blue, the logo mark, the title in up to four lines, the footer line. Pure. */
export function formatSocialSvg(image: SocialImage): string {
  const { lines, size } = fitTitle(image.title);
  const lineHeight = Math.round(size * 1.2);
  const top = 345 - ((lines.length - 1) * lineHeight) / 2;
  const text = lines
    .map((line, index) => `<tspan x="80" y="${Math.round(top + index * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}" viewBox="0 0 ${SOCIAL_IMAGE_WIDTH} ${SOCIAL_IMAGE_HEIGHT}">` +
    `<rect width="1200" height="630" fill="#0b5cad"/>` +
    `<rect x="80" y="64" width="64" height="64" rx="14" fill="#ffffff"/>` +
    `<path d="M96 108l10-12 8 6 14-18" fill="none" stroke="#0b5cad" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<text font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#ffffff" xml:lang="${escapeXml(image.lang)}">${text}</text>` +
    `<text x="80" y="560" font-family="${FONT}" font-size="34" fill="#d6e8fa">${escapeXml(image.footer)}</text>` +
    `</svg>`
  );
}

/** Lines of at most ~1040 px: the largest of a few sizes at which the title fits in four lines (ellipsis past that). */
function fitTitle(title: string): { lines: string[]; size: number } {
  for (const size of [68, 60, 52, 46]) {
    // DejaVu Sans Bold averages about 0.62 em per character in mixed-case Latin text.
    const perLine = Math.floor(1040 / (size * 0.62));
    const lines = wrap(title, perLine);
    if (lines.length <= 4) return { lines, size };
  }
  const lines = wrap(title, Math.floor(1040 / (46 * 0.62))).slice(0, 4);
  lines[3] = `${lines[3]!.replace(/\s*\S*$/, '')}…`;
  return { lines, size: 46 };
}

function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (current && current.length + 1 + word.length > perLine) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
