// How rendering scales: the benchmark's pages (10,000 records by default) rendered in one thread with
// and without their Markdown, then by the render pool with 1 and 2 workers, written by writeOutput into --work-dir.
// `node bin/run-ts.js bench/render-scaling.ts [--records n] [--work-dir /dev/shm]`. Prints a table.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parseBenchOptions } from './bench-options.ts';
import { startBenchCms } from './start-bench-cms.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const options = parseBenchOptions(process.argv.slice(2));
const cms = await startBenchCms({
  siteDir: ROOT,
  articles: options.records,
  keyTerms: options.keyTerms,
  latencyMs: 0,
  seed: options.seed,
  covers: options.covers,
  pictures: options.pictures,
  workDir: options.workDir,
});
try {
  const child = spawn(
    process.execPath,
    ['bin/run-ts.js', 'bench/render-scaling-child.ts', '--cms', cms.fake.restUrl, '--dir', cms.workDir],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: options.nodeEnv },
      stdio: 'inherit',
    },
  );
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) process.exitCode = 1;
} finally {
  await cms.close();
}
