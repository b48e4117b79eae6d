import type { ReactElement } from 'react';
import type { PagePlan } from '../pipeline/plan/page-plan.ts';
import { createPageContext, type FragmentRenderer, type RenderShared } from './page-context.ts';
import { PageBody } from './pages/PageBody.tsx';
import { Document } from './shell/Document.tsx';

/** The React tree of one complete page. */
export function documentFor(page: PagePlan, shared: RenderShared, fragments: FragmentRenderer): ReactElement {
  const context = createPageContext(page, shared, fragments);
  return (
    <Document context={context}>
      <PageBody context={context} data={page.data} />
    </Document>
  );
}
