import { randomUUID } from 'node:crypto';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { documentFor } from '../../templates/render-document.tsx';
import type { FragmentRenderer, RenderShared } from '../../templates/page-context.ts';
import {
  createMarkdownRenderer,
  type MarkdownInput,
  type MarkdownOptions,
  type RenderedMarkdown,
} from '../transform/markdown.ts';
import type { MarkdownJob } from '../transform/markdown-jobs.ts';
import { SitegenError } from '../errors.ts';
import { sourceMappedStack } from '../source-mapped-stack.ts';
import type { PagePlan } from '../plan/page-plan.ts';

/**
 * Fragments that are the same on many pages (a locale's footer, an island with the same props) are
 * rendered once per build: memoised per RenderShared, which is one object per build (and per worker).
 * Article bodies are rendered from Markdown here, where the page is, so no separate pass holds them all.
 */
const renderersByBuild = new WeakMap<RenderShared, BuildRenderer>();

/** A build's fragment renderer in this thread, and its shared fragments' UTF-8 by key (renderBatch's PLACE). */
interface BuildRenderer {
  fragments: FragmentRenderer;
  fragmentBytes: Map<string, Uint8Array>;
}

/** Renders an entry's Markdown for a page; the render floor substitutes its pre-rendered bodies. */
export type MarkdownForPage = FragmentRenderer['markdown'];

function buildRenderer(shared: RenderShared): BuildRenderer {
  let renderer = renderersByBuild.get(shared);
  if (!renderer) {
    const memo = new Map<string, string>();
    const renderMarkdown = createMarkdownRenderer(shared.markdown);
    // A body shown on several pages (the English text on a fallback page) is rendered again: keeping
    // every body would hold the whole site's HTML in each worker.
    const fragments: FragmentRenderer = {
      // Islands are rendered with renderToString, the markup hydrateRoot expects; the rest as static markup.
      island: (key, element) =>
        key === undefined ? renderToString(element()) : memoise(memo, `island:${key}`, () => renderToString(element())),
      fragment: (key, element) => memoise(memo, `fragment:${key}`, () => renderToStaticMarkup(element())),
      markdown: (entry) => renderMarkdown(entry.markdown).html,
    };
    renderer = { fragments, fragmentBytes: new Map() };
    renderersByBuild.set(shared, renderer);
  }
  return renderer;
}

function memoise<V>(memo: Map<string, V>, key: string, render: () => V): V {
  let value = memo.get(key);
  if (value === undefined) memo.set(key, (value = render()));
  return value;
}

/** One page to a complete HTML document. Pure (the memo only saves repeated work); throws RENDER_FAILED naming the page. */
export function renderPage(page: PagePlan, shared: RenderShared, markdown?: MarkdownForPage): string {
  const { fragments } = buildRenderer(shared);
  return renderDocument(page, shared, markdown ? { ...fragments, markdown } : fragments);
}

function renderDocument(page: PagePlan, shared: RenderShared, fragments: FragmentRenderer): string {
  try {
    return `<!DOCTYPE html>${renderToStaticMarkup(documentFor(page, shared, fragments))}`;
  } catch (error) {
    throw new SitegenError({
      code: 'RENDER_FAILED',
      message: `Could not render ${page.urlPath} (route ${page.name}): ${(error as Error).message}`,
      hint: 'a template threw on this page; the stack is in the cause',
      cause: error,
    });
  }
}

/** A page that could not be rendered: the error naming it, the innermost template frame, the template's stack. */
export interface RenderFailure {
  message: string;
  location: string | undefined;
  stack: string | undefined;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A rendered page: its output path and its HTML as UTF-8. Render never writes; emit does. */
export interface RenderedPage {
  path: string;
  bytes: Uint8Array;
  /** The Markdown bodies the page showed whose content keys are in `keepBodies`, as the page rendered them (for the feeds). */
  bodies?: Array<{ contentKey: string; html: string }> | undefined;
}

/**
 * Markdown bodies rendered ahead of their pages, in the thread that will render those pages (see
 * RenderPool.prepareBodies): each body's HTML as UTF-8 under its job's content key (about half the
 * memory of the string), or what its render threw. A body is handed out once, then forgotten.
 */
export class PreparedBodies {
  private readonly bodies = new Map<string, Uint8Array | { error: unknown }>();
  private render: ((input: MarkdownInput) => RenderedMarkdown) | undefined;

  /** Renders the jobs' Markdown now and keeps the results under their keys; `options` come with a build's first jobs. */
  prepare(jobs: readonly MarkdownJob[], options?: MarkdownOptions): void {
    if (options) this.render = createMarkdownRenderer(options);
    const render = this.render;
    if (!render) throw new Error('Markdown bodies to prepare came before the options to render them with');
    for (const { key, input } of jobs) {
      try {
        this.bodies.set(key, encoder.encode(render(input).html));
      } catch (error) {
        this.bodies.set(key, { error });
      }
    }
  }

  /** The UTF-8 HTML kept under a content key (thrown again when its render threw), or undefined; then forgotten. */
  take(key: string): Uint8Array | undefined {
    const body = this.bodies.get(key);
    if (!body) return undefined;
    this.bodies.delete(key);
    if (!(body instanceof Uint8Array)) throw body.error;
    return body;
  }

  /** Forgets every body not taken (the render they were for is over). */
  clear(): void {
    this.bodies.clear();
    this.render = undefined;
  }
}

/**
 * Where a template puts HTML whose UTF-8 the batch already holds: `PLACE`, the run's number on its page,
 * and a NUL. Unguessable, so no content can contain it. The runs are the fragments shared by many pages
 * (a locale's navigation and footer, encoded once per thread) and the bodies rendered ahead: their bytes
 * are copied into the page's, instead of going through the page's text and being encoded again on every
 * page. A body rendered ahead has no image, so nothing a template does to a body's images (withoutCover)
 * applies to it.
 */
const PLACE = `\u0000place-${randomUUID()}-`;

/**
 * renderPage over a batch, as UTF-8 bytes for the writer, and what went wrong with the pages that threw
 * (plain objects, so they can cross threads). A page whose body this thread rendered ahead (`prepared`)
 * gets that body's bytes without its text being rendered or encoded again, and every page the shared
 * fragments' bytes (PLACE). The pages' bytes are views of one buffer (BatchBytes), which a worker hands
 * to the writer's thread in one transfer.
 */
export function renderBatch(
  pages: readonly PagePlan[],
  shared: RenderShared,
  keepBodies: ReadonlySet<string> | undefined,
  prepared?: PreparedBodies,
): { files: RenderedPage[]; failures: RenderFailure[] } {
  const rendered: Array<{ path: string; span: PageSpan; bodies: RenderedPage['bodies'] }> = [];
  const failures: RenderFailure[] = [];
  const out = new BatchBytes();
  const { fragments: base, fragmentBytes } = buildRenderer(shared);
  const keep = keepBodies !== undefined && keepBodies.size > 0;
  // The byte runs of the page being rendered; a template gets a place for each.
  let runs: Uint8Array[] = [];
  const place = (bytes: Uint8Array) => `${PLACE}${runs.push(bytes) - 1}\u0000`;
  // A fragment rendered inside another is part of that one's text (memoised for every page), so it is text.
  let inFragment = false;
  const fragments: FragmentRenderer = {
    island: base.island,
    fragment(key, element) {
      if (inFragment) return base.fragment(key, element);
      const bytes = memoise(fragmentBytes, key, () => {
        inFragment = true;
        try {
          return encoder.encode(base.fragment(key, element));
        } finally {
          inFragment = false;
        }
      });
      return place(bytes);
    },
    markdown: base.markdown,
  };
  for (const page of pages) {
    runs = [];
    try {
      let bodies: RenderedPage['bodies'];
      const markdown: MarkdownForPage =
        !keep && !prepared
          ? base.markdown
          : (entry) => {
              const held = prepared?.take(entry.contentKey);
              const isKept = keep && keepBodies.has(entry.contentKey);
              // A body rendered ahead goes into the page's bytes as it is, unless its text is handed back too.
              if (held && !isKept) return place(held);
              const html = held ? decoder.decode(held) : renderHere(entry);
              if (isKept) (bodies ??= []).push({ contentKey: entry.contentKey, html });
              return html;
            };
      const html = renderDocument(page, shared, { ...fragments, markdown });
      rendered.push({ path: page.outputPath, span: out.page(html, runs), bodies });
    } catch (error) {
      const cause = (error as Error).cause ?? error;
      const stack = (cause as Error | undefined)?.stack;
      const mapped = stack === undefined ? undefined : sourceMappedStack(stack);
      failures.push({ message: (error as Error).message, location: templateLocation(mapped ?? ''), stack: mapped });
    }
  }
  const bytes = out.done();
  const files = rendered.map(({ path, span, bodies }): RenderedPage => {
    const page = bytes.subarray(span.start, span.end);
    return bodies ? { path, bytes: page, bodies } : { path, bytes: page };
  });
  return { files, failures };

  function renderHere(entry: Parameters<MarkdownForPage>[0]): string {
    if (entry.markdown.textLeftOut)
      throw new Error(`the body ${entry.contentKey} came without its text, and this thread did not render it ahead`);
    return base.markdown(entry);
  }
}

/** Where a page's bytes are in its batch's buffer. */
interface PageSpan {
  start: number;
  end: number;
}

/** What the last batch's pages took, in this thread: the next batch's buffer starts a little larger. */
let lastBatchBytes = 1 << 20;

/**
 * A batch's pages as UTF-8 in one buffer, each where the last one ended. A page's text is written there
 * in one pass (encodeInto: no buffer of its own, no second pass to measure it), and the byte runs it
 * names are copied in where the template put their PLACE. The buffer is not zeroed (every byte handed out
 * was written) and grows by doubling when a text's longest UTF-8 (3 bytes a UTF-16 unit) may not fit.
 */
class BatchBytes {
  private bytes = Buffer.allocUnsafeSlow(Math.max(1 << 16, Math.ceil(lastBatchBytes * 1.25)));
  private used = 0;

  /** Writes a page (each PLACE in its text as the bytes of the run it numbers) and gives its span. */
  page(html: string, runs: readonly Uint8Array[]): PageSpan {
    const start = this.used;
    let from = 0;
    for (let at = runs.length > 0 ? html.indexOf(PLACE) : -1; at !== -1; at = html.indexOf(PLACE, from)) {
      const end = html.indexOf('\u0000', at + PLACE.length);
      const run = runs[Number(html.slice(at + PLACE.length, end))]!;
      this.text(html.slice(from, at));
      this.reserve(run.length);
      this.bytes.set(run, this.used);
      this.used += run.length;
      from = end + 1;
    }
    this.text(from === 0 ? html : html.slice(from));
    return { start, end: this.used };
  }

  /** The buffer, as long as what was written (the pages' spans are in it). */
  done(): Uint8Array {
    lastBatchBytes = this.used;
    return this.bytes.subarray(0, this.used);
  }

  private text(text: string): void {
    this.reserve(text.length * 3);
    this.used += encoder.encodeInto(text, this.bytes.subarray(this.used)).written;
  }

  private reserve(length: number): void {
    if (this.used + length <= this.bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(this.bytes.length * 2, this.used + length));
    grown.set(this.bytes.subarray(0, this.used));
    this.bytes = grown;
  }
}

/** `templates/pages/HomePage.tsx:12:7`: the innermost template frame of an error's stack. */
function templateLocation(stack: string): string | undefined {
  const match = /\/(templates\/[^\s:()]+):(\d+):(\d+)/.exec(stack);
  return match ? `${match[1]}:${match[2]}:${match[3]}` : undefined;
}
