// replaceFile (pipeline/replace-file.ts): every cache file is written beside its place and renamed
// there, so a reader finds the old file or the new one, and no temporary file stays behind.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceFile } from '../../../pipeline/replace-file.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sitegen-replace-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('replaceFile', () => {
  it('replaces the file with the new text and leaves no temporary file', async () => {
    const file = path.join(dir, 'kept.json');
    await writeFile(file, '{"old":true}');
    await replaceFile(file, '{"new":true}');
    expect(await readFile(file, 'utf8')).toBe('{"new":true}');
    expect(await readdir(dir)).toEqual(['kept.json']);
  });

  it('writes bytes, to a file URL, through a temporary file of its own when shared', async () => {
    const file = path.join(dir, 'hashes.bin');
    await Promise.all([
      replaceFile(pathToFileURL(file), new Uint8Array([1, 2, 3]), { shared: true }),
      replaceFile(path.join(dir, 'other.bin'), new Uint8Array([4]), { shared: true }),
    ]);
    expect([...(await readFile(file))]).toEqual([1, 2, 3]);
    expect((await readdir(dir)).sort()).toEqual(['hashes.bin', 'other.bin']);
  });

  it('keeps the old file when the new one cannot be written', async () => {
    const file = path.join(dir, 'kept.json');
    await writeFile(file, 'old');
    // A folder where the temporary file would go: the write fails before the rename.
    await mkdir(`${file}.tmp`);
    await expect(replaceFile(file, 'new')).rejects.toThrow();
    expect(await readFile(file, 'utf8')).toBe('old');
  });
});
