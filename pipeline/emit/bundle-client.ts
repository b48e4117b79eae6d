import path from 'node:path';
import type { BuildOptions } from 'esbuild';
import type { OutputFile } from './output-file.ts';
import { PROJECT_ROOT_URL } from '../project-root.ts';
import { benchOff } from '../bench-off.ts';

/** The browser code: the always-on script and one module per widget that loads on demand. */
const ROOT = PROJECT_ROOT_URL.pathname;
const TEMPLATES = new URL('templates/', PROJECT_ROOT_URL);
const SITE_SCRIPT = new URL('browser/site.ts', TEMPLATES).pathname;

/**
 * The modules a page loads only when their widget wakes: plain TypeScript widgets
 * (`templates/browser/widgets/<name>.ts`) and the React islands (`templates/islands/entries/<name>.tsx`).
 */
const MODULES = {
  pricing: 'browser/widgets/pricing.ts',
  newsletter: 'browser/widgets/newsletter.ts',
  'country-info': 'browser/widgets/country-info.ts',
  'utm-generator': 'islands/entries/utm-generator.tsx',
  'email-reports': 'islands/entries/email-reports.tsx',
} as const;

/** Names of the widgets with a module of their own. */
export type IslandName = keyof typeof MODULES;
const ISLAND_NAMES = Object.keys(MODULES) as IslandName[];

export interface ClientBundles {
  files: OutputFile[];
  /** Site-absolute URLs: the always-on script and each widget's module. */
  urls: { site: string; islands: Record<IslandName, string> };
}

const COMMON = {
  // Paths are relative to the project (`templates/…`, `node_modules/react/…`): esbuild's [hash] takes
  // the input paths too, so the file names are the same in every checkout, wherever it is.
  absWorkingDir: ROOT,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  write: false,
  metafile: true,
  outdir: '_assets',
  entryNames: '[name].[hash]',
  chunkNames: 'chunk.[hash]',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  logLevel: 'silent',
} as const satisfies BuildOptions;

let bundlesRunning = 0;

/**
 * Bundles the browser code with esbuild: minified ES modules with content-hashed names in `_assets/`.
 * The always-on script is one file with nothing to import (no request chain on every page); the
 * on-demand modules share chunks among themselves (React for the islands).
 */
export async function bundleClient(): Promise<ClientBundles> {
  if (benchOff('browser-bundles'))
    return { files: [], urls: { site: '/_assets/site.js', islands: islandUrls(() => '/_assets/island.js') } };
  // Loaded here: a build whose bundles are in the cache does not load esbuild.
  const { build: esbuild, stop } = await import('esbuild');
  const modulePath = (name: IslandName) => new URL(MODULES[name], TEMPLATES).pathname;
  // esbuild's service process (about 30 MB) is stopped until the next bundle (the preview's next template
  // change) starts another; not while another bundle of this process is still running on it.
  bundlesRunning += 1;
  const [site, modules] = await Promise.all([
    esbuild({ ...COMMON, entryPoints: { site: SITE_SCRIPT } }),
    esbuild({
      ...COMMON,
      entryPoints: Object.fromEntries(ISLAND_NAMES.map((name) => [`island-${name}`, modulePath(name)])),
      splitting: true,
    }),
  ]).finally(() => {
    bundlesRunning -= 1;
    if (bundlesRunning === 0) void stop();
  });
  const outputs = [...site.outputFiles, ...modules.outputFiles];
  const files = outputs.map((file) => ({ path: path.relative(ROOT, file.path), contents: file.contents }));
  const metas = [...Object.entries(site.metafile.outputs), ...Object.entries(modules.metafile.outputs)];
  const urlOf = (entry: string) => {
    const [output] =
      metas.find(([, meta]) => meta.entryPoint !== undefined && path.resolve(ROOT, meta.entryPoint) === entry) ?? [];
    if (!output) throw new Error(`esbuild produced no output for ${entry}`);
    return `/${output}`;
  };
  return {
    files: files.sort((a, b) => (a.path < b.path ? -1 : 1)),
    urls: { site: urlOf(SITE_SCRIPT), islands: islandUrls((name) => urlOf(modulePath(name))) },
  };
}

function islandUrls(urlOf: (name: IslandName) => string): Record<IslandName, string> {
  return Object.fromEntries(ISLAND_NAMES.map((name) => [name, urlOf(name)])) as Record<IslandName, string>;
}
