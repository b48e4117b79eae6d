#!/usr/bin/env node
// Launcher: the CLI is TypeScript, run through tsx so that no build step stands between a
// checkout and `npx sitegen build`, and so worker threads can load the same sources.
import { register } from 'tsx/esm/api';

// React picks its production build from NODE_ENV when it is first loaded; the render workers inherit
// the environment. The same HTML either way; the development build is several times slower.
process.env.NODE_ENV ??= 'production';
register();
await import('./sitegen.ts');
