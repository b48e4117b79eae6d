// The fenced code blocks' highlighting with languages registered as they are asked for
// (pipeline/transform/markdown/code-blocks.ts) against highlight.js with every language registered,
// as the build loaded it before: the same HTML for every name highlight.js knows, and for names it does
// not, once written as the renderer writes (asRendererWrites); and HTML the sanitiser's fast check passes.
import { createRequire } from 'node:module';
import full from 'highlight.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { asRendererWrites } from '../../../pipeline/transform/markdown/code-blocks.ts';
import { isAllowedHtml, sanitizeRenderedHtml } from '../../../pipeline/transform/markdown/sanitize.ts';

const SAMPLE = [
  '// a comment',
  'function total(items) { return items.reduce((sum, x) => sum + x.price * 1.21, 0); }',
  '<div class="note"><style>p { color: #333; }</style><script>const x = "<b>";</script></div>',
  "SELECT id, name FROM visits WHERE path = '/pricing' AND day > 7;",
  '$ curl -s https://example.com | grep -c "script" # count',
  'key: [1, 2.5, true, null] # yaml-ish',
].join('\n');

/** The block as the build formatted it with every language registered. */
function reference(code: string, info: string): string {
  return asHighlightJsWrites(code, info, asRendererWrites);
}

/** The block as highlight.js with every language registered writes it (its highlighted HTML passed through `rewrite`). */
function asHighlightJsWrites(code: string, info: string, rewrite = (html: string) => html): string {
  const written = (info.trim().split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z0-9+#_-]/g, '');
  const language = written === 'html' ? 'xml' : written;
  if (language && full.getLanguage(language)) {
    return `<pre><code class="hljs language-${language}">${rewrite(full.highlight(code, { language, ignoreIllegals: true }).value)}</code></pre>\n`;
  }
  const auto = ['javascript', 'typescript', 'xml', 'css', 'bash', 'json', 'python', 'php', 'sql', 'yaml'];
  const guess = full.highlightAuto(code, auto);
  if (guess.language && guess.relevance >= 3) {
    return `<pre><code class="hljs language-${guess.language}">${rewrite(guess.value)}</code></pre>\n`;
  }
  return `<pre><code class="hljs">${code.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')}</code></pre>\n`;
}

type CodeBlocks = typeof import('../../../pipeline/transform/markdown/code-blocks.ts');
const wholePackage = createRequire(import.meta.url).resolve('highlight.js');
const cache = createRequire(import.meta.url).cache;

/** The module as a render worker first loads it: no language registered, the whole package not loaded. */
async function fresh(): Promise<CodeBlocks> {
  vi.resetModules();
  delete cache[wholePackage];
  return import('../../../pipeline/transform/markdown/code-blocks.ts');
}

let blocks: CodeBlocks;
beforeAll(async () => {
  blocks = await fresh();
});

describe('formatCodeBlock', () => {
  it('keeps each listed alias where highlight.js puts it: claimed by that one language alone', () => {
    for (const [alias, language] of Object.entries(blocks.LAZY_ALIASES)) {
      const claimants = full.listLanguages().filter((name) => full.getLanguage(name)?.aliases?.includes(alias));
      expect([alias, claimants]).toEqual([alias, [language]]);
    }
  });

  it('highlights each listed alias, and each language that embeds others, first in a worker as highlight.js does', async () => {
    const embedding = ['xml', 'html', 'php', 'markdown', 'vbscript-html', 'erb', 'handlebars', 'http', 'latex'];
    for (const name of [...Object.keys(blocks.LAZY_ALIASES), ...embedding]) {
      const first = await fresh();
      expect([name, first.formatCodeBlock(SAMPLE, name)]).toEqual([name, reference(SAMPLE, name)]);
      expect(cache[wholePackage]).toBeUndefined();
    }
  });

  it('highlights every language as highlight.js with all its languages does, without loading them all', () => {
    const names = [...full.listLanguages(), ...Object.keys(blocks.LAZY_ALIASES), 'HTML', 'Python {linenos}', ''];
    for (const name of names) {
      expect([name, blocks.formatCodeBlock(SAMPLE, name)]).toEqual([name, reference(SAMPLE, name)]);
    }
    // The tag soup of the sample is guessed as HTML: the guess needs no more than its ten languages.
    expect(blocks.formatCodeBlock('<p>Hello</p>\n<p>World</p>', '')).toBe(reference('<p>Hello</p>\n<p>World</p>', ''));
    expect(cache[wholePackage]).toBeUndefined();
  });

  it('loads every language for a name it cannot place, and then means by each name what highlight.js means', () => {
    const names = ['vue', 'html5', 'mermaid', 'js', 'xhtml', 'pl', 'c', 'jinja', 'golang'];
    for (const name of names) {
      expect([name, blocks.formatCodeBlock(SAMPLE, name)]).toEqual([name, reference(SAMPLE, name)]);
    }
    expect(cache[wholePackage]).toBeDefined();
  });

  it('writes HTML that the allowlist passes as it is, and that sanitize-html would have made of it', () => {
    const TAG_QUOTES = /(?<=<[^<>]*)&quot;(?=[^<>]*>)/g;
    // The sample has a function's name (highlight.js: `hljs-title function_`), apostrophes (`&#x27;`)
    // and, as HTML, embedded CSS and JavaScript (`<span class="language-css">`).
    expect(full.highlight(SAMPLE, { language: 'xml' }).value).toMatch(/class="language-css".*&#x27;/s);
    expect(full.highlight(SAMPLE, { language: 'javascript' }).value).toMatch(/class="hljs-title function_"/);
    const rebuilt: string[] = [];
    for (const name of [...full.listLanguages(), '']) {
      const html = blocks.formatCodeBlock(SAMPLE, name);
      expect([name, isAllowedHtml(html)]).toEqual([name, true]);
      const raw = asHighlightJsWrites(SAMPLE, name);
      if (isAllowedHtml(raw)) continue;
      // sanitize-html writes a quotation mark in text as itself; markdown-it and this module write `&quot;`.
      expect([name, html]).toEqual([
        name,
        sanitizeRenderedHtml(raw).replaceAll('"', '&quot;').replace(TAG_QUOTES, '"'),
      ]);
      rebuilt.push(name);
    }
    expect(rebuilt).toEqual(expect.arrayContaining(['javascript', 'typescript', 'xml', 'php']));
    expect(blocks.formatCodeBlock(SAMPLE, 'js')).toContain(`<span class="hljs-title">total</span>`);
    expect(blocks.formatCodeBlock(SAMPLE, 'sql')).toContain(`<span class="hljs-string">'/pricing'</span>`);
  });
});
