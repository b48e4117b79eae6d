import { createHash } from 'node:crypto';
import type { RenderShared } from '../../templates/page-context.ts';
import type { PagePlan } from '../plan/page-plan.ts';

/**
 * A hash of everything a page's HTML depends on: its plan, what every page shares, and the code. Article
 * HTML is represented by its content key (same key, same HTML), which keeps hashing cheap. Pure.
 */
export function hashPageInputs(pages: PagePlan[], shared: RenderShared, codeHash: string): Map<string, string> {
  const sharedHash = createHash('sha256').update(codeHash).update(JSON.stringify(shared)).digest('hex');
  const withoutHtml = (key: string, value: unknown) => (key === 'html' ? undefined : value);
  return new Map(pages.map((page) => [page.outputPath, createHash('sha256').update(sharedHash).update(JSON.stringify(page, withoutHtml)).digest('hex').slice(0, 32)]));
}
