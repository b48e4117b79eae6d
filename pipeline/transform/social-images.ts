import { createHash } from 'node:crypto';
import { fork } from 'node:child_process';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CopiedFile } from '../emit/output-file.ts';
import { rasterizeSvgChannel, type SvgChannel } from './cover-colours.ts';
import { adler32OfSums, deflateRows, formatIndexedPng, type DeflatedRows } from './format-indexed-png.ts';
import { startEntry } from '../project-root.ts';
import { loadTitleGlyphs, type GlyphSprites, type TitleLayout } from './title-glyphs.ts';
import { replaceSharedSync, type Store } from '../cache/store.ts';
import { escapeXml } from '../escape-xml.ts';

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
const DRAWING_VERSION = 3;
/** Images drawn at once (lanes): one paints and encodes while others wait for their files to be written. */
const IMAGES_IN_FLIGHT = 8;

/** The store's plain files of drawn images: named after the encoding (8-bit palette PNGs), so that images of another are drawn again. */
const STORE_FILES = 'social-png8p';

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
 * new images are drawn in a child process (DrawingChild), so that the memory libvips keeps is returned.
 */
export async function writeSocialImages(
  images: Iterable<SocialImage>,
  store: Store,
  {
    drawInChildFrom = DRAW_IN_CHILD_FROM,
    written,
    child,
  }: {
    drawInChildFrom?: number;
    /** The images (by src) an earlier call of this build wrote or found whole: not checked again. */
    written?: ReadonlySet<string> | undefined;
    /** A drawing child started ahead (startDrawingChild): it draws when there are many new images, else it is discarded. */
    child?: DrawingChild | undefined;
  } = {},
): Promise<{
  files: CopiedFile[];
  drawn: number;
  drawnInChild: boolean;
  /** The drawing child's CPU time in ms, its start included, when a child drew them. */
  childCpuMs: number | undefined;
}> {
  const sorted = distinctImages(images).sort((a, b) => (a.src < b.src ? -1 : 1));
  const fileOf = (image: SocialImage) => store.fileOf(STORE_FILES, path.basename(image.src));
  const folder = await socialImageFolder(store);
  // A kept image is copied into the output only when it is a whole PNG of the right size.
  const missing = sorted.filter((image) => !written?.has(image.src) && !isWholeImage(fileOf(image)));
  // A child that draws ahead is whole only once it ends: it gets the rest, however few.
  const inChild = missing.length >= drawInChildFrom || child?.drawingAhead === true;
  if (!inChild) await child?.discard();
  const inChildDrawn = inChild ? await (child ?? forkDrawingChild()).draw(missing, folder) : undefined;
  if (!inChildDrawn) await drawSocialImages(missing, folder);
  const files = sorted.map((image): CopiedFile => ({ path: image.src.slice(1), copyFrom: fileOf(image), link: true }));
  return {
    files,
    drawn: inChildDrawn?.drawn ?? missing.length,
    drawnInChild: inChildDrawn !== undefined,
    childCpuMs: inChildDrawn?.cpuMs,
  };
}

/** The store's folder of drawn images (made when missing), where a drawing child draws them. */
export async function socialImageFolder(store: Store): Promise<string> {
  const folder = path.dirname(store.fileOf(STORE_FILES, 'folder'));
  await mkdir(folder, { recursive: true });
  return folder;
}

/** One image per src (pages in several locales share one). */
export function distinctImages(images: Iterable<SocialImage>): SocialImage[] {
  return [...new Map([...images].map((image) => [image.src, image])).values()];
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
  await createImageDrawer(folder).draw(images);
}

/**
 * Draws images into the folder, call after call (the drawing child's, as titles become known): what
 * the images share (backgrounds, glyphs, the background's deflated bands) is drawn once for them all.
 */
export function createImageDrawer(folder: string): { draw(images: SocialImage[]): Promise<void> } {
  // The background (brand blue, logo, footer) is drawn once per footer; each image draws only its title.
  const backgrounds = new Map<string, Promise<Uint8Array>>();
  const backgroundOf = (footer: string) => {
    let background = backgrounds.get(footer);
    if (!background) backgrounds.set(footer, (background = drawBackground(footer)));
    return background;
  };
  // The background's rows above and below a title are deflated once for every image that has them.
  const bands = new Map<string, DeflatedRows>();
  const bandOf = (footer: string, background: Uint8Array, from: number, to: number) => {
    const key = `${footer}\0${from}\0${to}`;
    let band = bands.get(key);
    if (!band) bands.set(key, (band = deflateRows(background.subarray(from * ROW_BYTES, to * ROW_BYTES))));
    return band;
  };
  const sprites: GlyphSprites = new Map();
  return {
    async draw(images) {
      // Titles are painted from glyphs drawn once (title-glyphs.ts); one with a character the font lacks, or
      // all of them where the font is not found, is drawn whole by librsvg.
      const layouts = images.map((image) => layoutTitle(image.title));
      const glyphs = images.length > 0 ? await loadTitleGlyphs(layouts, FONT, sprites) : undefined;
      // Each lane takes the next image as soon as its last is written, into its own rows: while one waits
      // for librsvg (a background, or a title drawn whole), another paints and encodes. The files are
      // written in this thread: a few hundred small writes cost less here than through the thread pool.
      let next = 0;
      const lane = async () => {
        const rows = new Uint8Array(ROW_BYTES * SOCIAL_IMAGE_HEIGHT);
        while (next < images.length) {
          const index = next++;
          const [image, layout] = [images[index]!, layouts[index]!];
          const background = await backgroundOf(image.footer);
          // Only the title's rows are composed and deflated for this image. They are all blue in the
          // background (palette index 0, as is each row's filter byte), so they start as zeros.
          const [top, bottom] = [layout.top, layout.top + layout.height];
          const own = rows.subarray(0, (bottom - top) * ROW_BYTES).fill(0);
          // Painted from glyphs, the rows' checksum follows from the sums of what was painted; a title drawn
          // whole is summed by deflateRows.
          const sums = glyphs?.paint(layout, own, ROW_BYTES, 1, LEVEL_OF_ALPHA);
          if (!sums) paintTitle(own, { ...(await drawTitle(image)), top: 0 });
          const png = formatIndexedPng({
            width: SOCIAL_IMAGE_WIDTH,
            height: SOCIAL_IMAGE_HEIGHT,
            palette: PALETTE,
            bands: [
              bandOf(image.footer, background, 0, top),
              deflateRows(own, sums && adler32OfSums(own.length, sums)),
              bandOf(image.footer, background, bottom, SOCIAL_IMAGE_HEIGHT),
            ],
          });
          replaceSharedSync(path.join(folder, path.basename(image.src)), png);
        }
      };
      await Promise.all(Array.from({ length: Math.min(IMAGES_IN_FLIGHT, images.length) }, lane));
    },
  };
}

/**
 * From this many new images on, they are drawn by a child process. libvips (with pango and the
 * allocator's arenas) keeps what drawing took, and only the end of its process gives that back: when
 * each title was drawn by librsvg, about 190 MB of a cold 10,000-record build's peak (838 images); with
 * glyphs drawn once, what the glyphs and backgrounds took (measured: the build's peak 46 MB higher when
 * drawn in the build's own process). Starting the child costs about 0.2 s, more than a small site's few
 * hundred images could save.
 */
const DRAW_IN_CHILD_FROM = 500;

/**
 * glibc's malloc in the drawing child keeps what is freed (no block of its own per large buffer, no
 * trimming) for the next image: each drawing's buffers are then pages touched before. A page touched the
 * first time costs about 18 µs on the build machines (a fresh 1 MB, 4.6 ms), more than drawing on it.
 * The child's end gives it all back.
 */
const KEEP_FREED_MEMORY = 'glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967296';

const CHILD_ENTRY = startEntry('draw-social-images-start', 'pipeline/transform/draw-social-images-child.js');

/** A child process that draws social images, started before they are known (Node and its modules start meanwhile). */
export interface DrawingChild {
  /**
   * Images to draw now, before the build's list is known (the titles of the entries read so far); more
   * may follow. Each image is drawn once, whichever call names it.
   */
  drawAhead(images: SocialImage[], folder: string): void;
  /** drawAhead gave it images: it draws the build's list too (draw), however few are left. */
  readonly drawingAhead: boolean;
  /**
   * Draws the images it has not drawn yet and waits for the child to end: how many it drew in all, and its
   * CPU time in ms, its start included; undefined when it could not run or died (the caller then draws
   * them itself).
   */
  draw(images: SocialImage[], folder: string): Promise<DrawnInChild | undefined>;
  /** Lets the child go without drawing (too little to draw, or the build failed), and waits for its end. After draw or drawAhead: waits for the drawing to end. */
  discard(): Promise<void>;
}

/** What a drawing child did: the images it drew, and its CPU time in ms (its start included). */
export interface DrawnInChild {
  drawn: number;
  cpuMs: number;
}

/** A message to the drawing child: images to draw; `last` for the build's list, after which it ends. */
export interface DrawingWork {
  images: SocialImage[];
  folder: string;
  last: boolean;
}

/**
 * Starts a drawing child when this many images may be new (a cold build's entries): enough that drawing
 * them in a child pays (DRAW_IN_CHILD_FROM). Undefined otherwise; writeSocialImages starts one itself
 * when it finds more new images than expected.
 */
export function startDrawingChild(newImages: number): DrawingChild | undefined {
  return newImages >= DRAW_IN_CHILD_FROM ? forkDrawingChild() : undefined;
}

function forkDrawingChild(): DrawingChild {
  const tunables = [process.env['GLIBC_TUNABLES'], KEEP_FREED_MEMORY].filter(Boolean).join(':');
  const child = fork(fileURLToPath(CHILD_ENTRY), [], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    serialization: 'advanced',
    env: { ...process.env, GLIBC_TUNABLES: tunables },
  });
  let ready = false;
  // Work given before the child is ready, sent when it is.
  const waiting: DrawingWork[] = [];
  let given: 'nothing' | 'ahead' | 'all' = 'nothing';
  let reported: DrawnInChild | undefined;
  const send = (work: DrawingWork) => (ready ? child.send(work) : waiting.push(work));
  const ended = new Promise<DrawnInChild | undefined>((resolve) => {
    child.on('message', (message: { ready?: boolean } & Partial<DrawnInChild>) => {
      if (message.ready) {
        ready = true;
        for (const work of waiting.splice(0)) child.send(work);
      }
      if (message.drawn !== undefined) reported = { drawn: message.drawn, cpuMs: message.cpuMs ?? 0 };
    });
    // Every error is listened to (a send to a child that is gone is one too); the first settles.
    child.on('error', () => resolve(undefined));
    child.once('exit', (code) => resolve(code === 0 ? reported : undefined));
  });
  return {
    drawAhead(images, folder) {
      if (images.length === 0 || given === 'all') return;
      given = 'ahead';
      send({ images, folder, last: false });
    },
    get drawingAhead() {
      return given === 'ahead';
    },
    draw(images, folder) {
      given = 'all';
      send({ images, folder, last: true });
      return ended;
    },
    async discard() {
      // Not after draw: the build's list is being drawn. Ahead of it, the build failed: the child stops.
      if (given !== 'all' && child.connected) child.disconnect();
      await ended;
    },
  };
}

const FONT = "'DejaVu Sans', 'Liberation Sans', sans-serif";
const BLUE = [0x0b, 0x5c, 0xad] as const;
const WHITE = [0xff, 0xff, 0xff] as const;
const FOOTER_COLOUR = [0xd6, 0xe8, 0xfa] as const;
/** Coverage levels per colour: 127 steps of white over blue, 127 of the footer's colour, blue itself (255 entries). */
const LEVELS = 127;
/** Rows above this draw white over blue (the logo, the title), the rows below the footer's colour. */
const FOOTER_FROM_ROW = 315;
/** The title's lines start at x = 80; some glyphs reach left of their start ('j' by 2 px at 68 px). */
const TITLE_BOX_LEFT = 48;
/** Each PNG row: its filter byte (0, none) and one palette index a pixel. */
const ROW_BYTES = SOCIAL_IMAGE_WIDTH + 1;

/**
 * Every pixel of a social image is blue, or white or the footer's colour over blue at some coverage
 * (librsvg's anti-aliasing): index 0 is blue, 1–127 white and 128–254 the footer's colour at 1/127 to
 * 127/127. An 8-bit palette PNG of these takes a third of the bytes an RGB one does to deflate.
 */
const PALETTE = Uint8Array.from(
  [
    BLUE,
    ...Array.from({ length: LEVELS }, (_, level) => mix(WHITE, level + 1)),
    ...Array.from({ length: LEVELS }, (_, level) => mix(FOOTER_COLOUR, level + 1)),
  ].flat(),
);

/** Palette index of white over blue at each coverage (0–255): the nearest of the 127 levels. */
const LEVEL_OF_ALPHA = Uint8Array.from({ length: 256 }, (_, alpha) => Math.round((alpha * LEVELS) / 255));

function mix(colour: readonly number[], level: number): number[] {
  return BLUE.map((blue, channel) => Math.round(blue + ((colour[channel]! - blue) * level) / LEVELS));
}

/** The image without its title: brand blue, the logo mark, the footer line. Pure. */
export function formatBackgroundSvg(footer: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_IMAGE_WIDTH}" height="${SOCIAL_IMAGE_HEIGHT}" viewBox="0 0 ${SOCIAL_IMAGE_WIDTH} ${SOCIAL_IMAGE_HEIGHT}">` +
    `<rect width="1200" height="630" fill="#0b5cad"/>` +
    `<rect x="80" y="64" width="64" height="64" rx="14" fill="#ffffff"/>` +
    `<path d="M96 108l10-12 8 6 14-18" fill="none" stroke="#0b5cad" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<text x="80" y="560" font-family="${FONT}" font-size="34" fill="#d6e8fa">${escapeXml(footer)}</text>` +
    `</svg>`
  );
}

/**
 * The title alone, white on nothing, in up to four lines: an SVG of the rows the lines take (from `top`),
 * from a little left of the lines' start (x = 80) to the right edge, in the whole image's coordinates (so glyphs fall where they did on the
 * whole canvas). Pure.
 */
export function formatTitleSvg(image: SocialImage): { svg: string; top: number } {
  const { lines, size, baselines, x, left, top, width, height } = layoutTitle(image.title);
  const text = lines
    .map((line, index) => `<tspan x="${x}" y="${baselines[index]}">${escapeXml(line)}</tspan>`)
    .join('');
  return {
    svg:
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${left} ${top} ${width} ${height}">` +
      `<text font-family="${FONT}" font-weight="bold" font-size="${size}" fill="#ffffff" xml:lang="${escapeXml(image.lang)}">${text}</text>` +
      `</svg>`,
    top,
  };
}

/** Where the title's lines go: size, baselines, and the box of rows they take. Pure. */
export function layoutTitle(title: string): TitleLayout {
  const { lines, size } = fitTitle(title);
  const lineHeight = Math.round(size * 1.2);
  const first = 345 - ((lines.length - 1) * lineHeight) / 2;
  const baselines = lines.map((_, index) => Math.round(first + index * lineHeight));
  // DejaVu Sans Bold reaches 0.93 em above the baseline (accented capitals a little more) and 0.24 below.
  const top = Math.max(0, Math.floor(baselines[0]! - size * 1.1));
  const bottom = Math.min(SOCIAL_IMAGE_HEIGHT, Math.ceil(baselines.at(-1)! + size * 0.35));
  const width = SOCIAL_IMAGE_WIDTH - TITLE_BOX_LEFT;
  return { lines, size, baselines, x: 80, left: TITLE_BOX_LEFT, top, width, height: bottom - top };
}

/** The background's scanlines for a footer: its red channel read back as coverage of white (logo) or the footer's colour. */
async function drawBackground(footer: string): Promise<Uint8Array> {
  const { data } = await rasterizeSvgChannel(formatBackgroundSvg(footer), 'red');
  const scanlines = new Uint8Array(ROW_BYTES * SOCIAL_IMAGE_HEIGHT);
  for (let y = 0; y < SOCIAL_IMAGE_HEIGHT; y += 1) {
    const [colour, first] = y < FOOTER_FROM_ROW ? [WHITE, 0] : [FOOTER_COLOUR, LEVELS];
    const range = colour[0] - BLUE[0];
    for (let x = 0; x < SOCIAL_IMAGE_WIDTH; x += 1) {
      const level = Math.round(((data[y * SOCIAL_IMAGE_WIDTH + x]! - BLUE[0]) * LEVELS) / range);
      scanlines[y * ROW_BYTES + 1 + x] = level > 0 ? first + Math.min(level, LEVELS) : 0;
    }
  }
  return scanlines;
}

async function drawTitle(image: SocialImage): Promise<SvgChannel & { top: number }> {
  const { svg, top } = formatTitleSvg(image);
  return { ...(await rasterizeSvgChannel(svg, 'alpha')), top };
}

/**
 * The title's coverage as white over blue (the title's box never reaches the logo or the footer).
 * Most of its box is empty: four pixels are skipped at a time where none is covered.
 */
function paintTitle(scanlines: Uint8Array, title: SvgChannel & { top: number }): void {
  const { data, width, height, top } = title;
  const words =
    data.byteOffset % 4 === 0 && width % 4 === 0
      ? new Uint32Array(data.buffer, data.byteOffset, data.length / 4)
      : undefined;
  for (let y = 0; y < height; y += 1) {
    const row = (top + y) * ROW_BYTES + 1 + TITLE_BOX_LEFT - y * width;
    for (let x = y * width, end = x + width; x < end; x += 1) {
      if (words && x % 4 === 0 && words[x / 4] === 0) {
        x += 3;
        continue;
      }
      const alpha = data[x]!;
      if (alpha !== 0) scanlines[row + x] = LEVEL_OF_ALPHA[alpha]!;
    }
  }
}

/** Lines of at most ~1040 px: the largest of a few sizes at which the title fits in four lines (ellipsis past that). */
export function fitTitle(title: string): { lines: string[]; size: number } {
  for (const size of [68, 60, 52, 46]) {
    // DejaVu Sans Bold averages about 0.62 em per character in mixed-case Latin text.
    const lines = wrap(title, Math.floor(1040 / (size * 0.62)));
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
