// issue 28: social images as 8-bit palette PNGs, encoded by the pipeline itself.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { formatIndexedPng } from '../../../pipeline/transform/format-indexed-png.ts';

const palette = Uint8Array.from([0x0b, 0x5c, 0xad, 0xff, 0xff, 0xff, 0xd6, 0xe8, 0xfa]);
// Two rows of three pixels, each row led by its filter byte (0).
const scanlines = Uint8Array.from([0, 0, 1, 2, 0, 2, 1, 0]);

describe('formatIndexedPng', () => {
  it('writes a PNG that decodes to the palette colours of its indices', async () => {
    const png = formatIndexedPng({ width: 3, height: 2, palette, scanlines });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([3, 2, 3]);
    expect([...data]).toEqual([
      ...[0x0b, 0x5c, 0xad, 0xff, 0xff, 0xff, 0xd6, 0xe8, 0xfa],
      ...[0xd6, 0xe8, 0xfa, 0xff, 0xff, 0xff, 0x0b, 0x5c, 0xad],
    ]);
  });

  it('writes the same bytes for the same image', () => {
    expect(formatIndexedPng({ width: 3, height: 2, palette, scanlines })).toEqual(
      formatIndexedPng({ width: 3, height: 2, palette, scanlines: Uint8Array.from(scanlines) }),
    );
  });
});
