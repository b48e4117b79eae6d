// `npm run bench:peers`: sitegen, Hugo (the Debian package) and Eleventy 3 building the same content side
// by side. The bench's generated set (bench/generate-content.ts) is pulled once from the fake Strapi into
// a snapshot (`sitegen pull`); sitegen builds from that snapshot (no CMS), and write-peer-sites.ts turns
// the same snapshot into Hugo and Eleventy sources with equivalent templates. Each run builds the three
// cold, one after the other (interleaved, so that the machine's load weighs on all alike), plus the render
// floor; medians of --runs. See bench/peers/README.md.
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseBenchOptions } from '../bench-options.ts';
import { formatTable, median, seconds } from '../format-table.ts';
import type { RenderFloorResult } from '../render-floor.ts';
import { runChild, spawnCollecting } from '../run-child.ts';
import { writeSnapshotSite } from '../write-snapshot-site.ts';
import { readSnapshot, writeEleventySite, writeHugoSite } from './write-peer-sites.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PEERS_CACHE = path.join(ROOT, '.cache', 'bench-peers');
const options = parseBenchOptions(process.argv.slice(2));
const log = (line: string) => process.stderr.write(`${line}\n`);

interface ToolRun {
  /** Spawn → exit (start-up included, as for every tool). */
  wallMs: number;
  /** User + system CPU time of the process, all its threads: the work done, which moves much less with the machine's load than wall time. */
  cpuMs: number;
  pages: number;
  maxRssKb: number;
  load: [number, number];
}

const load1 = () => Math.round(loadavg()[0]! * 100) / 100;

/** Runs a command under /usr/bin/time for its peak RSS (children included: the largest process). */
async function timeCommand(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ wallMs: number; cpuMs: number; maxRssKb: number; load: [number, number]; stdout: string }> {
  const loadBefore = load1();
  const started = performance.now();
  const { code, stdout, stderr } = await spawnCollecting(
    '/usr/bin/time',
    ['-f', 'PEAK_RSS_KB %M CPU_S %U %S', command, ...args],
    { cwd, env },
  );
  const wallMs = Math.round(performance.now() - started);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr.slice(-4000)}`);
  const measured = /PEAK_RSS_KB (\d+) CPU_S ([\d.]+) ([\d.]+)/.exec(stderr);
  const cpuMs = Math.round((Number(measured?.[2] ?? 0) + Number(measured?.[3] ?? 0)) * 1000);
  return { wallMs, cpuMs, maxRssKb: Number(measured?.[1] ?? 0), load: [loadBefore, load1()], stdout };
}

async function countHtml(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((entry) => entry.endsWith('.html')).length;
}

/** Eleventy from its own package.json and lock (bench/peers), installed into .cache/bench-peers when they changed. */
async function ensureEleventy(): Promise<string> {
  const cli = path.join(PEERS_CACHE, 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');
  const wanted = await readFile(path.join(import.meta.dirname, 'package-lock.json'), 'utf8');
  const installed = await readFile(path.join(PEERS_CACHE, 'package-lock.json'), 'utf8').catch(() => '');
  if (
    installed !== wanted ||
    !(await readFile(cli).then(
      () => true,
      () => false,
    ))
  ) {
    log(`installing Eleventy into ${path.relative(ROOT, PEERS_CACHE)} (npm ci)`);
    await mkdir(PEERS_CACHE, { recursive: true });
    await copyFile(path.join(import.meta.dirname, 'package.json'), path.join(PEERS_CACHE, 'package.json'));
    await writeFile(path.join(PEERS_CACHE, 'package-lock.json'), wanted);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PEERS_CACHE, stdio: 'inherit' });
  }
  return cli;
}

const hugoVersion = execFileSync('hugo', ['version'], { encoding: 'utf8' }).trim();
const SITEGEN = path.join(ROOT, 'bin', 'sitegen.js');
// The CLI's bundle is made once before the timed runs (its first use after a source change makes it).
execFileSync(process.execPath, [SITEGEN, '--version'], { cwd: ROOT });
const eleventyCli = await ensureEleventy();
const eleventyVersion = execFileSync(process.execPath, [eleventyCli, '--version'], { encoding: 'utf8' }).trim();
const machine = `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${availableParallelism()} cores, Node ${process.version}`;
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
log(
  `sitegen bench:peers: ${options.records} article records + ${options.keyTerms} key-terms, ${options.runs} runs (${machine}); ${hugoVersion.split(' ')[0]} ${hugoVersion.split(' ')[1]}; Eleventy ${eleventyVersion}`,
);

// The snapshot: the bench's content set pulled from its fake Strapi (no latency), as `sitegen pull` writes it.
const workDir = await mkdtemp(path.join(options.workDir ?? tmpdir(), 'sitegen-peers-'));
const siteDir = path.join(workDir, 'site');
const hugoDir = path.join(workDir, 'hugo');
const eleventyDir = path.join(workDir, 'eleventy');
try {
  const pulled = await writeSnapshotSite(siteDir, {
    articles: options.records,
    keyTerms: options.keyTerms,
    seed: options.seed,
    covers: options.covers,
    pictures: options.pictures,
    workDir: options.workDir,
  });
  log(`snapshot: ${pulled.records} records, ${pulled.media} media files in ${path.join(siteDir, 'content')}`);
  const entries = await readSnapshot(path.join(siteDir, 'content'));
  await writeHugoSite(hugoDir, entries);
  await writeEleventySite(eleventyDir, entries);
  log(`Hugo and Eleventy sources written (${entries.length} Markdown files each)`);

  const runs: Array<{
    sitegen: ToolRun & { buildMs: number; socialImageCpuMs: number };
    hugo: ToolRun;
    eleventy: ToolRun;
    floor: { renderMs: number; renderCpuMs: number; pages: number };
  }> = [];
  for (let index = 1; index <= options.runs; index += 1) {
    const dir = path.join(workDir, `run-${index}`);
    const workers = options.workers === undefined ? [] : ['--workers', String(options.workers)];
    // The CLI as a user runs it (`npx sitegen build`, from its bundle), under /usr/bin/time like the peers.
    const sitegenTimed = await timeCommand(
      process.execPath,
      [
        SITEGEN,
        'build',
        '--verbose',
        ...['--root', siteDir, '--out', path.join(dir, 'out'), '--cache-dir', path.join(dir, 'cache'), ...workers],
      ],
      ROOT,
      { ...process.env, NODE_ENV: options.nodeEnv },
    );
    const sitegen = {
      ...sitegenTimed,
      // The CLI's summary: "Built 11,828 pages …", and its timings table's total (build(), by the clock).
      buildMs: Number(/^total\s+(\d+)$/m.exec(sitegenTimed.stdout)?.[1] ?? NaN),
      pages: Number(/Built ([\d,]+) pages/.exec(sitegenTimed.stdout)?.[1]?.replaceAll(',', '') ?? NaN),
      // --verbose's line on the social images: the drawing child's CPU (its start included) per image.
      socialImageCpuMs: Number(/^Social images: .* \(([\d.]+) ms an image\)/m.exec(sitegenTimed.stdout)?.[1] ?? NaN),
    };
    log(
      `  run ${index} sitegen  ${seconds(sitegen.wallMs)} process (build() ${seconds(sitegen.buildMs)}), CPU ${seconds(sitegen.cpuMs)} (social images ${sitegen.socialImageCpuMs} ms an image), ${sitegen.pages} pages, peak RSS ${(sitegen.maxRssKb / 1024).toFixed(0)} MB, load ${sitegen.load.join(' → ')}`,
    );
    await rm(dir, { recursive: true, force: true });

    const hugoOut = path.join(dir, 'hugo-out');
    const hugoTimed = await timeCommand(
      'hugo',
      ['--quiet', '--destination', hugoOut, '--cacheDir', path.join(dir, 'hugo-cache')],
      hugoDir,
    );
    const hugo = { ...hugoTimed, pages: await countHtml(hugoOut) };
    log(
      `  run ${index} hugo     ${seconds(hugo.wallMs)}, CPU ${seconds(hugo.cpuMs)}, ${hugo.pages} pages, peak RSS ${(hugo.maxRssKb / 1024).toFixed(0)} MB, load ${hugo.load.join(' → ')}`,
    );
    await rm(dir, { recursive: true, force: true });

    await rm(path.join(eleventyDir, '_site'), { recursive: true, force: true });
    const eleventyTimed = await timeCommand(process.execPath, [eleventyCli, '--quiet'], eleventyDir, {
      ...process.env,
      NODE_ENV: options.nodeEnv,
    });
    const eleventy = { ...eleventyTimed, pages: await countHtml(path.join(eleventyDir, '_site')) };
    log(
      `  run ${index} eleventy ${seconds(eleventy.wallMs)}, CPU ${seconds(eleventy.cpuMs)}, ${eleventy.pages} pages, peak RSS ${(eleventy.maxRssKb / 1024).toFixed(0)} MB, load ${eleventy.load.join(' → ')}`,
    );
    await rm(path.join(eleventyDir, '_site'), { recursive: true, force: true });

    const floorRun = await runChild<RenderFloorResult>(
      ROOT,
      'bench/render-floor.ts',
      ['--cache-dir', path.join(dir, 'floor-cache'), '--root', siteDir],
      options.nodeEnv,
    );
    const floor = {
      renderMs: floorRun.result.renderMs,
      renderCpuMs: floorRun.result.renderCpuMs,
      pages: floorRun.result.pages,
    };
    log(`  run ${index} floor    ${seconds(floor.renderMs)} for ${floor.pages} pages (React only, 1 thread)`);
    await rm(dir, { recursive: true, force: true });
    runs.push({ sitegen, hugo, eleventy, floor });
  }

  const perSecond = (run: ToolRun) => run.pages / (run.wallMs / 1000);
  const row = (name: string, select: (run: (typeof runs)[number]) => ToolRun) => {
    const wall = median(runs.map((run) => select(run).wallMs));
    const perCpuSecond = median(runs.map((run) => select(run).pages / (select(run).cpuMs / 1000)));
    return [
      name,
      String(select(runs[0]!).pages),
      seconds(wall),
      median(runs.map((run) => perSecond(select(run)))).toFixed(0),
      seconds(median(runs.map((run) => select(run).cpuMs))),
      perCpuSecond.toFixed(0),
      `${(median(runs.map((run) => select(run).maxRssKb)) / 1024).toFixed(0)} MB`,
    ];
  };
  const ratio = (select: (run: (typeof runs)[number]) => number) => `${median(runs.map(select)).toFixed(2)} ×`;
  const loads = runs.flatMap((run) => [...run.sitegen.load, ...run.hugo.load, ...run.eleventy.load]);
  const table = formatTable([
    [
      `tool (median of ${runs.length}, cold, process wall)`,
      'pages',
      'wall',
      'pages/s',
      'CPU',
      'pages per CPU s',
      'peak RSS',
    ],
    row('sitegen (snapshot, no CMS)', (run) => run.sitegen),
    row(hugoVersion.split(' ').slice(0, 2).join(' '), (run) => run.hugo),
    row(`Eleventy ${eleventyVersion}`, (run) => run.eleventy),
    [
      'render floor (React only, 1 thread)',
      String(runs[0]!.floor.pages),
      seconds(median(runs.map((run) => run.floor.renderMs))),
      median(runs.map((run) => run.floor.pages / (run.floor.renderMs / 1000))).toFixed(0),
      seconds(median(runs.map((run) => run.floor.renderCpuMs))),
      median(runs.map((run) => run.floor.pages / (run.floor.renderCpuMs / 1000))).toFixed(0),
      '',
    ],
  ]);
  // A floor is one thread, and a slow minute lengthens it more than a build on both cores: the per-run
  // ratio can meet its target on a slow floor alone. The quickest of each shows the ratio without that.
  const quickest =
    Math.min(...runs.map((run) => run.sitegen.buildMs)) / Math.min(...runs.map((run) => run.floor.renderMs));
  // A small site's images are drawn in the build's own process, with no CPU figure of their own.
  const imageMs = median(runs.map((run) => run.sitegen.socialImageCpuMs));
  const ratios = formatTable([
    ['ratio (median of the per-run ratios)', 'value', 'target'],
    ['sitegen pages/s ÷ Hugo pages/s', ratio((run) => perSecond(run.sitegen) / perSecond(run.hugo)), '≥ 0.7 ×'],
    ['sitegen pages/s ÷ Eleventy pages/s', ratio((run) => perSecond(run.sitegen) / perSecond(run.eleventy)), '≥ 1.2 ×'],
    [
      'sitegen pages per CPU s ÷ Hugo pages per CPU s',
      ratio((run) => run.hugo.cpuMs / run.hugo.pages / (run.sitegen.cpuMs / run.sitegen.pages)),
      '',
    ],
    [
      'sitegen pages per CPU s ÷ Eleventy pages per CPU s',
      ratio((run) => run.eleventy.cpuMs / run.eleventy.pages / (run.sitegen.cpuMs / run.sitegen.pages)),
      '≥ 1.0 ×',
    ],
    ['sitegen process wall ÷ floor', ratio((run) => run.sitegen.wallMs / run.floor.renderMs), ''],
    ['sitegen CPU ÷ floor CPU', ratio((run) => run.sitegen.cpuMs / run.floor.renderCpuMs), ''],
    ['sitegen build() ÷ floor', ratio((run) => run.sitegen.buildMs / run.floor.renderMs), '≤ 4 ×'],
    ['sitegen build() ÷ floor, the quickest of each', `${quickest.toFixed(2)} ×`, ''],
    ['sitegen peak RSS', `${(median(runs.map((run) => run.sitegen.maxRssKb)) / 1024).toFixed(0)} MB`, '≤ 700 MB'],
    [
      'sitegen social image, CPU of the drawing child per image',
      Number.isNaN(imageMs) ? 'none drawn in a child' : `${imageMs.toFixed(2)} ms`,
      '≤ 2 ms',
    ],
  ]);
  const summary = `commit ${commit}, ${new Date().toISOString().slice(0, 16)}Z, ${machine}, load average ${Math.min(...loads)}–${Math.max(...loads)} during the builds`;
  process.stdout.write(`\n${summary}\n\n${table}\n\n${ratios}\n`);
  await mkdir(path.join(ROOT, 'bench', 'results'), { recursive: true });
  await writeFile(
    path.join(ROOT, 'bench', 'results', 'peers-latest.json'),
    `${JSON.stringify({ summary, options, runs }, null, 2)}\n`,
  );
} finally {
  await rm(workDir, { recursive: true, force: true });
}
