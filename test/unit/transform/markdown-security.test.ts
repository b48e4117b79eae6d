import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer, type MarkdownInput } from '../../../pipeline/transform/markdown.ts';
import { SANITIZER_ALLOWLIST } from '../../../pipeline/transform/markdown/sanitize.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const cta = { title: 'Join them', text: 'Try it', button: 'Start', href: 'https://simpleanalytics.com/signup' };
const STRINGS: MarkdownInput['strings'] = {
  tableOfContents: 'Contents',
  footnotes: 'Notes',
  backToText: 'Back',
  ctaOne: cta,
  ctaTwo: cta,
};
const render = createMarkdownRenderer({ baseUrl: 'https://www.simpleanalytics.com', media: new Map() });
const renderHtml = (markdown: string) =>
  render({ markdown, showIndex: true, showCallToActions: true, strings: STRINGS }).html;

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const FORBIDDEN_ELEMENTS = [
  'script',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'form',
  'style',
  'base',
  'meta',
  'link',
  'input',
  'textarea',
];
/** What a browser drops before reading a URL's scheme; then the scheme must not be one that runs or embeds code. */
const DANGEROUS_URL = /^(?:javascript|vbscript|data):/i;
const IGNORED_IN_URL = /[\u0000-\u0020\u007f]/g;

interface Found {
  elements: Element[];
  text: string;
}

function walk(node: Node, found: Found): void {
  if (node.nodeName === '#text' && 'value' in node) found.text += node.value;
  if ('tagName' in node) found.elements.push(node);
  const children = 'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
  for (const child of children) walk(child, found);
}

function inspect(html: string): Found {
  const found: Found = { elements: [], text: '' };
  walk(parseFragment(html), found);
  return found;
}

/** Everything a browser would run or embed, read from the parsed tree rather than the string. */
function problemsIn(html: string): string[] {
  const problems: string[] = [];
  if (/<script/i.test(html)) problems.push('the string contains <script');
  const attributesByTag = SANITIZER_ALLOWLIST.attributes;
  for (const element of inspect(html).elements) {
    const name = element.tagName;
    if (element.namespaceURI !== HTML_NS) problems.push(`foreign element <${name}>`);
    if (FORBIDDEN_ELEMENTS.includes(name)) problems.push(`forbidden element <${name}>`);
    if (!SANITIZER_ALLOWLIST.tags.includes(name)) problems.push(`element <${name}> is not in the allowlist`);
    const allowed = (attributesByTag[name] ?? []).map((attribute) =>
      typeof attribute === 'string' ? attribute : attribute.name,
    );
    for (const { name: attribute, value } of element.attrs) {
      if (/^on/i.test(attribute)) problems.push(`event handler ${attribute} on <${name}>`);
      if (attribute === 'style') problems.push(`style on <${name}>`);
      if (!allowed.includes(attribute)) problems.push(`attribute ${attribute} is not allowed on <${name}>`);
      if ((attribute === 'href' || attribute === 'src') && DANGEROUS_URL.test(value.replace(IGNORED_IN_URL, '')))
        problems.push(`${attribute}="${value}" on <${name}>`);
      if (attribute === 'id' && !/^[a-z0-9_-]+$/.test(value)) problems.push(`unsafe id "${value}"`);
    }
  }
  return problems;
}

/** Hostile input, and text from it that the reader must still see (shown as text, not run). */
const HOSTILE: Array<{ name: string; markdown: string; visible?: string }> = [
  { name: 'a script tag', markdown: '<script>alert(1)</script>', visible: '<script>alert(1)</script>' },
  { name: 'an upper-case script tag', markdown: '<SCRIPT>alert(1)</SCRIPT>', visible: '<SCRIPT>alert(1)</SCRIPT>' },
  {
    name: 'a mixed-case script tag with a source',
    markdown: 'Hi <ScRiPt src=//evil.example/x.js></sCrIpT>',
    visible: '<ScRiPt src=//evil.example/x.js>',
  },
  { name: 'a script tag split over lines', markdown: '<script\n>alert(1)</script\n>', visible: 'alert(1)' },
  {
    name: 'a script tag inside a paragraph',
    markdown: 'Text <script>alert(1)</script> more',
    visible: 'Text <script>alert(1)</script> more',
  },
  { name: 'an image with onerror', markdown: '<img src=x onerror=alert(1)>' },
  {
    name: 'an image with onerror and no spaces',
    markdown: '<img/src=x/onerror=alert(1)>',
    visible: '<img/src=x/onerror=alert(1)>',
  },
  { name: 'a raw javascript: link', markdown: '<a href="javascript:alert(1)">click</a>', visible: 'click' },
  {
    name: 'a raw link with an encoded scheme',
    markdown: '<a href="&#x6A;avascript&#58;alert(1)">click</a>',
    visible: 'click',
  },
  {
    name: 'a raw link with a tab in the scheme',
    markdown: '<a href="java&#9;script:alert(1)">click</a>',
    visible: 'click',
  },
  {
    name: 'a raw link with leading spaces and controls',
    markdown: '<a href=" &#1; javascript:alert(1)">click</a>',
    visible: 'click',
  },
  {
    name: 'a raw link with a named colon',
    markdown: '<a href="javascript&colon;alert(1)">click</a>',
    visible: 'click',
  },
  {
    name: 'a raw link with a handler',
    markdown: '<a href="https://example.com" onclick="alert(1)">click</a>',
    visible: 'click',
  },
  { name: 'a raw vbscript: link', markdown: '<a href="vbscript:msgbox(1)">click</a>', visible: 'click' },
  {
    name: 'a raw data: link',
    markdown: '<a href="data:text/html,<script>alert(1)</script>">click</a>',
    visible: 'click',
  },
  { name: 'a Markdown javascript: link', markdown: '[x](javascript:alert(1))', visible: 'x' },
  { name: 'an upper-case Markdown javascript: link', markdown: '[x](JaVaScRiPt:alert(1))', visible: 'x' },
  { name: 'an entity-encoded Markdown javascript: link', markdown: '[x](&#106;avascript:alert(1))', visible: 'x' },
  { name: 'a Markdown javascript: link with a leading space', markdown: '[x]( javascript:alert(1))', visible: 'x' },
  { name: 'a Markdown javascript: link in angle brackets', markdown: '[x](<javascript:alert(1)>)', visible: 'x' },
  { name: 'a Markdown link with a tab in the scheme', markdown: '[x](<java\tscript:alert(1)>)', visible: 'x' },
  { name: 'a Markdown reference link to javascript:', markdown: '[x][r]\n\n[r]: javascript:alert(1)', visible: 'x' },
  { name: 'an autolink to javascript:', markdown: '<javascript:alert(1)>', visible: 'javascript:alert(1)' },
  { name: 'an autolink that closes its quote', markdown: '<https://example.com/"onmouseover="alert(1)>' },
  { name: 'a Markdown vbscript: link', markdown: '[x](vbscript:msgbox(1))', visible: 'x' },
  { name: 'a data: image', markdown: '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)' },
  { name: 'a raw data: image', markdown: '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="pic">' },
  { name: 'an svg with onload', markdown: '<svg onload=alert(1)>', visible: '<svg onload=alert(1)>' },
  { name: 'an svg with onload and no space', markdown: '<svg/onload=alert(1)>', visible: '<svg/onload=alert(1)>' },
  {
    name: 'an attribute breakout into an svg',
    markdown: '"><svg onload=alert(1)>',
    visible: '"><svg onload=alert(1)>',
  },
  {
    name: 'a quoted breakout inside an allowed tag',
    markdown: '<span title="x"><svg onload=alert(1)>">hi</span>',
    visible: 'hi',
  },
  {
    name: 'an iframe',
    markdown: '<iframe src="https://evil.example"></iframe>',
    visible: '<iframe src="https://evil.example"></iframe>',
  },
  {
    name: 'an object, embed and form',
    markdown:
      '<object data="x.swf"></object><embed src="x.swf"><form action="https://evil.example"><input name=a></form>',
    visible: '<form',
  },
  {
    name: 'style, base, meta and link tags',
    markdown:
      '<style>body{display:none}</style>\n<base href="https://evil.example/">\n<meta http-equiv="refresh" content="0;url=https://evil.example">\n<link rel="stylesheet" href="https://evil.example/x.css">',
    visible: 'body{display:none}',
  },
  {
    name: 'a style attribute with a javascript: URL',
    markdown: '<p style="background:url(javascript:alert(1))">styled</p>',
    visible: 'styled',
  },
  {
    name: 'math with an xlink:href',
    markdown: '<math><mi xlink:href="javascript:alert(1)">click</mi></math>',
    visible: 'click',
  },
  {
    name: 'details with ontoggle',
    markdown: '<details open ontoggle=alert(1)><summary>More</summary>Body</details>',
    visible: 'Body',
  },
  {
    name: 'details with ontoggle as a block',
    markdown: '<details open ontoggle=alert(1)>\n<summary>More</summary>\n\nBody\n\n</details>',
    visible: 'Body',
  },
  {
    name: 'an HTML comment hiding a script',
    markdown: '<!-- <script>alert(1)</script> -->',
    visible: '<script>alert(1)</script>',
  },
  { name: 'an HTML comment closed early', markdown: '<!--><script>alert(1)</script>-->', visible: 'alert(1)' },
  { name: 'a CDATA section', markdown: '<![CDATA[<script>alert(1)</script>]]>', visible: 'alert(1)' },
  {
    name: 'a script in a code fence',
    markdown: '```html\n<script>alert(1)</script>\n```',
    visible: '<script>alert(1)</script>',
  },
  {
    name: 'a script in a code fence without a language',
    markdown: '```\n<script>alert(1)</script>\n```',
    visible: '<script>alert(1)</script>',
  },
  {
    name: 'a script in inline code',
    markdown: 'Use `<script>alert(1)</script>` here',
    visible: '<script>alert(1)</script>',
  },
  { name: 'a fence language that tries to break out', markdown: '```js"><script>alert(1)</script>\nx\n```' },
  {
    name: 'a footnote id with quotes',
    markdown: 'Text[^a"onmouseover="alert(1)]\n\n[^a"onmouseover="alert(1)]: The note',
    visible: 'The note',
  },
  {
    name: 'a footnote note with a script',
    markdown: 'Text[^1]\n\n[^1]: <script>alert(1)</script>',
    visible: '<script>alert(1)</script>',
  },
  {
    name: 'a heading with a script',
    markdown: '## Hello <script>alert(1)</script>',
    visible: 'Hello <script>alert(1)</script>',
  },
  {
    name: 'a warning with a script',
    markdown: '>> Careful <script>alert(1)</script>',
    visible: 'Careful <script>alert(1)</script>',
  },
  {
    name: 'a caption with a script',
    markdown: '![x](/x.png)\n<script>alert(1)</script>',
    visible: '<script>alert(1)</script>',
  },
  { name: 'a table cell with a handler', markdown: '| a |\n| - |\n| <img src=x onerror=alert(1)> |' },
  {
    name: 'placeholders next to a script',
    markdown: '{{tableofcontents}}\n\n## A <script>x</script>\n\n{{ctaone}}<script>y</script>',
    visible: '<script>y</script>',
  },
  {
    name: 'a template expression',
    markdown: '{{ constructor.constructor("alert(1)")() }}',
    visible: '{{ constructor.constructor("alert(1)")() }}',
  },
  {
    name: 'a null byte and a homoglyph scheme',
    markdown: '<a href="java\u0000script:alert(1)">x</a> [y](java\u0000script:alert(1))',
    visible: 'x',
  },
];

describe('the output inspector', () => {
  it('flags what it looks for', () => {
    const problems = problemsIn(
      '<p onclick="x" style="y">a</p><a href=" java&#9;script:x" target="_top">b</a><svg></svg><div id="a b">c</div>',
    );
    expect(problems).toEqual([
      'event handler onclick on <p>',
      'attribute onclick is not allowed on <p>',
      'style on <p>',
      'attribute style is not allowed on <p>',
      'href=" java\tscript:x" on <a>',
      'foreign element <svg>',
      'forbidden element <svg>',
      'element <svg> is not in the allowlist',
      'element <div> is not in the allowlist',
      'attribute id is not allowed on <div>',
      'unsafe id "a b"',
    ]);
  });
});

describe('hostile Markdown', () => {
  it.each(HOSTILE)('renders $name harmlessly', ({ markdown, visible }) => {
    const html = renderHtml(markdown);
    expect(problemsIn(html)).toEqual([]);
    if (visible !== undefined) expect(inspect(html).text).toContain(visible);
  });

  it('keeps a script in a code fence as text inside the code element', () => {
    const code = inspect(renderHtml('```html\n<script>alert(1)</script>\n```')).elements.find(
      (element) => element.tagName === 'code',
    );
    const found: Found = { elements: [], text: '' };
    if (code) walk(code, found);
    expect(found.text).toBe('<script>alert(1)</script>\n');
  });

  it('escapes hostile call-to-action and label strings', () => {
    const evil = '"><script>alert(1)</script>';
    const html = render({
      markdown: '## One\n\nText[^1]\n\n[^1]: Note',
      showIndex: true,
      showCallToActions: true,
      strings: {
        tableOfContents: evil,
        footnotes: evil,
        backToText: evil,
        ctaOne: { title: evil, text: evil, button: evil, href: 'https://example.com/"onclick="x' },
        ctaTwo: cta,
      },
    }).html;
    expect(problemsIn(html)).toEqual([]);
    expect(inspect(html).text).toContain(evil);
  });

  it('stays harmless for random mixes of hostile fragments and Markdown syntax', () => {
    const pieces = [
      ...HOSTILE.map((entry) => entry.markdown),
      ...[
        '\n',
        '\n\n',
        '## ',
        '>> ',
        '> ',
        '- ',
        '1. ',
        '`',
        '```',
        '*',
        '[',
        '](',
        ')',
        '<',
        '>',
        '"',
        "'",
        '=',
        '&#',
        ';',
        '[^1]',
        '[^1]: ',
        '![',
        '|',
        '<a href="',
        '<img src=',
        '<details>',
        '</p>',
        '<!--',
        '-->',
        '{{ctaone}}',
      ],
    ];
    let seed = 20240601;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let round = 0; round < 300; round += 1) {
      const markdown = Array.from(
        { length: 2 + Math.floor(random() * 10) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join('');
      expect(problemsIn(renderHtml(markdown)), markdown).toEqual([]);
    }
  });
});
