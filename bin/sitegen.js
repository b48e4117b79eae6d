#!/usr/bin/env node
// Launcher: the CLI is TypeScript. No build step stands between a checkout and `npx sitegen build`:
// `build` (and --version, --help) run from a bundle made on first use and again after a source
// change (bin/cli-bundle.js); everything else runs through tsx, as do the worker threads.

// React picks its production build from NODE_ENV when it is first loaded; the render workers inherit
// the environment. The same HTML either way; the development build is several times slower.
process.env.NODE_ENV ??= 'production';
// V8 lets a heap grow to up to 4× what survived its last full collection before it collects again. A
// build's main thread makes most of its garbage in long synchronous stages (the snapshot, the plan,
// 54,000 redirects at 10,000 records), and that garbage then sits on top of the render's peak. At 1.5×
// the peak RSS of that build is about 80 MB lower, for no CPU time that the benchmarks can tell.
(await import('node:v8')).setFlagsFromString('--heap-growing-percent=50');
const command = process.argv[2];
const bundled =
  command === 'build' ||
  command === '--version' ||
  command === '-V' ||
  command === undefined ||
  command === '--help' ||
  command === '-h';
const bundle =
  bundled && process.env.SITEGEN_NO_BUNDLE === undefined
    ? await (await import('./cli-bundle.js')).cliBundle()
    : undefined;
if (bundle) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./sitegen.ts');
}
