import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './content.ts';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI (bin/sitegen.js, of `project` or this repository) in a child process. */
export function runCli(
  args: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; project?: string } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(options.project ?? REPO_ROOT, 'bin', 'sitegen.js'), ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, CI: 'true', SITEGEN_CMS_URL: undefined, SITEGEN_CMS_TOKEN: undefined, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
