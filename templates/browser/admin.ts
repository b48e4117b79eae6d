import { readCookie, writeCookie } from './cookies.ts';

const ON = ['', 'true', 'yes', 'on'];
const OFF = ['no', 'false', 'off'];

/**
 * The admin flag: `?admin` (empty, true, yes, on) turns it on, `?admin=no|false|off` turns it off; kept
 * in a cookie. Turning it off while the parameter is in the URL reloads the page without it.
 */
export function startAdmin(): 'reloading' | 'admin' | 'visitor' {
  const url = new URL(location.href);
  const value = url.searchParams.get('admin');
  if (value !== null) {
    const normalized = value.toLowerCase();
    if (ON.includes(normalized)) writeCookie('admin', 'true', 365);
    if (OFF.includes(normalized)) {
      writeCookie('admin', 'false', 365);
      url.searchParams.delete('admin');
      location.replace(url.href);
      return 'reloading';
    }
  }
  const isAdmin = readCookie('admin') === 'true';
  document.documentElement.classList.toggle('admin', isAdmin);
  if (isAdmin)
    for (const element of document.querySelectorAll<HTMLElement>('[data-admin-only]')) element.hidden = false;
  return isAdmin ? 'admin' : 'visitor';
}
