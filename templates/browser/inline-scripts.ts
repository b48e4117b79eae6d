/**
 * The only inline scripts sitegen writes. They are inline because they must run before first paint
 * (theme) or before anything loads (root language redirect); the security headers allow exactly
 * these by their SHA-256 hashes, so changing a byte here changes the Content-Security-Policy.
 */

/** Applies a theme the visitor chose earlier (cookie `theme`) before first paint; without the cookie CSS follows the system. */
export const THEME_SCRIPT =
  '(function(){var m=document.cookie.match(/(?:^|; )theme=(dark|light)(?:;|$)/);if(m)document.documentElement.classList.add(m[1])})()';

/**
 * On `/` only: the language from the `locale` cookie, else the browser's first language, else English
 * (stay). Other pages never redirect by language.
 */
export const ROOT_LANGUAGE_SCRIPT =
  "(function(){if(location.pathname!=='/')return;var s=['nl','de','es','fr','it'],m=document.cookie.match(/(?:^|; )locale=([a-z]{2})(?:;|$)/),c=m?m[1]:((navigator.languages&&navigator.languages[0])||navigator.language||'').slice(0,2).toLowerCase();if(s.indexOf(c)>=0)location.replace('/'+c+location.search+location.hash)})()";

/** Every inline script, for the Content-Security-Policy hashes. */
export const INLINE_SCRIPTS: readonly string[] = [THEME_SCRIPT, ROOT_LANGUAGE_SCRIPT];
