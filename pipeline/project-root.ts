/**
 * The project folder (package.json, bin/, pipeline/, templates/) as a `file:` URL ending in `/`: what
 * every path to the project's own files starts from. Run through tsx, this module sits in pipeline/;
 * in the CLI's bundle (bin/cli-bundle.js) modules live in a folder of the cache, so the bundle defines
 * SITEGEN_PROJECT_ROOT.
 */
declare const SITEGEN_PROJECT_ROOT: string | undefined;

export const PROJECT_ROOT_URL: URL = typeof SITEGEN_PROJECT_ROOT === 'string' ? new URL(SITEGEN_PROJECT_ROOT) : new URL('../', import.meta.url);
