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

const ALLOWED_ATTRIBUTES: Record<string, sanitizeHtml.AllowedAttribute[]> = {
  ...Object.fromEntries(HEADINGS.map((heading) => [heading, ['id']])),
  a: ['href', 'title', 'id', 'class', 'aria-label', { name: 'target', values: ['_blank'] }, { name: 'rel', multiple: true, values: ['noopener', 'noreferrer'] }],
  img: ['src', 'alt', 'title', 'width', 'height', { name: 'loading', values: ['lazy'] }, { name: 'decoding', values: ['async'] }],
  ol: ['start'],
  li: ['id'],
  th: ['class'],
  td: ['class'],
  code: ['class'],
  span: ['class'],
  blockquote: ['class'],
  p: ['class'],
  section: ['class', 'aria-label'],
  nav: ['class', 'aria-label'],
  aside: ['class'],
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

/** The last step of every render: an allowlist, so safety does not rest on the Markdown rules alone. */
export function sanitizeRenderedHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

export const SANITIZER_ALLOWLIST = { tags: ALLOWED_TAGS, attributes: ALLOWED_ATTRIBUTES, classes: ALLOWED_CLASSES } as const;
