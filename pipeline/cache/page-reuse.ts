import type { RenderShared } from '../../templates/page-context.ts';
import type { KeptFile } from '../emit/output-file.ts';
import type { OutputEntries } from '../emit/write-output.ts';
import type { PagePlan } from '../plan/page-plan.ts';
import { hashPageInputs, type PageCodeHashes, type PageSources } from './page-hash.ts';

/** Which pages the render stage must render, and which stay as the previous build wrote them. */
export interface PageReuse {
  /** Per output path, the hash of the page's inputs: emit records it, the next build compares it. */
  hashes: Map<string, string>;
  /** Pages whose inputs did not change since the build that wrote the output: their files stay. */
  kept: KeptFile[];
  toRender: PagePlan[];
}

/** Splits the pages by their input hash against what the output holds (everything is rendered without a previous output). Pure. */
export function planPageReuse({ pages, shared, code, previous, sources }: { pages: PagePlan[]; shared: RenderShared; code: PageCodeHashes; previous: OutputEntries | undefined; sources: PageSources }): PageReuse {
  const hashes = hashPageInputs(pages, shared, code, sources);
  if (!previous) return { hashes, kept: [], toRender: pages };
  const kept: KeptFile[] = [];
  const toRender: PagePlan[] = [];
  for (const page of pages) {
    if (previous.get(page.outputPath)?.hash === hashes.get(page.outputPath)) kept.push({ path: page.outputPath, kept: true });
    else toRender.push(page);
  }
  return { hashes, kept, toRender };
}
