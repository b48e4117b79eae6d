// replaceShared and replaceSharedSync (pipeline/cache/store.ts): every kept file is written beside its place under a name of
// the writing process's own and renamed there, so a reader finds the old file or the new one, two
// writers never rename each other's file, and no temporary file stays behind.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceShared, replaceSharedSync } from '../../../pipeline/cache/store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sitegen-replace-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('replaceShared', () => {
  it('replaces the file with the new text and leaves no temporary file', async () => {
    const file = path.join(dir, 'kept.json');
    await writeFile(file, '{"old":true}');
    await replaceShared(file, '{"new":true}');
    expect(await readFile(file, 'utf8')).toBe('{"new":true}');
    expect(await readdir(dir)).toEqual(['kept.json']);
  });

  it('lets writers of the same file at once each rename a whole file of their own', async () => {
    const file = path.join(dir, 'entry.bin');
    const contents = Array.from({ length: 8 }, (_, index) => new Uint8Array(4096).fill(index));
    await Promise.all(contents.map((bytes) => replaceShared(file, bytes)));
    const written = await readFile(file);
    expect(contents.some((bytes) => Buffer.from(bytes).equals(written))).toBe(true);
    expect(await readdir(dir)).toEqual(['entry.bin']);
  });

  it('leaves no temporary file when the rename fails', async () => {
    const file = path.join(dir, 'kept.json');
    // The target is a folder that is not empty: the rename fails after the write.
    await mkdir(path.join(file, 'inner'), { recursive: true });
    await expect(replaceShared(file, 'new')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['kept.json']);
  });
});

describe('replaceSharedSync', () => {
  it('replaces the file in this thread and leaves no temporary file, written or not', async () => {
    const file = path.join(dir, 'image.png');
    await writeFile(file, 'old');
    replaceSharedSync(file, Buffer.from('new'));
    expect(await readFile(file, 'utf8')).toBe('new');
    const folder = path.join(dir, 'folder.png');
    await mkdir(path.join(folder, 'inner'), { recursive: true });
    expect(() => replaceSharedSync(folder, Buffer.from('new'))).toThrow();
    expect((await readdir(dir)).sort()).toEqual(['folder.png', 'image.png']);
  });
});
