import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { documentFor } from '../../templates/render-document.tsx';
import type { RenderShared } from '../../templates/page-context.ts';
import { SitegenError } from '../errors.ts';
import type { PagePlan } from '../plan/page-plan.ts';

/**
 * Fragments that are the same on many pages (a locale's footer, an island with the same props) are
 * rendered once per build: memoised per RenderShared, which is one object per build (and per worker).
 */
const fragmentsByBuild = new WeakMap<RenderShared, Map<string, string>>();

function fragmentRenderer(shared: RenderShared) {
  let fragments = fragmentsByBuild.get(shared);
  if (!fragments) fragmentsByBuild.set(shared, (fragments = new Map()));
  const memo = fragments;
  return {
    // Islands are rendered with renderToString, the markup hydrateRoot expects; the rest as static markup.
    island: (key: string, element: () => ReactElement) => memoise(memo, `island:${key}`, () => renderToString(element())),
    fragment: (key: string, element: () => ReactElement) => memoise(memo, `fragment:${key}`, () => renderToStaticMarkup(element())),
  };
}

function memoise(memo: Map<string, string>, key: string, render: () => string): string {
  let html = memo.get(key);
  if (html === undefined) memo.set(key, (html = render()));
  return html;
}

/** One page to a complete HTML document. Pure (the memo only saves repeated work); throws RENDER_FAILED naming the page. */
export function renderPage(page: PagePlan, shared: RenderShared): string {
  try {
    return `<!DOCTYPE html>${renderToStaticMarkup(documentFor(page, shared, fragmentRenderer(shared)))}`;
  } catch (error) {
    throw new SitegenError({
      code: 'RENDER_FAILED',
      message: `Could not render ${page.urlPath} (route ${page.name}): ${(error as Error).message}`,
      hint: 'a template threw on this page; the stack is in the cause',
      cause: error,
    });
  }
}
