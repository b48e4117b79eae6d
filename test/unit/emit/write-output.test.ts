import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  writeOutput,
  type OutputEntries,
  type PreviousGroup,
  type WriteOutputResult,
} from '../../../pipeline/emit/write-output.ts';
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

const text = (tree: Map<string, Buffer>) =>
  Object.fromEntries([...tree].map(([file, contents]) => [file, contents.toString()]));

describe('writeOutput', () => {
  it('copies files that may change in place (public/) and links only those marked as never changing', async () => {
    const publicFile = path.join(dir, 'robots-source.txt');
    const cacheFile = path.join(dir, 'cached.png');
    await writeFile(publicFile, 'public');
    await writeFile(cacheFile, 'media');
    const out = path.join(dir, 'out');
    await writeOutput(out, [
      [
        { path: 'robots.txt', copyFrom: publicFile },
        { path: '_media/a.png', copyFrom: cacheFile, link: true },
      ],
    ]);
    expect((await stat(path.join(out, 'robots.txt'))).ino).not.toBe((await stat(publicFile)).ino);
    expect((await stat(path.join(out, '_media/a.png'))).ino).toBe((await stat(cacheFile)).ino);
    // Editing the source after the build does not change the built site.
    await writeFile(publicFile, 'edited');
    expect(await readFile(path.join(out, 'robots.txt'), 'utf8')).toBe('public');
  });

  it('with the previous build given, writes only what changed, keeps the rest in place and removes what is gone', async () => {
    const out = path.join(dir, 'out');
    const first = await writeOutput(out, [
      [
        { path: 'index.html', contents: 'home' },
        { path: 'blog/a.html', contents: 'a' },
        { path: 'blog/old/b.html', contents: 'b' },
      ],
    ]);
    const before = await stat(path.join(out, 'index.html'));
    const hashes = new Map([['blog/a.html', first.entries.get('blog/a.html')!.hash]]);
    const second = await writeOutput(
      out,
      [
        [
          { path: 'index.html', contents: 'home' },
          { path: 'blog/a.html', kept: true },
          { path: 'blog/c.html', contents: 'c' },
        ],
      ],
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
      yield [
        { path: 'index.html', contents: 'new home' },
        { path: 'other.html', contents: 'x' },
      ];
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
    await expect(
      writeOutput(out, [[{ path: 'new.html', kept: true }]], {
        previous: first.entries,
        hashes: new Map([['new.html', 'x']]),
      }),
    ).rejects.toThrow(/did not write it/);
    expect(text(await readTree(out))).toEqual({ 'index.html': 'home' });
  });
});

/** The groups a build wrote, as the next build gets them from the manifest; `read` counts the reads of their lists. */
function previousGroups(...results: WriteOutputResult[]): { groups: Map<string, PreviousGroup>; read: string[] } {
  const read: string[] = [];
  const lists = new Map<string, OutputEntries>();
  for (const result of results)
    for (const [name, group] of result.groups) if (group.entries) lists.set(name, group.entries);
  const groups = new Map<string, PreviousGroup>();
  for (const [name, group] of results.at(-1)!.groups) {
    groups.set(name, {
      key: group.key,
      files: group.files,
      bytes: group.bytes,
      entries: async () => (read.push(name), lists.get(name)!),
    });
  }
  return { groups, read };
}

describe('writeOutput with a group of files', () => {
  const stubs = (count: number, text = 'stub') =>
    Array.from({ length: count }, (_, index) => ({ path: `old/${index}.html`, contents: `${text} ${index}` }));

  it('keeps a group whole without reading its list, and counts its files and bytes', async () => {
    const out = path.join(dir, 'out');
    const first = await writeOutput(out, [
      [
        { path: 'index.html', contents: 'home' },
        { group: 'host', key: 'k1', files: stubs(3) },
      ],
    ]);
    expect([...first.entries.keys()]).toEqual(['index.html']);
    expect(first.groups.get('host')).toMatchObject({ key: 'k1', files: 3, bytes: 18 });
    expect(first.files).toBe(4);
    const { groups, read } = previousGroups(first);
    const second = await writeOutput(
      out,
      [
        [
          { path: 'index.html', contents: 'home v2' },
          { group: 'host', key: 'k1' },
        ],
      ],
      { previous: first.entries, previousGroups: groups },
    );
    expect(read).toEqual([]);
    expect(second.groups.get('host')).toEqual({ key: 'k1', files: 3, bytes: 18 });
    expect(second).toMatchObject({ files: 4, bytes: 25, changed: 1 });
    expect(text(await readTree(out))).toEqual({
      'index.html': 'home v2',
      'old/0.html': 'stub 0',
      'old/1.html': 'stub 1',
      'old/2.html': 'stub 2',
    });
  });

  it('writes a group again against its previous files: the same file stays, a changed one is written, a gone one removed', async () => {
    const out = path.join(dir, 'out');
    const first = await writeOutput(out, [[{ group: 'host', key: 'k1', files: stubs(3) }]]);
    const before = await stat(path.join(out, 'old/0.html'));
    const { groups, read } = previousGroups(first);
    const files = [stubs(1)[0]!, { path: 'old/1.html', contents: 'changed' }];
    const second = await writeOutput(out, [[{ group: 'host', key: 'k2', files }]], {
      previous: first.entries,
      previousGroups: groups,
    });
    expect(read).toContain('host');
    expect(second.changed).toBe(1);
    expect(text(await readTree(out))).toEqual({ 'old/0.html': 'stub 0', 'old/1.html': 'changed' });
    expect((await stat(path.join(out, 'old/0.html'))).ino).toBe(before.ino);
    // A build without the group removes all its files.
    const third = await writeOutput(out, [[{ path: 'index.html', contents: 'home' }]], {
      previous: second.entries,
      previousGroups: previousGroups(first, second).groups,
    });
    expect(third.groups.size).toBe(0);
    expect(text(await readTree(out))).toEqual({ 'index.html': 'home' });
  });

  it('moves a path from a group to a page without removing the page', async () => {
    const out = path.join(dir, 'out');
    const first = await writeOutput(out, [[{ group: 'host', key: 'k1', files: stubs(2) }]]);
    const { groups } = previousGroups(first);
    await writeOutput(
      out,
      [
        [
          { group: 'host', key: 'k2', files: stubs(1) },
          { path: 'old/1.html', contents: 'a page now' },
        ],
      ],
      { previous: first.entries, previousGroups: groups },
    );
    expect(text(await readTree(out))).toEqual({ 'old/0.html': 'stub 0', 'old/1.html': 'a page now' });
  });

  it('refuses a group to keep that the previous build wrote under another key, and a new file at the path of a kept one; the output stays', async () => {
    const out = path.join(dir, 'out');
    const first = await writeOutput(out, [
      [
        { path: 'index.html', contents: 'home' },
        { group: 'host', key: 'k1', files: stubs(2) },
      ],
    ]);
    const { groups } = previousGroups(first);
    await expect(
      writeOutput(out, [[{ group: 'host', key: 'k2' }]], { previous: first.entries, previousGroups: groups }),
    ).rejects.toThrow(/did not write them/);
    await expect(
      writeOutput(
        out,
        [
          [
            { group: 'host', key: 'k1' },
            { path: 'old/1.html', contents: 'clash' },
          ],
        ],
        { previous: first.entries, previousGroups: groups },
      ),
    ).rejects.toThrow(/share the path "old\/1.html"/);
    await expect(
      writeOutput(
        out,
        [
          [
            { group: 'host', key: 'k3', files: stubs(1) },
            { path: 'old/0.html', contents: 'clash' },
          ],
        ],
        { previous: first.entries, previousGroups: groups },
      ),
    ).rejects.toThrow(/share the path "old\/0.html"/);
    expect(text(await readTree(out))).toEqual({ 'index.html': 'home', 'old/0.html': 'stub 0', 'old/1.html': 'stub 1' });
  });
});
