import type { Feed } from '../emit/format-feeds.ts';
import { LOCALES } from '../locale.ts';
import { formatMessage } from '../site/messages.ts';
import type { Site } from '../site/site.ts';
import type { Content } from '../transform/transform-content.ts';
import { feedPathFor, urlFor } from './url-path.ts';

/**
 * The blog's Atom feed per locale: the posts that have a published version in that locale, with their
 * full content. Fallbacks (English shown elsewhere) and drafts stay out. Pure.
 */
export function planFeeds({ content, site }: { content: Content; site: Site }): Feed[] {
  return LOCALES.map((locale) => {
    const t = (key: string, ...args: string[]) => formatMessage(site.messages[locale], key, ...args);
    const entries = content.blogPosts.flatMap((family) => {
      const version = family.versions[locale];
      if (!version || version.isDraft || !version.publishedAt) return [];
      const url = `${site.config.baseUrl}${urlFor(site.routes, { route: 'blog-slug', locale, params: { slug: version.slug } })}`;
      return [{ id: url, url, title: version.title, summary: version.excerpt, html: version.html, published: version.publishedAt, updated: version.updatedAt, author: version.author?.name }];
    });
    return {
      locale,
      title: t('page.blog.title', site.config.product),
      subtitle: t('page.blog.description'),
      blogUrlPath: urlFor(site.routes, { route: 'blog', locale }),
      feedPath: feedPathFor(locale).slice(1),
      entries,
    };
  });
}
