import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeOutput } from '../../../pipeline/emit/write-output.ts';
import type { OutputFile } from '../../../pipeline/emit/output-file.ts';
import { makeTempDir, readTree } from '../../helpers/files.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await makeTempDir('write-output'));
});
afterEach(async () => {
  await cleanup();
});

const text = (tree: Map<string, Buffer>) => Object.fromEntries([...tree].map(([file, contents]) => [file, contents.toString()]));

describe('writeOutput', () => {
  it('copies files that may change in place (public/) and links only those marked as never changing', async () => {
    const publicFile = path.join(dir, 'robots-source.txt');
    const cacheFile = path.join(dir, 'cached.png');
    await writeFile(publicFile, 'public');
    await writeFile(cacheFile, 'media');
    const out = path.join(dir, 'out');
    await writeOutput(out, [[{ path: 'robots.txt', copyFrom: publicFile }, { path: '_media/a.png', copyFrom: cacheFile, link: true }]]);
    expect((await stat(path.join(out, 'robots.txt'))).ino).not.toBe((await stat(publicFile)).ino);
    expect((await stat(path.join(out, '_media/a.png'))).ino).toBe((await stat(cacheFile)).ino);
    // Editing the source after the build does not change the built site.
    await writeFile(publicFile, 'edited');
    expect(await readFile(path.join(out, 'robots.txt'), 'utf8')).toBe('public');
  });

  it('with the previous build given, writes only what changed, keeps the rest in place and removes what is gone', async () => {
    const out = path.join(dir, 'out');
    const first = await writeOutput(out, [[
      { path: 'index.html', contents: 'home' },
      { path: 'blog/a.html', contents: 'a' },
      { path: 'blog/old/b.html', contents: 'b' },
    ]]);
    const before = await stat(path.join(out, 'index.html'));
    const hashes = new Map([['blog/a.html', first.entries.get('blog/a.html')!.hash]]);
    const second = await writeOutput(
      out,
      [[{ path: 'index.html', contents: 'home' }, { path: 'blog/a.html', kept: true }, { path: 'blog/c.html', contents: 'c' }]],
      { previous: first.entries, hashes },
    );
    expect(text(await readTree(out))).toEqual({ 'index.html': 'home', 'blog/a.html': 'a', 'blog/c.html': 'c' });
    expect(second.changed).toBe(1);
    expect(second.files).toBe(3);
    expect(second.bytes).toBe(6);
    // Unchanged files are the same files (not rewritten); the emptied folder is gone.
    expect((await stat(path.join(out, 'index.html'))).ino).toBe(before.ino);
    await expect(stat(path.join(out, 'blog/old'))).rejects.toThrow();
  });

  it('leaves the previous output untouched when the producer fails, in place or not', async () => {
    const out = path.join(dir, 'out');
    const first = await writeOutput(out, [[{ path: 'index.html', contents: 'home' }]]);
    async function* failing(): AsyncGenerator<OutputFile[]> {
      yield [{ path: 'index.html', contents: 'new home' }, { path: 'other.html', contents: 'x' }];
      throw new Error('render failed');
    }
    for (const previous of [first.entries, undefined]) {
      await expect(writeOutput(out, failing(), { previous })).rejects.toThrow('render failed');
      expect(text(await readTree(out))).toEqual({ 'index.html': 'home' });
    }
  });

  it('refuses a kept file the previous build did not write', async () => {
    const out = path.join(dir, 'out');
    const first = await writeOutput(out, [[{ path: 'index.html', contents: 'home' }]]);
    await expect(writeOutput(out, [[{ path: 'new.html', kept: true }]], { previous: first.entries, hashes: new Map([['new.html', 'x']]) })).rejects.toThrow(/did not write it/);
    expect(text(await readTree(out))).toEqual({ 'index.html': 'home' });
  });
});
