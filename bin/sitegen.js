#!/usr/bin/env node
// Launcher: the CLI is TypeScript, run through tsx so that no build step stands between a
// checkout and `npx sitegen build`, and so worker threads can load the same sources.
import { register } from 'tsx/esm/api';

register();
await import('./sitegen.ts');
