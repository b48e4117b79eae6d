import type { BuildOptions, BuildProblem, ContentMemo } from '../build.ts';
import type { CodeHashes } from '../cache/code-hash.ts';
import type { SnapshotRecords } from '../cache/snapshot-records.ts';
import type { Store } from '../cache/store.ts';
import { versionNames } from '../cache/version-keys.ts';
import { SitegenError } from '../errors.ts';
import { fetchMedia, type MediaFiles } from '../fetch/fetch-media.ts';
import type { FetchedContent } from '../fetch/raw-entry.ts';
import type { Site } from '../site/site.ts';
import type { ValidContent } from '../validate/validate-content.ts';
import { checkImage, extractCoverColours, measureImages, type StoredImage } from './cover-colours.ts';
import { describeUnavailableMedia, findUnavailableMedia, listMedia } from './list-media.ts';
import type { MarkdownOptions } from './markdown.ts';
import { planMarkdownJobs } from './markdown-jobs.ts';
import { transformContent, type Content } from './transform-content.ts';
import { benchOff } from '../bench-off.ts';

export interface PrepareContentOptions {
  valid: ValidContent;
  fetched: FetchedContent;
  site: Site;
  code: CodeHashes;
  store: Store;
  memo: ContentMemo;
  /** Keeps the valid records of the files the fetch parsed (not the preview's). */
  records: SnapshotRecords | undefined;
  options: Pick<BuildOptions, 'cms' | 'strict' | 'log'>;
}

export interface PreparedContent {
  content: Content;
  /** Names of the versions of kept records: the page hashes take these instead of hashing the versions. */
  versionNames: Map<string, string>;
  media: MediaFiles;
  mediaDownloads: number;
  markdownOptions: MarkdownOptions;
  mediaUnavailable: number;
  warnings: string[];
  problems: BuildProblem[];
  coverColours: { fromCms: number; computed: number; cached: number };
}

/**
 * The transform stage: the media the entries use (mirrored, their colours and sizes), each entry's
 * Markdown job, and the content the plan reads. Throws MEDIA_UNAVAILABLE under --strict when an image
 * cannot be had; otherwise the pages go without it, with a warning per entry.
 */
export async function prepareContent({
  valid,
  fetched,
  site,
  code,
  store,
  memo,
  records,
  options,
}: PrepareContentOptions): Promise<PreparedContent> {
  const mediaList = listMedia(valid, memo.markdownBodies);
  const media = await fetchMedia({
    urls: mediaList.urls,
    origin: fetched.mediaOrigin,
    store,
    concurrency: options.cms?.concurrency ?? 8,
    check: checkImage,
    ...(options.cms?.timeoutMs === undefined ? {} : { timeoutMs: options.cms.timeoutMs }),
    ...(options.cms?.faultRetry ? { faultRetry: options.cms.faultRetry } : {}),
    ...(options.log ? { onProgress: options.log.progress } : {}),
  });
  const present = (urls: string[]): StoredImage[] =>
    urls.flatMap((url) => {
      const file = media.files.get(url);
      return file ? [{ url, file: file.sourceFile, key: file.outputPath }] : [];
    });
  const colours = await extractCoverColours(benchOff('cover-colours') ? [] : present(mediaList.needColour), store);
  const imageSizes = await measureImages(present(mediaList.contentImages), store);
  // What the source lacks or cannot serve as an image: the pages go without it.
  const unavailable = new Map([...media.missing, ...colours.unreadable]);
  for (const url of colours.unreadable.keys()) media.files.delete(url);
  const missing = findUnavailableMedia(valid, unavailable, memo.markdownBodies).map(describeUnavailableMedia);
  if (options.strict && missing.length > 0)
    throw new SitegenError({
      code: 'MEDIA_UNAVAILABLE',
      message: `${missing.length} ${missing.length === 1 ? 'image an entry uses is' : 'images entries use are'} not available (--strict):\n${missing.map((line) => `  ${line}`).join('\n')}`,
      hint: 'upload the files again to the CMS media library (or content/uploads/), or remove them from the entries; without --strict the pages are built without them',
    });
  const markdown = planMarkdownJobs({
    content: valid,
    site,
    media: media.files,
    imageSizes,
    codeHash: code.engine,
    memo: memo.markdownBodies,
  });
  if (records && fetched.snapshotFiles) await records.save(fetched.snapshotFiles);
  const content = transformContent({
    content: valid,
    site,
    media: media.files,
    colours: colours.colours,
    markdown,
    unavailableMedia: unavailable,
  });
  return {
    content,
    versionNames: versionNames(
      valid,
      { keys: memo.recordKeys, bodies: memo.markdownBodies },
      { engine: code.engine, site, media: media.files, colours: colours.colours, imageSizes, unavailable },
    ),
    media: media.files,
    mediaDownloads: media.downloads,
    markdownOptions: { baseUrl: site.config.baseUrl, media: media.files, imageSizes, unavailableMedia: unavailable },
    mediaUnavailable: missing.length,
    warnings: [...fetched.warnings, ...valid.warnings, ...missing],
    problems: [
      ...valid.warnings.map((message): BuildProblem => ({ code: 'CONTENT_INVALID', message })),
      ...missing.map((message): BuildProblem => ({ code: 'MEDIA_UNAVAILABLE', message })),
    ],
    coverColours: { fromCms: mediaList.colourFromCms, computed: colours.computed, cached: colours.cached },
  };
}
