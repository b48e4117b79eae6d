import { createHash } from 'node:crypto';
import { readFile, rename, stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

/** What the previous build wrote: the output folder and, per output path, the hash of the page's inputs. */
export interface PageManifest {
  outDir: string;
  hashes: Map<string, string>;
}

/** One manifest per output folder, so a preview and a build sharing a cache folder keep each other's. */
function manifestFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, `pages-manifest-${createHash('sha256').update(outDir).digest('hex').slice(0, 12)}.json`);
}

/** The previous build's manifest, when it was for this output folder and that folder is still there. */
export async function loadPageManifest(cacheDir: string, outDir: string): Promise<PageManifest | undefined> {
  try {
    const saved = JSON.parse(await readFile(manifestFile(cacheDir, outDir), 'utf8')) as { outDir: string; hashes: Record<string, string> };
    if (saved.outDir !== outDir || !(await stat(outDir)).isDirectory()) return undefined;
    return { outDir, hashes: new Map(Object.entries(saved.hashes)) };
  } catch {
    return undefined;
  }
}

export async function writePageManifest(cacheDir: string, manifest: PageManifest): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const file = manifestFile(cacheDir, manifest.outDir);
  await writeFile(`${file}.tmp`, JSON.stringify({ outDir: manifest.outDir, hashes: Object.fromEntries(manifest.hashes) }));
  await rename(`${file}.tmp`, file);
}
