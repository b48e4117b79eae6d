export interface CountryInfoProps {
  readMore: string;
  statusLabels: Record<'forbidden' | 'legal' | 'pending' | 'unknown', string>;
  /** Every country on the map: its name, and status and page where researched. */
  countries: Record<string, { name: string; status?: 'forbidden' | 'legal' | 'pending'; href?: string }>;
}

/**
 * The panel under the world map: clicking a country, or pressing Enter on a linked one, shows its name,
 * status and page in the panel instead of leaving at once. Without JavaScript the links navigate.
 */
export default function startCountryInfo(
  panel: HTMLElement,
  { readMore, statusLabels, countries }: CountryInfoProps,
): void {
  // The world map and its Europe inset alike.
  const map = document.querySelector<HTMLElement>('.world-map');
  if (!map) return;
  const choose = (event: Event) => {
    const target = event.target as Element | null;
    const code = (target?.closest('[data-code]') ?? target?.closest('a')?.querySelector('[data-code]'))?.getAttribute(
      'data-code',
    );
    const country = code ? countries[code] : undefined;
    if (!country) return;
    event.preventDefault();
    const line = document.createElement('p');
    const name = document.createElement('strong');
    name.textContent = country.name;
    line.append(name, ` · ${statusLabels[country.status ?? 'unknown']}`);
    if (country.href) {
      const link = document.createElement('a');
      link.href = country.href;
      link.textContent = readMore;
      line.append(' · ', link);
    }
    panel.replaceChildren(line);
  };
  map.addEventListener('click', choose);
  map.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') choose(event);
  });
}
