import { readCookie, writeCookie } from '../cookies.ts';

/** EU countries (and their neighbours with the euro) pay in euro, the UK in pounds, the rest in dollars. */
const EURO_REGIONS = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE AD XK VA CH LI MC SM ME'.split(' '),
);

/** The currency a browser language's region suggests (`en-GB` → gbp, `fr-CH` → eur), if it names one. */
export function currencyForLanguage(language: string): string | undefined {
  const region = /[-_]([A-Za-z]{2})$/.exec(language)?.[1]?.toUpperCase();
  if (!region) return undefined;
  if (region === 'GB' || region === 'UK') return 'gbp';
  return EURO_REGIONS.has(region) ? 'eur' : 'usd';
}

/**
 * The pricing table: every price and buy link is in the page and CSS shows the ones the radios pick.
 * This only picks the first currency (the remembered choice, else the browser's region) and remembers
 * a new choice (cookie `currency`, which the sign-up links follow).
 */
export default function startPricing(element: HTMLElement): void {
  const radios = [...element.querySelectorAll<HTMLInputElement>('input[name="currency"]')];
  const remember = (radio: HTMLInputElement) => {
    writeCookie('currency', radio.value, 365);
    document.dispatchEvent(new Event('sitegen:currency'));
  };
  // A currency the visitor chose before this module loaded (issue 29) stays, and is remembered.
  const chosen = radios.find((radio) => radio.checked && !radio.defaultChecked);
  if (chosen) remember(chosen);
  else {
    const stored = readCookie('currency');
    const first =
      radios.find((radio) => radio.value === stored) ??
      radios.find((radio) => radio.value === currencyForLanguage(navigator.language));
    if (first) first.checked = true;
  }
  element.addEventListener('change', (event) => {
    const radio = event.target as HTMLInputElement;
    if (radio.name === 'currency') remember(radio);
  });
}
