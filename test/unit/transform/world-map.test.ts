import { describe, expect, it } from 'vitest';
import { ISO_NUMERIC_TO_ALPHA2 } from '../../../scripts/iso-numeric.ts';
import { readFile } from 'node:fs/promises';
import { loadWorldMap } from '../../../pipeline/transform/world-map.ts';
import { formatWorldMapAsset, projectWorldMap } from '../../../scripts/project-world-map.ts';

const map = loadWorldMap();
const coded = map.countries.filter((country) => country.code !== '');
const codes = coded.map((country) => country.code);

describe('the world map asset', () => {
  it('draws more than 150 countries', () => {
    expect(coded.length).toBeGreaterThan(150);
  });

  it('gives each country a unique alpha-2 code', () => {
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it('uses only codes from the ISO table, plus Kosovo as XK', () => {
    const known = new Set([...Object.values(ISO_NUMERIC_TO_ALPHA2), 'XK']);
    expect(codes.filter((code) => !known.has(code))).toEqual([]);
    expect(codes).toContain('XK');
  });

  it('includes France, Germany, Italy and the United States', () => {
    expect(codes).toEqual(expect.arrayContaining(['FR', 'DE', 'IT', 'US']));
  });

  it('leaves out Antarctica', () => {
    expect(codes).not.toContain('AQ');
  });

  it('keeps the territories without a code, drawn but unnamed', () => {
    expect(map.countries.filter((country) => country.code === '')).toHaveLength(2);
  });

  it('sorts the countries by code', () => {
    expect(map.countries.map((country) => country.code)).toEqual(
      [...map.countries.map((country) => country.code)].sort(),
    );
  });

  it('fits the map 1000 units wide with every path inside the view box', () => {
    const [minX = NaN, minY = NaN, width = NaN, height = NaN] = map.viewBox.split(' ').map(Number);
    expect(width).toBe(1000);
    expect(height).toBeGreaterThan(400);
    expect(height).toBeLessThan(520);
    for (const { d } of map.countries) {
      for (const [, x = '', y = ''] of d.matchAll(/M(-?[\d.]+)[ ]?(-?[\d.]+)/g)) {
        expect(Number(x)).toBeGreaterThanOrEqual(minX);
        expect(Number(x)).toBeLessThanOrEqual(minX + width);
        expect(Number(y)).toBeGreaterThanOrEqual(minY);
        expect(Number(y)).toBeLessThanOrEqual(minY + height);
      }
    }
  });

  it('writes valid compact path data: closed rings of absolute moves and relative lines', () => {
    for (const { d } of map.countries) expect(d).toMatch(/^(M[-\d. ]+l[-\d. ]+z)+$/);
  });

  it('is what scripts/generate-world-map.ts writes from world-atlas today, byte for byte', async () => {
    const committed = await readFile(new URL('../../../pipeline/transform/world-map.json', import.meta.url), 'utf8');
    expect(committed).toBe(formatWorldMapAsset(projectWorldMap()));
  });

  it('projects the same map on every call', () => {
    expect(projectWorldMap()).toEqual(projectWorldMap());
  });

  it('stays under 90 KB of path data', () => {
    const total = map.countries.reduce((sum, country) => sum + country.d.length, 0);
    expect(total).toBeLessThan(90_000);
  });
});
