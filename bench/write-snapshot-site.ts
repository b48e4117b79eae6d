// A site folder built from the bench's generated content as a snapshot (what `sitegen pull` writes), for
// profiling a build without a CMS: `node bin/run-ts.js bench/write-snapshot-site.ts --site-dir /dev/shm/site`
// then `node --cpu-prof bin/sitegen.js build --root /dev/shm/site …` (see bench/README.md).
import { cp, mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pullSnapshot } from '../pipeline/fetch/pull-snapshot.ts';
import { startBenchCms, type BenchCmsOptions } from './start-bench-cms.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** This repo's site files linked into siteDir, with the bench's content pulled into siteDir/content. */
export async function writeSnapshotSite(
  siteDir: string,
  cms: Omit<BenchCmsOptions, 'siteDir' | 'latencyMs'>,
): Promise<{ records: number; media: number }> {
  await mkdir(path.join(siteDir, 'content'), { recursive: true });
  for (const name of ['site.json', 'routes.json', 'redirects.json', 'locales', 'public'])
    await symlink(path.join(ROOT, name), path.join(siteDir, name));
  for (const name of ['authors.json', 'glossary.json', 'countries.json', 'plans.json'])
    await symlink(path.join(ROOT, 'content', name), path.join(siteDir, 'content', name));
  const bench = await startBenchCms({ ...cms, siteDir: ROOT, latencyMs: 0 });
  try {
    const pulled = await pullSnapshot({
      cms: { url: bench.fake.restUrl, concurrency: 4 },
      contentDir: path.join(siteDir, 'content'),
      cacheDir: path.join(bench.workDir, 'pull-cache'),
    });
    // The pull copies the covers; images inside the Markdown point at the same uploads, which a small set may not use as covers.
    await cp(path.join(bench.workDir, 'uploads'), path.join(siteDir, 'content', 'uploads'), {
      recursive: true,
      force: false,
    });
    return pulled;
  } finally {
    await bench.close();
  }
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const { values } = parseArgs({
    options: {
      'site-dir': { type: 'string' },
      records: { type: 'string', default: '10000' },
      'key-terms': { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
    },
  });
  if (!values['site-dir'])
    throw new Error(
      'usage: write-snapshot-site.ts --site-dir <new folder> [--records 10000] [--key-terms 1000] [--seed 1]',
    );
  const pulled = await writeSnapshotSite(path.resolve(values['site-dir']), {
    articles: Number(values.records),
    keyTerms: Number(values['key-terms']),
    seed: Number(values.seed),
    covers: 40,
    pictures: 40,
  });
  process.stdout.write(`${values['site-dir']}: ${pulled.records} records, ${pulled.media} media files\n`);
}
