import { isSitegenError, type ErrorCode } from '../errors.ts';
import { formatMessage } from '../site/messages.ts';
import type { Site } from '../site/site.ts';
import type { PreviewProblem } from './live-events.ts';
import { PROJECT_ROOT_URL } from '../project-root.ts';

/** The spec's message for a blog that cannot be reached (site-spec §8), the site string `blog.could_not_connect`. */
const CMS_UNREACHABLE_TITLE = "Couldn't connect to our blog.";

const TITLES: Partial<Record<ErrorCode, string>> = {
  CONTENT_INVALID: 'Some entries are not valid',
  SNAPSHOT_INVALID: 'The embedded content cannot be read',
  SITE_CONFIG_INVALID: 'A site file is not valid',
  REDIRECTS_INVALID: 'The redirects are not valid',
  RENDER_FAILED: 'A template failed',
  OUTPUT_PATH_CLASH: 'Two pages want the same URL',
  MEDIA_UNAVAILABLE: 'A media file is missing',
  OUTPUT_WRITE_FAILED: 'The preview could not be written',
};

/**
 * What the overlay says about an error of a rebuild or a CMS refresh, with paths in the site and the code shortened
 * (`templates/…`); a non-SitegenError is a bug: its stack is shown. `messages` titles a CMS problem in each language.
 */
export function describeProblem(
  error: unknown,
  siteDir: string,
  messages: Site['messages'] | undefined,
): PreviewProblem {
  const roots = [siteDir, PROJECT_ROOT_URL.pathname];
  const shorten = (text: string) =>
    roots.reduce((result, root) => result.split(`${root.replace(/\/+$/, '')}/`).join(''), text);
  if (!isSitegenError(error)) {
    const stack = (error as Error | undefined)?.stack ?? String(error);
    return {
      code: 'BUG',
      title: 'sitegen failed',
      message: shorten(stack),
      hint: 'this is a bug in sitegen, not in your content; please report it with this message',
    };
  }
  const isCms = error.code.startsWith('CMS_');
  const cmsMessages = isCms ? messages : undefined;
  return {
    code: error.code,
    title: isCms ? CMS_UNREACHABLE_TITLE : (TITLES[error.code] ?? 'The preview could not be rebuilt'),
    localizedTitles:
      cmsMessages &&
      Object.fromEntries(
        Object.entries(cmsMessages).map(([locale, texts]) => [locale, formatMessage(texts, 'blog.could_not_connect')]),
      ),
    message: shorten(error.message),
    hint: isCms
      ? `${error.hint ?? 'check the CMS'}; the preview keeps showing the content it last fetched`
      : error.hint,
  };
}
