import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Article records (all locales). */
  records: number;
  keyTerms: number;
  /** Fake CMS latency per request, in ms. */
  latencyMs: number;
  runs: number;
  /** Render workers passed to the build; undefined leaves the pipeline's default. */
  workers: number | undefined;
  /** CMS requests in flight (the CLI's --concurrency). */
  concurrency: number;
  covers: number;
  pictures: number;
  seed: number;
  /** NODE_ENV of the build processes: production by default, as `sitegen build` sets it. */
  nodeEnv: string;
  /** Where the builds write their output and cache (default: the system's temp folder). */
  workDir: string | undefined;
}

export const BENCH_USAGE = `options:
  --records <n>      article records, all locales together (10000: the cap)
  --key-terms <n>    key-term records (1000)
  --latency <ms>     fake CMS latency per request (20)
  --runs <n>         runs per measurement; medians are reported (3)
  --workers <n>      render worker threads (default: the pipeline's choice, ${availableParallelism()} cores here)
  --concurrency <n>  CMS requests in flight, as the CLI's --concurrency (4)
  --covers <n>       distinct cover uploads, reused across families (40)
  --pictures <n>     distinct pictures drawn among the covers; the rest are hard links (40)
  --seed <n>         content seed (1)
  --node-env <name>  NODE_ENV for the build processes (production, as \`sitegen build\` sets it)
  --work-dir <dir>   where the builds write output and cache (default: the temp folder; /dev/shm: a RAM disk)`;

/** The flags of `npm run bench` and bench/profile-stages.ts. */
export function parseBenchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      records: { type: 'string', default: '10000' },
      'key-terms': { type: 'string', default: '1000' },
      latency: { type: 'string', default: '20' },
      runs: { type: 'string', default: '3' },
      workers: { type: 'string' },
      concurrency: { type: 'string', default: '4' },
      covers: { type: 'string', default: '40' },
      pictures: { type: 'string', default: '40' },
      seed: { type: 'string', default: '1' },
      'node-env': { type: 'string', default: 'production' },
      'work-dir': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${BENCH_USAGE}\n`);
    process.exit(0);
  }
  const whole = (name: string, value: string, min: number): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min)
      throw new Error(`--${name} must be a whole number ≥ ${min}, got "${value}"`);
    return number;
  };
  return {
    records: whole('records', values.records, 1),
    keyTerms: whole('key-terms', values['key-terms'], 0),
    latencyMs: whole('latency', values.latency, 0),
    runs: whole('runs', values.runs, 1),
    workers: values.workers === undefined ? undefined : whole('workers', values.workers, 0),
    concurrency: whole('concurrency', values.concurrency, 1),
    covers: whole('covers', values.covers, 1),
    pictures: whole('pictures', values.pictures, 1),
    seed: whole('seed', values.seed, 0),
    nodeEnv: values['node-env'],
    workDir: values['work-dir'],
  };
}
