import { describe, expect, it } from 'vitest';
import { reuseSitemap } from '../../../pipeline/cache/sitemap-reuse.ts';
import { formatSitemapFiles, urlElementOf, type UrlElement } from '../../../pipeline/emit/format-sitemap.ts';
import type { OutputEntries } from '../../../pipeline/emit/write-output.ts';

const baseUrl = 'https://example.com';
const lines = (slug: string) =>
  `    <xhtml:link rel="alternate" hreflang="en" href="${baseUrl}/blog/${slug}"/>\n    <xhtml:link rel="alternate" hreflang="nl" href="${baseUrl}/nl/blog/${slug}"/>\n`;
const elements = (): UrlElement[] => [
  urlElementOf(`${baseUrl}/blog/one`, '2026-01-01', lines('one')),
  urlElementOf(`${baseUrl}/nl/blog/one`, '2026-01-01', lines('one')),
  urlElementOf(`${baseUrl}/blog/two`, undefined, lines('two')),
];
const recorded = (result: ReturnType<typeof reuseSitemap>): OutputEntries =>
  new Map([...result.hashes].map(([file, hash]) => [file, { hash, bytes: 1 }]));

describe('sitemap reuse', () => {
  const first = reuseSitemap(elements(), { baseUrl, engine: 'e1', previous: undefined });

  it('formats the sitemap as formatSitemapFiles does, and names its key for the writer', () => {
    expect(first.files).toEqual(formatSitemapFiles(elements(), { baseUrl }));
    expect([...first.hashes.keys()]).toEqual(['sitemap.xml']);
  });

  it('keeps the file when the output holds the same key', () => {
    expect(reuseSitemap(elements(), { baseUrl, engine: 'e1', previous: recorded(first) }).files).toEqual([
      { path: 'sitemap.xml', kept: true },
    ]);
  });

  it('formats it again when a location, a date, the hreflang lines, the pipeline or the base URL change', () => {
    const again = (changed: UrlElement[], engine = 'e1', base = baseUrl) =>
      reuseSitemap(changed, { baseUrl: base, engine, previous: recorded(first) }).files[0]!;
    const [one, nlOne, two] = elements();
    expect(again([one!, nlOne!, urlElementOf(`${baseUrl}/blog/three`, undefined, lines('two'))])).toHaveProperty(
      'contents',
    );
    expect(again([one!, nlOne!, urlElementOf(two!.loc, '2026-02-01', two!.alternates)])).toHaveProperty('contents');
    expect(again([one!, urlElementOf(nlOne!.loc, nlOne!.lastModified, lines('one-renamed')), two!])).toHaveProperty(
      'contents',
    );
    expect(again(elements(), 'e2')).toHaveProperty('contents');
    expect(again(elements(), 'e1', 'https://example.org')).toHaveProperty('contents');
  });

  it('tells hreflang lines apart however they are shared among the elements', () => {
    // The same lines, split differently between two elements: another sitemap, another key.
    const a = reuseSitemap(
      [urlElementOf(`${baseUrl}/a`, undefined, 'x\ny\n'), urlElementOf(`${baseUrl}/b`, undefined, 'z\n')],
      { baseUrl, engine: 'e1', previous: undefined },
    );
    const b = reuseSitemap(
      [urlElementOf(`${baseUrl}/a`, undefined, 'x\n'), urlElementOf(`${baseUrl}/b`, undefined, 'y\nz\n')],
      { baseUrl, engine: 'e1', previous: undefined },
    );
    expect(a.hashes.get('sitemap.xml')).not.toBe(b.hashes.get('sitemap.xml'));
  });

  it('names no key for a sitemap split into several files (the writer hashes them)', () => {
    const many = Array.from({ length: 50_001 }, (_, index) => urlElementOf(`${baseUrl}/page-${index}`, undefined, ''));
    const split = reuseSitemap(many, { baseUrl, engine: 'e1', previous: undefined });
    expect(split.files.map((file) => file.path)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml']);
    expect(split.hashes.size).toBe(0);
  });
});
