// issue 12: og:image per locale and article, drawn with sharp, cached by content key.
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../pipeline/cache/store.ts';
import {
  formatTitleSvg,
  isWholeImage,
  layoutTitle,
  planSocialImage,
  socialImageFolder as storeImageFolder,
  startDrawingChild,
  writeSocialImages,
} from '../../../pipeline/transform/social-images.ts';
import { loadTitleGlyphs } from '../../../pipeline/transform/title-glyphs.ts';
import { adler32, adler32OfSums } from '../../../pipeline/transform/format-indexed-png.ts';
import { makeTempDir } from '../../helpers/files.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ dir, cleanup } = await makeTempDir('social')));
afterAll(() => cleanup());

/** Where the store in `cacheDir` keeps drawn images (8-bit palette PNGs): `<cacheDir>/store/social-png8p/`. */
const socialImageFolder = (cacheDir: string) => path.join(cacheDir, 'store', 'social-png8p');

const german = planSocialImage({
  title: 'Warum Simple Analytics eine großartige Alternative zu Google Analytics ist',
  footer: 'Simple Analytics',
  lang: 'de-DE',
});
const french = planSocialImage({
  title: 'L’alternative à Google Analytics qui respecte la vie privée',
  footer: 'Simple Analytics',
  lang: 'fr-FR',
});

describe('social images', () => {
  it('names each image by what it shows', () => {
    expect(german.src).toMatch(/^\/_social\/[0-9a-f]{20}\.png$/);
    expect(planSocialImage({ title: german.title, footer: german.footer, lang: german.lang }).src).toBe(german.src);
    expect(french.src).not.toBe(german.src);
  });

  it('escapes the title in the SVG', () => {
    expect(formatTitleSvg(planSocialImage({ title: '<script>&', footer: 'x', lang: 'en-US' })).svg).toContain(
      '&lt;script&gt;&amp;',
    );
  });

  it('draws 1200×630 PNGs under 100 KB once, and reuses them in the next build', async () => {
    const first = await writeSocialImages([german, french, german], openStore(dir));
    expect(first.drawn).toBe(2);
    expect(first.drawnInChild).toBe(false);
    expect(first.files.map((file) => file.path).sort()).toEqual([german.src.slice(1), french.src.slice(1)].sort());
    for (const file of first.files) {
      expect(path.dirname(file.copyFrom)).toBe(socialImageFolder(dir));
      expect(isWholeImage(file.copyFrom)).toBe(true);
      const png = await readFile(file.copyFrom);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      expect(png.length).toBeLessThan(100 * 1024);
    }
    const before = (await stat(path.join(socialImageFolder(dir), path.basename(german.src)))).mtimeMs;
    const second = await writeSocialImages([german, french], openStore(dir));
    expect(second.drawn).toBe(0);
    expect((await stat(path.join(socialImageFolder(dir), path.basename(german.src)))).mtimeMs).toBe(before);
  });

  it('draws the title in white and the logo and footer in their colours on the brand blue', async () => {
    const file = path.join(socialImageFolder(dir), path.basename(german.src));
    const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
    const colourAt = (x: number, y: number) =>
      data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3).toString('hex');
    /** Whether any pixel of the rows from top to bottom has the colour. */
    const hasIn = (top: number, bottom: number, colour: string) => {
      const rows = data.subarray(top * info.width * info.channels, bottom * info.width * info.channels);
      for (let at = 0; at < rows.length; at += info.channels) {
        if (rows.subarray(at, at + 3).toString('hex') === colour) return true;
      }
      return false;
    };
    expect(colourAt(10, 10)).toBe('0b5cad');
    expect(colourAt(84, 70)).toBe('ffffff'); // the logo mark's white square
    expect(hasIn(150, 500, 'ffffff')).toBe(true); // the title
    expect(hasIn(520, 580, 'd6e8fa')).toBe(true); // the footer line
    expect(hasIn(520, 580, 'ffffff')).toBe(false);
  });

  it('draws the same bytes for the same image (deterministic builds)', async () => {
    const { dir: other, cleanup: cleanOther } = await makeTempDir('social-again');
    try {
      const [a] = (await writeSocialImages([german], openStore(other))).files;
      expect(await readFile(a!.copyFrom)).toEqual(
        await readFile(path.join(socialImageFolder(dir), path.basename(german.src))),
      );
    } finally {
      await cleanOther();
    }
  });

  it("draws the same bytes in a child process (used for many new images, to give libvips' memory back)", async () => {
    const { dir: other, cleanup: cleanOther } = await makeTempDir('social-child');
    try {
      const drawn = await writeSocialImages([german, french], openStore(other), { drawInChildFrom: 1 });
      expect(drawn.drawn).toBe(2);
      expect(drawn.drawnInChild).toBe(true);
      // The child's own CPU time, its start included (Node, sharp and the font take tens of ms at least).
      expect(drawn.childCpuMs).toBeGreaterThan(10);
      for (const image of [german, french]) {
        expect(await readFile(path.join(socialImageFolder(other), path.basename(image.src)))).toEqual(
          await readFile(path.join(socialImageFolder(dir), path.basename(image.src))),
        );
      }
      // Nothing half-written is left behind.
      expect((await readdir(socialImageFolder(other))).sort()).toEqual(
        [german, french].map((image) => path.basename(image.src)).sort(),
      );
    } finally {
      await cleanOther();
    }
  });

  it("draws ahead in a child, message after message, each image once, then the rest of the build's list", async () => {
    const english = planSocialImage({
      title: 'Privacy-first analytics without cookie banners',
      footer: 'Simple Analytics',
      lang: 'en-US',
    });
    const { dir: other, cleanup: cleanOther } = await makeTempDir('social-draw-ahead');
    const { dir: here, cleanup: cleanHere } = await makeTempDir('social-draw-here');
    try {
      const store = openStore(other);
      const folder = await storeImageFolder(store);
      const child = startDrawingChild(500)!;
      // The entries read so far name German, then German again with French; the build's list adds a tagline.
      child.drawAhead([german], folder);
      child.drawAhead([german, french], folder);
      expect(child.drawingAhead).toBe(true);
      const drawn = await writeSocialImages([german, french, english], store, { child });
      expect(drawn).toMatchObject({ drawn: 3, drawnInChild: true });
      expect((await readdir(folder)).sort()).toEqual(
        [german, french, english].map((image) => path.basename(image.src)).sort(),
      );
      // The same bytes as drawn in one go in this process.
      await writeSocialImages([german, french, english], openStore(here));
      for (const image of [german, french, english]) {
        expect(await readFile(path.join(folder, path.basename(image.src)))).toEqual(
          await readFile(path.join(socialImageFolder(here), path.basename(image.src))),
        );
      }
    } finally {
      await cleanOther();
      await cleanHere();
    }
  });

  it('stops a child drawing ahead when the build lets it go (it failed), leaving only whole images', async () => {
    const { dir: other, cleanup: cleanOther } = await makeTempDir('social-ahead-stopped');
    try {
      const folder = await storeImageFolder(openStore(other));
      const child = startDrawingChild(500)!;
      child.drawAhead([german, french], folder);
      await child.discard();
      for (const file of await readdir(folder)) expect(isWholeImage(path.join(folder, file))).toBe(true);
    } finally {
      await cleanOther();
    }
  });

  it('draws in a child started before the images were known, and lets one go that is not needed', async () => {
    expect(startDrawingChild(10)).toBeUndefined(); // a few new images: drawn in the build's own process
    const { dir: other, cleanup: cleanOther } = await makeTempDir('social-ahead');
    try {
      const ahead = startDrawingChild(500)!;
      const drawn = await writeSocialImages([german, french], openStore(other), { drawInChildFrom: 1, child: ahead });
      expect(drawn.drawnInChild).toBe(true);
      for (const image of [german, french]) {
        expect(await readFile(path.join(socialImageFolder(other), path.basename(image.src)))).toEqual(
          await readFile(path.join(socialImageFolder(dir), path.basename(image.src))),
        );
      }
      // Two images are too few for a child: this one ends without drawing, and they are drawn here.
      const unused = startDrawingChild(500)!;
      const again = await writeSocialImages([german, french], openStore(path.join(other, 'again')), { child: unused });
      expect(again).toMatchObject({ drawn: 2, drawnInChild: false, childCpuMs: undefined });
      await unused.discard();
    } finally {
      await cleanOther();
    }
  });

  it('does not take images from the folder of an earlier encoding (they are drawn again, and the folder goes)', async () => {
    const { dir: other, cleanup: cleanOther } = await makeTempDir('social-old');
    try {
      const earlier = path.join(other, 'store', 'social-png6');
      await mkdir(earlier, { recursive: true });
      const old = path.join(earlier, path.basename(german.src));
      await writeFile(old, 'a PNG of an earlier version');
      // The clean-up keeps what any build used within the hour: this one was last written two hours ago.
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(old, twoHoursAgo, twoHoursAgo);
      const store = openStore(other);
      const drawn = await writeSocialImages([german], store);
      expect(drawn.drawn).toBe(1);
      expect(await readFile(drawn.files[0]!.copyFrom)).toEqual(
        await readFile(path.join(socialImageFolder(dir), path.basename(german.src))),
      );
      await store.close();
      expect(await readdir(earlier)).toEqual([]);
      expect(await readdir(socialImageFolder(other))).toEqual([path.basename(german.src)]);
    } finally {
      await cleanOther();
    }
  });

  it('draws again a kept image that is not a whole PNG of 1200×630 (cut off, emptied, or of another size)', async () => {
    const { dir: other, cleanup: cleanOther } = await makeTempDir('social-damaged');
    try {
      const whole = await readFile(path.join(socialImageFolder(dir), path.basename(german.src)));
      const kept = path.join(socialImageFolder(other), path.basename(german.src));
      await mkdir(path.dirname(kept), { recursive: true });
      const wrongSize = Buffer.from(whole);
      wrongSize.writeUInt32BE(1201, 16);
      for (const damaged of [whole.subarray(0, whole.length - 100), Buffer.alloc(0), wrongSize]) {
        await writeFile(kept, damaged);
        expect(isWholeImage(kept)).toBe(false);
        const drawn = await writeSocialImages([german], openStore(other));
        expect(drawn.drawn).toBe(1);
        expect(await readFile(kept)).toEqual(whole);
      }
    } finally {
      await cleanOther();
    }
  });
});

describe('titles painted from glyphs drawn once', () => {
  /** The title rows as librsvg draws the whole title, and as painted from the glyph atlas: coverage 0–255. */
  async function bothWays(title: string) {
    const layout = layoutTitle(title);
    const image = planSocialImage({ title, footer: 'Simple Analytics', lang: 'de-DE' });
    const whole = await sharp(Buffer.from(formatTitleSvg(image).svg), { density: 72 })
      .extractChannel(3)
      .raw()
      .toBuffer();
    const glyphs = await loadTitleGlyphs([layout], "'DejaVu Sans', 'Liberation Sans', sans-serif");
    const painted = new Uint8Array(layout.width * layout.height);
    // The box's own coordinates: (x, y) of the image is at (y - top) * width + (x - left).
    // Levels equal to coverage: the rows hold the coverage itself.
    const levels = Uint8Array.from({ length: 256 }, (_, coverage) => coverage);
    const drawn = glyphs!.paint(layout, painted, layout.width, -layout.left, levels) !== undefined;
    return { whole, painted, drawn };
  }

  it.each([
    // Kerned pairs (To, AV, Fa, LT, P.), accents, quotes, and fi and fl (no ligatures in the text engine's run either).
    'To AVoid Fahrt: LT P. «Über» “quoted” Ärger – Grafik fliegt',
    // Many kerned pairs in a row: a pair missed or kerned wrongly moves every glyph after it.
    'ATAVAWAYAvAwAy FAFaFoLTLVLWLYLy PAPaPoTATaTeToTrTuTwTy VAVaVeVoWAWaWeWo YAYaYeYo L’Y’f.y,r.',
  ])(
    'puts every glyph where the text engine puts it (kerning included): edges differ by at most a quarter pixel (%s)',
    async (title) => {
      const { whole, painted, drawn } = await bothWays(title);
      expect(drawn).toBe(true);
      let [inked, close, largest] = [0, 0, 0];
      for (let at = 0; at < whole.length; at += 1) {
        if (whole[at] === 0 && painted[at] === 0) continue;
        inked += 1;
        const difference = Math.abs(whole[at]! - painted[at]!);
        largest = Math.max(largest, difference);
        if (difference <= 2) close += 1;
      }
      expect(inked).toBeGreaterThan(10_000);
      // A glyph off by a whole pixel (a missed kerning pair) differs by up to 255 along its edges.
      expect(largest).toBeLessThanOrEqual(64);
      expect(close / inked).toBeGreaterThan(0.8);
    },
  );

  it('paints levels of the summed coverage where glyphs overlap, and sums what it wrote as the rows hold it', async () => {
    // Letters with a caron beside the next one share edge pixels (most kerned pairs do not).
    const layout = layoutTitle('Ťť ďĎ ľĽ');
    const glyphs = await loadTitleGlyphs([layout], "'DejaVu Sans', 'Liberation Sans', sans-serif");
    const identity = Uint8Array.from({ length: 256 }, (_, coverage) => coverage);
    const halves = Uint8Array.from({ length: 256 }, (_, coverage) => (coverage + 1) >> 1);
    const [coverage, levels] = [
      new Uint8Array(layout.width * layout.height),
      new Uint8Array(layout.width * layout.height),
    ];
    glyphs!.paint(layout, coverage, layout.width, -layout.left, identity);
    const sums = glyphs!.paint(layout, levels, layout.width, -layout.left, halves)!;
    expect(levels).toEqual(coverage.map((value) => halves[value]!));
    expect(adler32OfSums(levels.length, sums)).toBe(adler32(levels));
  });

  it('leaves a title with a character the font lacks, or one not drawn alone, to librsvg', async () => {
    expect((await bothWays('Privacy 隐私 first')).drawn).toBe(false);
    // A combining acute (NFD é) attaches to its letter; a soft hyphen is hidden unless the line breaks there.
    expect((await bothWays('Cafe\u0301 ohne Cookies')).drawn).toBe(false);
    expect((await bothWays('Datenschutz\u00adbehörde')).drawn).toBe(false);
    expect((await bothWays('Café ohne Cookies')).drawn).toBe(true);
  });

  it('draws such a title whole, so that it still shows', async () => {
    const odd = planSocialImage({ title: 'Privacy 隐私 first', footer: 'Simple Analytics', lang: 'en-US' });
    const { files } = await writeSocialImages([odd], openStore(path.join(dir, 'odd')));
    expect(isWholeImage(files[0]!.copyFrom)).toBe(true);
    const { data } = await sharp(files[0]!.copyFrom).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // White pixels in the title's rows: the title was drawn.
    const layout = layoutTitle(odd.title);
    let white = 0;
    for (let y = layout.top; y < layout.top + layout.height; y += 1)
      for (let x = 0; x < 1200; x += 1) if (data[(y * 1200 + x) * 3] === 255) white += 1;
    expect(white).toBeGreaterThan(1000);
  });
});
