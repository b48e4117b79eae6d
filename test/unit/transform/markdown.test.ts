import { describe, expect, it } from 'vitest';
import {
  createMarkdownRenderer,
  slugifyHeading,
  type CallToAction,
  type MarkdownInput,
} from '../../../pipeline/transform/markdown.ts';
import { findMarkdownImages } from '../../../pipeline/transform/markdown/find-images.ts';

const BASE_URL = 'https://www.simpleanalytics.com';

const cta = (name: string): CallToAction => ({
  title: `${name} title`,
  text: `${name} text`,
  button: `${name} button`,
  href: `https://simpleanalytics.com/${name}`,
});

const STRINGS: MarkdownInput['strings'] = {
  tableOfContents: 'Table of contents',
  footnotes: 'Footnotes',
  backToText: 'Back to text',
  ctaOne: cta('one'),
  ctaTwo: cta('two'),
};

const render = createMarkdownRenderer({
  baseUrl: BASE_URL,
  media: new Map([['/uploads/map_1a2b.png', { sourceFile: '/tmp/map_1a2b.png', outputPath: '_media/map.5f3e.png' }]]),
});

function renderMarkdown(markdown: string, input: Partial<Omit<MarkdownInput, 'markdown'>> = {}) {
  return render({ markdown, showIndex: false, showCallToActions: false, strings: STRINGS, ...input });
}

const html = (markdown: string, input: Partial<Omit<MarkdownInput, 'markdown'>> = {}) =>
  renderMarkdown(markdown, input).html;
const withIndex = (markdown: string) => html(markdown, { showIndex: true });
const withCtas = (markdown: string) => html(markdown, { showCallToActions: true });

describe('headings', () => {
  it('gives every heading a unique id', () => {
    const { headings } = renderMarkdown('## Pricing\n\n## Pricing\n\n### Pricing');
    expect(headings.map((heading) => heading.id)).toEqual(['pricing', 'pricing-2', 'pricing-3']);
  });

  it('returns each heading with its level and visible text', () => {
    expect(renderMarkdown('# Über uns\n\n## Why `sa.js` <mark>matters</mark>').headings).toEqual([
      { level: 1, id: 'uber-uns', text: 'Über uns' },
      { level: 2, id: 'why-sajs-matters', text: 'Why sa.js matters' },
    ]);
  });

  it('keeps the exported slug rule', () => {
    expect(slugifyHeading('  Is GA illegal? — Ja!  ')).toBe('is-ga-illegal-ja');
    expect(slugifyHeading('???')).toBe('section');
  });
});

describe('table of contents', () => {
  const ARTICLE =
    'A long introduction that goes on for well over a hundred characters, so it is not a lead-in to the first heading.\n\n## One\n\nText\n\n### One a\n\n## Two';

  it('nests h2 to h4 headings as in-page links', () => {
    expect(withIndex('## One\n\n### One a\n\n#### One a i\n\n##### Too deep\n\n## Two')).toMatchInlineSnapshot(`
      "<nav class="toc" aria-label="Table of contents"><ol><li><a href="#one">One</a><ol><li><a href="#one-a">One a</a><ol><li><a href="#one-a-i">One a i</a></li></ol></li></ol></li><li><a href="#two">Two</a></li></ol></nav>
      <h2 id="one">One</h2>
      <h3 id="one-a">One a</h3>
      <h4 id="one-a-i">One a i</h4>
      <h5 id="too-deep">Too deep</h5>
      <h2 id="two">Two</h2>
      "
    `);
  });

  it('skips headings whose content has markup', () => {
    const output = withIndex('## Plain\n\n## With **bold**\n\n## With [a link](/x)');
    expect(output).toContain('<a href="#plain">Plain</a>');
    expect(output).not.toContain('href="#with-bold"');
    expect(output).not.toContain('href="#with-a-link"');
  });

  it('goes where the author put the placeholder', () => {
    const output = withIndex(`${ARTICLE}\n\n{{tableofcontents}}\n\nThe end`);
    expect(output.indexOf('<nav class="toc"')).toBeGreaterThan(output.indexOf('<h2 id="two">'));
    expect(output.indexOf('<nav class="toc"')).toBeLessThan(output.indexOf('The end'));
    expect(output).not.toContain('{{');
  });

  it('goes before the first h2 when there is no placeholder', () => {
    const output = withIndex(ARTICLE);
    expect(output.indexOf('A long introduction')).toBeLessThan(output.indexOf('<nav class="toc"'));
    expect(output.indexOf('<nav class="toc"')).toBeLessThan(output.indexOf('<h2 id="one">'));
  });

  it('goes after the introduction but before a short paragraph that leads into the first h2', () => {
    const output = withIndex(ARTICLE.replace('\n\n## One', '\n\nIn this article:\n\n## One'));
    expect(output.indexOf('A long introduction')).toBeLessThan(output.indexOf('<nav class="toc"'));
    expect(output.indexOf('<nav class="toc"')).toBeLessThan(output.indexOf('In this article:'));
  });

  it('goes at the top when there is no h2', () => {
    expect(withIndex('Some text\n\n### Only a small heading')).toMatch(/^<nav class="toc"/);
  });

  it('is absent without showIndex, and its placeholder is removed', () => {
    const output = html('Intro\n\n{{tableofcontents}}\n\n## One');
    expect(output).not.toContain('<nav');
    expect(output).not.toContain('tableofcontents');
  });
});

describe('calls to action', () => {
  it('puts the first right after the table of contents and the second at the end', () => {
    const output = html(
      'Intro text that runs long enough, well over one hundred characters, so that it does not count as a lead-in.\n\n## One\n\nText',
      {
        showIndex: true,
        showCallToActions: true,
      },
    );
    expect(output.indexOf('</nav>')).toBeLessThan(output.indexOf('one title'));
    expect(output.indexOf('one title')).toBeLessThan(output.indexOf('<h2 id="one">'));
    expect(output.trimEnd()).toMatch(/two button<\/a><\/aside>$/);
  });

  it('renders from the strings, as plain text with the button link', () => {
    expect(
      html('Text', {
        showCallToActions: true,
        strings: { ...STRINGS, ctaOne: { ...cta('one'), title: 'Join <b>them</b> & us' } },
      }),
    ).toContain(
      '<aside class="cta"><p class="cta-title">Join &lt;b&gt;them&lt;/b&gt; &amp; us</p><p>one text</p><a class="button" href="https://simpleanalytics.com/one">one button</a></aside>',
    );
  });

  it('goes where the author put the placeholders', () => {
    const output = withCtas('First\n\n{{ctatwo}}\n\nMiddle\n\n{{ctaone}}\n\nLast');
    expect(output.indexOf('two title')).toBeLessThan(output.indexOf('Middle'));
    expect(output.indexOf('Middle')).toBeLessThan(output.indexOf('one title'));
    expect(output.indexOf('one title')).toBeLessThan(output.indexOf('Last'));
    expect(output.match(/<aside/g)).toHaveLength(2);
  });

  it('are absent without showCallToActions, and their placeholders are removed', () => {
    const output = html('Text\n\n{{ctaone}}\n\n{{ ctatwo }}');
    expect(output).toBe('<p>Text</p>\n');
  });

  it('shows any other double braces as text', () => {
    expect(withCtas('Use {{ctaone}} inline and {{name}}')).toContain('<p>Use {{ctaone}} inline and {{name}}</p>');
  });

  it('refuses a button link that is not https', () => {
    expect(() =>
      html('Text', {
        showCallToActions: true,
        strings: { ...STRINGS, ctaTwo: { ...cta('two'), href: 'javascript:alert(1)' } },
      }),
    ).toThrow(/not an https URL/);
  });
});

describe('footnotes', () => {
  const NOTES = 'First[^b] then[^a] and again[^b].\n\n[^a]: Note A with [a link](https://example.com)\n[^b]: Note B';

  it('numbers references in order of first appearance', () => {
    expect(html(NOTES).split('\n')[0]).toBe(
      '<p>First<sup><a href="#note-b" id="ref-b">1</a></sup> then<sup><a href="#note-a" id="ref-a">2</a></sup> and again<sup><a href="#note-b">1</a></sup>.</p>',
    );
  });

  it('lists the notes at the end with links back to the text', () => {
    expect(html(NOTES).split('\n')[1]).toBe(
      '<section class="footnotes" aria-label="Footnotes"><ol>' +
        '<li id="note-b">Note B <a class="footnote-back" href="#ref-b" aria-label="Back to text">↩</a></li>' +
        '<li id="note-a">Note A with <a href="https://example.com" target="_blank" rel="noopener noreferrer">a link</a> <a class="footnote-back" href="#ref-a" aria-label="Back to text">↩</a></li>' +
        '</ol></section>',
    );
  });

  it('keeps footnote ids apart from heading ids', () => {
    const output = html('## Note 1\n\nText[^1]\n\n[^1]: The note');
    expect(output).toContain('<h2 id="note-1">');
    expect(output).toContain('<li id="note-1-2">');
  });

  it('leaves a reference without a definition as text', () => {
    expect(html('Text[^missing]')).toBe('<p>Text[^missing]</p>\n');
  });
});

describe('blocks', () => {
  it('turns a paragraph starting with >> into a warning', () => {
    expect(html('>> Check your **DNS** first\nthen continue')).toMatchInlineSnapshot(`
      "<blockquote class="warning">
      <p>Check your <strong>DNS</strong> first
      then continue</p>
      </blockquote>
      "
    `);
  });

  it('keeps a single > as a blockquote', () => {
    expect(html('> Quoted')).toBe('<blockquote>\n<p>Quoted</p>\n</blockquote>\n');
  });

  it('captions an image with the text line right after it', () => {
    expect(html('![A map](https://assets.example.com/map.png)\nEurope in *red*')).toMatchInlineSnapshot(`
      "<figure><img src="https://assets.example.com/map.png" alt="A map" loading="lazy" decoding="async"><figcaption>Europe in <em>red</em></figcaption>
      </figure>
      "
    `);
  });

  it('leaves an image without a text line in its paragraph', () => {
    expect(html('![A map](https://assets.example.com/map.png)')).toBe(
      '<p><img src="https://assets.example.com/map.png" alt="A map" loading="lazy" decoding="async"></p>\n',
    );
  });

  it('points mirrored images at the site copy', () => {
    expect(html('![Map](/uploads/map_1a2b.png)')).toContain('src="/_media/map.5f3e.png"');
    expect(html('<img src="/uploads/map_1a2b.png" alt="Map">')).toContain('src="/_media/map.5f3e.png"');
  });

  it('renders GFM tables, alignment as classes', () => {
    expect(html('| Tool | Price |\n| :-- | --: |\n| SA | ~~€19~~ €9 |')).toMatchInlineSnapshot(`
      "<table>
      <thead>
      <tr>
      <th class="align-left">Tool</th>
      <th class="align-right">Price</th>
      </tr>
      </thead>
      <tbody>
      <tr>
      <td class="align-left">SA</td>
      <td class="align-right"><del>€19</del> €9</td>
      </tr>
      </tbody>
      </table>
      "
    `);
  });
});

describe('links', () => {
  it('makes links to the own host relative', () => {
    expect(html('[Post](https://www.simpleanalytics.com/blog/x) [Home](https://www.simpleanalytics.com)')).toBe(
      '<p><a href="/blog/x">Post</a> <a href="/">Home</a></p>\n',
    );
  });

  it('keeps links to the app domain external', () => {
    expect(html('[Log in](https://simpleanalytics.com/login)')).toBe(
      '<p><a href="https://simpleanalytics.com/login" target="_blank" rel="noopener noreferrer">Log in</a></p>\n',
    );
  });

  it('opens external links safely in a new tab, and leaves relative and mail links alone', () => {
    expect(html('[GDPR](http://gdpr.eu) [Docs](/docs) [Up](#top) [Mail](mailto:a@example.com)')).toBe(
      '<p><a href="http://gdpr.eu" target="_blank" rel="noopener noreferrer">GDPR</a> <a href="/docs">Docs</a> <a href="#top">Up</a> <a href="mailto:a@example.com">Mail</a></p>\n',
    );
  });

  it('treats protocol-relative links as external, even ones hidden behind the own host', () => {
    expect(
      html(
        '[a](//evil.example/x) <a href="/\\evil.example">b</a> <a href="https://www.simpleanalytics.com//evil.example">c</a>',
      ),
    ).toBe(
      '<p><a href="//evil.example/x" target="_blank" rel="noopener noreferrer">a</a> ' +
        '<a href="/\\evil.example" target="_blank" rel="noopener noreferrer">b</a> ' +
        '<a href="https://www.simpleanalytics.com//evil.example" target="_blank" rel="noopener noreferrer">c</a></p>\n',
    );
  });

  it('accepts a destination in angle brackets', () => {
    expect(html('[Spaced](<https://example.com/a b>)')).toContain('href="https://example.com/a%20b"');
  });

  it('links bare web addresses', () => {
    expect(html('See https://example.com/x')).toContain(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">https://example.com/x</a>',
    );
  });

  it('links bare e-mail addresses, and leaves host names and file names without a scheme as text', () => {
    expect(html('Write to hello@example.com today')).toBe(
      '<p>Write to <a href="mailto:hello@example.com">hello@example.com</a> today</p>\n',
    );
    expect(html('Open www.example.com or readme.md, not //cdn.example.com')).toBe(
      '<p>Open www.example.com or readme.md, not //cdn.example.com</p>\n',
    );
  });
});

describe('code', () => {
  it('highlights a fenced block in its language at build time', () => {
    const output = html('```js\nconst a = 1;\n```');
    expect(output).toContain('<pre><code class="hljs language-js">');
    expect(output).toContain('<span class="hljs-keyword">const</span>');
  });

  it('reads html as xml', () => {
    expect(html('```html\n<b>x</b>\n```')).toContain(
      '<code class="hljs language-xml"><span class="hljs-tag">&lt;<span class="hljs-name">b</span>&gt;</span>',
    );
  });

  it('guesses a missing language among common ones, else stays plain', () => {
    expect(html('```\n{\n  "name": "sitegen",\n  "private": true\n}\n```')).toContain('class="hljs language-json"');
    expect(html('```nosuchlanguage\njust words\n```')).toBe('<pre><code class="hljs">just words\n</code></pre>\n');
  });
});

describe('raw HTML', () => {
  it('keeps mark', () => {
    expect(html('A <mark>highlight</mark>')).toBe('<p>A <mark>highlight</mark></p>\n');
  });

  it('keeps details and summary, with Markdown inside', () => {
    expect(html('<details>\n<summary>More</summary>\n\nHidden **text**\n\n</details>')).toBe(
      '<details>\n<summary>More</summary>\n<p>Hidden <strong>text</strong></p>\n</details>',
    );
  });

  it('keeps only the allowed attributes', () => {
    expect(
      html(
        '<span class="x" id="y">a</span> <a href="/x" title="T" class="c">b</a> <img src="/i.png" alt="i" width="10" height="20" style="x">',
      ),
    ).toBe(
      '<p><span>a</span> <a href="/x" title="T">b</a> <img src="/i.png" alt="i" width="10" height="20" loading="lazy" decoding="async"></p>\n',
    );
  });

  it('shows other tags as text and still parses the Markdown around them', () => {
    expect(html('<div align="center">**Bold**</div>')).toBe(
      '<p>&lt;div align=&quot;center&quot;&gt;<strong>Bold</strong>&lt;/div&gt;</p>\n',
    );
  });
});

describe('findMarkdownImages', () => {
  it('lists uploaded images, in angle brackets too', () => {
    expect(
      findMarkdownImages(
        '![a](/uploads/a.png) ![b](<https://cms.example.com/uploads/b.png>) ![c](https://elsewhere.example.com/c.png)',
      ),
    ).toEqual(['/uploads/a.png', 'https://cms.example.com/uploads/b.png']);
  });
});

describe('image sizes', () => {
  it('gives a mirrored image its measured width and height', () => {
    const media = new Map([['/uploads/chart.png', { sourceFile: '/x', outputPath: '_media/chart.0123456789.png' }]]);
    const sized = createMarkdownRenderer({
      baseUrl: 'https://www.simpleanalytics.com',
      media,
      imageSizes: new Map([['/uploads/chart.png', { width: 800, height: 420 }]]),
    });
    const html = sized({
      markdown: '![A chart](/uploads/chart.png)',
      showIndex: false,
      showCallToActions: false,
      strings: STRINGS,
    }).html;
    expect(html).toContain('src="/_media/chart.0123456789.png"');
    expect(html).toContain('width="800"');
    expect(html).toContain('height="420"');
  });
});

describe('images the build could not have', () => {
  const media = new Map([['/uploads/kept.png', { sourceFile: '/x', outputPath: '_media/kept.0123456789.png' }]]);
  const renderer = createMarkdownRenderer({
    baseUrl: BASE_URL,
    media,
    unavailableMedia: new Map([['/uploads/gone.png', 'HTTP 404 Not Found']]),
  });
  const render = (markdown: string) =>
    renderer({ markdown, showIndex: false, showCallToActions: false, strings: STRINGS }).html;

  it('show their alt text as escaped plain text, and the others stay images', () => {
    const out = render(
      'Before ![Visits <b>per</b> "day" & <script>x</script>](/uploads/gone.png) after ![Kept](/uploads/kept.png)',
    );
    expect(out).toBe(
      '<p>Before Visits &lt;b&gt;per&lt;/b&gt; &quot;day&quot; &amp; &lt;script&gt;x&lt;/script&gt; after <img src="/_media/kept.0123456789.png" alt="Kept" loading="lazy" decoding="async"></p>\n',
    );
  });

  it('with a caption line: text, not a figure', () => {
    const out = render('![A map](/uploads/gone.png)\nEurope in *red*');
    expect(out).not.toContain('<figure');
    expect(out).not.toContain('<img');
    expect(out).toContain('A map');
  });

  it('in a footnote too', () => {
    const out = render('Text.[^1]\n\n[^1]: See ![the chart](/uploads/gone.png).');
    expect(out).not.toContain('gone.png');
    expect(out).toContain('See the chart.');
  });
});
