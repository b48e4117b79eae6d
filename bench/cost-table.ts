// What each piece of work that sitegen does and its peers' builds (bench/peers) do not costs in a cold
// build: the full build against builds with one piece switched off (SITEGEN_BENCH_OFF, pipeline/bench-off.ts),
// interleaved, medians of --runs. CPU time (all threads, child processes included) is the figure to read;
// wall time moves with the machine's load.
//
//   node bin/run-ts.js bench/cost-table.ts --site /dev/shm/site --work-dir /dev/shm --runs 3
//
// Without --site, the bench's content set is pulled into a snapshot site first (as bench:peers does).
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BuildChildResult } from './build-child.ts';
import { formatTable, median, seconds } from './format-table.ts';
import { runChild } from './run-child.ts';
import { writeSnapshotSite } from './write-snapshot-site.ts';
import { BENCH_WORK, type BenchWork } from '../pipeline/bench-off.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    site: { type: 'string' },
    runs: { type: 'string', default: '3' },
    'work-dir': { type: 'string' },
    only: { type: 'string' },
  },
});
const runs = Number(values.runs);
const log = (line: string) => process.stderr.write(`${line}\n`);
const work = await mkdtemp(path.join(path.resolve(values['work-dir'] ?? tmpdir()), 'sitegen-costs-'));
const pieces = (values.only?.split(',') ?? [...BENCH_WORK]) as BenchWork[];
for (const piece of pieces) if (!BENCH_WORK.includes(piece)) throw new Error(`unknown piece of work: ${piece}`);

interface Sample {
  cpuMs: number;
  wallMs: number;
  files: number;
}

try {
  const site =
    values.site === undefined
      ? await writeSnapshotSite(path.join(work, 'site'), {
          articles: 10_000,
          keyTerms: 1_000,
          seed: 1,
          covers: 40,
          pictures: 40,
          workDir: work,
        }).then(() => path.join(work, 'site'))
      : path.resolve(values.site);
  const configurations: Array<BenchWork | 'none'> = ['none', ...pieces];
  const samples = new Map<string, Sample[]>(configurations.map((name) => [name, []]));
  for (let run = 1; run <= runs; run += 1) {
    for (const name of configurations) {
      const dir = path.join(work, `run-${run}-${name}`);
      process.env.SITEGEN_BENCH_OFF = name === 'none' ? '' : name;
      const child = await runChild<BuildChildResult>(
        ROOT,
        'bench/build-child.ts',
        ['--out', path.join(dir, 'out'), '--cache-dir', path.join(dir, 'cache'), '--root', site],
        'production',
      );
      const sample = {
        cpuMs: child.result.cpuUserMs + child.result.cpuSystemMs,
        wallMs: child.wallMs,
        files: child.result.report.files,
      };
      samples.get(name)!.push(sample);
      log(
        `run ${run} ${name.padEnd(16)} CPU ${seconds(sample.cpuMs)}, wall ${seconds(sample.wallMs)}, ${sample.files} files, load ${child.load.join(' → ')}`,
      );
      await rm(dir, { recursive: true, force: true });
    }
  }
  delete process.env.SITEGEN_BENCH_OFF;
  const full = samples.get('none')!;
  const fullCpu = median(full.map((sample) => sample.cpuMs));
  const rows = pieces.map((piece) => {
    const off = samples.get(piece)!;
    // Per run, the full build's CPU minus this one's: the pairs ran next to each other.
    const saved = median(off.map((sample, index) => full[index]!.cpuMs - sample.cpuMs));
    return [
      piece,
      seconds(median(off.map((sample) => sample.cpuMs))),
      seconds(saved),
      `${((saved / fullCpu) * 100).toFixed(1)} %`,
      String(full[0]!.files - off[0]!.files),
    ];
  });
  const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`;
  process.stdout.write(
    `${machine}; medians of ${runs} interleaved cold builds of ${site}\n` +
      `full build: CPU ${seconds(fullCpu)}, wall ${seconds(median(full.map((sample) => sample.wallMs)))}\n\n` +
      formatTable([['switched off', 'CPU', 'CPU saved', 'share of the full build', 'files fewer'], ...rows]) +
      '\n',
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
