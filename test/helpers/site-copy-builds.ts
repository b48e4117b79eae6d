import path from 'node:path';
import { expect } from 'vitest';
import { build, type BuildOptions } from '../../pipeline/build.ts';
import { diffTrees, readTree } from './files.ts';
import { copySiteData } from './project-copy.ts';

/** Builds of a temp copy of the site's data files (the embedded content), each into folders of its own. */
export interface SiteCopyBuilds {
  siteDir: string;
  /** A build named `name`: output in `<dir>/<name>/out`, cache in `<dir>/<name>/cache`. */
  options(name: string, overrides?: Partial<BuildOptions>): BuildOptions;
  /**
   * Builds the same input cold (as `coldName`, with the warm build's skipInvalid) and expects the warm
   * build's output folder to hold the same files, byte for byte. Returns the warm output and the cold options.
   */
  expectSameAsCold(
    warm: BuildOptions,
    coldName: string,
  ): Promise<{ warmTree: Map<string, Buffer>; cold: BuildOptions }>;
}

/** A build of the embedded content of `siteDir` named `name`: output in `<dir>/<name>/out`, cache in `<dir>/<name>/cache`. */
export function namedBuildOptions(
  siteDir: string,
  dir: string,
  name: string,
  overrides: Partial<BuildOptions> = {},
): BuildOptions {
  return {
    siteDir,
    outDir: path.join(dir, name, 'out'),
    cacheDir: path.join(dir, name, 'cache'),
    cms: undefined,
    includeDrafts: false,
    skipInvalid: false,
    ...overrides,
  };
}

/** Copies the site's data files into `<dir>/site` (edit them there) for builds of that copy. */
export async function siteCopyBuilds(dir: string): Promise<SiteCopyBuilds> {
  const siteDir = await copySiteData(path.join(dir, 'site'));
  const options = (name: string, overrides: Partial<BuildOptions> = {}): BuildOptions =>
    namedBuildOptions(siteDir, dir, name, overrides);
  return {
    siteDir,
    options,
    async expectSameAsCold(warm, coldName) {
      const cold = options(coldName, { skipInvalid: warm.skipInvalid });
      await build(cold);
      const warmTree = await readTree(warm.outDir);
      expect(diffTrees(warmTree, await readTree(cold.outDir))).toEqual([]);
      return { warmTree, cold };
    },
  };
}
