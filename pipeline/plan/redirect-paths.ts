/**
 * What a redirect's source and target may look like. Sources go verbatim into every host's format, where
 * other characters are pattern syntax (`:name`, `*`, globs), must be encoded differently (Netlify wants
 * them encoded, nginx matches them decoded) or could be read as another host (`//x`, `/\x`). So a source
 * is plain URL-path characters only, and a target is a path of the same kind or a normalised https URL.
 */

/** Plain URL characters, and percent-encoded bytes of characters outside ASCII (`caf%C3%A9`, as urlFor encodes slugs). */
const SEGMENT = /^(?:[A-Za-z0-9._~-]|%[89A-F][0-9A-F])+$/;
/** Characters an https target may hold: unreserved, sub-delims without `$` and `'`, `:`, `@`, `/`, `%XX`. */
const URL_CHARACTERS = /^[A-Za-z0-9._~!&()*+,;=:@/%-]+$/;

/** A path of plain segments, none `.` or `..`, not ending in `.html`: the common case, checked in one pass. */
const PLAIN_PATH = /^(?:\/(?!\.\.?(?:\/|$))[A-Za-z0-9._~-]+)+$/;
/** What an encoded character of a path may decode to: letters, digits and combining marks (slugProblem). */
const ENCODED_CHARACTERS = /^[\p{L}\p{N}\p{M}]+$/u;

/** Why a source cannot be used, or undefined when it is fine. */
export function sourceProblem(from: string): string | undefined {
  if (PLAIN_PATH.test(from) && !/\.html$/i.test(from)) return undefined;
  if (!from.startsWith('/')) return 'must start with "/"';
  if (from === '/') return 'is the root, which only the language detection redirects';
  if (from.endsWith('/')) return 'ends with "/" (trailing slashes are removed before the lookup; leave it off)';
  if (/\.html$/i.test(from)) return 'ends with ".html" (".html" is removed before the lookup; leave it off)';
  const segments = from.slice(1).split('/');
  if (segments.some((segment) => segment === '')) return 'has an empty segment ("//")';
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'has a "." or ".." segment';
  if (!segments.every((segment) => SEGMENT.test(segment)))
    return 'has characters other than letters, digits and "-._~" (no "%" except in encoded letters, no ":", "*", "?", "#", "\\" or spaces)';
  return encodedProblem(from);
}

/** Percent-encoded bytes must spell letters or digits in UTF-8, in uppercase hex (one form per path, as encodeURIComponent writes it). */
function encodedProblem(from: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(from);
  } catch {
    return 'has percent-encoded bytes that are not UTF-8';
  }
  const encodedOnly = [...decoded].filter((character) => character.charCodeAt(0) > 0x7f).join('');
  if (encodedOnly !== '' && !ENCODED_CHARACTERS.test(encodedOnly))
    return 'has percent-encoded characters other than letters and digits';
  return undefined;
}

/** Why a target cannot be used, or undefined: it is a site path (checked against the pages later) or an https URL. */
export function targetProblem(to: string): string | undefined {
  if (to.startsWith('/')) {
    if (to.startsWith('//') || to.includes('\\')) return 'could be read as another host ("//" or "\\" at the start)';
    return to === '/' ? undefined : sourceProblem(to);
  }
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    return 'is neither a path starting with "/" nor an absolute URL';
  }
  if (url.protocol !== 'https:') return 'is an absolute URL but not https';
  if (url.username || url.password) return 'carries credentials';
  if (url.search || url.hash || to.includes('?') || to.includes('#'))
    return "has a query or fragment (the request's query string is kept instead)";
  if (url.href !== to && url.href.replace(/\/$/, '') !== to) return `is not in normal form (${url.href})`;
  if (!URL_CHARACTERS.test(to.slice('https://'.length)))
    return 'has characters some host formats cannot carry ("$", quotes, spaces, "\\")';
  return undefined;
}
