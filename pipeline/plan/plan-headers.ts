import { hash } from 'node:crypto';
import type { SiteFile } from '../site/schemas.ts';

export interface Header {
  name: string;
  value: string;
}

/** The response headers of the site, host-neutral: every host format writes these and nothing else. */
export interface HeaderPolicy {
  /** On every response: pages, 404 pages, redirects, assets. */
  security: Header[];
  /** Content-hashed folders (`/_assets/`, `/_media/`): cached for a year, never revalidated. */
  immutable: { folders: string[]; cacheControl: string };
  /** On `/` (page or language redirect), whose answer depends on these request headers. */
  rootVary: string;
}

interface PlanHeadersOptions {
  config: Pick<SiteFile, 'analytics' | 'newsletter' | 'video'>;
  /** Every inline script sitegen writes, byte for byte: the policy allows exactly these by hash. */
  inlineScripts: readonly string[];
}

/** Where Simple Analytics' script sends its data (docs.simpleanalytics.com/csp): beacons and the pixel. */
const ANALYTICS_QUEUE_ORIGIN = 'https://queue.simpleanalyticscdn.com';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The one header policy: a strict Content-Security-Policy (scripts from the site, the analytics origin
 * and the hashes of sitegen's own inline scripts; no `unsafe-inline` for scripts or style elements,
 * only for the cover colours' `style` attributes), HSTS, referrer, sniffing, permissions and framing.
 * Pure.
 */
export function planHeaders({ config, inlineScripts }: PlanHeadersOptions): HeaderPolicy {
  const hashes = [...new Set(inlineScripts)].map((script) => `'sha256-${hash('sha256', script, 'base64')}'`).sort();
  const analytics = config.analytics.skip ? [] : [new URL(config.analytics.scriptUrl).origin];
  const queue = config.analytics.skip ? [] : [ANALYTICS_QUEUE_ORIGIN];
  const { poster, mp4, webm, captions } = config.video;
  const videoOrigins = [...new Set([poster, mp4, webm, captions].map((url) => new URL(url).origin))].sort();
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes, ...analytics]],
    ['style-src', ["'self'"]],
    ['style-src-elem', ["'self'"]],
    // Cover images set their average colour as an inline background while they load.
    ['style-src-attr', ["'unsafe-inline'"]],
    ['img-src', ["'self'", ...videoOrigins, ...queue]],
    ['media-src', ["'self'", ...videoOrigins]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", config.newsletter.endpoint, ...queue]],
    ['form-action', ["'self'", config.newsletter.endpoint]],
    ['frame-ancestors', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
  ];
  return {
    security: [
      {
        name: 'Content-Security-Policy',
        value: directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; '),
      },
      { name: 'Strict-Transport-Security', value: `max-age=${2 * YEAR_SECONDS}; includeSubDomains` },
      { name: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { name: 'X-Content-Type-Options', value: 'nosniff' },
      // Only features Chromium knows: an unknown one is logged as a console error on every page.
      {
        name: 'Permissions-Policy',
        value:
          'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
      },
      { name: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
    ],
    immutable: { folders: ['/_assets/', '/_media/'], cacheControl: `public, max-age=${YEAR_SECONDS}, immutable` },
    rootVary: 'Cookie, Accept-Language',
  };
}
