import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MediaFile } from '../../../pipeline/fetch/fetch-media.ts';
import { loadSite } from '../../../pipeline/site/load-site.ts';
import type { Site } from '../../../pipeline/site/site.ts';
import { createMarkdownRenderer } from '../../../pipeline/transform/markdown.ts';
import { findMarkdownImages } from '../../../pipeline/transform/markdown/find-images.ts';
import { mediaFreeMarkdownJobs, planMarkdownJobs } from '../../../pipeline/transform/markdown-jobs.ts';
import type { ValidContent } from '../../../pipeline/validate/validate-content.ts';
import { embeddedValidContent, REPO_ROOT } from '../../helpers/content.ts';

let site: Site;
let valid: ValidContent;

beforeAll(async () => {
  site = await loadSite(REPO_ROOT);
  const checked = await embeddedValidContent();
  // One more article whose only image is raw HTML: no Markdown image syntax, but a `src` the media map.
  const [first] = checked.articles;
  valid = {
    ...checked,
    articles: [
      ...checked.articles,
      { ...first!, id: 990_001, content: 'Our dashboard:\n\n<img src="/uploads/dash.png">' },
    ],
  };
}, 60_000);

describe('the Markdown jobs a render worker can do before the media are known', () => {
  it('are the jobs of every body without image syntax or src, with the keys and inputs the media give them later', () => {
    // The media as the transform has them: every image the bodies name mirrored, each with a size.
    const urls = [...valid.articles, ...valid.keyTerms].flatMap((record) => findMarkdownImages(record.content ?? ''));
    urls.push('/uploads/dash.png');
    expect(urls.length).toBeGreaterThan(1);
    const media = new Map<string, MediaFile>(
      urls.map((url) => [
        url,
        { sourceFile: `/tmp/${path.basename(url)}`, outputPath: `_media/${path.basename(url)}` },
      ]),
    );
    const imageSizes = new Map(urls.map((url) => [url, { width: 800, height: 450 }]));
    const all = [...planMarkdownJobs({ content: valid, site, media, imageSizes, codeHash: 'test' }).values()];
    const { jobs: early, options } = mediaFreeMarkdownJobs({ content: valid, site, codeHash: 'test' });

    const mediaFree = all.filter((job) => !/!\[|src/i.test(job.input.markdown));
    expect(early.map((job) => job.key)).toEqual(mediaFree.map((job) => job.key));
    expect(early.map((job) => job.input)).toEqual(mediaFree.map((job) => job.input));
    expect(early.length).toBeGreaterThan(0);
    expect(early.length).toBeLessThan(all.length);
    expect(early.some((job) => job.input.markdown.includes('/uploads/dash.png'))).toBe(false);

    // Equal keys, equal HTML: rendered without the media, each body is what it is with them.
    const withMedia = createMarkdownRenderer({ baseUrl: site.config.baseUrl, media, imageSizes });
    const withoutMedia = createMarkdownRenderer(options);
    for (const job of early) expect(withoutMedia(job.input).html).toBe(withMedia(job.input).html);
    // Not so for the bodies left out: their images point at the mirrored files.
    const left = all.filter((job) => !mediaFree.includes(job));
    expect(left.some((job) => withoutMedia(job.input).html !== withMedia(job.input).html)).toBe(true);
  });
});
