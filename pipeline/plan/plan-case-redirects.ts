import { slugClashKey } from '../validate/slug.ts';
import type { RedirectRule } from './redirect-rule.ts';
import { decodeUrlPath, encodeUrlPath } from './url-path.ts';

/**
 * For every page whose URL path has capitals (a CMS slug such as `HIPAA-and-mental-health`), a 308 from
 * its lowercase form to it: visitors type lowercase (issue 11). Sources that another rule already claims
 * (compared regardless of case: hand-written and localized-slug rules win) are left out. Pure.
 */
export function planCaseRedirects(pageUrlPaths: Iterable<string>, claimed: readonly RedirectRule[]): RedirectRule[] {
  // A source that does not decode is reported by checkRedirects; here it simply claims nothing.
  const taken = new Set(claimed.flatMap((rule) => clashKeyOf(rule.from)));
  const rules: RedirectRule[] = [];
  for (const urlPath of pageUrlPaths) {
    const decoded = decodeUrlPath(urlPath);
    const lower = decoded.toLowerCase();
    if (lower === decoded || taken.has(slugClashKey(decoded))) continue;
    rules.push({
      from: encodeUrlPath(lower),
      to: urlPath,
      status: 308,
      origin: 'case',
      force: false,
      label: `lowercase of ${urlPath}`,
    });
  }
  return rules;
}

function clashKeyOf(urlPath: string): string[] {
  // Without a percent sign there is nothing to decode (nor to fail).
  if (!urlPath.includes('%')) return [slugClashKey(urlPath)];
  try {
    return [slugClashKey(decodeUrlPath(urlPath))];
  } catch {
    return [];
  }
}
