import MarkdownIt from 'markdown-it';
import type { MediaFiles } from '../fetch/fetch-media.ts';

export interface MarkdownOptions {
  /** The site's own origin: links to it become relative. */
  baseUrl: string;
  media: MediaFiles;
}

export interface RenderedMarkdown {
  html: string;
  headings: Array<{ level: number; id: string; text: string }>;
}

/** Only these URL forms survive in links and images: web, mail, site-relative and in-page. */
const SAFE_URL = /^(https?:\/\/|mailto:|\/(?![/\\])|#|\.{0,2}\/|[a-z0-9][a-z0-9._~-]*(\/|$))/i;

/** Media URLs that the site mirrors: site-relative uploads, or any URL the media map knows. */
function mediaSrc(src: string, media: MediaFiles): string {
  const file = media.get(src);
  return file ? `/${file.outputPath}` : src;
}

export function slugifyHeading(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9\s-]/g, '')
      .trim()
      .replace(/[\s-]+/g, '-') || 'section'
  );
}

/**
 * A Markdown renderer for untrusted CMS content: raw HTML is escaped, only safe URL schemes survive,
 * headings get ids, own-domain links become relative, external links open safely, images point at the
 * site's own copies.
 */
export function createMarkdownRenderer(options: MarkdownOptions): (markdown: string) => RenderedMarkdown {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.validateLink = (url) => SAFE_URL.test(url.trim());
  const ownOrigins = ownOriginsOf(options.baseUrl);

  return (markdown) => {
    const env: { headings: RenderedMarkdown['headings']; ids: Set<string> } = { headings: [], ids: new Set() };
    const tokens = md.parse(markdown, env);
    for (let index = 0; index < tokens.length; index += 1) {
      const token = tokens[index]!;
      if (token.type === 'heading_open') {
        const inline = tokens[index + 1];
        const text = inline?.children?.map((child) => child.content).join('') ?? '';
        let id = slugifyHeading(text);
        for (let n = 2; env.ids.has(id); n += 1) id = `${slugifyHeading(text)}-${n}`;
        env.ids.add(id);
        token.attrSet('id', id);
        env.headings.push({ level: Number(token.tag.slice(1)), id, text });
      }
      for (const child of token.children ?? []) {
        if (child.type === 'link_open') {
          const href = String(child.attrGet('href') ?? '');
          const own = ownOrigins.find((origin) => href === origin || href.startsWith(`${origin}/`) || href.startsWith(`${origin}?`) || href.startsWith(`${origin}#`));
          if (own) {
            child.attrSet('href', href.slice(own.length) || '/');
          } else if (/^https?:\/\//i.test(href)) {
            child.attrSet('target', '_blank');
            child.attrSet('rel', 'noopener noreferrer');
          }
        } else if (child.type === 'image') {
          child.attrSet('src', mediaSrc(String(child.attrGet('src') ?? ''), options.media));
          child.attrSet('loading', 'lazy');
          child.attrSet('decoding', 'async');
        }
      }
    }
    return { html: md.renderer.render(tokens, md.options, env), headings: env.headings };
  };
}

/** The site's own origin, by either scheme (other hosts of the same company, like the app, stay external). */
function ownOriginsOf(baseUrl: string): string[] {
  const { host } = new URL(baseUrl);
  return [`https://${host}`, `http://${host}`];
}

/** Image URLs in Markdown that the site should mirror (uploads on the CMS or in the snapshot). */
export function findMarkdownImages(markdown: string): string[] {
  return [...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?/g)].map((match) => match[1]!).filter((url) => /^\/uploads\/|^https?:\/\/[^/]+\/uploads\//.test(url));
}
