import { readCookie, writeCookie } from './cookies.ts';
import { isDark } from './theme.ts';

/** Small touches that need the browser: the 404 path, the locale cookie, parameters on sign-up links. */
export function startPageDetails(): void {
  for (const slot of document.querySelectorAll<HTMLElement>('[data-fill="path"]')) slot.textContent = location.pathname;

  // Choosing a language remembers it for the root redirect (spec: cookie `locale`, 365 days).
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[data-locale]');
    if (link instanceof HTMLAnchorElement && link.dataset.locale) writeCookie('locale', link.dataset.locale, 365);
  });

  const referral = new URL(location.href).searchParams.get('referral');
  if (referral && /^[a-z0-9-]{1,64}$/i.test(referral)) writeCookie('affiliate', referral, 30);
  decorateAccountLinks();
  document.addEventListener('sitegen:currency', decorateAccountLinks);
  document.addEventListener('sitegen:theme', decorateAccountLinks);
}

/**
 * Sign-up, login and buy links carry theme=dark in dark mode; sign-up also the chosen currency, sign-up
 * and buy links the affiliate slug (a buy link names its own currency).
 */
export function decorateAccountLinks(): void {
  const currency = readCookie('currency');
  const affiliate = readCookie('affiliate');
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-carry-theme]')) {
    const url = new URL(link.href);
    if (isDark()) url.searchParams.set('theme', 'dark');
    else url.searchParams.delete('theme');
    if (link.hasAttribute('data-carry-currency') && currency) url.searchParams.set('currency', currency);
    if ((link.hasAttribute('data-carry-currency') || link.hasAttribute('data-carry-affiliate')) && affiliate)
      url.searchParams.set('affiliate', affiliate);
    link.href = url.href;
  }
}
