// The fenced code blocks' highlighting with languages registered as they are asked for
// (pipeline/transform/markdown/code-blocks.ts) against highlight.js with every language registered,
// as the build loaded it before: the same HTML for every name highlight.js knows, and for names it does not.
import { createRequire } from 'node:module';
import full from 'highlight.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';

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
  const written = (info.trim().split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z0-9+#_-]/g, '');
  const language = written === 'html' ? 'xml' : written;
  if (language && full.getLanguage(language)) {
    return `<pre><code class="hljs language-${language}">${full.highlight(code, { language, ignoreIllegals: true }).value}</code></pre>\n`;
  }
  const auto = ['javascript', 'typescript', 'xml', 'css', 'bash', 'json', 'python', 'php', 'sql', 'yaml'];
  const guess = full.highlightAuto(code, auto);
  if (guess.language && guess.relevance >= 3) {
    return `<pre><code class="hljs language-${guess.language}">${guess.value}</code></pre>\n`;
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
});
