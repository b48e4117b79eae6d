import path from 'node:path';
import { build as esbuild } from 'esbuild';
import type { OutputFile } from './output-file.ts';

/** The browser code: the always-on script and one entry per island. */
const TEMPLATES = new URL('../../templates/', import.meta.url);
const SITE_SCRIPT = new URL('browser/site.ts', TEMPLATES).pathname;
const ISLANDS_DIR = new URL('islands/entries/', TEMPLATES).pathname;

/** Island names, each with `templates/islands/entries/<name>.tsx`. */
export const ISLAND_NAMES = ['resources-menu', 'mobile-menu', 'language-switcher', 'pricing', 'newsletter', 'utm-generator', 'country-info', 'email-reports', 'back-to-top'] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

export interface ClientBundles {
  files: OutputFile[];
  /** Site-absolute URLs: the always-on script and each island's entry. */
  urls: { site: string; islands: Record<IslandName, string> };
}

/**
 * Bundles the browser code with esbuild: minified ES modules with content-hashed names in `_assets/`,
 * React in a chunk shared by the islands, and the always-on script kept free of React.
 */
export async function bundleClient(): Promise<ClientBundles> {
  const entryPoints = { site: SITE_SCRIPT, ...Object.fromEntries(ISLAND_NAMES.map((name) => [`island-${name}`, path.join(ISLANDS_DIR, `${name}.tsx`)])) };
  const result = await esbuild({
    entryPoints,
    // Paths in the metafile are then relative to /, the same on every machine.
    absWorkingDir: '/',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    write: false,
    metafile: true,
    outdir: '/_assets',
    entryNames: '[name].[hash]',
    chunkNames: 'chunk.[hash]',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'none',
    logLevel: 'silent',
  });
  const files = result.outputFiles.map((file) => ({ path: path.relative('/', file.path), contents: file.contents }));
  const urlOf = (entry: string) => {
    const [output] = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint !== undefined && path.resolve('/', meta.entryPoint) === entry) ?? [];
    if (!output) throw new Error(`esbuild produced no output for ${entry}`);
    return path.resolve('/', output);
  };
  return {
    files: files.sort((a, b) => (a.path < b.path ? -1 : 1)),
    urls: {
      site: urlOf(SITE_SCRIPT),
      islands: Object.fromEntries(ISLAND_NAMES.map((name) => [name, urlOf(path.join(ISLANDS_DIR, `${name}.tsx`))])) as Record<IslandName, string>,
    },
  };
}
