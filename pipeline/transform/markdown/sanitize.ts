import sanitizeHtml from 'sanitize-html';

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TABLE_ALIGNMENT = ['align-left', 'align-center', 'align-right'];

/**
 * Exactly what the Markdown renderer produces: Markdown's own tags, the raw tags authors may write,
 * and the site's additions (figures, footnotes, table of contents, calls to action, highlighted code).
 */
const ALLOWED_TAGS = [
  ...HEADINGS,
  ...['p', 'br', 'hr', 'em', 'strong', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'img'],
  ...['table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ...['figure', 'figcaption', 'sup', 'section', 'nav', 'aside', 'span', 'details', 'summary', 'mark'],
];

/** `lang` an author may put on a link or a span (raw-html.ts admits the same values): a site language, optionally with a region. */
const LANG: sanitizeHtml.AllowedAttribute = {
  name: 'lang',
  values: ['en', 'nl', 'de', 'es', 'fr', 'it', 'en-US', 'en-GB', 'nl-NL', 'de-DE', 'es-ES', 'fr-FR', 'it-IT'],
};

const ALLOWED_ATTRIBUTES: Record<string, sanitizeHtml.AllowedAttribute[]> = {
  ...Object.fromEntries(HEADINGS.map((heading) => [heading, ['id']])),
  a: [
    LANG,
    'href',
    'title',
    'id',
    'class',
    'aria-label',
    { name: 'target', values: ['_blank'] },
    { name: 'rel', multiple: true, values: ['noopener', 'noreferrer'] },
  ],
  img: [
    'src',
    'alt',
    'title',
    'width',
    'height',
    { name: 'loading', values: ['lazy'] },
    { name: 'decoding', values: ['async'] },
  ],
  ol: ['start', 'lang'],
  li: ['id'],
  th: ['class'],
  td: ['class'],
  code: ['class'],
  span: ['class', LANG],
  blockquote: ['class'],
  p: ['class'],
  section: ['class', 'aria-label'],
  nav: ['class', 'aria-label', 'lang'],
  aside: ['class', 'lang'],
};

// Every tag with a class attribute above has its classes listed here; sanitize-html keeps any class otherwise.
const ALLOWED_CLASSES: Record<string, string[]> = {
  a: ['button', 'footnote-back'],
  th: TABLE_ALIGNMENT,
  td: TABLE_ALIGNMENT,
  code: ['hljs', 'language-*'],
  span: ['hljs-*'],
  blockquote: ['warning'],
  p: ['cta-title'],
  section: ['footnotes'],
  nav: ['toc'],
  aside: ['cta'],
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: ALLOWED_ATTRIBUTES,
  allowedClasses: ALLOWED_CLASSES,
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // `//host/…` links pass the renderer's URL rule too; they can only ever be links or images here.
  allowProtocolRelative: true,
  // Anything the renderer let through by mistake is shown, as the renderer shows disallowed tags.
  disallowedTagsMode: 'escape',
  parseStyleAttributes: false,
};

/**
 * The last step of every render: an allowlist, so safety does not rest on the Markdown rules alone.
 * The renderer's own output is checked tag by tag against the allowlist (a fast scan); only HTML that
 * fails the check is rebuilt by sanitize-html, so the slow path is for the unexpected.
 */
export function sanitizeRenderedHtml(html: string): string {
  return isAllowedHtml(html) ? html : sanitizeHtml(html, OPTIONS);
}

const TAG_SET = new Set(ALLOWED_TAGS);
/** An allowed attribute with a fixed set of values (`target`, `rel`, `loading`, `decoding`), else any value. */
type AttributeRule = { values: Set<string> | undefined; multiple: boolean };
const ATTRIBUTE_RULES = new Map<string, Map<string, AttributeRule>>(
  Object.entries(ALLOWED_ATTRIBUTES).map(([tag, attributes]) => [
    tag,
    new Map<string, AttributeRule>(
      attributes.map((rule): [string, AttributeRule] =>
        typeof rule === 'string'
          ? [rule, { values: undefined, multiple: false }]
          : [rule.name, { values: new Set(rule.values), multiple: rule.multiple === true }],
      ),
    ),
  ]),
);
/** Per tag, whether a class is one ALLOWED_CLASSES lists (a name ending in `*` is a prefix). */
const CLASS_RULES = new Map(
  Object.entries(ALLOWED_CLASSES).map(([tag, classes]) => {
    const exact = new Set(classes.filter((name) => !name.endsWith('*')));
    const prefixes = classes.filter((name) => name.endsWith('*')).map((name) => name.slice(0, -1));
    return [tag, (part: string) => exact.has(part) || prefixes.some((prefix) => part.startsWith(prefix))];
  }),
);
/** Every `<` in the renderer's output starts a tag of this strict form: text is escaped, values double-quoted with no `"`, `<` or `>`. */
const TAG = /<(\/?)([a-z][a-z0-9]*)((?:\s[a-z][a-z-]*="[^"<>]*")*)\s*\/?>/y;
const ATTRIBUTE = /\s([a-z][a-z-]*)="([^"]*)"/g;
/** What a URL may start with once references are decoded: web, mail, protocol-relative, or relative (no scheme at all). */
const ALLOWED_URL = /^(?:https?:|mailto:|[^:]*$|[^:]*[/?#])/i;
/** Any character reference other than the four the renderer writes (`&#106;avascript:` takes the slow path). */
const OTHER_REFERENCE = /&(?!amp;|lt;|gt;|quot;)/;
const WRITTEN_REFERENCE = /&lt;|&gt;|&quot;|&amp;/g;
const REFERENCE_TEXT: Readonly<Record<string, string>> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };
const IGNORED_OR_BACKSLASH_IN_URL = /[\u0000-\u0020\\]/;

/** True when every tag, attribute, class and URL of `html` is one the allowlist keeps as it is. */
export function isAllowedHtml(html: string): boolean {
  for (let at = html.indexOf('<'); at !== -1;) {
    // A tag of TAG's form ends at its first `>` (no value holds one; checked below, where a text is
    // judged), so a text from `<` to there that was judged before is that tag again: a body repeats its
    // `<p>` and `<span class="hljs-keyword">`.
    const end = html.indexOf('>', at) + 1;
    if (end === 0) return false;
    const text = html.slice(at, end);
    if (!allowedTags.has(text)) {
      TAG.lastIndex = at;
      const tag = TAG.exec(html);
      if (!tag || TAG.lastIndex !== end || !isAllowedTag(tag)) return false;
      if (allowedTags.size >= ALLOWED_TAGS_KEPT) allowedTags.clear();
      allowedTags.add(text);
    }
    at = html.indexOf('<', end);
  }
  return true;
}

/** Tag texts found allowed, as they were written (up to ALLOWED_TAGS_KEPT, then forgotten all at once). */
const allowedTags = new Set<string>();
const ALLOWED_TAGS_KEPT = 4096;

/** One tag as TAG read it: its name, and each attribute, value, class and URL, on the allowlist. */
function isAllowedTag(tag: RegExpExecArray): boolean {
  const name = tag[2]!;
  if (!TAG_SET.has(name)) return false;
  if (tag[1] === '/') return tag[3] === '';
  const rules = ATTRIBUTE_RULES.get(name);
  for (const [, attribute, raw] of tag[3]!.matchAll(ATTRIBUTE)) {
    const rule = rules?.get(attribute!);
    if (!rule) return false;
    if (OTHER_REFERENCE.test(raw!)) return false;
    const value = raw!.replace(WRITTEN_REFERENCE, (reference) => REFERENCE_TEXT[reference]!);
    if (rule.values && !(rule.multiple ? value.split(' ') : [value]).every((part) => rule.values!.has(part)))
      return false;
    if (attribute === 'class' && !value.split(' ').every((part) => CLASS_RULES.get(name)?.(part))) return false;
    if (
      (attribute === 'href' || attribute === 'src') &&
      (IGNORED_OR_BACKSLASH_IN_URL.test(value) ||
        !ALLOWED_URL.test(value) ||
        (name === 'img' && /^mailto:/i.test(value)))
    )
      return false;
  }
  return true;
}

export const SANITIZER_ALLOWLIST = {
  tags: ALLOWED_TAGS,
  attributes: ALLOWED_ATTRIBUTES,
  classes: ALLOWED_CLASSES,
} as const;
