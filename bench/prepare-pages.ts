// The stages of build() up to the render, for the scripts that time rendering on its own (render-floor.ts,
// render-scaling-child.ts): load site → fetch → validate → media → colours → image sizes → Markdown jobs →
// transform → plan → assets and client bundles → shared render data.
import path from 'node:path';
import { loadCodeHashes } from '../pipeline/cache/code-hash.ts';
import { openStore } from '../pipeline/cache/store.ts';
import { bundleClient } from '../pipeline/emit/bundle-client.ts';
import { loadSiteAssets } from '../pipeline/emit/load-site-assets.ts';
import type { CmsOptions } from '../pipeline/fetch/fetch-cms.ts';
import { fetchEntries } from '../pipeline/fetch/fetch-entries.ts';
import { fetchMedia } from '../pipeline/fetch/fetch-media.ts';
import { LOCALES } from '../pipeline/locale.ts';
import { planPages } from '../pipeline/plan/plan-pages.ts';
import { createRenderShared } from '../pipeline/render/render-shared.ts';
import { loadSite } from '../pipeline/site/load-site.ts';
import { extractCoverColours, measureImages } from '../pipeline/transform/cover-colours.ts';
import { listMedia } from '../pipeline/transform/list-media.ts';
import { planMarkdownJobs } from '../pipeline/transform/markdown-jobs.ts';
import { transformContent } from '../pipeline/transform/transform-content.ts';
import { validateContent } from '../pipeline/validate/validate-content.ts';

export async function preparePages({
  siteDir,
  cms,
  cacheDir,
}: {
  siteDir: string;
  cms: CmsOptions | undefined;
  cacheDir: string;
}) {
  const site = await loadSite(siteDir);
  const fetched = await fetchEntries({
    cms,
    contentDir: path.join(siteDir, 'content'),
    locales: LOCALES,
    includeDrafts: false,
  });
  const valid = validateContent(fetched.entries, { skipInvalid: false });
  const mediaList = listMedia(valid);
  const store = openStore(cacheDir);
  const media = await fetchMedia({
    urls: mediaList.urls,
    origin: fetched.mediaOrigin,
    store,
    concurrency: cms?.concurrency ?? 8,
  });
  const stored = (url: string) => {
    const file = media.files.get(url)!;
    return { url, file: file.sourceFile, key: file.outputPath };
  };
  const colours = await extractCoverColours(mediaList.needColour.map(stored), store);
  const imageSizes = await measureImages(mediaList.contentImages.map(stored), store);
  // Saves the media, colour and size tables for the next run; only a build sweeps what it did not use.
  await store.close({ sweep: false });
  const markdownOptions = { baseUrl: site.config.baseUrl, media: media.files, imageSizes };
  const jobs = planMarkdownJobs({
    content: valid,
    site,
    media: media.files,
    imageSizes,
    codeHash: (await loadCodeHashes()).engine,
  });
  const content = transformContent({
    content: valid,
    site,
    media: media.files,
    colours: colours.colours,
    markdown: jobs,
  });
  const plan = planPages({ content, site });
  const shared = createRenderShared({
    site,
    shells: plan.shells,
    assets: await loadSiteAssets(siteDir),
    scripts: await bundleClient(),
    markdown: markdownOptions,
  });
  return { jobs, markdownOptions, pages: plan.pages, shared, plan, site };
}
