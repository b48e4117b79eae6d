import { describe, expect, it } from 'vitest';
import {
  formatFeeds,
  type Feed,
  type FeedEntry,
  type FormatFeedsOptions,
} from '../../../pipeline/emit/format-feeds.ts';
import { formatRobots } from '../../../pipeline/emit/format-robots.ts';
import { formatSitemapFiles, sitemapElements } from '../../../pipeline/emit/format-sitemap.ts';
import type { OutputFile } from '../../../pipeline/emit/output-file.ts';
import type { Locale } from '../../../pipeline/locale.ts';
import type { PagePlan } from '../../../pipeline/plan/page-plan.ts';

const BASE_URL = 'https://www.example.com';
const formatSitemaps = (pages: PagePlan[], options: Parameters<typeof formatSitemapFiles>[1]) =>
  formatSitemapFiles(sitemapElements(pages), options);

/** A page in English and Dutch; `urlPath` is the English one, the Dutch one gets a `/nl` prefix. */
function makePage(overrides: Partial<PagePlan> & { urlPath: string }): PagePlan {
  const { urlPath } = overrides;
  const locale: Locale = overrides.locale ?? 'en';
  const nlPath = urlPath === '/' ? '/nl' : `/nl${urlPath}`;
  const absolute = (path: string) => `${BASE_URL}${path === '/' ? '' : path}`;
  return {
    name: `pricing___${locale}`,
    route: 'pricing',
    locale,
    outputPath: `${urlPath.slice(1) || 'index'}.html`,
    title: 'Pricing',
    description: 'What it costs',
    canonical: absolute(locale === 'nl' ? nlPath : urlPath),
    alternates: [
      { hreflang: 'en-US', locale: 'en', href: absolute(urlPath) },
      { hreflang: 'nl-NL', locale: 'nl', href: absolute(nlPath) },
      { hreflang: 'x-default', locale: undefined, href: absolute(urlPath) },
    ],
    noindex: false,
    languageLinks: [],
    lastModified: undefined,
    socialImage: { src: '/_social/0.png', title: 'Pricing', footer: 'Simple Analytics', lang: 'en-US' },
    data: { template: 'pricing' },
    ...overrides,
  };
}

function contents(file: OutputFile | undefined): string {
  if (!file || !('contents' in file) || typeof file.contents !== 'string') throw new Error('expected a text file');
  return file.contents;
}

function byPath(files: OutputFile[], path: string): string {
  return contents(files.find((file) => file.path === path));
}

/**
 * A minimal XML well-formedness check: declaration, balanced and properly nested elements, quoted
 * attributes, no raw `<` or stray `&` in text or attribute values, one root element.
 */
function assertWellFormedXml(xml: string): void {
  const token = /<\?xml[^?]*\?>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  const badAmpersand = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  const stack: string[] = [];
  let roots = 0;
  let offset = 0;
  while (offset < xml.length) {
    token.lastIndex = offset;
    const match = token.exec(xml);
    if (!match) throw new Error(`not well-formed at offset ${offset}: ${xml.slice(offset, offset + 40)}`);
    const [whole, closing, name, attributes, selfClosing, text] = match;
    if (text !== undefined) {
      if (stack.length === 0 && text.trim() !== '') throw new Error(`text outside the root: ${text}`);
      if (badAmpersand.test(text)) throw new Error(`unescaped & in text: ${text}`);
    } else if (name !== undefined) {
      if (badAmpersand.test(attributes ?? '')) throw new Error(`unescaped & in attributes of <${name}>`);
      if (closing) {
        if (stack.pop() !== name) throw new Error(`</${name}> does not close the open element`);
      } else {
        if (stack.length === 0) roots += 1;
        if (!selfClosing) stack.push(name);
      }
    }
    offset += whole.length;
  }
  if (stack.length > 0) throw new Error(`unclosed elements: ${stack.join(', ')}`);
  if (roots !== 1) throw new Error(`expected one root element, found ${roots}`);
}

describe('formatSitemaps', () => {
  it('writes one urlset with lastmod and every alternate, sorted by loc', () => {
    const pages = [
      makePage({ urlPath: '/pricing', locale: 'nl', lastModified: '2024-03-01T10:00:00.000Z' }),
      makePage({ urlPath: '/pricing' }),
    ];
    const files = formatSitemaps(pages, { baseUrl: BASE_URL });
    expect(files.map((file) => file.path)).toEqual(['sitemap.xml']);
    expect(byPath(files, 'sitemap.xml')).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
        <url>
          <loc>https://www.example.com/nl/pricing</loc>
          <lastmod>2024-03-01T10:00:00.000Z</lastmod>
          <xhtml:link rel="alternate" hreflang="en-US" href="https://www.example.com/pricing"/>
          <xhtml:link rel="alternate" hreflang="nl-NL" href="https://www.example.com/nl/pricing"/>
          <xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/pricing"/>
        </url>
        <url>
          <loc>https://www.example.com/pricing</loc>
          <xhtml:link rel="alternate" hreflang="en-US" href="https://www.example.com/pricing"/>
          <xhtml:link rel="alternate" hreflang="nl-NL" href="https://www.example.com/nl/pricing"/>
          <xhtml:link rel="alternate" hreflang="x-default" href="https://www.example.com/pricing"/>
        </url>
      </urlset>
      "
    `);
  });

  it('leaves out noindex pages, 404 pages and hreflang links to noindex pages', () => {
    const pages = [
      makePage({ urlPath: '/blog/post' }),
      makePage({ urlPath: '/blog/post', locale: 'nl', noindex: true }),
      makePage({ urlPath: '/404', canonical: undefined, alternates: [], noindex: true }),
      makePage({ urlPath: '/draft', noindex: true }),
    ];
    const xml = byPath(formatSitemaps(pages, { baseUrl: BASE_URL }), 'sitemap.xml');
    expect(xml.match(/<loc>/g)).toHaveLength(1);
    expect(xml).toContain('<loc>https://www.example.com/blog/post</loc>');
    expect(xml).not.toContain('/404');
    expect(xml).not.toContain('/draft');
    expect(xml).not.toContain('hreflang="nl-NL"');
    expect(xml).toContain('hreflang="x-default"');
  });

  it('splits into numbered parts and a sitemap index above maxUrlsPerFile', () => {
    const pages = [
      makePage({ urlPath: '/a', lastModified: '2024-01-02T00:00:00.000Z' }),
      makePage({ urlPath: '/b', lastModified: '2024-05-06T00:00:00.000Z' }),
      makePage({ urlPath: '/c' }),
    ].flatMap((page) => [page, { ...page, locale: 'nl' as const, canonical: page.alternates[1]!.href }]);
    const files = formatSitemaps(pages, { baseUrl: BASE_URL, maxUrlsPerFile: 2 });
    expect(files.map((file) => file.path)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    expect(byPath(files, 'sitemap.xml')).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sitemap>
          <loc>https://www.example.com/sitemap-1.xml</loc>
          <lastmod>2024-05-06T00:00:00.000Z</lastmod>
        </sitemap>
        <sitemap>
          <loc>https://www.example.com/sitemap-2.xml</loc>
          <lastmod>2024-01-02T00:00:00.000Z</lastmod>
        </sitemap>
        <sitemap>
          <loc>https://www.example.com/sitemap-3.xml</loc>
          <lastmod>2024-05-06T00:00:00.000Z</lastmod>
        </sitemap>
      </sitemapindex>
      "
    `);
    // Sorted by loc: /a, /b, /c, then /nl/a, /nl/b, /nl/c.
    expect(byPath(files, 'sitemap-2.xml').match(/<loc>[^<]*<\/loc>/g)).toEqual([
      '<loc>https://www.example.com/c</loc>',
      '<loc>https://www.example.com/nl/a</loc>',
    ]);
    for (const file of files) assertWellFormedXml(contents(file));
    expect(
      formatSitemaps(pages.slice(0, 2), { baseUrl: BASE_URL, maxUrlsPerFile: 2 }).map((file) => file.path),
    ).toEqual(['sitemap.xml']);
  });

  it('splits a part that would exceed the byte limit', () => {
    const pages = ['/a', '/b', '/c'].map((urlPath) => makePage({ urlPath }));
    const one = byPath(formatSitemaps(pages.slice(0, 1), { baseUrl: BASE_URL }), 'sitemap.xml');
    const files = formatSitemaps(pages, { baseUrl: BASE_URL, maxBytesPerFile: Buffer.byteLength(one) + 10 });
    expect(files.map((file) => file.path)).toEqual(['sitemap.xml', 'sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    for (const file of files.slice(1))
      expect(Buffer.byteLength(contents(file))).toBeLessThanOrEqual(Buffer.byteLength(one) + 10);
  });

  it('writes an empty urlset when no page is indexable', () => {
    const xml = byPath(
      formatSitemaps([makePage({ urlPath: '/404', canonical: undefined, noindex: true })], { baseUrl: BASE_URL }),
      'sitemap.xml',
    );
    expect(xml).toContain('<urlset');
    expect(xml).not.toContain('<url>');
    assertWellFormedXml(xml);
  });

  it('escapes XML special characters and drops characters XML forbids', () => {
    const page = makePage({ urlPath: '/search?q=a&b="c"<d>', lastModified: "2024-01-01T00:00:00Z'" });
    const xml = byPath(
      formatSitemaps([{ ...page, canonical: `${page.canonical!}\u0001` }], { baseUrl: BASE_URL }),
      'sitemap.xml',
    );
    expect(xml).toContain('<loc>https://www.example.com/search?q=a&amp;b=&quot;c&quot;&lt;d&gt;</loc>');
    expect(xml).toContain('<lastmod>2024-01-01T00:00:00Z&apos;</lastmod>');
    expect(xml).toContain('href="https://www.example.com/nl/search?q=a&amp;b=&quot;c&quot;&lt;d&gt;"');
    expect(xml).not.toContain('\u0001');
    assertWellFormedXml(xml);
  });
});

describe('formatRobots', () => {
  it('allows everything and points at the sitemap', () => {
    expect(formatRobots({ baseUrl: BASE_URL })).toMatchInlineSnapshot(`
      {
        "contents": "User-agent: *
      Allow: /

      Sitemap: https://www.example.com/sitemap.xml
      ",
        "path": "robots.txt",
      }
    `);
  });
});

function makeEntry(overrides: Partial<FeedEntry> = {}): FeedEntry {
  return {
    id: `${BASE_URL}/blog/hello`,
    url: '/blog/hello',
    title: 'Hello',
    summary: 'A first post',
    html: '<p>Hi</p>\n',
    published: '2024-01-10T09:00:00.000Z',
    updated: '2024-01-11T09:00:00.000Z',
    author: 'Adriaan',
    ...overrides,
  };
}

function makeFeeds(feeds: Array<Partial<Feed>>): FormatFeedsOptions {
  return {
    baseUrl: BASE_URL,
    product: 'Simple Analytics',
    locales: [
      { code: 'en', iso: 'en-US' },
      { code: 'nl', iso: 'nl-NL' },
    ],
    feeds: feeds.map((feed) => ({
      locale: 'en',
      title: 'Blog of Simple Analytics',
      subtitle: 'Privacy-first analytics',
      blogUrlPath: '/blog',
      feedPath: 'feed.xml',
      entries: [],
      ...feed,
    })),
  };
}

describe('formatFeeds', () => {
  it('writes an Atom feed per locale, entries newest first', () => {
    const older = makeEntry();
    const newer = makeEntry({
      id: `${BASE_URL}/nl/blog/tweede`,
      url: '/nl/blog/tweede',
      title: 'Tweede',
      summary: '',
      html: '<p><a href="/nl/prijzen">Prijzen</a></p>\n',
      published: '2024-02-01T08:00:00.000Z',
      updated: '2024-02-01T08:00:00.000Z',
      author: undefined,
    });
    const files = formatFeeds(
      makeFeeds([
        {
          locale: 'nl',
          blogUrlPath: '/nl/blog',
          feedPath: 'nl/feed.xml',
          title: 'Blog van Simple Analytics',
          entries: [older, newer],
        },
        {},
      ]),
    );
    expect(files.map((file) => file.path)).toEqual(['feed.xml', 'nl/feed.xml']);
    expect(byPath(files, 'nl/feed.xml')).toMatchInlineSnapshot(`
      "<?xml version="1.0" encoding="UTF-8"?>
      <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="nl-NL">
        <id>https://www.example.com/nl/blog</id>
        <title>Blog van Simple Analytics</title>
        <subtitle>Privacy-first analytics</subtitle>
        <link rel="self" type="application/atom+xml" href="https://www.example.com/nl/feed.xml"/>
        <link rel="alternate" type="text/html" href="https://www.example.com/nl/blog"/>
        <updated>2024-02-01T08:00:00.000Z</updated>
        <author>
          <name>Simple Analytics</name>
        </author>
        <entry>
          <id>https://www.example.com/nl/blog/tweede</id>
          <title>Tweede</title>
          <link rel="alternate" type="text/html" href="https://www.example.com/nl/blog/tweede"/>
          <published>2024-02-01T08:00:00.000Z</published>
          <updated>2024-02-01T08:00:00.000Z</updated>
          <content type="html">&lt;p&gt;&lt;a href=&quot;https://www.example.com/nl/prijzen&quot;&gt;Prijzen&lt;/a&gt;&lt;/p&gt;</content>
        </entry>
        <entry>
          <id>https://www.example.com/blog/hello</id>
          <title>Hello</title>
          <link rel="alternate" type="text/html" href="https://www.example.com/blog/hello"/>
          <published>2024-01-10T09:00:00.000Z</published>
          <updated>2024-01-11T09:00:00.000Z</updated>
          <author>
            <name>Adriaan</name>
          </author>
          <summary>A first post</summary>
          <content type="html">&lt;p&gt;Hi&lt;/p&gt;</content>
        </entry>
      </feed>
      "
    `);
    for (const file of files) assertWellFormedXml(contents(file));
  });

  it('writes every date in RFC 3339, converting other forms to UTC', () => {
    const entry = makeEntry({ published: 'Wed, 10 Jan 2024 09:00:00 GMT', updated: '2024-01-11T10:00:00+01:00' });
    const xml = byPath(formatFeeds(makeFeeds([{ entries: [entry] }])), 'feed.xml');
    const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
    const dates = [...xml.matchAll(/<(published|updated)>([^<]*)</g)].map((match) => match[2]!);
    expect(dates).toHaveLength(3);
    for (const date of dates) expect(date).toMatch(rfc3339);
    expect(xml).toContain('<published>2024-01-10T09:00:00.000Z</published>');
    expect(xml).toContain('<updated>2024-01-11T09:00:00.000Z</updated>');
  });

  it('takes the feed updated from the newest entry update, not the clock, and stays byte-identical', () => {
    const entries = [
      makeEntry({
        id: `${BASE_URL}/blog/new`,
        published: '2024-03-01T00:00:00.000Z',
        updated: '2024-03-01T00:00:00.000Z',
      }),
      makeEntry({
        id: `${BASE_URL}/blog/old`,
        published: '2023-01-01T00:00:00.000Z',
        updated: '2024-06-30T12:00:00.000Z',
      }),
    ];
    const first = byPath(formatFeeds(makeFeeds([{ entries }])), 'feed.xml');
    expect(first.match(/^ {2}<updated>([^<]*)</m)?.[1]).toBe('2024-06-30T12:00:00.000Z');
    expect(byPath(formatFeeds(makeFeeds([{ entries: [...entries].reverse() }])), 'feed.xml')).toBe(first);
  });

  it('gives an empty feed a fixed updated date', () => {
    const xml = byPath(formatFeeds(makeFeeds([{}])), 'feed.xml');
    expect(xml).toContain('<updated>1970-01-01T00:00:00.000Z</updated>');
    assertWellFormedXml(xml);
  });

  it('makes relative links and images in the content absolute', () => {
    const html =
      '<p><a href="/pricing">p</a> <img src="/media/a.png" alt=""> <a href="#intro">i</a> <a href="../glossary">g</a> <a href="https://other.org/x">o</a> <img src="//cdn.example.org/b.png"></p>';
    const xml = byPath(formatFeeds(makeFeeds([{ entries: [makeEntry({ html })] }])), 'feed.xml');
    const content = xml.match(/<content type="html">([^<]*)<\/content>/)![1]!;
    expect(content).toBe(
      '&lt;p&gt;&lt;a href=&quot;https://www.example.com/pricing&quot;&gt;p&lt;/a&gt; &lt;img src=&quot;https://www.example.com/media/a.png&quot; alt=&quot;&quot;&gt; ' +
        '&lt;a href=&quot;https://www.example.com/blog/hello#intro&quot;&gt;i&lt;/a&gt; &lt;a href=&quot;https://www.example.com/glossary&quot;&gt;g&lt;/a&gt; ' +
        '&lt;a href=&quot;https://other.org/x&quot;&gt;o&lt;/a&gt; &lt;img src=&quot;//cdn.example.org/b.png&quot;&gt;&lt;/p&gt;',
    );
  });

  it('escapes XML special characters in every text', () => {
    const entry = makeEntry({
      title: 'Q&A <live>',
      summary: '"Fast" & \'free\'',
      author: 'Ad & Iris',
      html: '<p>a &amp; b</p>',
    });
    const xml = byPath(
      formatFeeds(makeFeeds([{ title: 'Tips & <tricks>', subtitle: 'x < y', entries: [entry] }])),
      'feed.xml',
    );
    expect(xml).toContain('<title>Tips &amp; &lt;tricks&gt;</title>');
    expect(xml).toContain('<subtitle>x &lt; y</subtitle>');
    expect(xml).toContain('<title>Q&amp;A &lt;live&gt;</title>');
    expect(xml).toContain('<summary>&quot;Fast&quot; &amp; &apos;free&apos;</summary>');
    expect(xml).toContain('<name>Ad &amp; Iris</name>');
    expect(xml).toContain('<content type="html">&lt;p&gt;a &amp;amp; b&lt;/p&gt;</content>');
    assertWellFormedXml(xml);
  });

  it('throws CONTENT_INVALID on a date that does not parse', () => {
    expect(() => formatFeeds(makeFeeds([{ entries: [makeEntry({ updated: 'soon' })] }]))).toThrow(
      expect.objectContaining({ code: 'CONTENT_INVALID' }),
    );
  });
});
