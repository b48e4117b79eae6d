import type { StateInline, Token } from 'markdown-it';
import { isIndentedCode, lineOf, type BlockRule } from './block-rules.ts';
import type { MarkdownInput } from '../markdown.ts';
import { escapeHtml } from './raw-html.ts';

/** Where the parse keeps `[^id]: text` definitions (label → text), in markdown-it's per-call env. */
export const FOOTNOTE_DEFINITIONS = 'sitegenFootnoteDefinitions';

const DEFINITION_LINE = /^\[\^([^\]\s]{1,100})\]:[ \t]*(.*)$/;
const REFERENCE = /^\[\^([^\]\s]{1,100})\]/;

interface Footnote {
  /** Unique within the document; the note is `note-<id>`, its first reference `ref-<id>`. */
  id: string;
  /** The definition's Markdown (inline). */
  text: string;
  /** False for a definition no reference points at: listed, but with no way back. */
  isReferenced: boolean;
}

/** The environment a parse is given (markdown-it's types leave it untyped). */
type Env = Record<string | symbol, unknown>;

function definitionsOf(env: Env): Map<string, string> | undefined {
  const definitions = env[FOOTNOTE_DEFINITIONS];
  return definitions instanceof Map ? (definitions as Map<string, string>) : undefined;
}

/** Block rule: a `[^id]: text` line stores the definition and renders nothing in place. */
export const footnoteDefinitionRule: BlockRule = (state, startLine, _endLine, silent) => {
  if (isIndentedCode(state, startLine)) return false;
  const match = DEFINITION_LINE.exec(lineOf(state, startLine));
  const definitions = definitionsOf(state.env);
  if (!match || !definitions) return false;
  if (silent) return true;
  const [, label = '', text = ''] = match;
  if (!definitions.has(label)) definitions.set(label, text.trim());
  state.line = startLine + 1;
  return true;
};

/** Inline rule: `[^id]` with a definition becomes a `footnote_ref` token; without one it stays text. */
export function footnoteReferenceRule(state: StateInline, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x5b || state.src.charCodeAt(state.pos + 1) !== 0x5e) return false;
  const match = REFERENCE.exec(state.src.slice(state.pos, state.pos + 104));
  const label = match?.[1];
  if (!match || label === undefined || !definitionsOf(state.env)?.has(label)) return false;
  if (!silent) state.push('footnote_ref', '', 0).meta = { label };
  state.pos += match[0].length;
  return true;
}

/**
 * Numbers references in order of first appearance and turns each into trusted HTML
 * (`sitegen_html`). Returns the notes in that order, then any unreferenced definitions.
 */
export function numberFootnotes(tokens: Token[], definitions: Map<string, string>, takenIds: Set<string>): Footnote[] {
  const byLabel = new Map<string, Footnote & { number: number }>();
  for (const token of tokens) {
    for (const child of token.children ?? []) {
      if (child.type !== 'footnote_ref') continue;
      const label = String(child.meta?.['label'] ?? '');
      let note = byLabel.get(label);
      const isFirst = !note;
      if (!note) {
        note = {
          id: claimFootnoteId(label, byLabel.size + 1, takenIds),
          text: definitions.get(label) ?? '',
          isReferenced: true,
          number: byLabel.size + 1,
        };
        byLabel.set(label, note);
      }
      child.type = 'sitegen_html';
      child.content = `<sup><a href="#note-${note.id}"${isFirst ? ` id="ref-${note.id}"` : ''}>${note.number}</a></sup>`;
    }
  }
  const notes: Footnote[] = [...byLabel.values()];
  for (const [label, text] of definitions) {
    if (byLabel.has(label)) continue;
    notes.push({ id: claimFootnoteId(label, notes.length + 1, takenIds), text, isReferenced: false });
  }
  return notes;
}

/** An id made of `[a-z0-9_-]` only, so that neither `note-<id>` nor `ref-<id>` is taken yet. */
function claimFootnoteId(label: string, number: number, takenIds: Set<string>): string {
  const base =
    label
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '') || String(number);
  let id = base;
  for (let n = 2; takenIds.has(`note-${id}`) || takenIds.has(`ref-${id}`); n += 1) id = `${base}-${n}`;
  takenIds.add(`note-${id}`);
  takenIds.add(`ref-${id}`);
  return id;
}

/** `<section class="footnotes">` with one list item per note, each with a link back to its reference. Empty without notes. */
export function formatFootnotesSection(
  notes: Array<Omit<Footnote, 'text'> & { html: string }>,
  { footnotes, backToText }: Pick<MarkdownInput['strings'], 'footnotes' | 'backToText'>,
): string {
  if (notes.length === 0) return '';
  const items = notes.map(({ id, html, isReferenced }) => {
    const back = isReferenced
      ? ` <a class="footnote-back" href="#ref-${id}" aria-label="${escapeHtml(backToText)}">↩</a>`
      : '';
    return `<li id="note-${id}">${html}${back}</li>`;
  });
  return `<section class="footnotes" aria-label="${escapeHtml(footnotes)}"><ol>${items.join('')}</ol></section>\n`;
}
