import worldMapJson from './world-map.json' with { type: 'json' };

/** One country outline: `code` is ISO 3166-1 alpha-2 (or XK), or '' for a territory with no code. */
export interface WorldMapCountry {
  code: string;
  d: string;
}

/** A projected world map, ready to draw as inline SVG. */
export interface WorldMap {
  viewBox: string;
  countries: WorldMapCountry[];
}

/**
 * The countries map, projected once by scripts/generate-world-map.ts (world-atlas's 110m countries,
 * Natural Earth 1, 1000 units wide, Antarctica left out, sorted by code) and committed as
 * world-map.json: the build reads it and never projects.
 */
export function loadWorldMap(): WorldMap {
  return worldMapJson;
}
