import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { documentFor } from '../../templates/render-document.tsx';
import type { FragmentRenderer, RenderShared } from '../../templates/page-context.ts';
import { createMarkdownRenderer } from '../transform/markdown.ts';
import { SitegenError } from '../errors.ts';
import { sourceMappedStack } from '../source-mapped-stack.ts';
import type { PagePlan } from '../plan/page-plan.ts';

/**
 * Fragments that are the same on many pages (a locale's footer, an island with the same props) are
 * rendered once per build: memoised per RenderShared, which is one object per build (and per worker).
 * Article bodies are rendered from Markdown here, where the page is, so no separate pass holds them all.
 */
const renderersByBuild = new WeakMap<RenderShared, FragmentRenderer>();

/** Renders an entry's Markdown for a page; the render floor substitutes its pre-rendered bodies. */
export type MarkdownForPage = FragmentRenderer['markdown'];

function fragmentRenderer(shared: RenderShared): FragmentRenderer {
  let renderer = renderersByBuild.get(shared);
  if (!renderer) {
    const memo = new Map<string, string>();
    const renderMarkdown = createMarkdownRenderer(shared.markdown);
    // A body shown on several pages (the English text on a fallback page) is rendered again: keeping
    // every body would hold the whole site's HTML in each worker.
    renderer = {
      // Islands are rendered with renderToString, the markup hydrateRoot expects; the rest as static markup.
      island: (key, element) =>
        key === undefined ? renderToString(element()) : memoise(memo, `island:${key}`, () => renderToString(element())),
      fragment: (key, element) => memoise(memo, `fragment:${key}`, () => renderToStaticMarkup(element())),
      markdown: (entry) => renderMarkdown(entry.markdown).html,
    };
    renderersByBuild.set(shared, renderer);
  }
  return renderer;
}

function memoise(memo: Map<string, string>, key: string, render: () => string): string {
  let html = memo.get(key);
  if (html === undefined) memo.set(key, (html = render()));
  return html;
}

/** One page to a complete HTML document. Pure (the memo only saves repeated work); throws RENDER_FAILED naming the page. */
export function renderPage(page: PagePlan, shared: RenderShared, markdown?: MarkdownForPage): string {
  try {
    const fragments = fragmentRenderer(shared);
    return `<!DOCTYPE html>${renderToStaticMarkup(documentFor(page, shared, markdown ? { ...fragments, markdown } : fragments))}`;
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

/** A rendered page: its output path and its HTML as UTF-8. Render never writes; emit does. */
export interface RenderedPage {
  path: string;
  bytes: Uint8Array;
  /** The Markdown bodies the page showed whose content keys are in `keepBodies`, as the page rendered them (for the feeds). */
  bodies?: Array<{ contentKey: string; html: string }> | undefined;
}

/**
 * renderPage over a batch, as UTF-8 bytes for the writer, and what went wrong with the pages that threw
 * (plain objects, so they can cross threads).
 */
export function renderBatch(
  pages: readonly PagePlan[],
  shared: RenderShared,
  keepBodies: ReadonlySet<string> | undefined,
): { files: RenderedPage[]; failures: RenderFailure[] } {
  const files: RenderedPage[] = [];
  const failures: RenderFailure[] = [];
  for (const page of pages) {
    try {
      let bodies: RenderedPage['bodies'];
      let markdown: MarkdownForPage | undefined;
      if (keepBodies !== undefined && keepBodies.size > 0) {
        const fragments = fragmentRenderer(shared);
        markdown = (entry) => {
          const html = fragments.markdown(entry);
          if (keepBodies.has(entry.contentKey)) (bodies ??= []).push({ contentKey: entry.contentKey, html });
          return html;
        };
      }
      const bytes = encoder.encode(renderPage(page, shared, markdown));
      files.push(bodies ? { path: page.outputPath, bytes, bodies } : { path: page.outputPath, bytes });
    } catch (error) {
      const cause = (error as Error).cause ?? error;
      const stack = (cause as Error | undefined)?.stack;
      const mapped = stack === undefined ? undefined : sourceMappedStack(stack);
      failures.push({ message: (error as Error).message, location: templateLocation(mapped ?? ''), stack: mapped });
    }
  }
  return { files, failures };
}

/** `templates/pages/HomePage.tsx:12:7`: the innermost template frame of an error's stack. */
function templateLocation(stack: string): string | undefined {
  const match = /\/(templates\/[^\s:()]+):(\d+):(\d+)/.exec(stack);
  return match ? `${match[1]}:${match[2]}:${match[3]}` : undefined;
}
