/**
 * The project folder (package.json, bin/, pipeline/, templates/) as a `file:` URL ending in `/`: what
 * every path to the project's own files starts from. Run through tsx, this module sits in pipeline/;
 * in the CLI's bundle (bin/cli-bundle.js) modules live in a folder of the cache, so the bundle defines
 * SITEGEN_PROJECT_ROOT.
 */
declare const SITEGEN_PROJECT_ROOT: string | undefined;

export const PROJECT_ROOT_URL: URL =
  typeof SITEGEN_PROJECT_ROOT === 'string' ? new URL(SITEGEN_PROJECT_ROOT) : new URL('../', import.meta.url);

declare const SITEGEN_BUNDLED: boolean | undefined;
/** Whether this code runs from the CLI's bundle (which defines SITEGEN_BUNDLED), not from the sources through tsx. */
export const RUNS_FROM_BUNDLE: boolean = typeof SITEGEN_BUNDLED !== 'undefined';

/**
 * The module a worker thread or child process starts from: the bundle's own entry (`<name>.js`,
 * beside the bundle's chunks: no TypeScript to compile), or, run from the sources, the project file
 * that registers tsx first.
 */
export function startEntry(bundledName: string, sourcePath: string): URL {
  return RUNS_FROM_BUNDLE ? new URL(`./${bundledName}.js`, import.meta.url) : new URL(sourcePath, PROJECT_ROOT_URL);
}
