import { useId, type JSX } from 'react';
import type { CountrySummary } from '../../pipeline/plan/page-plan.ts';
import type { CountryStatus } from '../../pipeline/transform/transform-content.ts';
import type { WorldMap as ProjectedWorldMap } from '../../pipeline/transform/world-map.ts';

/** `countryStatus`: the locale's "{0}: {1}" (country, status), so each language punctuates it. */
export type WorldMapLabels = { title: string; countryStatus: string } & Record<CountryStatus, string>;

export interface WorldMapProps {
  map: ProjectedWorldMap;
  countries: CountrySummary[];
  /** Country names by alpha-2 code, in the page's locale. */
  names: Record<string, string>;
  labels: WorldMapLabels;
}

const STATUSES: readonly CountryStatus[] = ['forbidden', 'legal', 'pending', 'unknown'];

/**
 * The countries map as inline SVG, coloured by status through classes (see styles/world-map.css),
 * plus its legend. Linked countries are SVG links, so they work by keyboard and without JavaScript.
 */
export function WorldMap({ map, countries, names, labels }: WorldMapProps): JSX.Element {
  const titleId = useId();
  const byCode = new Map(countries.map((country) => [country.code, country]));
  const hasLinks = countries.some((country) => country.href !== undefined);
  return (
    <div className="world-map">
      {/* role="img" would make the country links presentational, so a map with links is a group. */}
      <svg viewBox={map.viewBox} role={hasLinks ? 'group' : 'img'} aria-labelledby={titleId}>
        <title id={titleId}>{labels.title}</title>
        {map.countries.map(({ code, d }, index) => {
          const summary = code === '' ? undefined : byCode.get(code);
          const status = summary?.status ?? 'unknown';
          const key = code || `no-code-${index}`;
          const shape = <path key={key} className={`status-${status}`} data-code={code || undefined} d={d} />;
          if (summary?.href === undefined) return shape;
          const label = labels.countryStatus.replace('{0}', names[code] ?? code).replace('{1}', labels[status]);
          return (
            <a key={key} href={summary.href} aria-label={label}>
              <title>{label}</title>
              {shape}
            </a>
          );
        })}
      </svg>
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
