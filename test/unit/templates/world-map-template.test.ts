import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CountrySummary } from '../../../pipeline/plan/page-plan.ts';
import type { WorldMap as ProjectedWorldMap } from '../../../pipeline/transform/world-map.ts';
import { WorldMap } from '../../../templates/countries/WorldMap.tsx';

const map: ProjectedWorldMap = {
  viewBox: '-1 -1 1000 437',
  countries: [
    { code: '', d: 'M1 1l1 0 0 1z' },
    { code: 'DE', d: 'M10 10l1 0 0 1z' },
    { code: 'ES', d: 'M20 20l1 0 0 1z' },
    { code: 'FR', d: 'M30 30l1 0 0 1z' },
    { code: 'PL', d: 'M40 40l1 0 0 1z' },
    { code: 'US', d: 'M50 50l1 0 0 1z' },
  ],
};

const labels = {
  title: 'Where Google Analytics is illegal',
  europe: 'Europe, enlarged',
  countryStatus: '{0}: {1}',
  forbidden: 'Forbidden',
  legal: 'Legal',
  pending: 'Pending cases',
  unknown: 'Not researched',
};
const names = { DE: 'Germany', ES: 'Spain', FR: 'France', PL: 'Poland', US: 'United States' };

function render(countries: CountrySummary[]): string {
  return renderToStaticMarkup(createElement(WorldMap, { map, countries, names, labels }));
}

const html = render([
  {
    code: 'FR',
    status: 'forbidden',
    href: '/blog/france-rules-google-analytics-to-be-in-conflict-with-gdpr-ruling',
    isEnglishOnly: false,
  },
  { code: 'DE', status: 'pending', href: '/google-analytics-countries/germany', isEnglishOnly: false },
  { code: 'US', status: 'legal', href: undefined, isEnglishOnly: false },
]);

/** The path of one country, with its enclosing link when there is one. */
function shapeOf(code: string): string {
  const match = new RegExp(`(<a [^>]*>(?:<title>[^<]*</title>)?)?<path [^>]*data-code="${code}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no path for ${code}`);
  return match[0];
}

describe('WorldMap', () => {
  it('labels the svg by its title', () => {
    const id = /<title id="([^"]+)">Where Google Analytics is illegal<\/title>/.exec(html)?.[1];
    expect(id).toBeDefined();
    expect(html).toContain(`aria-labelledby="${id}"`);
    expect(html).toContain('viewBox="-1 -1 1000 437"');
  });

  it('wraps a linked country in an svg link named by country and status', () => {
    expect(shapeOf('FR')).toMatch(
      /^<a href="\/blog\/france-rules-google-analytics-to-be-in-conflict-with-gdpr-ruling" aria-label="France: Forbidden">/,
    );
    expect(shapeOf('DE')).toMatch(
      /^<a href="\/google-analytics-countries\/germany" aria-label="Germany: Pending cases">/,
    );
  });

  it('gives each path the class of its status', () => {
    expect(shapeOf('FR')).toContain('class="status-forbidden"');
    expect(shapeOf('DE')).toContain('class="status-pending"');
    expect(shapeOf('US')).toContain('class="status-legal"');
  });

  it('leaves a country without a link as a bare path', () => {
    expect(shapeOf('US')).toMatch(/^<path /);
  });

  it('marks countries missing from the list as not researched, without a link', () => {
    expect(shapeOf('PL')).toMatch(/^<path class="status-unknown"/);
    expect(shapeOf('ES')).toMatch(/^<path class="status-unknown"/);
  });

  it('draws a territory without a code as an unknown path without data-code', () => {
    expect(html).toContain('<path class="status-unknown" d="M1 1l1 0 0 1z"></path>');
  });

  it('is a group when it holds links, so the links stay in the accessibility tree', () => {
    expect(html).toMatch(/^<div class="world-map"><svg [^>]*role="group"/);
  });

  it('is an image when no country is linked', () => {
    const plain = render([{ code: 'FR', status: 'forbidden', href: undefined, isEnglishOnly: false }]);
    expect(plain).toMatch(/<svg [^>]*role="img"/);
    expect(plain).not.toContain('<a ');
  });

  it('has a legend with the four statuses in order', () => {
    const legend = /<ul class="map-legend">(.*)<\/ul>/.exec(html)?.[1] ?? '';
    const entries = [
      ...legend.matchAll(/<li><span class="map-swatch status-(\w+)" aria-hidden="true"><\/span>([^<]+)<\/li>/g),
    ];
    expect(entries.map(([, status, label]) => [status, label])).toEqual([
      ['forbidden', 'Forbidden'],
      ['legal', 'Legal'],
      ['pending', 'Pending cases'],
      ['unknown', 'Not researched'],
    ]);
  });

  it('uses no inline styles', () => {
    expect(html).not.toContain('style=');
  });

  it('adds a Europe inset around the researched European countries, out of the tab order and hidden from screen readers (issue 13)', () => {
    const europe: ProjectedWorldMap = {
      viewBox: '-1 -1 1000 437',
      countries: [
        // France with a ring in South America (French Guiana), which the inset leaves out.
        { code: 'FR', d: 'M480 100l10 0 0 10zM330 230l5 0 0 5z' },
        { code: 'AT', d: 'M540 98l10 0 0 6z' },
        { code: 'US', d: 'M200 100l50 0 0 30z' },
      ],
    };
    const markup = renderToStaticMarkup(
      createElement(WorldMap, {
        map: europe,
        countries: [
          { code: 'FR', status: 'forbidden', href: '/fr', isEnglishOnly: false },
          { code: 'AT', status: 'forbidden', href: '/at', isEnglishOnly: false },
        ],
        names,
        labels,
      }),
    );
    const inset =
      /<div class="map-inset" aria-hidden="true"><p class="map-inset-title">Europe, enlarged<\/p><svg viewBox="([^"]+)"[^>]*>(.*?)<\/svg>/.exec(
        markup,
      );
    expect(inset).not.toBeNull();
    const [left, top, width, height] = inset![1]!.split(' ').map(Number) as [number, number, number, number];
    // Both countries inside, French Guiana and the US outside.
    expect(left).toBeLessThanOrEqual(480);
    expect(left + width).toBeGreaterThanOrEqual(550);
    expect(top).toBeLessThanOrEqual(98);
    expect(top + height).toBeGreaterThanOrEqual(110);
    expect(left).toBeGreaterThan(330);
    expect(width / height).toBeGreaterThanOrEqual(4 / 3 - 0.01);
    expect(inset![2]).toContain('<a href="/at" tabindex="-1">');
    expect(inset![2]).not.toContain('aria-label');
  });
});
