import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { HLJSApi, LanguageFn } from 'highlight.js';
import hljs from 'highlight.js/lib/core';
import { memoizeRecent } from '../../memoize.ts';
import { escapeHtml } from './raw-html.ts';

/** Guessing among every language is slow and often wrong; these cover what the articles show. */
const AUTO_LANGUAGES = ['javascript', 'typescript', 'xml', 'css', 'bash', 'json', 'python', 'php', 'sql', 'yaml'];

/** Below this relevance a guess is noise (plain text scores 0–2), so the code stays plain. */
const MIN_AUTO_RELEVANCE = 3;

const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { html: 'xml' };

/**
 * A fenced code block, highlighted at build time: `<pre><code class="hljs language-x">`. A block is
 * highlighted once per thread: an article's translations show the same code, as do the articles that
 * show the same snippet.
 */
export function formatCodeBlock(code: string, info: string): string {
  return highlightBlock(`${info}\n${code}`);
}

/** Code blocks kept highlighted per thread (then forgotten all at once). */
const BLOCKS_KEPT = 1024;

/** Keyed by the info string, a line break (which an info string never holds), then the code. */
const highlightBlock = memoizeRecent((block) => {
  const split = block.indexOf('\n');
  return highlight(block.slice(split + 1), block.slice(0, split));
}, BLOCKS_KEPT);

function highlight(code: string, info: string): string {
  const written = (info.trim().split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z0-9+#_-]/g, '');
  const language = LANGUAGE_ALIASES[written] ?? written;
  const named = language ? highlighter([language]) : undefined;
  if (named?.getLanguage(language)) {
    const { value } = named.highlight(code, { language, ignoreIllegals: true });
    return `<pre><code class="hljs language-${language}">${asRendererWrites(value)}</code></pre>\n`;
  }
  const guess = highlighter(AUTO_LANGUAGES).highlightAuto(code, AUTO_LANGUAGES);
  if (guess.language && guess.relevance >= MIN_AUTO_RELEVANCE) {
    return `<pre><code class="hljs language-${guess.language}">${asRendererWrites(guess.value)}</code></pre>\n`;
  }
  return `<pre><code class="hljs">${escapeHtml(code)}</code></pre>\n`;
}

/** A span of highlight.js's output; it never writes a `"` in code (that is `&quot;`). */
const SPAN = /<span class="([^"]*)">/g;

/**
 * highlight.js's HTML written as the rest of the renderer writes it, which the sanitiser's allowlist
 * passes as it is:
 * - Only the `hljs-` classes stay, the ones the site styles and the allowlist keeps on a span. A
 *   sub-scope's bare class goes (`title.function` is `hljs-title function_`), and so does the class
 *   of an embedded language's span (`language-css` in HTML), which leaves a plain `<span>`.
 * - An apostrophe is written as itself, as markdown-it writes it, not as `&#x27;`.
 * A body with such a class failed the allowlist's fast check and was rebuilt by sanitize-html, which
 * dropped the class, at many times the cost of the check (in a cold build of 10,000 articles: 346
 * bodies, about 0.6 s in the two render threads' profiles).
 */
export function asRendererWrites(html: string): string {
  return html
    .replace(SPAN, (span, classes: string) => {
      const names = classes.split(' ');
      const styled = names.filter((name) => name.startsWith('hljs-'));
      if (styled.length === names.length) return span;
      return styled.length > 0 ? `<span class="${styled.join(' ')}">` : '<span>';
    })
    .replaceAll('&#x27;', "'");
}

/**
 * highlight.js with the languages a block names registered as they are first asked for, each with
 * the languages it embeds. The whole package registers its 190-odd languages as it loads, about a
 * quarter of a second in each render worker, for the dozen an article site uses. A name is a
 * language's own (its module's name) or one of the aliases below; any other name, an alias this
 * table does not list or no language at all, loads the whole package, so every name means what it
 * means to highlight.js itself (a unit test holds the table to highlight.js's own aliases).
 */
function highlighter(names: readonly string[]): HLJSApi {
  if (!everything) {
    for (const name of names) {
      if (!register(name)) {
        everything = loadModule('highlight.js') as HLJSApi;
        break;
      }
    }
  }
  return everything ?? core;
}

let everything: HLJSApi | undefined;
/** This module's own instance: what it registers is its own. */
const core = hljs.newInstance();

/**
 * Aliases by the language that claims them, among the ones articles use: only where to find a
 * language's module (the block keeps the name it was written with), unlike LANGUAGE_ALIASES above.
 */
export const LAZY_ALIASES: Readonly<Record<string, string>> = {
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  sh: 'bash',
  zsh: 'bash',
  console: 'shell',
  py: 'python',
  rb: 'ruby',
  yml: 'yaml',
  md: 'markdown',
  svg: 'xml',
  jsonc: 'json',
  golang: 'go',
  rs: 'rust',
  kt: 'kotlin',
  cs: 'csharp',
  'c++': 'cpp',
  h: 'c',
  ps1: 'powershell',
  docker: 'dockerfile',
  text: 'plaintext',
  txt: 'plaintext',
};

const loadModule = createRequire(import.meta.url);
let moduleNames: Set<string> | undefined;

/** Registers a language (by name or listed alias) and the ones it embeds; false for a name it cannot place. */
function register(name: string): boolean {
  const language = LAZY_ALIASES[name] ?? name;
  if (core.getLanguage(language)) return true;
  moduleNames ??= new Set(
    readdirSync(path.dirname(loadModule.resolve('highlight.js/lib/languages/xml')))
      .filter((file) => /^[^.]+\.js$/.test(file))
      .map((file) => file.slice(0, -3)),
  );
  if (!moduleNames.has(language)) return false;
  core.registerLanguage(language, loadModule(`highlight.js/lib/languages/${language}`) as LanguageFn);
  return embeddedLanguages(core.getLanguage(language)).every(register);
}

/** The names a language's modes hand over to (`subLanguage`: the CSS and JavaScript inside HTML). */
function embeddedLanguages(definition: unknown): string[] {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) return value.forEach(visit);
    for (const [key, field] of Object.entries(value)) {
      if (key === 'subLanguage') [field].flat().forEach((name) => typeof name === 'string' && names.add(name));
      else visit(field);
    }
  };
  visit(definition);
  return [...names];
}
