import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const SOURCE_DIRS = ['pipeline', 'templates', 'bin'];

/**
 * A hash of the code a build runs (pipeline/, templates/, bin/, package-lock.json). The bench compares it
 * before and after a run: when someone edits the tree meanwhile, caches keyed on the code miss and a
 * "warm" build is really a cold one.
 */
export async function hashSourceTree(root: string): Promise<string> {
  const files: string[] = ['package-lock.json'];
  for (const dir of SOURCE_DIRS) {
    const entries = await readdir(path.join(root, dir), { recursive: true, withFileTypes: true });
    for (const entry of entries)
      if (entry.isFile()) files.push(path.relative(root, path.join(entry.parentPath, entry.name)));
  }
  const hash = createHash('sha256');
  for (const file of files.sort()) {
    hash.update(file);
    hash.update(await readFile(path.join(root, file)).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex').slice(0, 12);
}
