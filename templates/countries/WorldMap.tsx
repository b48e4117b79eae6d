import { useId, type JSX } from 'react';
import type { CountrySummary } from '../../pipeline/plan/page-plan.ts';
import type { CountryStatus } from '../../pipeline/transform/transform-content.ts';
import type { WorldMap as ProjectedWorldMap } from '../../pipeline/transform/world-map.ts';
import { europeViewBox, isInView } from './europe-view-box.ts';

/** `countryStatus`: the locale's "{0}: {1}" (country, status), so each language punctuates it. */
export type WorldMapLabels = { title: string; europe: string; countryStatus: string } & Record<CountryStatus, string>;

export interface WorldMapProps {
  map: ProjectedWorldMap;
  countries: CountrySummary[];
  /** Country names by alpha-2 code, in the page's locale. */
  names: Record<string, string>;
  labels: WorldMapLabels;
}

const STATUSES: readonly CountryStatus[] = ['forbidden', 'legal', 'pending', 'unknown'];

/**
 * The status fills: a colour and a texture each (hatched, dotted, plain, pale), so that statuses differ
 * by more than hue for visitors who see colours differently. Colours come from world-map.css.
 */
function Patterns() {
  return (
    <defs>
      <pattern id="map-fill-forbidden" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="4" height="4" className="fill-forbidden" />
        <rect width="1.3" height="4" className="fill-stripe" />
      </pattern>
      <pattern id="map-fill-pending" width="3.5" height="3.5" patternUnits="userSpaceOnUse">
        <rect width="3.5" height="3.5" className="fill-pending" />
        <circle cx="1.75" cy="1.75" r="0.8" className="fill-stripe" />
      </pattern>
    </defs>
  );
}

/**
 * The countries map as inline SVG, coloured and textured by status (see styles/world-map.css), a
 * Europe inset where almost every researched country is (big enough to see and tap on a phone), and
 * the legend. Linked countries are SVG links, so they work by keyboard and without JavaScript; the
 * inset repeats them out of the tab order and hidden from screen readers (the world map has them all).
 */
export function WorldMap({ map, countries, names, labels }: WorldMapProps): JSX.Element {
  const titleId = useId();
  const byCode = new Map(countries.map((country) => [country.code, country]));
  const hasLinks = countries.some((country) => country.href !== undefined);
  const researched = new Set(
    countries.filter((country) => country.status !== 'unknown').map((country) => country.code),
  );
  const inset = europeViewBox(map.countries, researched);
  const shapes = (copy: boolean) =>
    map.countries.map(({ code, d }, index) => {
      if (copy && !isInView(d, inset!)) return null;
      const summary = code === '' ? undefined : byCode.get(code);
      const status = summary?.status ?? 'unknown';
      const key = code || `no-code-${index}`;
      const shape = <path key={key} className={`status-${status}`} data-code={code || undefined} d={d} />;
      if (summary?.href === undefined) return shape;
      const label = labels.countryStatus.replace('{0}', names[code] ?? code).replace('{1}', labels[status]);
      return copy ? (
        <a key={key} href={summary.href} tabIndex={-1}>
          {shape}
        </a>
      ) : (
        <a key={key} href={summary.href} aria-label={label}>
          <title>{label}</title>
          {shape}
        </a>
      );
    });
  return (
    <div className="world-map">
      {/* role="img" would make the country links presentational, so a map with links is a group. */}
      <svg viewBox={map.viewBox} role={hasLinks ? 'group' : 'img'} aria-labelledby={titleId}>
        <title id={titleId}>{labels.title}</title>
        <Patterns />
        {shapes(false)}
      </svg>
      {inset ? (
        <div className="map-inset" aria-hidden="true">
          <p className="map-inset-title">{labels.europe}</p>
          <svg viewBox={inset} preserveAspectRatio="xMidYMid slice">
            {shapes(true)}
          </svg>
        </div>
      ) : null}
      <ul className="map-legend">
        {STATUSES.map((status) => (
          <li key={status}>
            <span className={`map-swatch status-${status}`} aria-hidden="true" />
            {labels[status]}
          </li>
        ))}
      </ul>
    </div>
  );
}
