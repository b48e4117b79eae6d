import { describe, expect, it } from 'vitest';
import { renderMarkdownJobs, type MarkdownJob } from '../../../pipeline/transform/markdown-jobs.ts';
import { renderMarkdown } from '../../../pipeline/transform/render-markdown.ts';

const strings = {
  tableOfContents: 'Contents',
  footnotes: 'Notes',
  backToText: 'Back',
  ctaOne: { title: 'One', text: 'First call', button: 'Go', href: 'https://www.example.com/start' },
  ctaTwo: { title: 'Two', text: 'Second call', button: 'Go', href: 'https://www.example.com/start' },
};

const jobs: MarkdownJob[] = Array.from({ length: 40 }, (_, index) => ({
  key: `job-${index}`,
  input: { markdown: `## Part ${index}\n\nText with a [link](https://example.org/${index}) and \`code\`.[^1]\n\n[^1]: A note.\n\n\`\`\`js\nconst n = ${index};\n\`\`\``, showIndex: index % 2 === 0, showCallToActions: index % 3 === 0, strings },
}));

describe('renderMarkdown', () => {
  it('gives the same HTML in worker threads as in this thread', async () => {
    const options = { baseUrl: 'https://www.example.com', media: new Map() };
    const here = renderMarkdownJobs(jobs, options);
    const inWorkers = await renderMarkdown(jobs, options, 2);
    expect(inWorkers.size).toBe(jobs.length);
    expect([...inWorkers].sort()).toEqual([...here].sort());
  });
});
