import { stat } from 'node:fs/promises';
import type { BuildReport } from '../build.ts';
import type { SiteAssets } from '../emit/load-site-assets.ts';
import { isDirectory } from '../emit/write-output.ts';
import type { FetchedContent } from '../fetch/raw-entry.ts';
import type { Site } from '../site/site.ts';
import type { OutputManifest } from './output-manifest.ts';
import { digest, digestJson } from './store.ts';

export interface PreviousBuild {
  /** What the output folder holds, when the build that wrote it left a manifest. */
  manifest: OutputManifest<BuildReport> | undefined;
  /** A digest of every input of this build ('' for one that is never up to date). */
  inputKey: string;
  /** The report of the build that wrote the output, when every input is the same now: nothing to do. */
  upToDate: BuildReport | undefined;
}

export interface PreviousBuildOptions {
  /** What the output folder holds, by the manifest its last build left (loadOutputManifest). */
  manifest: OutputManifest<BuildReport> | undefined;
  outDir: string;
  hostConfigDir: string;
  site: Site;
  fetched: FetchedContent;
  assets: SiteAssets;
  /** The code that computes the output (pipeline and templates). */
  code: string;
  /** What changes what is written where (output folders, host, drafts …). */
  settings: Record<string, unknown>;
  /** The embedded content's media (content/uploads/), from the input fingerprint. */
  uploads: string;
  /** The preview with a CMS hands in its own crawl and never skips a build. */
  neverUpToDate: boolean;
}

/** What the last build into the output folder left (its manifest), and whether this build has anything to do. */
export async function loadPreviousBuild(options: PreviousBuildOptions): Promise<PreviousBuild> {
  const { manifest } = options;
  const inputKey = options.neverUpToDate ? '' : await digestBuildInputs(options);
  const upToDate =
    inputKey !== '' && manifest?.inputKey === inputKey && (await isDirectory(options.hostConfigDir))
      ? manifest.report
      : undefined;
  return { manifest, inputKey, upToDate };
}

/** A Site is never changed once loaded, and the preview's memo hands out the same one while its files stay. */
const siteJsons = new WeakMap<Site, string>();

function siteJson(site: Site): string {
  let json = siteJsons.get(site);
  if (json === undefined) siteJsons.set(site, (json = JSON.stringify(site)));
  return json;
}

/**
 * A digest of everything the output depends on: the content as fetched, the site's files (config,
 * routes, redirects, locales, local data), the stylesheet and public/, the embedded content's media,
 * the pipeline and templates, and the settings that change what is written where.
 */
async function digestBuildInputs(options: PreviousBuildOptions): Promise<string> {
  const assets = await Promise.all(
    options.assets.files.map(async (file) => {
      if ('contents' in file) return digest(file.path, file.contents);
      if (!('copyFrom' in file)) return '';
      const info = await stat(file.copyFrom);
      return JSON.stringify([file.path, info.size, info.mtimeMs]);
    }),
  );
  // A source that did not digest its entries (a crawl with drafts, the preview's) is digested here.
  const content = options.fetched.digest ?? digestJson(options.fetched.entries);
  return digest(
    options.code,
    siteJson(options.site),
    JSON.stringify(options.settings),
    options.uploads,
    ...assets,
    options.fetched.dialect,
    content,
  );
}
