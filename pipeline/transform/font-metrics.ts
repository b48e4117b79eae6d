/**
 * What placing a line of text needs from a TrueType or OpenType font, read from the file's bytes where
 * they lie, when they are asked for: no table is parsed whole. Titles use a few hundred of a font's
 * thousands of glyphs and a few hundred of its kerning pairs.
 */
export interface FontMetrics {
  unitsPerEm: number;
  /** The glyph of a code point; 0 (.notdef) when the font has none. */
  glyphOf(codePoint: number): number;
  /** The glyph's advance width, in font units. */
  advanceOf(glyph: number): number;
  /** The kerning between two glyphs in font units (the 'kern' feature of GPOS for Latin script), 0 when none. */
  kerningOf(left: number, right: number): number;
}

/**
 * Reads the font's metrics (`head`, `hhea`, `hmtx`, `cmap` formats 4 and 12, `GPOS` pair adjustment).
 * Throws when the bytes are not such a font.
 */
export function readFontMetrics(bytes: Uint8Array): FontMetrics {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map<string, number>();
  for (let record = 0, count = data.getUint16(4); record < count; record += 1) {
    const at = 12 + 16 * record;
    tables.set(tagAt(data, at), data.getUint32(at + 8));
  }
  const table = (tag: string) => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`the font has no ${tag} table`);
    return at;
  };
  const hmtx = table('hmtx');
  const metrics = data.getUint16(table('hhea') + 34);
  const glyphOf = codePointReader(data, table('cmap'));
  const kerningOf = tables.has('GPOS') ? kerningReader(data, table('GPOS')) : () => 0;
  return {
    unitsPerEm: data.getUint16(table('head') + 18),
    glyphOf,
    // Glyphs past the last full metric share its advance.
    advanceOf: (glyph) => data.getUint16(hmtx + 4 * Math.min(glyph, metrics - 1)),
    kerningOf,
  };
}

function tagAt(data: DataView, at: number): string {
  return String.fromCharCode(data.getUint8(at), data.getUint8(at + 1), data.getUint8(at + 2), data.getUint8(at + 3));
}

/** The cmap subtable for Unicode: format 12 (all planes) where the font has one, else format 4 (the BMP). */
function codePointReader(data: DataView, cmap: number): (codePoint: number) => number {
  let [full, basic] = [-1, -1];
  for (let record = 0, count = data.getUint16(cmap + 2); record < count; record += 1) {
    const [platform, encoding] = [data.getUint16(cmap + 4 + 8 * record), data.getUint16(cmap + 6 + 8 * record)];
    const at = cmap + data.getUint32(cmap + 8 + 8 * record);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (data.getUint16(at) === 12) full = at;
    if (data.getUint16(at) === 4) basic = at;
  }
  if (full >= 0) {
    const groups = data.getUint32(full + 12);
    return (codePoint) => {
      // Groups are sorted by their first code point: the last that starts at or before it.
      const group = lastAtMost(groups, codePoint, (index) => data.getUint32(full + 16 + 12 * index));
      if (group < 0) return 0;
      const at = full + 16 + 12 * group;
      return codePoint <= data.getUint32(at + 4) ? data.getUint32(at + 8) + codePoint - data.getUint32(at) : 0;
    };
  }
  if (basic < 0) throw new Error('the font has no Unicode cmap');
  const segments = data.getUint16(basic + 6) / 2;
  const [ends, starts] = [basic + 14, basic + 16 + 2 * segments];
  const [deltas, ranges] = [starts + 2 * segments, starts + 4 * segments];
  return (codePoint) => {
    if (codePoint > 0xffff) return 0;
    // Segments are sorted by their last code point: the first that ends at or after it.
    const segment = lastAtMost(segments, codePoint - 1, (index) => data.getUint16(ends + 2 * index)) + 1;
    if (segment >= segments) return 0;
    const start = data.getUint16(starts + 2 * segment);
    if (codePoint < start) return 0;
    const delta = data.getUint16(deltas + 2 * segment);
    const range = data.getUint16(ranges + 2 * segment);
    if (range === 0) return (codePoint + delta) & 0xffff;
    const glyph = data.getUint16(ranges + 2 * segment + range + 2 * (codePoint - start));
    return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
  };
}

/** The index of the last of `count` sorted keys that is at most `value` (-1: none). */
function lastAtMost(count: number, value: number, keyAt: (index: number) => number): number {
  let [low, high] = [0, count - 1];
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if (keyAt(middle) <= value) low = middle + 1;
    else high = middle - 1;
  }
  return high;
}

/** A pair adjustment subtable as kerning reads it: where it is, and where the first glyph's x advance is in a pair's record. */
interface PairSubtable {
  at: number;
  /** The pair's two value records, their size together. */
  pairSize: number;
  /** The first value record's x advance, from the record's start (-1: it has none). */
  xAdvance: number;
}

/** A pair adjustment subtable's value records, from their formats' bits (each field present is 2 bytes). */
function pairSubtable(data: DataView, at: number): PairSubtable {
  const fields = (bits: number) => {
    let count = 0;
    for (let bit = bits; bit !== 0; bit >>= 1) count += bit & 1;
    return count;
  };
  const [first, second] = [data.getUint16(at + 4), data.getUint16(at + 6)];
  return {
    at,
    pairSize: 2 * fields(first & 0xff) + 2 * fields(second & 0xff),
    xAdvance: first & 0x4 ? 2 * fields(first & 0x3) : -1,
  };
}

/**
 * Kerning as the text engine applies it to Latin text: the pair adjustment lookups (type 2, or type 9
 * wrapping one) of the 'kern' feature of the 'latn' script's default language (else the default
 * script's), their subtables in order. The first subtable that covers the left glyph and holds the pair
 * gives its first glyph's x advance; a class-pair subtable that covers the left glyph always answers.
 */
function kerningReader(data: DataView, gpos: number): (left: number, right: number) => number {
  const subtables = kerningSubtables(data, gpos).map((at) => pairSubtable(data, at));
  return (left, right) => {
    for (const { at: subtable, pairSize, xAdvance } of subtables) {
      const covered = coverageIndex(data, subtable + data.getUint16(subtable + 2), left);
      if (covered < 0) continue;
      if (data.getUint16(subtable) === 1) {
        const set = subtable + data.getUint16(subtable + 10 + 2 * covered);
        const recordSize = 2 + pairSize;
        const count = data.getUint16(set);
        const found = lastAtMost(count, right, (index) => data.getUint16(set + 2 + recordSize * index));
        if (found < 0 || data.getUint16(set + 2 + recordSize * found) !== right) continue;
        return xAdvance < 0 ? 0 : data.getInt16(set + 4 + recordSize * found + xAdvance);
      }
      if (data.getUint16(subtable) === 2) {
        const leftClass = glyphClass(data, subtable + data.getUint16(subtable + 8), left);
        const rightClass = glyphClass(data, subtable + data.getUint16(subtable + 10), right);
        const record = subtable + 16 + pairSize * (leftClass * data.getUint16(subtable + 14) + rightClass);
        return xAdvance < 0 ? 0 : data.getInt16(record + xAdvance);
      }
    }
    return 0;
  };
}

/** The pair adjustment subtables of the 'kern' feature for Latin script, in lookup order. */
function kerningSubtables(data: DataView, gpos: number): number[] {
  const [scripts, features, lookups] = [
    gpos + data.getUint16(gpos + 4),
    gpos + data.getUint16(gpos + 6),
    gpos + data.getUint16(gpos + 8),
  ];
  const scriptOf = (tag: string) => {
    for (let record = 0, count = data.getUint16(scripts); record < count; record += 1)
      if (tagAt(data, scripts + 2 + 6 * record) === tag) return scripts + data.getUint16(scripts + 6 + 6 * record);
    return undefined;
  };
  const script = scriptOf('latn') ?? scriptOf('DFLT');
  if (script === undefined || data.getUint16(script) === 0) return [];
  const language = script + data.getUint16(script);
  const subtables: number[] = [];
  for (let index = 0, count = data.getUint16(language + 4); index < count; index += 1) {
    const feature = data.getUint16(language + 6 + 2 * index);
    if (tagAt(data, features + 2 + 6 * feature) !== 'kern') continue;
    const table = features + data.getUint16(features + 6 + 6 * feature);
    for (let entry = 0, entries = data.getUint16(table + 2); entry < entries; entry += 1) {
      const lookup = lookups + data.getUint16(lookups + 2 + 2 * data.getUint16(table + 4 + 2 * entry));
      const type = data.getUint16(lookup);
      for (let sub = 0, subs = data.getUint16(lookup + 4); sub < subs; sub += 1) {
        const at = lookup + data.getUint16(lookup + 6 + 2 * sub);
        if (type === 2) subtables.push(at);
        if (type === 9 && data.getUint16(at + 2) === 2) subtables.push(at + data.getUint32(at + 4));
      }
    }
    // The language's first 'kern' feature is the one applied.
    break;
  }
  return subtables;
}

/** The glyph's index in a coverage table (-1: not covered). */
function coverageIndex(data: DataView, coverage: number, glyph: number): number {
  const count = data.getUint16(coverage + 2);
  if (data.getUint16(coverage) === 1) {
    const found = lastAtMost(count, glyph, (index) => data.getUint16(coverage + 4 + 2 * index));
    return found >= 0 && data.getUint16(coverage + 4 + 2 * found) === glyph ? found : -1;
  }
  const range = lastAtMost(count, glyph, (index) => data.getUint16(coverage + 4 + 6 * index));
  if (range < 0) return -1;
  const at = coverage + 4 + 6 * range;
  return glyph <= data.getUint16(at + 2) ? data.getUint16(at + 4) + glyph - data.getUint16(at) : -1;
}

/** The glyph's class in a class definition table (0: not listed). */
function glyphClass(data: DataView, classes: number, glyph: number): number {
  if (data.getUint16(classes) === 1) {
    const [start, count] = [data.getUint16(classes + 2), data.getUint16(classes + 4)];
    return glyph >= start && glyph < start + count ? data.getUint16(classes + 6 + 2 * (glyph - start)) : 0;
  }
  const count = data.getUint16(classes + 2);
  const range = lastAtMost(count, glyph, (index) => data.getUint16(classes + 4 + 6 * index));
  if (range < 0) return 0;
  const at = classes + 4 + 6 * range;
  return glyph <= data.getUint16(at + 2) ? data.getUint16(at + 4) : 0;
}
