// The title font's metrics, read from the file where they lie (cmap, hmtx, GPOS kerning). Where the
// glyphs land on a drawn title is checked against librsvg's own layout in social-images.test.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readFontMetrics } from '../../../pipeline/transform/font-metrics.ts';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
const bytes = readFileSync(FONT);
const font = readFontMetrics(bytes);
const glyph = (char: string) => font.glyphOf(char.codePointAt(0)!);
const kerning = (pair: string) => font.kerningOf(glyph(pair[0]!), glyph(pair[1]!));

/** A copy of the font whose format-12 cmap subtables are hidden (their platform made unknown), so that format 4 is read. */
function withoutFullCmap(): Uint8Array {
  const copy = Uint8Array.from(bytes);
  const data = new DataView(copy.buffer);
  let cmap = -1;
  for (let record = 0; record < data.getUint16(4); record += 1)
    if (String.fromCharCode(...copy.subarray(12 + 16 * record, 16 + 16 * record)) === 'cmap')
      cmap = data.getUint32(12 + 16 * record + 8);
  let hidden = 0;
  for (let record = 0; record < data.getUint16(cmap + 2); record += 1) {
    if (data.getUint16(cmap + data.getUint32(cmap + 8 + 8 * record)) !== 12) continue;
    data.setUint16(cmap + 4 + 8 * record, 7);
    hidden += 1;
  }
  expect(hidden).toBeGreaterThan(0);
  return copy;
}

describe('font metrics (DejaVu Sans Bold)', () => {
  it('reads the em and the advance widths', () => {
    expect(font.unitsPerEm).toBe(2048);
    // Its digits are tabular: one advance for all ten.
    expect(new Set([...'0123456789'].map((digit) => font.advanceOf(glyph(digit)))).size).toBe(1);
    expect(font.advanceOf(glyph('W'))).toBeGreaterThan(2 * font.advanceOf(glyph('i')));
  });

  it('finds the glyph of a code point in every plane, and none for a character the font lacks', () => {
    const letters = [...'AaÄäŽžßÆœ€“'].map(glyph);
    expect(letters.every((index) => index > 0)).toBe(true);
    expect(new Set(letters).size).toBe(letters.length);
    expect(glyph('中')).toBe(0);
    // Mathematical double-struck A (U+1D538), past the BMP: only the format-12 subtable maps it.
    expect(glyph('𝔸')).toBeGreaterThan(0);
  });

  it('reads the BMP from the format-4 subtable as the format-12 one maps it', () => {
    const basic = readFontMetrics(withoutFullCmap());
    const differing: number[] = [];
    for (let codePoint = 0; codePoint <= 0xfffd; codePoint += 1)
      if (basic.glyphOf(codePoint) !== font.glyphOf(codePoint)) differing.push(codePoint);
    expect(differing).toEqual([]);
    expect(basic.glyphOf(0x1d538)).toBe(0);
  });

  it('kerns the Latin pairs the font kerns, and no others', () => {
    for (const pair of ['To', 'AV', 'Fa', 'LT', 'P.', 'Yo', 'L’']) expect(kerning(pair), pair).toBeLessThan(0);
    for (const pair of ['oo', 'rn', 'HH', 'ab']) expect(kerning(pair), pair).toBe(0);
    // Kerning is per ordered pair.
    expect(kerning('To')).not.toBe(kerning('oT'));
  });

  it('refuses bytes that are not a font', () => {
    expect(() => readFontMetrics(new TextEncoder().encode('not a font, only some text'))).toThrow();
  });
});
