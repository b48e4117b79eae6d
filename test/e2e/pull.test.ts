import { cp, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../pipeline/build.ts';
import { startFakeStrapi, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { runCli } from '../helpers/cli.ts';
import { loadSnapshotRecords, makeArticle, makeKeyTerm, REPO_ROOT } from '../helpers/content.ts';
import { SNAPSHOT_FILE_RECORDS } from '../../pipeline/fetch/pull-snapshot.ts';
import { diffTrees, makeTempDir, readTree } from '../helpers/files.ts';

let dir: string;
let cleanup: () => Promise<void>;
let server: FakeStrapi;

beforeAll(async () => {
  ({ dir, cleanup } = await makeTempDir('pull'));
  server = await startFakeStrapi({
    version: 4,
    collections: await loadSnapshotRecords(),
    uploadsDir: path.join(REPO_ROOT, 'content', 'uploads'),
  });
});
afterAll(async () => {
  await server.close();
  await cleanup();
});

/** A copy of the site folder with the site data and local content but no CMS snapshot. */
async function siteWithoutSnapshot(root: string): Promise<void> {
  await mkdir(path.join(root, 'content'), { recursive: true });
  for (const item of ['site.json', 'routes.json', 'redirects.json', 'locales', 'public'])
    await cp(path.join(REPO_ROOT, item), path.join(root, item), { recursive: true });
  const localData = (await readdir(path.join(REPO_ROOT, 'content'))).filter((file) => file.endsWith('.json'));
  for (const file of localData) await cp(path.join(REPO_ROOT, 'content', file), path.join(root, 'content', file));
}

describe('sitegen pull', () => {
  it('rewrites the snapshot from a live Strapi so that it builds the same site', async () => {
    const root = path.join(dir, 'site');
    await siteWithoutSnapshot(root);

    const pulled = await runCli([
      'pull',
      '--cms',
      server.restUrl,
      '--root',
      root,
      '--cache-dir',
      path.join(dir, 'pull-cache'),
    ]);
    expect(pulled.stderr).not.toMatch(/^[A-Z_]+ {2}/m);
    expect(pulled.code).toBe(0);
    expect(pulled.stdout).toMatch(/^Pulled \d+ records and \d+ media files into content\/\./);

    const english = JSON.parse(
      await readFile(path.join(root, 'content', 'cms', 'articles', 'en-001.json'), 'utf8'),
    ) as { data: Array<Record<string, { url?: string } | unknown>> };
    const cover = english.data.map((record) => record.coverImageWithoutText as { url: string } | null).find(Boolean)!;
    expect(cover.url).toMatch(/^\/uploads\/[^/]+\.png$/);

    await build({
      siteDir: REPO_ROOT,
      outDir: path.join(dir, 'repo-out'),
      cacheDir: path.join(dir, 'c1'),
      cms: undefined,
      includeDrafts: false,
      skipInvalid: false,
    });
    await build({
      siteDir: root,
      outDir: path.join(dir, 'pulled-out'),
      cacheDir: path.join(dir, 'c2'),
      cms: undefined,
      includeDrafts: false,
      skipInvalid: false,
    });
    expect(diffTrees(await readTree(path.join(dir, 'repo-out')), await readTree(path.join(dir, 'pulled-out')))).toEqual(
      [],
    );
  });

  it(`writes at most ${SNAPSHOT_FILE_RECORDS} entries a file, by id, so that an edit costs a build one small file`, async () => {
    const articles = Array.from({ length: 2 * SNAPSHOT_FILE_RECORDS + 7 }, (_, index) =>
      makeArticle({ id: 5000 + index, documentId: `split-${index}`, locale: 'en' }),
    );
    const many = await startFakeStrapi({
      version: 5,
      collections: { articles, 'key-terms': [makeKeyTerm({ documentId: 'split-term', locale: 'en' })] },
    });
    try {
      const root = path.join(dir, 'split');
      await siteWithoutSnapshot(root);
      const pulled = await runCli([
        'pull',
        '--cms',
        many.restUrl,
        '--root',
        root,
        '--cache-dir',
        path.join(dir, 'split-cache'),
      ]);
      expect(pulled.code, pulled.stderr).toBe(0);
      const folder = path.join(root, 'content', 'cms', 'articles');
      const files = (await readdir(folder)).sort();
      expect(files).toEqual(['en-001.json', 'en-002.json', 'en-003.json']);
      const ids = await Promise.all(
        files.map(async (file) =>
          (JSON.parse(await readFile(path.join(folder, file), 'utf8')) as { data: Array<{ id: number }> }).data.map(
            (record) => record.id,
          ),
        ),
      );
      expect(ids.map((list) => list.length)).toEqual([SNAPSHOT_FILE_RECORDS, SNAPSHOT_FILE_RECORDS, 7]);
      expect(ids.flat()).toEqual(articles.map((record) => record.id));
    } finally {
      await many.close();
    }
  });
});
