import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A fresh temporary folder, removed by the returned cleanup. */
export async function makeTempDir(prefix: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), `sitegen-${prefix}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Every file under a folder with its bytes, keyed by relative path (with /). */
export async function readTree(root: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else files.set(path.relative(root, full).split(path.sep).join('/'), await readFile(full));
    }
  };
  await walk(root);
  return files;
}

/** Paths whose bytes differ between two trees, or that only one has. */
export function diffTrees(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((file) => !a.get(file) || !b.get(file) || !a.get(file)!.equals(b.get(file)!)).sort();
}

/** The files in a build's store folders of drawn social images (`<cacheDir>/store/social-*`), sorted. */
export async function drawnImageFiles(cacheDir: string): Promise<string[]> {
  const store = path.join(cacheDir, 'store');
  const folders = (await readdir(store)).filter((name) => name.startsWith('social-'));
  const files = await Promise.all(
    folders.map(async (folder) =>
      (await readdir(path.join(store, folder))).map((file) => path.join(store, folder, file)),
    ),
  );
  return files.flat().sort();
}
