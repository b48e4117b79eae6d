import type { ReactElement } from 'react';
import type { PagePlan } from '../pipeline/plan/page-plan.ts';
import { createPageContext, type RenderShared } from './page-context.ts';
import { PageBody } from './pages/PageBody.tsx';
import { Document } from './shell/Document.tsx';

/** The React tree of one complete page. */
export function documentFor(page: PagePlan, shared: RenderShared, renderIsland: (element: ReactElement) => string): ReactElement {
  const context = createPageContext(page, shared, renderIsland);
  return (
    <Document context={context}>
      <PageBody context={context} data={page.data} />
    </Document>
  );
}
