import { createHash } from 'node:crypto';
import type { KeptFile, OutputFile } from '../emit/output-file.ts';
import { formatHostFiles, type FormatHostFilesOptions } from '../emit/hosts/format-host-files.ts';
import type { HostFiles } from '../emit/hosts/host-files.ts';
import { planHostManifest } from '../plan/host-manifest.ts';
import type { RedirectPlan } from '../plan/redirect-rule.ts';
import type { SiteFile } from '../site/schemas.ts';
import type { BuildCache } from './build-cache.ts';

/** A stage's result and the hash of its inputs (the key of what later stages derive from it). */
export interface Keyed<T> {
  key: string;
  result: T;
}

/**
 * A whole-site stage that depends on nothing but `inputs` (plain data): its result from the last build
 * when the inputs' JSON hashes the same (the saved file then stays as it is), else `run(inputs)`, kept
 * for the next build.
 */
export async function runCached<I, R>(cache: BuildCache<unknown>, stage: string, inputs: I, run: (inputs: I) => R): Promise<Keyed<R>> {
  const key = createHash('sha256').update(JSON.stringify(inputs)).digest('base64url');
  const kept = await cache.stageResult<R>(stage, key);
  if (kept !== undefined) return { key, result: kept };
  const result = run(inputs);
  cache.remember(stage, key, result);
  return { key, result };
}

interface SavedHostFiles {
  publicPaths: string[];
  configFiles: Array<{ path: string; contents: string }>;
  warnings: string[];
}

/** The host's files; `hashes` holds the output hashes of the public files left as the last build wrote them. */
export interface PlannedHostFiles extends HostFiles {
  hashes: Map<string, string>;
}

/**
 * The host's redirect, header and configuration files. When the redirects (by their key), the site
 * config, the host and the file count are those of the build that wrote the output, the public files
 * it wrote stay as they are (tens of thousands of redirect stubs are neither formatted nor hashed
 * again) and its configuration files are written again from the cache.
 */
export async function planHostFiles(
  cache: BuildCache<unknown>,
  { host, config, redirects, outputFileCount }: { host: FormatHostFilesOptions['host']; config: SiteFile; redirects: Keyed<RedirectPlan>; outputFileCount: number },
): Promise<PlannedHostFiles> {
  const key = createHash('sha256').update(JSON.stringify([host, config, redirects.key, outputFileCount])).digest('base64url');
  const saved = await cache.stageResult<SavedHostFiles>('host-files', key);
  const previous = cache.previous;
  if (saved && previous && saved.publicPaths.every((file) => previous.has(file))) {
    return {
      publicFiles: saved.publicPaths.map((file): KeptFile => ({ path: file, kept: true })),
      configFiles: saved.configFiles,
      warnings: saved.warnings,
      failures: [],
      hashes: new Map(saved.publicPaths.map((file) => [file, previous.get(file)!.hash])),
    };
  }
  const files = formatHostFiles({ host, manifest: planHostManifest({ config, redirects: redirects.result }), outputFileCount });
  const configFiles = files.configFiles.filter((file): file is { path: string; contents: string } => 'contents' in file && typeof file.contents === 'string');
  // Only text files are kept in the cache (every host's are); anything else is formatted again next time.
  if (configFiles.length === files.configFiles.length && files.publicFiles.every((file: OutputFile) => 'contents' in file)) {
    cache.remember('host-files', key, { publicPaths: files.publicFiles.map((file) => file.path), configFiles, warnings: files.warnings } satisfies SavedHostFiles);
  }
  return { ...files, hashes: new Map() };
}
