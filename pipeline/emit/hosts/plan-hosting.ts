import { stat } from 'node:fs/promises';
import path from 'node:path';
import { digestJson, type Store } from '../../cache/store.ts';
import type { PreviousGroup } from '../write-output.ts';
import type { OutputFile, OutputGroup } from '../output-file.ts';
import { formatHostFiles } from './format-host-files.ts';
import { planHostManifest } from '../../plan/host-manifest.ts';
import { planRedirects, type RedirectInputs } from '../../plan/plan-redirects.ts';
import type { HostName, SiteFile } from '../../site/schemas.ts';
import { benchOff } from '../../bench-off.ts';

export interface HostingOptions {
  redirects: RedirectInputs;
  host: HostName;
  config: SiteFile;
  /** Files the build writes besides the host's own, for the hosts' file-count limits. */
  outputFileCount: number;
  hostConfigDir: string;
  /** The output folder's groups as the last build into it left them (its manifest). */
  previousGroups: ReadonlyMap<string, PreviousGroup> | undefined;
  /** Also keys the stage's result: the folders it was written into. */
  outDir: string;
}

/** What the report needs of the redirects and the host's files. */
interface HostingSummary {
  redirectRules: number;
  redirectWarnings: string[];
  warnings: string[];
}

/** The redirects and the host's files, with what the report and the writer need of them. */
export interface Hosting extends HostingSummary {
  /** The host's files in the output folder, as one group (HOST_FILES): written, or kept whole when the last build wrote the same. */
  publicFiles: OutputGroup;
  /** The files of the host folder; undefined: the folder holds them already, as the last build wrote it. */
  configFiles: OutputFile[] | undefined;
  /** Files this stage's summary in the store once the host folder is written (the next build's shortcut). */
  save(): Promise<void>;
}

/** What the next build needs to stand for this stage without running it: no redirect rule, no file contents. */
interface SavedHosting extends HostingSummary {
  /** [file, size, mtime] of the host folder's files as this build wrote them. */
  configFiles: Array<[string, number, number]>;
}

const STAGE = 'hosting';

/** The name of the host's files' group in the output manifest. */
const HOST_FILES = 'host';

/**
 * Redirects and host files as one stage: when its inputs (redirectInputs, a complete projection, the host,
 * the site config, the file count) are those of the build that wrote the output, and the output and host
 * folders still hold what it wrote, nothing is planned, formatted or written again; the output folder's
 * files are one group under the stage's key (OutputGroup), kept whole. Otherwise both are made as usual
 * and a small summary is kept in the store for the next build.
 */
export async function planHosting(store: Store, options: HostingOptions): Promise<Hosting> {
  const key = digestJson([
    options.host,
    options.config,
    options.outputFileCount,
    options.redirects,
    options.outDir,
    options.hostConfigDir,
  ]);
  const saved =
    options.previousGroups?.get(HOST_FILES)?.key === key ? await store.get<SavedHosting>(STAGE, key) : undefined;
  if (saved && (await configFolderHolds(options.hostConfigDir, saved.configFiles))) {
    const { configFiles, ...summary } = saved;
    return { ...summary, publicFiles: { group: HOST_FILES, key }, configFiles: undefined, save: async () => undefined };
  }
  if (benchOff('host-files'))
    return {
      redirectRules: 0,
      redirectWarnings: [],
      warnings: [],
      publicFiles: { group: HOST_FILES, key, files: [] },
      configFiles: [],
      save: async () => undefined,
    };
  const redirects = planRedirects(options.redirects);
  const files = formatHostFiles({
    host: options.host,
    manifest: planHostManifest({ config: options.config, redirects: redirects.plan }),
    outputFileCount: options.outputFileCount,
  });
  // Made of paths only, so that the rules and the files' contents are garbage once written.
  const summary: HostingSummary = {
    redirectRules: redirects.plan.rules.length,
    redirectWarnings: redirects.warnings,
    warnings: files.warnings,
  };
  const configPaths = files.configFiles.map((file) => file.path);
  const { hostConfigDir } = options;
  const save = async () =>
    store.put(STAGE, key, {
      ...summary,
      configFiles: await Promise.all(
        configPaths.map(async (file): Promise<[string, number, number]> => {
          const info = await stat(path.join(hostConfigDir, file));
          return [file, info.size, info.mtimeMs];
        }),
      ),
    } satisfies SavedHosting);
  return {
    ...summary,
    publicFiles: { group: HOST_FILES, key, files: files.publicFiles },
    configFiles: files.configFiles,
    save,
  };
}

async function configFolderHolds(folder: string, files: SavedHosting['configFiles']): Promise<boolean> {
  const found = await Promise.all(
    files.map(([file, size, mtime]) =>
      stat(path.join(folder, file)).then(
        (info) => info.isFile() && info.size === size && info.mtimeMs === mtime,
        () => false,
      ),
    ),
  );
  return found.every(Boolean);
}
