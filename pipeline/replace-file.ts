import { rename, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * Writes a file whole beside its place, then renames it there: a reader (a later build, a build that
 * was stopped half-way) finds the old file or the new one, never part of one. `shared`: other
 * processes may write the same file at the same time (builds sharing a cache folder), so each writes
 * a temporary file of its own and the last rename stays.
 */
export async function replaceFile(
  file: string | URL,
  data: string | Uint8Array,
  { shared = false }: { shared?: boolean } = {},
): Promise<void> {
  const target = typeof file === 'string' ? file : fileURLToPath(file);
  const temporary = shared ? `${target}.${process.pid}.tmp` : `${target}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, target);
}
