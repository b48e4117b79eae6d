import { describe, expect, it } from 'vitest';
import { isAllowedHtml, sanitizeRenderedHtml } from '../../../pipeline/transform/markdown/sanitize.ts';

// The renderer's HTML is checked against the allowlist; only HTML that fails the check is rebuilt by
// sanitize-html. These are the two sides of that decision.
describe('the allowlist check on rendered Markdown', () => {
  it('passes what the renderer writes', () => {
    const html = [
      '<h2 id="setup">Setup</h2>',
      '<p>Read <a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">this</a> and <a href="/en/pricing">that</a>, <a href="mailto:hi@example.com">mail</a>.</p>',
      '<figure><img src="/_media/a.png" alt="A &quot;map&quot;" width="10" height="20" loading="lazy" decoding="async"><figcaption>Map</figcaption></figure>',
      '<pre><code class="hljs language-js"><span class="hljs-keyword">const</span> a = 1 &lt; 2;</code></pre>',
      '<table><thead><tr><th class="align-left">A</th></tr></thead><tbody><tr><td class="align-right">1</td></tr></tbody></table>',
      '<aside class="cta"><p class="cta-title">Go</p><a class="button" href="https://simpleanalytics.com/signup">Start</a></aside><br><hr>',
    ].join('\n');
    expect(isAllowedHtml(html)).toBe(true);
    expect(sanitizeRenderedHtml(html)).toBe(html);
  });

  it('judges each tag text on its own, however many bodies it has judged before', () => {
    expect(isAllowedHtml('<p><a href="/x">x</a></p>')).toBe(true);
    for (let round = 0; round < 2; round += 1) {
      expect(isAllowedHtml('<p><a href="javascript:alert(1)">x</a></p>')).toBe(false);
      expect(isAllowedHtml('<p><a href="/x" onclick="alert(1)">x</a></p>')).toBe(false);
      expect(isAllowedHtml('<p><a href="/x">x</a></p><P>')).toBe(false);
    }
    // More distinct tags than are kept: those forgotten are judged again, with the same answers.
    for (let index = 0; index < 10_000; index += 1) expect(isAllowedHtml(`<h2 id="s${index}">S</h2>`)).toBe(true);
    expect(isAllowedHtml('<p><a href="/x">x</a></p>')).toBe(true);
    expect(isAllowedHtml('<h2 id="s1" onmouseover="alert(1)">S</h2>')).toBe(false);
  });

  it.each([
    ['a tag outside the allowlist', '<p>a</p><script>alert(1)</script>'],
    ['an event handler', '<img src="/a.png" onerror="alert(1)">'],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>'],
    ['a scheme hidden in a character reference', '<a href="&#106;avascript:alert(1)">x</a>'],
    ['a scheme hidden by a control character', '<a href="java\tscript:alert(1)">x</a>'],
    ['a data: image', '<img src="data:image/svg+xml,&lt;svg&gt;">'],
    ['a class outside the allowlist', '<p class="evil">x</p>'],
    ['a fixed attribute with another value', '<a href="/x" target="_top">x</a>'],
    ['a comment', '<!-- x --><p>a</p>'],
    ['a single-quoted attribute', "<a href='/x'>x</a>"],
    ['a stray <', '<p>a < b</p>'],
    ['an upper-case tag', '<P>x</P>'],
    // Tags judged before are looked up by their text from `<` to the first `>`: one cut short there by a
    // `>` in a value is none of them.
    ['a value holding a >', '<a title="a"></a><a title="a>" href="javascript:alert(1)">x</a>'],
    ['a tag that never ends', '<p>a</p><a href="/x"'],
  ])('sends %s to sanitize-html', (_, html) => {
    expect(isAllowedHtml(html)).toBe(false);
    const cleaned = sanitizeRenderedHtml(html);
    expect(cleaned).not.toMatch(/<script|onerror=|javascript:|data:image|class="evil"|target="_top"|<!--/i);
  });
});
