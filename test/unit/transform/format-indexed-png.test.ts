// issue 28: social images as 8-bit palette PNGs, encoded by the pipeline itself.
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  adler32,
  adler32OfSums,
  deflateRows,
  formatIndexedPng,
} from '../../../pipeline/transform/format-indexed-png.ts';

const palette = Uint8Array.from([0x0b, 0x5c, 0xad, 0xff, 0xff, 0xff, 0xd6, 0xe8, 0xfa]);
// Two rows of three pixels, each row led by its filter byte (0).
const scanlines = Uint8Array.from([0, 0, 1, 2, 0, 2, 1, 0]);

describe('formatIndexedPng', () => {
  it('writes a PNG that decodes to the palette colours of its indices', async () => {
    const png = formatIndexedPng({ width: 3, height: 2, palette, bands: [deflateRows(scanlines)] });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, info.channels]).toEqual([3, 2, 3]);
    expect([...data]).toEqual([
      ...[0x0b, 0x5c, 0xad, 0xff, 0xff, 0xff, 0xd6, 0xe8, 0xfa],
      ...[0xd6, 0xe8, 0xfa, 0xff, 0xff, 0xff, 0x0b, 0x5c, 0xad],
    ]);
  });

  it('writes the same bytes for the same image', () => {
    expect(formatIndexedPng({ width: 3, height: 2, palette, bands: [deflateRows(scanlines)] })).toEqual(
      formatIndexedPng({ width: 3, height: 2, palette, bands: [deflateRows(Uint8Array.from(scanlines))] }),
    );
  });
});

describe('rows deflated in bands', () => {
  it('sums Adler-32 as zlib does, at any alignment and over runs of zeros', () => {
    const bytes = Buffer.alloc(200_003);
    for (let at = 0; at < bytes.length; at += 1) bytes[at] = at > 10_000 && at < 90_000 ? 0 : (at * 31) % 256;
    for (const part of [bytes, bytes.subarray(1), bytes.subarray(3, 7), bytes.subarray(0, 0)]) {
      const deflated = deflateSync(part);
      expect(adler32(part)).toBe(deflated.readUInt32BE(deflated.length - 4));
    }
  });

  it('gives the Adler-32 of bytes from the sums their writer kept, overwrites included', () => {
    const bytes = new Uint8Array(250_001);
    const sums = { sum: 0, weighted: 0 };
    const write = (at: number, value: number) => {
      const change = value - bytes[at]!;
      bytes[at] = value;
      sums.sum += change;
      sums.weighted += change * at;
    };
    // Inked spans in rows of zeros, then some of them written again (overlapping glyphs), up and down.
    for (let at = 0; at < bytes.length; at += 1)
      if (at % 1201 > 80 && at % 1201 < 1000 && at % 7 < 4) write(at, (at * 13) % 256);
    for (let at = 3; at < bytes.length; at += 11) if (bytes[at] !== 0) write(at, at % 2 === 0 ? 255 : 1);
    write(bytes.length - 1, 254);
    const deflated = deflateSync(bytes);
    expect(adler32OfSums(bytes.length, sums)).toBe(deflated.readUInt32BE(deflated.length - 4));
    expect(adler32OfSums(bytes.length, sums)).toBe(adler32(bytes));
    // Nothing written: the Adler-32 of zeros.
    const zeros = deflateSync(new Uint8Array(5000));
    expect(adler32OfSums(5000, { sum: 0, weighted: 0 })).toBe(zeros.readUInt32BE(zeros.length - 4));
  });

  it('joins bands into one PNG that decodes to the rows of all of them', async () => {
    const rows = Uint8Array.from([0, 0, 1, 2, 0, 2, 1, 0, 0, 1, 1, 1]);
    const png = formatIndexedPng({
      width: 3,
      height: 3,
      palette,
      bands: [deflateRows(rows.subarray(0, 4)), deflateRows(rows.subarray(4, 8)), deflateRows(rows.subarray(8))],
    });
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const colour = (index: number) => [...palette.subarray(index * 3, index * 3 + 3)];
    expect([...data]).toEqual([0, 1, 2, 2, 1, 0, 1, 1, 1].flatMap(colour));
  });
});
