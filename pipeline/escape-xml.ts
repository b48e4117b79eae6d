// Text and attribute values in the XML the build writes: sitemaps, feeds and the social images' SVGs.

/** Nothing to escape or drop: plain printable text (most URLs and dates), returned as it is. */
const PLAIN_XML_TEXT = /^[^\u0000-\u001F&<>"'\uD800-\uDFFF\uFFFE\uFFFF]*$/;

/**
 * Escapes text for XML content and double- or single-quoted attributes, and drops the characters XML
 * 1.0 forbids (C0 controls except tab and newlines, lone surrogates, U+FFFE/U+FFFF), which CMS text
 * sometimes carries and which would make the whole file unparseable.
 */
export function escapeXml(text: string): string {
  if (PLAIN_XML_TEXT.test(text)) return text;
  return text
    .replace(
      /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '',
    )
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
