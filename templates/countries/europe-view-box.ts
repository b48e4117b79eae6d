import type { WorldMapCountry } from '../../pipeline/transform/world-map.ts';

/** Europe's strip of the projected world map (x and y in map units, 1000 wide): rings outside it (French Guiana, Réunion) are left out. */
const EUROPE = { left: 430, right: 650, bottom: 200 };
const PADDING = 8;
const MIN_ASPECT = 4 / 3;

/**
 * The view box of the map's Europe inset: the outlines of the given countries (the researched ones)
 * inside Europe, with some room around them, never narrower than 4:3. Reads the compact path data of
 * world-map.ts: each ring an absolute `M x y` followed by relative `l` steps.
 */
export function europeViewBox(countries: WorldMapCountry[], codes: ReadonlySet<string>): string | undefined {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const country of countries) {
    if (!codes.has(country.code)) continue;
    for (const ring of country.d.split('M').slice(1)) {
      const numbers = (ring.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
      let x = numbers[0]!;
      let y = numbers[1]!;
      const xs = [x];
      const ys = [y];
      for (let index = 2; index + 1 < numbers.length; index += 2) {
        x += numbers[index]!;
        y += numbers[index + 1]!;
        xs.push(x);
        ys.push(y);
      }
      const centerX = (Math.min(...xs) + Math.max(...xs)) / 2;
      if (centerX < EUROPE.left || centerX > EUROPE.right || Math.min(...ys) > EUROPE.bottom) continue;
      [minX, minY, maxX, maxY] = [Math.min(minX, ...xs), Math.min(minY, ...ys), Math.max(maxX, ...xs), Math.max(maxY, ...ys)];
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
