import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { startFakeStrapi, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { makeArticle, makeKeyTerm, REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir, readTree } from '../helpers/files.ts';
import { attr, parseHtml, type Element, type Html } from '../helpers/html.ts';
import { INLINE_SCRIPTS } from '../../templates/browser/inline-scripts.ts';

const HOSTILE_TITLE = '"><svg onload=alert(1)> Hostile <b>title</b>';
const HOSTILE_MARKDOWN = [
  '## Heading <script>alert("h")</script>',
  '',
  'Text with <script>alert(1)</script> and <img src=x onerror=alert(2)> and <a href="javascript:alert(3)">a raw link</a>.',
  '',
  '[markdown link](javascript:alert(4)) [encoded](&#106;avascript:alert(5)) [mixed case](JaVaScRiPt:alert(6))',
  '',
  '![pixel](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoNyk+)',
  '',
  '<iframe src="https://evil.example"></iframe><svg><script>alert(8)</script></svg>',
  '',
  '<details open ontoggle=alert(9)><summary>More</summary>Hidden text</details>',
  '',
  '<p style="background:url(javascript:alert(10))">Styled paragraph</p>',
  '',
  '```html',
  '<script>alert("in code")</script>',
  '```',
].join('\n');

let server: FakeStrapi;
let outDir: string;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const temp = await makeTempDir('hostile');
  cleanup = temp.cleanup;
  outDir = path.join(temp.dir, 'out');
  server = await startFakeStrapi({
    version: 5,
    collections: {
      articles: [
        makeArticle({
          documentId: 'hostile',
          locale: 'en',
          slug: 'hostile-post',
          title: HOSTILE_TITLE,
          excerpt: '<script>alert("excerpt")</script> Excerpt',
          content: HOSTILE_MARKDOWN,
          showIndex: true,
        }),
        makeArticle({
          documentId: 'hostile',
          locale: 'de',
          slug: 'feindlicher-beitrag',
          title: 'Feindlich </script><script>alert(11)</script>',
          content: '[x]( javascript:alert(12))',
        }),
      ],
      'key-terms': [makeKeyTerm({ documentId: 'k', locale: 'en', title: '<img src=x onerror=alert(13)>' })],
    },
  });
  await build({
    siteDir: REPO_ROOT,
    outDir,
    cacheDir: path.join(temp.dir, 'cache'),
    cms: { url: server.restUrl, concurrency: 4 },
    includeDrafts: false,
    skipInvalid: false,
  });
});
afterAll(async () => {
  await server.close();
  await cleanup();
});

function insideIsland(element: Element): boolean {
  for (
    let node: Element | undefined = element;
    node && 'attrs' in node;
    node = node.parentNode as Element | undefined
  ) {
    if (attr(node, 'data-widget') !== undefined) return true;
  }
  return false;
}

/** Every way a page could run code or load a document from content: what the test looks for. */
function executable(html: Html): string[] {
  const found: string[] = [];
  for (const element of html.elements()) {
    const where = `<${element.tagName}>`;
    const ours =
      attr(element, 'type') === 'application/ld+json' ||
      (attr(element, 'src') ?? '').startsWith('/_assets/') ||
      INLINE_SCRIPTS.includes(html.raw(element));
    if (element.tagName === 'script' && !ours) found.push(`${where} script: ${html.raw(element).slice(0, 60)}`);
    if (['iframe', 'object', 'embed', 'frame', 'base'].includes(element.tagName)) found.push(`${where} element`);
    // Our forms are widgets; content cannot make one (the sanitizer allows no data-* attributes).
    if (element.tagName === 'form' && !insideIsland(element)) found.push(`${where} element outside an island`);
    for (const attribute of element.attrs) {
      if (/^on/i.test(attribute.name)) found.push(`${where} ${attribute.name}=`);
      if (
        ['href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'data'].includes(attribute.name) &&
        /^\s*(javascript|vbscript|data):/i.test(attribute.value)
      )
        found.push(`${where} ${attribute.name}=${attribute.value}`);
      if (attribute.name === 'style' && /url\(|expression/i.test(attribute.value))
        found.push(`${where} style=${attribute.value}`);
    }
  }
  return found;
}

describe('untrusted CMS content', () => {
  it('reaches no page as script, event handler or script URL', async () => {
    const files = await readTree(outDir);
    const offenders: string[] = [];
    for (const [file, bytes] of files) {
      if (!file.endsWith('.html')) continue;
      const html = parseHtml(bytes.toString());
      offenders.push(...executable(html).map((line) => `${file}: ${line}`));
    }
    expect(offenders).toEqual([]);
  });

  it('still shows the hostile text as text', async () => {
    const html = parseHtml(await readFile(path.join(outDir, 'blog', 'hostile-post.html'), 'utf8'));
    expect(html.text(html.one('h1'))).toBe(HOSTILE_TITLE);
    const text = html.text();
    const list = parseHtml(await readFile(path.join(outDir, 'blog.html'), 'utf8'));
    // Shown as text, and set as English text is (issue 27: CMS excerpts get the language's quotation marks).
    expect(list.text()).toContain('<script>alert(\u201Cexcerpt\u201D)</script> Excerpt');
    expect(text).toContain('Styled paragraph');
    expect(text).toContain('<script>alert("in code")</script>');
    expect(text).toContain('markdown link');
    expect(html.all('svg').every((svg) => attr(svg, 'class') === 'logo')).toBe(true);
  });

  it('keeps a hostile title inside JSON-LD from closing the script element', async () => {
    const source = await readFile(path.join(outDir, 'de', 'blog', 'feindlicher-beitrag.html'), 'utf8');
    const html = parseHtml(source);
    for (const script of html.all('script', (element) => attr(element, 'type') === 'application/ld+json')) {
      expect(() => JSON.parse(html.raw(script))).not.toThrow();
    }
    expect(html.text(html.one('h1'))).toBe('Feindlich </script><script>alert(11)</script>');
  });
});
