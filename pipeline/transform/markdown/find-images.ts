// Kept apart from markdown.ts so that finding an entry's images does not load the Markdown renderer.

/** Image URLs in Markdown that the site should mirror (uploads on the CMS or in the snapshot). */
export function findMarkdownImages(markdown: string): string[] {
  // Most bodies have no image: one scan for `![` saves the pattern's work on them.
  if (!markdown.includes('![')) return [];
  return [...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)>?/g)]
    .map((match) => match[1]!)
    .filter((url) => /^\/uploads\/|^https?:\/\/[^/]+\/uploads\//.test(url));
}
