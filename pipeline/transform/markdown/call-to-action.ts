import { SitegenError } from '../../errors.ts';
import type { CallToAction } from '../markdown.ts';
import { escapeHtml } from './raw-html.ts';
import type { UrlPolicy } from './urls.ts';

/**
 * `<aside class="cta">` from plain-text strings. Throws SITE_CONFIG_INVALID when the button does not
 * link to an https URL.
 */
export function formatCallToAction(cta: CallToAction, urls: UrlPolicy, lang?: string): string {
  if (!isHttpsUrl(cta.href)) {
    throw new SitegenError({
      code: 'SITE_CONFIG_INVALID',
      message: `The call to action "${cta.title}" links to "${cta.href}", which is not an https URL.`,
      hint: 'Give its href a full https:// address in the locale file.',
    });
  }
  const { href } = urls.planLink(cta.href);
  return (
    `<aside class="cta"${lang ? ` lang="${escapeHtml(lang)}"` : ''}><p class="cta-title">${escapeHtml(cta.title)}</p><p>${escapeHtml(cta.text)}</p>` +
    `<a class="button" href="${escapeHtml(href)}">${escapeHtml(cta.button)}</a></aside>\n`
  );
}

function isHttpsUrl(href: string): boolean {
  return /^https:\/\/[^\s/?#]+[^\s]*$/i.test(href) && URL.canParse(href);
}
