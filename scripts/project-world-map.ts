// Projects world-atlas's countries into the committed asset pipeline/transform/world-map.json, which the
// build reads (`npm run generate:world-map`). Run again only when world-atlas, the projection or the
// ISO table changes; d3-geo, topojson-client and world-atlas are development dependencies for this.
import { geoNaturalEarth1, geoPath, type GeoContext } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlasJson from 'world-atlas/countries-110m.json' with { type: 'json' };
import { ISO_NUMERIC_TO_ALPHA2 } from './iso-numeric.ts';
import type { WorldMap } from '../pipeline/transform/world-map.ts';

type CountryProperties = { name: string };
type CountryFeature = Feature<Geometry, CountryProperties>;

const atlas = atlasJson as unknown as Topology<{ countries: GeometryCollection<CountryProperties> }>;

const MAP_WIDTH = 1000;
/** Room around the fitted map so that the outermost border strokes are not cut off. */
const MARGIN = 1;
const ANTARCTICA = '010';
/**
 * world-atlas gives these features no numeric id. Kosovo has the user-assigned code XK; Northern
 * Cyprus and Somaliland have no code of their own and stay unclickable ('').
 */
const CODES_BY_NAME: Readonly<Record<string, string>> = { Kosovo: 'XK' };

/**
 * Projects world-atlas's 110m countries (Natural Earth 1, 1000 units wide, Antarctica left out) into
 * SVG path data, sorted by country code. Deterministic; throws if the atlas has an id missing from
 * the ISO table, which would be a bug in iso-numeric.ts.
 */
export function projectWorldMap(): WorldMap {
  const all = feature(atlas, atlas.objects.countries) as FeatureCollection<Geometry, CountryProperties>;
  const features = all.features.filter((country) => country.id !== ANTARCTICA);
  const projection = geoNaturalEarth1().fitWidth(MAP_WIDTH - 2 * MARGIN, { type: 'FeatureCollection', features });
  const [, [, bottom]] = geoPath(projection).bounds({ type: 'FeatureCollection', features });
  const countries = features.map((country) => ({ code: codeOf(country), d: formatPathData(projection, country) }));
  countries.sort((a, b) => compare(a.code, b.code) || compare(a.d, b.d));
  return { viewBox: `${-MARGIN} ${-MARGIN} ${MAP_WIDTH} ${Math.ceil(bottom) + 2 * MARGIN}`, countries };
}

function codeOf(country: CountryFeature): string {
  if (country.id === undefined) return CODES_BY_NAME[country.properties.name] ?? '';
  const code = ISO_NUMERIC_TO_ALPHA2[String(country.id)];
  if (code === undefined)
    throw new Error(
      `world-atlas country ${String(country.id)} (${country.properties.name}) is missing from ISO_NUMERIC_TO_ALPHA2`,
    );
  return code;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function formatPathData(projection: ReturnType<typeof geoNaturalEarth1>, country: CountryFeature): string {
  const context = new CompactPathContext();
  geoPath(projection, context)(country);
  return context.toString();
}

/**
 * A d3-geo path context that writes compact SVG path data: coordinates rounded to 0.1 unit, each
 * ring an absolute `M` followed by relative `l` steps, repeated points dropped. Rounding the absolute
 * position first and then taking differences keeps the rounding error from adding up along a ring.
 * Relative steps make the map about half the size of d3's own absolute output at one decimal.
 */
class CompactPathContext implements GeoContext {
  private readonly rings: string[] = [];
  private ring = '';
  private steps = 0;
  private x = 0;
  private y = 0;

  beginPath(): void {}

  moveTo(x: number, y: number): void {
    this.x = Math.round(x * 10);
    this.y = Math.round(y * 10);
    this.ring = `M${joinNumbers([this.x, this.y])}l`;
    this.steps = 0;
  }

  lineTo(x: number, y: number): void {
    const nextX = Math.round(x * 10);
    const nextY = Math.round(y * 10);
    if (nextX === this.x && nextY === this.y) return;
    this.ring +=
      (this.steps === 0 ? '' : separatorBefore(nextX - this.x)) + joinNumbers([nextX - this.x, nextY - this.y]);
    this.steps += 1;
    this.x = nextX;
    this.y = nextY;
  }

  closePath(): void {
    // A ring that rounding has shrunk to a point or a line would draw nothing.
    if (this.steps >= 2) this.rings.push(`${this.ring}z`);
    this.ring = '';
  }

  // Only point geometries draw arcs; the atlas has none.
  arc(): void {}

  toString(): string {
    return this.rings.join('');
  }
}

/** Numbers in tenths, written without separators where a minus sign already separates them. */
function joinNumbers(tenths: number[]): string {
  return tenths.map((value, index) => (index === 0 ? '' : separatorBefore(value)) + formatTenths(value)).join('');
}

function separatorBefore(tenths: number): string {
  return tenths < 0 ? '' : ' ';
}

function formatTenths(tenths: number): string {
  const sign = tenths < 0 ? '-' : '';
  const whole = Math.floor(Math.abs(tenths) / 10);
  const fraction = Math.abs(tenths) % 10;
  if (fraction === 0) return `${sign}${whole}`;
  return `${sign}${whole === 0 ? '' : whole}.${fraction}`;
}

/** The asset's text: one country per line, so that a change to the projection reads as a diff of countries. */
export function formatWorldMapAsset(map: WorldMap): string {
  const countries = map.countries.map((country) => `    ${JSON.stringify(country)}`).join(',\n');
  return `{\n  "viewBox": ${JSON.stringify(map.viewBox)},\n  "countries": [\n${countries}\n  ]\n}\n`;
}
