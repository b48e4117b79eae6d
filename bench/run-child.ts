import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';

export interface ChildRun<T> {
  result: T;
  /** Spawn → exit, by the parent's clock (includes Node and tsx start-up). */
  wallMs: number;
  /** CPU time of this (parent) process meanwhile: the fake CMS answering the child. */
  parentCpuMs: number;
  /** The machine's 1-minute load average before and after (others' work skews wall times). */
  load: [number, number];
}

/**
 * Runs a bench TypeScript script in a child Node process (through bin/run-ts.js), with NODE_ENV set when
 * given, and returns the JSON it prints on its `BENCH_RESULT` line. Throws with the child's stderr when it
 * fails.
 */
export async function runChild<T>(
  root: string,
  script: string,
  args: string[],
  nodeEnv?: string,
): Promise<ChildRun<T>> {
  const loadBefore = loadavg()[0]!;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const env = nodeEnv === undefined ? process.env : { ...process.env, NODE_ENV: nodeEnv };
  const { code, stdout, stderr } = await spawnCollecting(process.execPath, ['bin/run-ts.js', script, ...args], {
    cwd: root,
    env,
  });
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const line = stdout.split('\n').find((text) => text.startsWith('BENCH_RESULT '));
  if (code !== 0 || !line)
    throw new Error(`${script} ${args.join(' ')} exited with ${code}:\n${stderr.slice(-4000)}${stdout.slice(-2000)}`);
  return {
    result: JSON.parse(line.slice('BENCH_RESULT '.length)) as T,
    wallMs: Math.round(wallMs),
    parentCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    load: [round(loadBefore), round(loadavg()[0]!)],
  };
}

/** Runs a command to its end, collecting what it prints. */
export async function spawnCollecting(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  return { code, stdout, stderr };
}

function round(load: number): number {
  return Math.round(load * 100) / 100;
}
