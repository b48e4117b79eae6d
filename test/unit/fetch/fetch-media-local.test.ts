import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../pipeline/cache/store.ts';
import { fetchMedia } from '../../../pipeline/fetch/fetch-media.ts';
import { checkImage } from '../../../pipeline/transform/cover-colours.ts';
import { makeTempDir } from '../../helpers/files.ts';

// Files of the content folder are read in place; one that passed the image check is not read again
// while its size and modification time stay, and one that changes is read and checked again.

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('media-local'));
  await mkdir(path.join(dir, 'content', 'uploads'), { recursive: true });
});
afterAll(async () => cleanup());

const image = (colour: string, size = 8) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
const file = () => path.join(dir, 'content', 'uploads', 'cover.png');
/** One build's fetch of the cover, with the store of the cache folder (its media table kept between builds). */
const media = async () => {
  const store = openStore(path.join(dir, 'cache'));
  try {
    return await fetchMedia({
      urls: ['/uploads/cover.png'],
      origin: { kind: 'dir', dir: path.join(dir, 'content') },
      store,
      concurrency: 2,
      check: checkImage,
    });
  } finally {
    await store.close();
  }
};

describe('media from the content folder', () => {
  it('names the file by its bytes, notices a replacement, and reports one that is no image any more', async () => {
    await writeFile(file(), await image('#ff0000'));
    const first = await media();
    const named = first.files.get('/uploads/cover.png')!.outputPath;
    expect(named).toMatch(/^_media\/cover\.[0-9a-f]{10}\.png$/);
    expect((await media()).files.get('/uploads/cover.png')!.outputPath).toBe(named);

    // Another picture (another size on disk): another name.
    await writeFile(file(), await image('#00ff00', 16));
    const replaced = (await media()).files.get('/uploads/cover.png')!.outputPath;
    expect(replaced).not.toBe(named);

    // Not an image any more: missing, with the reason.
    await writeFile(file(), 'this is no image');
    const broken = await media();
    expect(broken.files.has('/uploads/cover.png')).toBe(false);
    expect(broken.missing.get('/uploads/cover.png')).toMatch(/not an image/);

    // The same size as before but a later time: read again, not taken from what was seen.
    const same = await image('#0000ff', 16);
    await writeFile(file(), same);
    await utimes(file(), new Date(), new Date(Date.now() + 5_000));
    const again = (await media()).files.get('/uploads/cover.png')!.outputPath;
    expect(again).not.toBe(replaced);
  });
});
