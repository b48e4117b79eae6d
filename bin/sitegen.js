#!/usr/bin/env node
// Launcher: the CLI is TypeScript. No build step stands between a checkout and `npx sitegen build`:
// `build` (and --version, --help) run from a bundle made on first use and again after a source
// change (bin/cli-bundle.js); everything else runs through tsx, as do the worker threads.

// React picks its production build from NODE_ENV when it is first loaded; the render workers inherit
// the environment. The same HTML either way; the development build is several times slower.
process.env.NODE_ENV ??= 'production';
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
