import hljs from 'highlight.js';
import { escapeHtml } from './raw-html.ts';

/** Guessing among every language is slow and often wrong; these cover what the articles show. */
const AUTO_LANGUAGES = ['javascript', 'typescript', 'xml', 'css', 'bash', 'json', 'python', 'php', 'sql', 'yaml'];

/** Below this relevance a guess is noise (plain text scores 0–2), so the code stays plain. */
const MIN_AUTO_RELEVANCE = 3;

const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { html: 'xml' };

/** A fenced code block, highlighted at build time: `<pre><code class="hljs language-x">`. */
export function formatCodeBlock(code: string, info: string): string {
  const written = (info.trim().split(/\s+/)[0] ?? '').toLowerCase().replace(/[^a-z0-9+#_-]/g, '');
  const language = LANGUAGE_ALIASES[written] ?? written;
  if (language && hljs.getLanguage(language)) {
    const { value } = hljs.highlight(code, { language, ignoreIllegals: true });
    return `<pre><code class="hljs language-${language}">${value}</code></pre>\n`;
  }
  const guess = hljs.highlightAuto(code, AUTO_LANGUAGES);
  if (guess.language && guess.relevance >= MIN_AUTO_RELEVANCE) {
    return `<pre><code class="hljs language-${guess.language}">${guess.value}</code></pre>\n`;
  }
  return `<pre><code class="hljs">${escapeHtml(code)}</code></pre>\n`;
}
