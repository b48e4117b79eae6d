// This checkout against an earlier commit, in interleaved runs of `sitegen build` on a snapshot site:
// cold builds, one-article rebuilds (an English excerpt edited, then a build with the cache) and, after
// each of those, a build with nothing changed. Each run times the process and samples the peak RSS of
// its whole tree (the build, its workers, its social-image child) every 50 ms. The machine's speed drifts by 10–20 % within an hour, so only
// interleaved pairs compare two commits; the figures in bench/RESULTS.md come from it.
//
//   node bin/run-ts.js bench/compare-commits.ts --base e8517cb --site /dev/shm/site --work-dir /dev/shm
//
// The base commit is checked out in a git worktree beside this checkout's code (`.cache/compare-base`,
// removed at the end), so that both sides read their sources from the same disk; it shares this
// checkout's node_modules when its package-lock.json is the same, else installs its own. The outputs
// and caches of both sides go to the work folder.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { cp, mkdir, rm, symlink } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatTable, median, seconds } from './format-table.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const USAGE = `usage: compare-commits.ts --base <commit> --site <snapshot site> [--mode cold|rebuild|both] [--runs 3] [--work-dir <dir>]
  --site      a site folder with a snapshot (bench/write-snapshot-site.ts writes one)
  --mode      cold builds, one-article rebuilds, or both (both)
  --runs      pairs per mode; medians are reported (3)
  --work-dir  where the worktree, outputs and caches go (default: the temp folder; /dev/shm: a RAM disk)`;

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    site: { type: 'string' },
    mode: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '3' },
    'work-dir': { type: 'string' },
  },
});
if (
  !values.base ||
  !values.site ||
  !['cold', 'rebuild', 'both'].includes(values.mode!) ||
  !(Number(values.runs) >= 1)
) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}
const site = path.resolve(values.site);
if (!existsSync(path.join(site, 'content', 'cms')))
  throw new Error(`${site} has no snapshot (content/cms/): write one with bench/write-snapshot-site.ts`);
const runs = Number(values.runs);
const work = path.join(path.resolve(values['work-dir'] ?? tmpdir()), `sitegen-compare-${process.pid}`);
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const baseCommit = git('rev-parse', '--short', values.base);
const headCommit = `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' + changes' : ''}`;

interface Side {
  name: string;
  label: string;
  dir: string;
}

interface Measured {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
}

/** Runs `sitegen build` of a side and measures it: wall and CPU time (GNU time), the tree's peak RSS (sampled). */
async function measureBuild(side: Side, siteDir: string, slot: string): Promise<Measured> {
  const args = [
    '-f',
    'CPU_S %U %S',
    process.execPath,
    'bin/sitegen.js',
    'build',
    '--root',
    siteDir,
    '--out',
    path.join(work, `${slot}-out`),
    '--cache-dir',
    path.join(work, `${slot}-cache`),
  ];
  const started = performance.now();
  const child = spawn('/usr/bin/time', args, {
    cwd: side.dir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  let peakKb = 0;
  const sampler = setInterval(() => (peakKb = Math.max(peakKb, treeRssKb(child.pid!))), 50);
  const code = await new Promise<number | null>((resolve, reject) =>
    child.once('error', reject).once('close', resolve),
  );
  clearInterval(sampler);
  const wallMs = performance.now() - started;
  const cpu = /CPU_S ([\d.]+) ([\d.]+)/.exec(stderr);
  if (code !== 0 || !cpu) throw new Error(`sitegen build (${side.label}) exited with ${code}:\n${stderr.slice(-3000)}`);
  return { wallMs, cpuMs: (Number(cpu[1]) + Number(cpu[2])) * 1000, peakRssMb: peakKb / 1024 };
}

/** The RSS of a process and all its descendants, from /proc. */
function treeRssKb(pid: number): number {
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    try {
      total += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${current}/status`, 'utf8'))?.[1] ?? 0);
      for (const thread of readdirSync(`/proc/${current}/task`)) {
        pending.push(
          ...readFileSync(`/proc/${current}/task/${thread}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
        );
      }
    } catch {
      // Ended between two reads.
    }
  }
  return total;
}

/** Changes the excerpt of the n-th English article of a snapshot, whichever file of the snapshot holds it. */
function editOneArticle(siteDir: string, n: number): void {
  const dir = path.join(siteDir, 'content', 'cms', 'articles');
  let index = n;
  for (const name of readdirSync(dir)
    .filter((file) => /^en(-\d+)?\.json$/.test(file))
    .sort()) {
    const file = path.join(dir, name);
    const snapshot = JSON.parse(readFileSync(file, 'utf8')) as { data: Array<{ excerpt: string }> };
    if (index >= snapshot.data.length) {
      index -= snapshot.data.length;
      continue;
    }
    const entry = snapshot.data[index]!;
    entry.excerpt = `${entry.excerpt.replace(/ \(edit \d+\)$/, '')} (edit ${n})`;
    writeFileSync(file, JSON.stringify(snapshot, null, 2));
    return;
  }
  throw new Error(`${dir} has fewer than ${n + 1} English articles`);
}

async function checkoutBase(): Promise<Side> {
  // On the head's disk, not the work folder's: a build that stops at the quick check reads its sources for their hashes.
  const dir = path.join(ROOT, '.cache', 'compare-base');
  if (existsSync(dir)) git('worktree', 'remove', '--force', dir);
  git('worktree', 'add', '--detach', dir, baseCommit);
  const sameLock =
    git('show', `${baseCommit}:package-lock.json`) ===
    readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8').trim();
  if (sameLock) await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  return { name: 'base', label: baseCommit, dir };
}

const log = (line: string) => process.stderr.write(`${line}\n`);
await mkdir(work, { recursive: true });
const sides: Side[] = [await checkoutBase(), { name: 'head', label: headCommit, dir: ROOT }];
const results: Array<{ mode: string; side: Side; runs: Measured[] }> = [];
try {
  // Each side builds once first: the CLI bundle of its sources is made then, not in a measured run.
  for (const side of sides) await measureBuild(side, side.dir, `${side.name}-warm-up`);
  const loadBefore = loadavg()[0]!;
  if (values.mode !== 'rebuild') {
    const measured = new Map(sides.map((side) => [side, [] as Measured[]]));
    for (let run = 1; run <= runs; run++) {
      for (const side of run % 2 === 1 ? sides : [...sides].reverse()) {
        const slot = `${side.name}-cold`;
        await rm(path.join(work, `${slot}-out`), { recursive: true, force: true });
        await rm(path.join(work, `${slot}-out-host`), { recursive: true, force: true });
        await rm(path.join(work, `${slot}-cache`), { recursive: true, force: true });
        const result = await measureBuild(side, site, slot);
        measured.get(side)!.push(result);
        log(
          `cold    ${side.label.padEnd(20)} run ${run}: ${seconds(result.wallMs)}, CPU ${seconds(result.cpuMs)}, peak RSS ${result.peakRssMb.toFixed(0)} MB`,
        );
      }
    }
    for (const side of sides) results.push({ mode: 'cold build', side, runs: measured.get(side)! });
  }
  if (values.mode !== 'cold') {
    // Each side edits its own copy of the site, so that each rebuild sees one changed article.
    const measured = new Map(sides.map((side) => [side, [] as Measured[]]));
    const unchanged = new Map(sides.map((side) => [side, [] as Measured[]]));
    const sites = new Map<Side, string>();
    for (const side of sides) {
      const copy = path.join(work, `${side.name}-site`);
      await cp(site, copy, { recursive: true, verbatimSymlinks: true });
      sites.set(side, copy);
      for (let prime = 0; prime < 2; prime++) await measureBuild(side, copy, `${side.name}-rebuild`);
    }
    for (let run = 1; run <= runs; run++) {
      for (const side of run % 2 === 1 ? sides : [...sides].reverse()) {
        editOneArticle(sites.get(side)!, run * 19);
        const result = await measureBuild(side, sites.get(side)!, `${side.name}-rebuild`);
        measured.get(side)!.push(result);
        // Then the same build again with nothing changed.
        const again = await measureBuild(side, sites.get(side)!, `${side.name}-rebuild`);
        unchanged.get(side)!.push(again);
        log(
          `rebuild ${side.label.padEnd(20)} run ${run}: ${seconds(result.wallMs)}, CPU ${seconds(result.cpuMs)}, peak RSS ${result.peakRssMb.toFixed(0)} MB; nothing changed: ${seconds(again.wallMs)}`,
        );
      }
    }
    for (const side of sides) results.push({ mode: 'one-article rebuild', side, runs: measured.get(side)! });
    for (const side of sides) results.push({ mode: 'nothing changed', side, runs: unchanged.get(side)! });
  }
  const rows = results.map(({ mode, side, runs: measuredRuns }) => [
    `${mode}, ${side.label}`,
    seconds(median(measuredRuns.map((run) => run.wallMs))),
    `${seconds(Math.min(...measuredRuns.map((run) => run.wallMs)))}–${seconds(Math.max(...measuredRuns.map((run) => run.wallMs)))}`,
    seconds(median(measuredRuns.map((run) => run.cpuMs))),
    `${median(measuredRuns.map((run) => run.peakRssMb)).toFixed(0)} MB`,
  ]);
  const ratios = [...new Set(results.map((result) => result.mode))].map((mode) => {
    const [base, head] = sides.map(
      (side) => results.find((result) => result.mode === mode && result.side === side)!.runs,
    );
    const ratio = (of: (run: Measured) => number) => `${(median(head!.map(of)) / median(base!.map(of))).toFixed(3)}×`;
    return `${mode}, ${headCommit} ÷ ${baseCommit}: wall ${ratio((run) => run.wallMs)}, CPU ${ratio((run) => run.cpuMs)}, peak RSS ${ratio((run) => run.peakRssMb)}`;
  });
  process.stdout.write(
    `\n${site}, ${runs} interleaved pairs per mode, load average ${loadBefore.toFixed(2)} → ${loadavg()[0]!.toFixed(2)}\n\n` +
      `${formatTable([['build, commit', 'wall (median)', 'range', 'CPU', 'peak RSS (tree)'], ...rows])}\n\n${ratios.join('\n')}\n`,
  );
} finally {
  git('worktree', 'remove', '--force', sides[0]!.dir);
  await rm(work, { recursive: true, force: true });
}
