// The part of opentype.js (which ships no types) that title-glyphs.ts reads: a font's glyphs, their
// advance widths and the font's kerning pairs.
declare module 'opentype.js' {
  export interface Glyph {
    index: number;
    advanceWidth?: number | undefined;
  }
  export interface Font {
    unitsPerEm: number;
    charToGlyph(char: string): Glyph;
    /** The GPOS table: its kerning lookups for a script, and a pair's kerning in them (font units). */
    position: {
      getKerningTables(script: string): unknown;
      getKerningValue(tables: unknown, left: number, right: number): number;
    };
  }
  /** `lowMemory`: a glyph is read from the font's tables when it is first asked for, not all of them at once. */
  const opentype: { parse(buffer: ArrayBuffer, options?: { lowMemory?: boolean }): Font };
  export default opentype;
}
