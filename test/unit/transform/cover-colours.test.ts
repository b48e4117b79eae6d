import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEntry, digest, encodeEntry, openStore, type Store } from '../../../pipeline/cache/store.ts';
import {
  checkImage,
  extractCoverColours,
  measureImages,
  type StoredImage,
} from '../../../pipeline/transform/cover-colours.ts';
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

/** An image as the build has it: its key is its output path, named by its content. */
async function stored(url: string, file: string): Promise<StoredImage> {
  const { name, ext } = path.parse(file);
  return { url, file, key: `_media/${name}.${digest(await readFile(file)).slice(0, 12)}${ext}` };
}

/** One build's use of the store in `cacheDir`: opened, used, closed (its tables saved). */
async function withStore<T>(cacheDir: string, run: (store: Store) => Promise<T>): Promise<T> {
  const store = openStore(cacheDir);
  try {
    return await run(store);
  } finally {
    await store.close();
  }
}

const tableFile = (cacheDir: string, stage: string) => path.join(cacheDir, 'store', stage, 'table');

/** The table a stage saved in the store, as it is on disk. */
async function savedTable(cacheDir: string, stage: string): Promise<Map<string, unknown>> {
  const entry = decodeEntry(await readFile(tableFile(cacheDir, stage)));
  expect(entry?.value).toBeInstanceOf(Map);
  return entry!.value as Map<string, unknown>;
}

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('colours'));
});
afterAll(() => cleanup());

describe('extractCoverColours', () => {
  it('returns the exact hex of a solid image, with a leading #', async () => {
    const file = await solid('teal', '#336699');
    const { colours } = await withStore(path.join(dir, 'cache-a'), async (store) =>
      extractCoverColours([await stored('/uploads/teal.png', file)], store),
    );
    expect(colours.get('/uploads/teal.png')?.hex).toBe('#336699');
  });

  it('gives a dark image a brightness below 128 and a light one above', async () => {
    const dark = await solid('navy', '#14213d');
    const light = await solid('sand', '#f4e9d8', 'jpeg');
    const { colours } = await withStore(path.join(dir, 'cache-b'), async (store) =>
      extractCoverColours([await stored('/uploads/navy.png', dark), await stored('/uploads/sand.jpeg', light)], store),
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
    const { colours } = await withStore(path.join(dir, 'cache-c'), async (store) =>
      extractCoverColours([await stored('half', file)], store),
    );
    expect(colours.get('half')).toEqual({ hex: '#808080', brightness: 128 });
  });

  it('reads a second run from the cache without decoding the image again', async () => {
    const file = await solid('olive', '#556b2f');
    const cacheDir = path.join(dir, 'cache-d');
    const image = await stored('/uploads/olive.png', file);
    const first = await withStore(cacheDir, (store) => extractCoverColours([image], store));
    // The file is gone (same content key): a decode would throw, so only the cache can answer.
    const second = await withStore(cacheDir, (store) =>
      extractCoverColours([{ ...image, file: path.join(dir, 'missing.png') }], store),
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
    const goodImage = await stored('/uploads/good.png', good);
    const result = await withStore(cacheDir, async (store) =>
      extractCoverColours([await stored('/uploads/cut.png', cut), goodImage], store),
    );
    expect(result.unreadable.get('/uploads/cut.png')).toMatch(/^not a readable image: /);
    expect(result.colours.has('/uploads/cut.png')).toBe(false);
    expect(result.colours.get('/uploads/good.png')?.hex).toBe('#405060');
    const cached = await savedTable(cacheDir, 'cover-colours');
    expect([...cached.keys()]).toEqual([goodImage.key]);
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
    const images = [await stored('/uploads/chart.png', file)];
    expect(await withStore(cacheDir, (store) => measureImages(images, store))).toEqual(
      new Map([['/uploads/chart.png', { width: 40, height: 30 }]]),
    );
    const [key] = [...(await savedTable(cacheDir, 'image-sizes')).keys()];
    expect(key).toBe(images[0]!.key);
    // A doctored cached size shows: the file is not read again while its content key is the same.
    await writeFile(tableFile(cacheDir, 'image-sizes'), encodeEntry(new Map([[key!, { width: 41, height: 31 }]])));
    expect((await withStore(cacheDir, (store) => measureImages(images, store))).get('/uploads/chart.png')).toEqual({
      width: 41,
      height: 31,
    });
    // The file replaced by another image (so another content key): measured again.
    await sized('chart', 64, 48);
    const changed = [await stored('/uploads/chart.png', file)];
    expect(changed[0]!.key).not.toBe(key);
    expect((await withStore(cacheDir, (store) => measureImages(changed, store))).get('/uploads/chart.png')).toEqual({
      width: 64,
      height: 48,
    });
  });

  it('leaves out what is not an image, and keeps only the sizes of this build', async () => {
    const cacheDir = path.join(dir, 'cache-sizes-2');
    const one = await sized('one', 10, 20);
    const two = await sized('two', 30, 40);
    const broken = path.join(dir, 'broken.png');
    await writeFile(broken, 'not an image');
    const twoImage = await stored('/uploads/two.png', two);
    const sizes = await withStore(cacheDir, async (store) =>
      measureImages(
        [await stored('/uploads/one.png', one), twoImage, await stored('/uploads/broken.png', broken)],
        store,
      ),
    );
    expect([...sizes.keys()]).toEqual(['/uploads/one.png', '/uploads/two.png']);
    expect([...(await savedTable(cacheDir, 'image-sizes')).keys()]).toHaveLength(2);
    await withStore(cacheDir, (store) => measureImages([twoImage], store));
    const kept = [...(await savedTable(cacheDir, 'image-sizes')).keys()];
    expect(kept).toEqual([twoImage.key]);
    expect(kept[0]).toContain('two.');
  });
});
