import { formatSitemapFiles, type UrlElement } from '../emit/format-sitemap.ts';
import type { OutputFile } from '../emit/output-file.ts';
import type { OutputEntries } from '../emit/write-output.ts';
import { digestJson } from './store.ts';

/**
 * The sitemap as output files, with the key the writer records for it. A sitemap of one file (every
 * site under the protocol's 50,000 URLs and 50 MiB) is keyed by everything its XML is made from: the
 * pipeline, the base URL and each element's location, date and hreflang lines, each distinct set of
 * lines hashed once (the pages of a family share theirs). When the output holds that key, the file
 * stays as written: no 14 MB document is joined and hashed again at 10,000 records. A sitemap split
 * into several files is formatted every time (the writer hashes its contents).
 */
export function reuseSitemap(
  elements: UrlElement[],
  { baseUrl, engine, previous }: { baseUrl: string; engine: string; previous: OutputEntries | undefined },
): { files: OutputFile[]; hashes: Map<string, string> } {
  const linesId = new Map<string, number>();
  const parts = [engine, baseUrl];
  for (const element of elements) {
    let id = linesId.get(element.alternates);
    if (id === undefined) linesId.set(element.alternates, (id = linesId.size));
    parts.push(`${element.loc}\u0000${element.lastModified ?? ''}\u0000${id}`);
  }
  const key = `sitemap:${digestJson([parts, [...linesId.keys()]])}`;
  if (previous?.get(SITEMAP)?.hash === key)
    return { files: [{ path: SITEMAP, kept: true }], hashes: new Map([[SITEMAP, key]]) };
  const files = formatSitemapFiles(elements, { baseUrl });
  return { files, hashes: files.length === 1 ? new Map([[SITEMAP, key]]) : new Map() };
}

const SITEMAP = 'sitemap.xml';
