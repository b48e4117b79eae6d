import type { MarkdownJob } from '../pipeline/transform/markdown-jobs.ts';
import { createMarkdownRenderer, type MarkdownOptions, type RenderedMarkdown } from '../pipeline/transform/markdown.ts';

/** Every job's Markdown rendered once, by content key: the benches' pre-rendered bodies (the build renders them in its workers, per page). */
export function renderMarkdownJobs(
  jobs: Iterable<MarkdownJob>,
  options: MarkdownOptions,
): Map<string, RenderedMarkdown> {
  const render = createMarkdownRenderer(options);
  const rendered = new Map<string, RenderedMarkdown>();
  for (const job of jobs) if (!rendered.has(job.key)) rendered.set(job.key, render(job.input));
  return rendered;
}
