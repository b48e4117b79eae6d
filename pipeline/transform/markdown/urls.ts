import type { ImageSize } from '../cover-colours.ts';
import type { MarkdownOptions } from '../markdown.ts';

/**
 * Only these URL forms survive in links and images: web, mail, and relative ones (site-relative,
 * page-relative, in-page `#…`). A relative URL has no colon before its first `/`, `?` or `#`, so no
 * other scheme (`javascript:`, `data:`, `vbscript:`, in any case) can pass.
 */
const SAFE_URL = /^(?:https?:\/\/|mailto:|[^:/?#]*(?:[/?#]|$))/i;

/** What a browser ignores in a URL attribute: tabs and newlines anywhere, C0 controls and spaces at the ends. */
const IGNORED_IN_URL = /[\t\n\r]|^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;

/** An absolute or protocol-relative web URL (browsers read `\` as `/` here): the host, then the rest. */
const WEB_URL = /^(?:https?:)?[/\\]{2}([^/\\?#]*)(.*)$/is;

export interface LinkTarget {
  href: string;
  /** A link to another site: opens in a new tab without handing over the opener or the referrer. */
  isExternal: boolean;
}

export interface UrlPolicy {
  /** The URL as a browser would read it, or undefined when it is not one of the safe forms. */
  checkUrl(url: string): string | undefined;
  /** Own-origin links become site-relative; other web links are marked external. */
  planLink(href: string): LinkTarget;
  /** The site's own copy of a mirrored image, else the URL as written. */
  mediaSrc(src: string): string;
  /** The intrinsic size of a mirrored image, when it was measured. */
  mediaSize(src: string): ImageSize | undefined;
  /** A media file the build could not have (missing from the library, not an image). */
  isUnavailable(src: string): boolean;
}

export function createUrlPolicy(options: MarkdownOptions): UrlPolicy {
  // The host only: other hosts of the same company (the app on the bare domain) stay external.
  const ownHost = new URL(options.baseUrl).host.toLowerCase();
  return {
    checkUrl(url) {
      const cleaned = url.replace(IGNORED_IN_URL, '');
      return SAFE_URL.test(cleaned) ? cleaned : undefined;
    },
    planLink(href) {
      const match = WEB_URL.exec(href);
      if (!match) return { href, isExternal: false };
      const [, host = '', rest = ''] = match;
      const relative = /^[/\\]/.test(rest) ? rest : `/${rest}`;
      // `https://own//evil.example` must not become the protocol-relative `//evil.example`.
      if (host.toLowerCase() !== ownHost || WEB_URL.test(relative)) return { href, isExternal: true };
      return { href: relative, isExternal: false };
    },
    mediaSrc(src) {
      const file = options.media.get(src);
      return file ? `/${file.outputPath}` : src;
    },
    mediaSize: (src) => options.imageSizes?.get(src),
    isUnavailable: (src) => options.unavailableMedia?.has(src) === true,
  };
}
