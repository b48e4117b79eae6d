// Issue "Redirects and hosting": the output folder came out 0700 (mkdtemp), so nginx's worker user could not read the site.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { writeOutput } from '../../pipeline/emit/write-output.ts';
import { makeTempDir } from '../helpers/files.ts';

it('writes an output folder that other users can read (0755)', async () => {
  const { dir, cleanup } = await makeTempDir('permissions');
  try {
    const outDir = path.join(dir, 'out');
    await writeOutput(outDir, [[{ path: 'index.html', contents: 'home' }]]);
    expect((await stat(outDir)).mode & 0o777).toBe(0o755);
  } finally {
    await cleanup();
  }
});
