import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { documentFor } from '../../templates/render-document.tsx';
import type { RenderShared } from '../../templates/page-context.ts';
import { SitegenError } from '../errors.ts';
import type { PagePlan } from '../plan/page-plan.ts';

/** One page to a complete HTML document. Pure; throws RENDER_FAILED naming the page. */
export function renderPage(page: PagePlan, shared: RenderShared): string {
  try {
    // Islands are rendered with renderToString, the markup hydrateRoot expects; the rest as static markup.
    return `<!DOCTYPE html>${renderToStaticMarkup(documentFor(page, shared, renderToString))}`;
  } catch (error) {
    throw new SitegenError({
      code: 'RENDER_FAILED',
      message: `Could not render ${page.urlPath} (route ${page.name}): ${(error as Error).message}`,
      hint: 'a template threw on this page; the stack is in the cause',
      cause: error,
    });
  }
}
