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
  const opentype: { parse(buffer: ArrayBuffer): Font };
  export default opentype;
}
