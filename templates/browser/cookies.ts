/** Reads a cookie the site wrote (names are plain words). */
export function readCookie(name: string): string | undefined {
  const match = new RegExp(`(?:^|; )${name}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** Writes a first-party cookie: path /, SameSite=Lax, Secure whenever the page is (https or localhost). */
export function writeCookie(name: string, value: string, days: number): void {
  const secure = window.isSecureContext ? '; secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${Math.round(days * 86400)}; path=/; samesite=lax${secure}`;
}
