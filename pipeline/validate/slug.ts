/**
 * What a CMS slug may be (issue 11): everything a Strapi UID field holds (`A-Z a-z 0-9 - _ . ~`) and, for
 * fields with a custom pattern, Unicode letters, digits and combining marks (`café`, `привет`). Never
 * `.` or `..` (a dot segment), and never a character that means something else in a URL path or a file
 * name (`/`, `\`, `%`, `?`, `#`, whitespace, control characters). Slugs are kept exactly as written: the
 * URL path percent-encodes what needs it (urlFor), the output file name is the slug itself.
 */
const SLUG = /^[\p{L}\p{N}\p{M}_.~-]+$/u;
const UNSAFE = /[/\\%?#\s\p{Cc}\p{Cf}]/u;

/** Why a slug cannot be used in a URL path, or undefined when it can. */
export function slugProblem(slug: string): string | undefined {
  if (slug === '') return 'must not be empty';
  if (slug === '.' || slug === '..') return `"${slug}" is a dot segment, not a slug`;
  const unsafe = UNSAFE.exec(slug);
  if (unsafe)
    return `${describeCharacter(unsafe[0])} is not allowed in a slug (it is unsafe in a URL path): use letters, digits and "-", "_", ".", "~"`;
  const other = [...slug].find((character) => !SLUG.test(character));
  if (other !== undefined)
    return `${describeCharacter(other)} is not allowed in a slug: use letters, digits and "-", "_", ".", "~"`;
  // Every host removes ".html" from a request (308 to the path without it): such a page could not be reached.
  if (/\.html$/i.test(slug))
    return 'must not end in ".html" (hosts redirect URLs ending in ".html" to the URL without it, so the page could not be reached)';
  return undefined;
}

/** The form two slugs clash in (case-insensitive file systems and hosts, Unicode normalisation): lowercase NFC. */
export function slugClashKey(text: string): string {
  return text.normalize('NFC').toLowerCase();
}

function describeCharacter(character: string): string {
  const code = `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  return /^[\x21-\x7e]$/.test(character)
    ? `"${character}"`
    : /\s/u.test(character)
      ? `whitespace (${code})`
      : `the character ${code}`;
}
