import type { WorldMapCountry } from '../../pipeline/transform/world-map.ts';

/** Europe's strip of the projected world map (x and y in map units, 1000 wide): rings outside it (French Guiana, Réunion) are left out. */
const EUROPE = { left: 430, right: 650, bottom: 200 };
const PADDING = 8;
const MIN_ASPECT = 4 / 3;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The bounding box of each ring of a country's compact path data (world-map.ts: an absolute `M x y`, then relative `l` steps). */
export function ringBoxes(d: string): Box[] {
  return d
    .split('M')
    .slice(1)
    .map((ring) => {
      const numbers = (ring.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
      let x = numbers[0]!;
      let y = numbers[1]!;
      const box = { left: x, top: y, right: x, bottom: y };
      for (let index = 2; index + 1 < numbers.length; index += 2) {
        x += numbers[index]!;
        y += numbers[index + 1]!;
        box.left = Math.min(box.left, x);
        box.right = Math.max(box.right, x);
        box.top = Math.min(box.top, y);
        box.bottom = Math.max(box.bottom, y);
      }
      return box;
    });
}

/**
 * The view box of the map's Europe inset: the outlines of the given countries (the researched ones)
 * inside Europe, with some room around them, never narrower than 4:3.
 */
export function europeViewBox(countries: WorldMapCountry[], codes: ReadonlySet<string>): string | undefined {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const country of countries) {
    if (!codes.has(country.code)) continue;
    for (const box of ringBoxes(country.d)) {
      const centerX = (box.left + box.right) / 2;
      if (centerX < EUROPE.left || centerX > EUROPE.right || box.top > EUROPE.bottom) continue;
      [minX, minY, maxX, maxY] = [
        Math.min(minX, box.left),
        Math.min(minY, box.top),
        Math.max(maxX, box.right),
        Math.max(maxY, box.bottom),
      ];
    }
  }
  if (!Number.isFinite(minX)) return undefined;
  let width = maxX - minX + 2 * PADDING;
  const height = maxY - minY + 2 * PADDING;
  const left = minX - PADDING - Math.max(0, height * MIN_ASPECT - width) / 2;
  width = Math.max(width, height * MIN_ASPECT);
  const round = (value: number) => Math.round(value * 10) / 10;
  return `${round(left)} ${round(minY - PADDING)} ${round(width)} ${round(height)}`;
}

/** Whether any ring of a country shows inside a view box (`left top width height`): the inset draws only those. */
export function isInView(d: string, viewBox: string): boolean {
  const [left, top, width, height] = viewBox.split(' ').map(Number) as [number, number, number, number];
  return ringBoxes(d).some(
    (box) => box.right >= left && box.left <= left + width && box.bottom >= top && box.top <= top + height,
  );
}
