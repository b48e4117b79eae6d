import type { Cover } from '../../pipeline/transform/covers.ts';

/**
 * An article body without a picture of its own cover: editors often repeat the cover in the text, and
 * the page already shows it above the body. The HTML is the Markdown renderer's own (a figure or a
 * paragraph holding just the image), so the match is on its exact shape.
 */
export function withoutCover(html: string, cover: Cover | undefined): string {
  if (!cover) return html;
  const sources = new Set(
    [cover.original, cover.small, cover.medium, cover.large].flatMap((image) => (image ? [image.src] : [])),
  );
  return html.replace(
    /<(figure|p)><img src="([^"]+)"[^>]*>(?:<figcaption>[\s\S]*?<\/figcaption>\s*)?<\/\1>\n?/g,
    (block, _tag, src: string) => (sources.has(src) ? '' : block),
  );
}
