import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSnapshot } from '../../../pipeline/fetch/load-snapshot.ts';
import { REPO_ROOT } from '../../helpers/content.ts';
import { makeTempDir } from '../../helpers/files.ts';

let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('load-snapshot'));
  await cp(path.join(REPO_ROOT, 'content', 'cms'), path.join(dir, 'cms'), { recursive: true });
});
afterAll(async () => {
  await cleanup();
});

describe('loadSnapshot digest (the build input key of a snapshot build)', () => {
  it('is the same for the same files, and changes with a file, with the drafts setting', async () => {
    const first = await loadSnapshot(dir, { includeDrafts: false });
    expect(first.digest).toMatch(/^[\w-]{43}$/);
    expect((await loadSnapshot(dir, { includeDrafts: false })).digest).toBe(first.digest);
    expect((await loadSnapshot(dir, { includeDrafts: true })).digest).not.toBe(first.digest);
    const file = path.join(dir, 'cms', 'articles', 'blog-a.json');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('Google Analytics runs on a large share', 'Google Analytics runs on a big share'));
    expect((await loadSnapshot(dir, { includeDrafts: false })).digest).not.toBe(first.digest);
  });
});
