import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkImage, extractCoverColours, measureImages } from '../../../pipeline/transform/cover-colours.ts';
import { makeTempDir } from '../../helpers/files.ts';

let dir: string;
let cleanup: () => Promise<void>;

async function solid(name: string, colour: string, format: 'png' | 'jpeg' = 'png'): Promise<string> {
  const file = path.join(dir, `${name}.${format}`);
  await sharp({ create: { width: 24, height: 16, channels: 3, background: colour } })
    [format]()
    .toFile(file);
  return file;
}

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('colours'));
});
afterAll(() => cleanup());

describe('extractCoverColours', () => {
  it('returns the exact hex of a solid image, with a leading #', async () => {
    const file = await solid('teal', '#336699');
    const { colours } = await extractCoverColours([{ url: '/uploads/teal.png', file }], path.join(dir, 'cache-a'));
    expect(colours.get('/uploads/teal.png')?.hex).toBe('#336699');
  });

  it('gives a dark image a brightness below 128 and a light one above', async () => {
    const dark = await solid('navy', '#14213d');
    const light = await solid('sand', '#f4e9d8', 'jpeg');
    const { colours } = await extractCoverColours(
      [
        { url: '/uploads/navy.png', file: dark },
        { url: '/uploads/sand.jpeg', file: light },
      ],
      path.join(dir, 'cache-b'),
    );
    expect(colours.get('/uploads/navy.png')!.brightness).toBeLessThan(128);
    expect(colours.get('/uploads/sand.jpeg')!.brightness).toBeGreaterThan(200);
  });

  it('averages a two-colour image', async () => {
    const file = path.join(dir, 'half.png');
    await sharp({ create: { width: 20, height: 10, channels: 3, background: '#000000' } })
      .composite([
        { input: { create: { width: 10, height: 10, channels: 3, background: '#ffffff' } }, left: 10, top: 0 },
      ])
      .png()
      .toFile(file);
    const { colours } = await extractCoverColours([{ url: 'half', file }], path.join(dir, 'cache-c'));
    expect(colours.get('half')).toEqual({ hex: '#808080', brightness: 128 });
  });

  it('reads a second run from the cache without decoding the image again', async () => {
    const file = await solid('olive', '#556b2f');
    const cacheDir = path.join(dir, 'cache-d');
    const first = await extractCoverColours([{ url: '/uploads/olive.png', file }], cacheDir);
    // The file is gone: a decode would throw, so only the cache can answer.
    const second = await extractCoverColours(
      [{ url: '/uploads/olive.png', file: path.join(dir, 'missing.png') }],
      cacheDir,
    );
    expect(first).toMatchObject({ computed: 1, cached: 0 });
    expect(second).toMatchObject({ computed: 0, cached: 1 });
    expect(second.colours.get('/uploads/olive.png')).toEqual(first.colours.get('/uploads/olive.png'));
  });
});

describe('images that cannot be read', () => {
  /** A noisy PNG cut in half: its header is fine, its pixels are not all there. */
  async function truncatedPng(): Promise<string> {
    const pixels = Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, index) => (index * 7919) % 251));
    const whole = await sharp(pixels, { raw: { width: 200, height: 200, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const file = path.join(dir, 'cut.png');
    await writeFile(file, whole.subarray(0, Math.floor(whole.length / 2)));
    return file;
  }

  it('checkImage passes an image and names what is wrong with other bytes', async () => {
    expect(await checkImage(await readFile(await solid('fine', '#102030')))).toBeUndefined();
    expect(await checkImage(Buffer.from('<!DOCTYPE html><title>404</title>'))).toMatch(/^not an image: /);
    expect(await checkImage(new Uint8Array(0))).toMatch(/^not an image: /);
  });

  it('a cover whose pixels cannot be decoded is reported, not thrown, and not cached', async () => {
    const cut = await truncatedPng();
    const good = await solid('good', '#405060');
    const cacheDir = path.join(dir, 'cache-cut');
    const result = await extractCoverColours(
      [
        { url: '/uploads/cut.png', file: cut },
        { url: '/uploads/good.png', file: good },
      ],
      cacheDir,
    );
    expect(result.unreadable.get('/uploads/cut.png')).toMatch(/^not a readable image: /);
    expect(result.colours.has('/uploads/cut.png')).toBe(false);
    expect(result.colours.get('/uploads/good.png')?.hex).toBe('#405060');
    const cached = JSON.parse(await readFile(path.join(cacheDir, 'cover-colours.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(Object.keys(cached)).toEqual(['/uploads/good.png']);
  });
});

describe('measureImages', () => {
  const sized = async (name: string, width: number, height: number) => {
    const file = path.join(dir, `${name}.png`);
    await sharp({ create: { width, height, channels: 3, background: '#888888' } })
      .png()
      .toFile(file);
    return file;
  };

  it('reads each size once, then from the cache while the file is unchanged, and again when it changes', async () => {
    const cacheDir = path.join(dir, 'cache-sizes');
    const file = await sized('chart', 40, 30);
    const images = [{ url: '/uploads/chart.png', file }];
    expect(await measureImages(images, cacheDir)).toEqual(new Map([['/uploads/chart.png', { width: 40, height: 30 }]]));
    const cacheFile = path.join(cacheDir, 'image-sizes.json');
    const [key] = Object.keys(JSON.parse(await readFile(cacheFile, 'utf8')) as Record<string, unknown>);
    // A doctored cached size shows: the file is not read again while its size and time are the same.
    await writeFile(cacheFile, JSON.stringify({ [key!]: { width: 41, height: 31 } }));
    expect((await measureImages(images, cacheDir)).get('/uploads/chart.png')).toEqual({ width: 41, height: 31 });
    // The file replaced by another image: measured again.
    await sized('chart', 64, 48);
    expect((await measureImages(images, cacheDir)).get('/uploads/chart.png')).toEqual({ width: 64, height: 48 });
  });

  it('leaves out what is not an image, and keeps only the sizes of this build', async () => {
    const cacheDir = path.join(dir, 'cache-sizes-2');
    const one = await sized('one', 10, 20);
    const two = await sized('two', 30, 40);
    const broken = path.join(dir, 'broken.png');
    await writeFile(broken, 'not an image');
    const sizes = await measureImages(
      [
        { url: '/uploads/one.png', file: one },
        { url: '/uploads/two.png', file: two },
        { url: '/uploads/broken.png', file: broken },
      ],
      cacheDir,
    );
    expect([...sizes.keys()]).toEqual(['/uploads/one.png', '/uploads/two.png']);
    await measureImages([{ url: '/uploads/two.png', file: two }], cacheDir);
    const kept = Object.keys(
      JSON.parse(await readFile(path.join(cacheDir, 'image-sizes.json'), 'utf8')) as Record<string, unknown>,
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toContain('two.png');
  });
});
