import { readFileSync } from 'node:fs';
import { rasterizeSvgChannel } from './cover-colours.ts';
import { readFontMetrics, type FontMetrics } from './font-metrics.ts';
import { escapeXml } from '../escape-xml.ts';
import type { ByteSums } from './format-indexed-png.ts';

/**
 * A social image's title as laid out on the image: its lines, their font size and baselines, and the box
 * of rows it takes (from `left` to the right edge, `top` to `top + height`), in the image's coordinates.
 */
export interface TitleLayout {
  lines: string[];
  size: number;
  baselines: number[];
  /** Where each line starts (x). */
  x: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Paints titles from glyphs drawn once each; `paint` returns undefined for a title with a character the
 * font lacks or that is not drawn alone (a combining mark, a soft hyphen).
 */
export interface TitleGlyphs {
  /**
   * Paints the title into the rows of its box, zeroed by the caller: the pixel at (x, y) of the image,
   * `rows[first + (y - layout.top) * stride + x]`, becomes `levels[coverage]`, where coverage (0–255) is
   * what the glyphs over it cover together, and `levels[0]` is 0. Returns the sums of what it wrote
   * (ByteSums), so that the rows' checksum needs no pass of its own over them.
   */
  paint(layout: TitleLayout, rows: Uint8Array, stride: number, first: number, levels: Uint8Array): ByteSums | undefined;
}

/** Where Linux distributions install DejaVu Sans Bold, the titles' font: Debian and Ubuntu, Fedora, Arch. */
const FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
];
/** Each glyph is drawn at four offsets within a pixel (0, ¼, ½, ¾); a glyph takes the nearest. */
const PHASES = 4;
const COLUMNS = 16;
/** Characters whose glyph looks the same drawn alone: letters, digits, punctuation, symbols and spaces. */
const DRAWN_ALONE = /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}]$/u;

/** A glyph drawn at one size and offset: its coverage, placed relative to the pen's whole pixel and the baseline. */
interface Sprite {
  dx: number;
  dy: number;
  width: number;
  height: number;
  data: Uint8Array;
}

/** Glyphs drawn so far, by size, offset and character (`<size>:<phase>:<char>`; undefined: blank). */
export type GlyphSprites = Map<string, Sprite | undefined>;

/**
 * Draws every glyph the titles use once per size and quarter-pixel offset (librsvg, one SVG per size),
 * and places them by the font's advance widths and kerning pairs, as the text engine would. Glyphs in
 * `sprites` (from earlier titles) are not drawn again; the new ones are added to it. Undefined when
 * DejaVu Sans Bold is not installed where Linux puts it (the caller then draws each title whole).
 */
export async function loadTitleGlyphs(
  layouts: readonly TitleLayout[],
  fontFamily: string,
  sprites: GlyphSprites = new Map(),
): Promise<TitleGlyphs | undefined> {
  const parsed = readFont();
  if (!parsed) return undefined;
  const placer = glyphPlacer(parsed);
  // The glyphs each size needs, each at its offsets: `<phase>:<char>`.
  const wanted = new Map<number, Set<string>>();
  const placedLines = new WeakMap<TitleLayout, Array<Placed[] | undefined>>();
  const linesOf = (layout: TitleLayout) => {
    let lines = placedLines.get(layout);
    if (!lines) placedLines.set(layout, (lines = layout.lines.map((line) => placer(line, layout.size, layout.x))));
    return lines;
  };
  for (const layout of layouts) {
    for (const line of linesOf(layout)) {
      for (const { char, phase } of line ?? []) {
        if (sprites.has(`${layout.size}:${phase}:${char}`)) continue;
        let glyphs = wanted.get(layout.size);
        if (!glyphs) wanted.set(layout.size, (glyphs = new Set()));
        glyphs.add(`${phase}:${char}`);
      }
    }
  }
  await Promise.all(
    [...wanted].map(async ([size, glyphs]) => {
      for (const [glyph, sprite] of await drawGlyphs([...glyphs], size, fontFamily))
        sprites.set(`${size}:${glyph}`, sprite);
    }),
  );
  for (const layout of layouts)
    for (const line of linesOf(layout))
      for (const placed of line ?? []) placed.sprite = sprites.get(`${layout.size}:${placed.phase}:${placed.char}`);
  // Where glyphs overlap, their coverage is summed before it becomes a level: it is kept here, beside the rows.
  let coverage = new Uint8Array(0);
  return {
    paint(layout, rows, stride, first, levels) {
      const lines = linesOf(layout);
      if (lines.some((line) => line === undefined)) return undefined;
      if (coverage.length < rows.length) coverage = new Uint8Array(rows.length);
      else coverage.fill(0, 0, rows.length);
      const target = { rows, coverage, levels, stride, first, sums: { sum: 0, weighted: 0 } };
      lines.forEach((line, index) => {
        const baseline = layout.baselines[index]! - layout.top;
        for (const { pixel, sprite } of line!)
          if (sprite) blit(target, layout, sprite, pixel + sprite.dx, baseline + sprite.dy);
      });
      return target.sums;
    },
  };
}

/** The font as read the first time it was needed in this process (null: not found). */
let font: { read: FontMetrics | null } | undefined;

function readFont(): FontMetrics | undefined {
  font ??= { read: parseFont() };
  return font.read ?? undefined;
}

function parseFont(): FontMetrics | null {
  for (const file of FONT_FILES) {
    try {
      return readFontMetrics(readFileSync(file));
    } catch {
      // Not here, or not a font: the next place.
    }
  }
  return null;
}

interface Placed {
  char: string;
  /** The pen's whole pixel, and the quarter-pixel offset past it. */
  pixel: number;
  phase: number;
  /** The glyph drawn at that offset, once drawn (none for a blank glyph). */
  sprite?: Sprite | undefined;
}

/**
 * A line's glyphs where the text engine puts them: advance widths and kerning pairs, from x; undefined
 * when a character is not in the font or does not look the same drawn alone.
 */
function glyphPlacer(font: FontMetrics): (line: string, size: number, x: number) => Placed[] | undefined {
  const glyphs = new Map<string, number>();
  // Titles repeat few pairs: each is looked up in the font once.
  const kerning = new Map<number, number>();
  return (line, size, start) => {
    const scale = size / font.unitsPerEm;
    const placed: Placed[] = [];
    let x = start;
    let previous: number | undefined;
    for (const char of line) {
      let glyph = glyphs.get(char);
      if (glyph === undefined) {
        // Drawn alone, a combining mark, soft hyphen or other format character would not look as the
        // text engine draws it in its run (attached, hidden): a title with one is drawn whole (0).
        glyphs.set(char, (glyph = DRAWN_ALONE.test(char) ? font.glyphOf(char.codePointAt(0)!) : 0));
      }
      if (glyph === 0) return undefined;
      if (previous !== undefined) {
        const pair = previous * 0x10000 + glyph;
        let kern = kerning.get(pair);
        if (kern === undefined) kerning.set(pair, (kern = font.kerningOf(previous, glyph)));
        x += kern * scale;
      }
      let pixel = Math.floor(x);
      let phase = Math.round((x - pixel) * PHASES);
      if (phase === PHASES) [pixel, phase] = [pixel + 1, 0];
      if (char.trim() !== '') placed.push({ char, pixel, phase });
      x += font.advanceOf(glyph) * scale;
      previous = glyph;
    }
    return placed;
  };
}

/**
 * The glyphs of one size (`<phase>:<char>`, each at its quarter-pixel offset), drawn in one SVG (a grid
 * of cells) and cut out, each cropped to its ink.
 */
async function drawGlyphs(
  glyphs: string[],
  size: number,
  fontFamily: string,
): Promise<Map<string, Sprite | undefined>> {
  const margin = Math.ceil(size * 0.3);
  const ascent = Math.ceil(size * 1.2);
  const cellWidth = Math.ceil(size * 1.8);
  const cellHeight = ascent + Math.ceil(size * 0.5);
  const columns = Math.min(COLUMNS, glyphs.length);
  const rows = Math.ceil(glyphs.length / COLUMNS);
  const [width, height] = [columns * cellWidth, rows * cellHeight];
  const texts = glyphs.map((glyph, index) => {
    const [phase, char] = [Number(glyph.slice(0, glyph.indexOf(':'))), glyph.slice(glyph.indexOf(':') + 1)];
    const x = (index % COLUMNS) * cellWidth + margin + phase / PHASES;
    const y = Math.floor(index / COLUMNS) * cellHeight + ascent;
    return `<text x="${x}" y="${y}">${escapeXml(char)}</text>`;
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<g font-family="${fontFamily}" font-weight="bold" font-size="${size}" fill="#ffffff">${texts.join('')}</g></svg>`;
  const { data, width: drawnWidth } = await rasterizeSvgChannel(svg, 'alpha');
  const sprites = new Map<string, Sprite | undefined>();
  glyphs.forEach((glyph, index) => {
    const [left, top] = [(index % COLUMNS) * cellWidth, Math.floor(index / COLUMNS) * cellHeight];
    sprites.set(glyph, cropInk(data, drawnWidth, left, top, cellWidth, cellHeight, left + margin, top + ascent));
  });
  return sprites;
}

/** The cell's inked pixels as a sprite placed relative to (originX, originY); undefined for a blank cell. */
function cropInk(
  data: Uint8Array,
  stride: number,
  left: number,
  top: number,
  width: number,
  height: number,
  originX: number,
  originY: number,
): Sprite | undefined {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -1, -1];
  for (let y = top; y < top + height; y += 1) {
    for (let x = left; x < left + width; x += 1) {
      if (data[y * stride + x] === 0) continue;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
  }
  if (maxX < 0) return undefined;
  const sprite = { dx: minX - originX, dy: minY - originY, width: maxX - minX + 1, height: maxY - minY + 1 };
  const pixels = new Uint8Array(sprite.width * sprite.height);
  for (let y = 0; y < sprite.height; y += 1)
    pixels.set(data.subarray((minY + y) * stride + minX, (minY + y) * stride + minX + sprite.width), y * sprite.width);
  return { ...sprite, data: pixels };
}

/** What paint draws into: the rows, the coverage summed so far at each of their bytes, and the sums of the rows' bytes. */
interface PaintTarget {
  rows: Uint8Array;
  coverage: Uint8Array;
  levels: Uint8Array;
  stride: number;
  first: number;
  sums: ByteSums;
}

/**
 * Adds a sprite's coverage at (x, y) of the title's box (clipped to it), as the text engine's one fill
 * of all glyphs covers their union, and writes each covered pixel's level; the sums follow each byte's
 * change. A sprite's uncovered pixels are skipped.
 */
function blit(target: PaintTarget, layout: TitleLayout, sprite: Sprite, x: number, y: number): void {
  const { rows, coverage, levels, stride, first, sums } = target;
  const from = Math.max(x, layout.left) - x;
  const to = Math.min(sprite.width, layout.left + layout.width - x);
  const { data, width } = sprite;
  const last = Math.min(sprite.height, layout.height - y);
  let [sum, weighted] = [sums.sum, sums.weighted];
  for (let row = Math.max(0, -y); row < last; row += 1) {
    const start = first + (y + row) * stride + x;
    const source = row * width;
    for (let column = from; column < to; column += 1) {
      const covered = data[source + column]!;
      if (covered === 0) continue;
      const at = start + column;
      const total = coverage[at]! + covered;
      const summed = total > 255 ? 255 : total;
      coverage[at] = summed;
      const level = levels[summed]!;
      const change = level - rows[at]!;
      rows[at] = level;
      sum += change;
      weighted += change * at;
    }
  }
  [sums.sum, sums.weighted] = [sum, weighted];
}
