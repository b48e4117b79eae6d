import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import fg from 'fast-glob';

const ROOT = new URL('../../', import.meta.url);

/**
 * A hash of the code that shapes the output (pipeline, templates, locked dependencies): part of every
 * cache key, so a changed template or renderer never serves a stale cached page or fragment.
 */
export async function loadCodeHash(): Promise<string> {
  const files = (await fg(['pipeline/**/*.{ts,tsx,js}', 'templates/**/*.{ts,tsx,css}', 'package-lock.json'], { cwd: ROOT.pathname })).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file);
    hash.update(await readFile(new URL(file, ROOT)));
  }
  return hash.digest('hex').slice(0, 16);
}
