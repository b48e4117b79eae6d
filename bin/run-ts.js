#!/usr/bin/env node
// Runs a TypeScript file of this repo (benchmarks, maintenance scripts) through tsx.
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';

register();
const file = process.argv[2];
if (!file) throw new Error('usage: node bin/run-ts.js <file.ts> [args…]');
process.argv.splice(1, 1);
await import(pathToFileURL(file).href);
