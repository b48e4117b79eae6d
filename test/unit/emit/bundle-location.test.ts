// The browser bundles' file names (esbuild's [hash]) must not depend on where the project is checked
// out: CI runners build one commit in different folders, and the same input must give the same out/.
import { cp, mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleClient, type ClientBundles } from '../../../pipeline/emit/bundle-client.ts';
import { REPO_ROOT } from '../../helpers/content.ts';
import { makeTempDir } from '../../helpers/files.ts';

describe('browser bundles', () => {
  it('have the same names and bytes in a checkout in another folder', async () => {
    const { dir, cleanup } = await makeTempDir('bundle-location');
    try {
      const copy = path.join(dir, 'another', 'place', 'sitegen');
      await mkdir(path.join(copy, 'node_modules'), { recursive: true });
      for (const entry of ['pipeline', 'templates', 'package.json', 'tsconfig.json'])
        await cp(path.join(REPO_ROOT, entry), path.join(copy, entry), { recursive: true });
      // The packages the browser code imports as real folders (their paths go into the hash); esbuild itself linked.
      for (const name of ['react', 'react-dom', 'scheduler'])
        await cp(path.join(REPO_ROOT, 'node_modules', name), path.join(copy, 'node_modules', name), {
          recursive: true,
        });
      await symlink(path.join(REPO_ROOT, 'node_modules', 'esbuild'), path.join(copy, 'node_modules', 'esbuild'), 'dir');

      const here = await bundleClient();
      const elsewhere = (await import(path.join(copy, 'pipeline', 'emit', 'bundle-client.ts'))) as {
        bundleClient: () => Promise<ClientBundles>;
      };
      const there = await elsewhere.bundleClient();
      expect(there.urls).toEqual(here.urls);
      expect(there.files.map((file) => file.path)).toEqual(here.files.map((file) => file.path));
      const bytes = (bundles: ClientBundles) =>
        bundles.files.map((file) => ('contents' in file ? Buffer.from(file.contents).toString('base64') : file.path));
      expect(bytes(there)).toEqual(bytes(here));
    } finally {
      await cleanup();
    }
  }, 60_000);
});
