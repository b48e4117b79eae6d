import { constants, crc32, deflateRawSync } from 'node:zlib';

/** An 8-bit palette image: its rows, deflated in bands (deflateRows), each row its filter byte (0, none) and then its palette indices. */
export interface IndexedImage {
  width: number;
  height: number;
  /** RGB triples, at most 256. */
  palette: Uint8Array;
  /** The rows top to bottom, in bands deflated on their own: a band many images share is deflated once. */
  bands: readonly DeflatedRows[];
}

/** Rows deflated so that they can be joined to others in one zlib stream: their bytes, their Adler-32, their length. */
export interface DeflatedRows {
  bytes: Buffer;
  adler: number;
  length: number;
}

const SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');
/** zlib's header for deflate with a 32 KB window at a fast level, and an empty last block to end the stream. */
const ZLIB_HEADER = Buffer.from([0x78, 0x01]);
const LAST_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * Deflates rows with zlib's run-length strategy, ending on a full flush (no match reaches back past it),
 * so that bands can be joined in any order. A social image is runs of one index broken by the glyphs'
 * edges: on six drawn images run-length took 0.70 ms for 21.5 KB, where the default strategy took
 * 2.05 ms for 25.2 KB at level 1, 3.76 ms for 20.3 KB at 4 and 48 ms for 18.2 KB at 9. zlib is Node's
 * own: the same rows give the same bytes. `adler`: the rows' Adler-32, when the caller summed them
 * already. Pure.
 */
export function deflateRows(rows: Uint8Array, adler = adler32(rows)): DeflatedRows {
  const bytes = deflateRawSync(rows, { level: 1, strategy: constants.Z_RLE, finishFlush: constants.Z_FULL_FLUSH });
  return { bytes, adler, length: rows.length };
}

/** The image as a PNG (colour type 3, one IDAT whose zlib stream joins the bands). Pure. */
export function formatIndexedPng(image: IndexedImage): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 3, 0, 0, 0], 8); // bit depth 8, palette, deflate, filtering per row, no interlace
  let adler = 1;
  for (const band of image.bands) adler = combineAdler32(adler, band.adler, band.length);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler >>> 0, 0);
  const data = Buffer.concat([ZLIB_HEADER, ...image.bands.map((band) => band.bytes), LAST_BLOCK, trailer]);
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

const BASE = 65521;

/**
 * Adler-32 (RFC 1950) of the bytes. Zero words, most of an image's rows, are summed four bytes at a time.
 */
export function adler32(bytes: Uint8Array): number {
  // Read as words where they are aligned; otherwise byte by byte.
  const whole = bytes.byteOffset % 4 === 0 ? bytes.length >> 2 : 0;
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset - (bytes.byteOffset % 4), whole);
  let a = 1;
  let b = 0;
  for (let word = 0; word < whole;) {
    // The sums stay exact integers in a double over 4 KB (zlib reduces every 5,552 bytes to stay in 32 bits).
    for (const end = Math.min(whole, word + 1024); word < end; word += 1) {
      if (words[word] === 0) {
        b += 4 * a;
        continue;
      }
      const at = word << 2;
      a += bytes[at]!;
      b += a;
      a += bytes[at + 1]!;
      b += a;
      a += bytes[at + 2]!;
      b += a;
      a += bytes[at + 3]!;
      b += a;
    }
    a %= BASE;
    b %= BASE;
  }
  for (let at = whole << 2; at < bytes.length; at += 1) {
    a += bytes[at]!;
    b += a;
    if ((at & 0xfff) === 0xfff) {
      a %= BASE;
      b %= BASE;
    }
  }
  return (((b % BASE) << 16) | (a % BASE)) >>> 0;
}

/**
 * Two sums over a run of bytes, kept by whoever writes them: every byte, and every byte times its offset
 * in the run. A byte's change adds its difference to the first, and the difference times its offset to
 * the second. Zeros add nothing to either.
 */
export interface ByteSums {
  sum: number;
  weighted: number;
}

/**
 * The Adler-32 of `length` bytes from their sums, without reading them: Adler-32's two halves are 1 plus
 * the bytes' sum, and the length plus each byte times the number of bytes from it to the end (both
 * modulo 65,521). Exact while the sums stay below 2^53 (a whole image's rows: below 2^47).
 */
export function adler32OfSums(length: number, { sum, weighted }: ByteSums): number {
  const a = (1 + sum) % BASE;
  const b = (length + ((length * sum - weighted) % BASE)) % BASE;
  return ((b << 16) | a) >>> 0;
}

/** The Adler-32 of two byte runs joined, from each one's and the second's length (zlib's adler32_combine). */
function combineAdler32(first: number, second: number, secondLength: number): number {
  const remainder = secondLength % BASE;
  let a = first & 0xffff;
  let b = (remainder * a) % BASE;
  a += (second & 0xffff) + BASE - 1;
  b += ((first >>> 16) & 0xffff) + ((second >>> 16) & 0xffff) + BASE - remainder;
  a %= BASE;
  b %= BASE;
  return ((b << 16) | a) >>> 0;
}
