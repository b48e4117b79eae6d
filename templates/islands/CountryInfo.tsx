import { useEffect, useState } from 'react';

export interface CountryInfoProps {
  hint: string;
  readMore: string;
  statusLabels: Record<'forbidden' | 'legal' | 'pending' | 'unknown', string>;
  /** Every country on the map: its name, and status and page where researched. */
  countries: Record<string, { name: string; status?: 'forbidden' | 'legal' | 'pending'; href?: string }>;
}

/**
 * The panel under the world map: clicking a country, or pressing Enter on a linked one, shows its name,
 * status and page here instead of leaving at once. The map itself stays plain server markup.
 */
export function CountryInfo({ hint, readMore, statusLabels, countries }: CountryInfoProps) {
  const [code, setCode] = useState<string | null>(null);
  useEffect(() => {
    const map = document.querySelector<SVGElement>('.world-map svg');
    if (!map) return;
    const choose = (event: Event) => {
      const path = (event.target as Element | null)?.closest('[data-code]') ?? (event.target as Element | null)?.closest('a')?.querySelector('[data-code]');
      const found = path?.getAttribute('data-code');
      if (!found || !countries[found]) return;
      event.preventDefault();
      setCode(found);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter') choose(event);
    };
    map.addEventListener('click', choose);
    map.addEventListener('keydown', onKey);
    return () => {
      map.removeEventListener('click', choose);
      map.removeEventListener('keydown', onKey);
    };
  }, [countries]);
  const country = code ? countries[code] : undefined;
  return (
    <div className="country-info card" aria-live="polite">
      {country ? (
        <p>
          <strong>{country.name}</strong>
          {' · '}
          {statusLabels[country.status ?? 'unknown']}
          {country.href ? (
            <>
              {' · '}
              <a href={country.href}>{readMore}</a>
            </>
          ) : null}
        </p>
      ) : (
        <p>{hint}</p>
      )}
    </div>
  );
}
