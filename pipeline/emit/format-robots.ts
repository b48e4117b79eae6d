import type { OutputFile } from './output-file.ts';

/** `robots.txt`: everything may be crawled, and the sitemap is at `<baseUrl>/sitemap.xml`. Pure. */
export function formatRobots(options: { baseUrl: string }): OutputFile {
  const origin = options.baseUrl.replace(/\/+$/, '');
  return { path: 'robots.txt', contents: `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n` };
}
