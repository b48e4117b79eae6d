import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdir } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { REPO_ROOT } from './content.ts';
import { makeTempDir } from './files.ts';

/** The dev dependency's own binary: Cloudflare's `wrangler pages dev`, which runs the output on workerd. */
const WRANGLER = path.join(REPO_ROOT, 'node_modules', '.bin', 'wrangler');

export interface RunningPages {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** What wrangler printed so far, for failure messages. */
  output(): string;
  close(): Promise<void>;
}

/**
 * Serves a Cloudflare build's output folder with `wrangler pages dev` on a free 127.0.0.1 port, offline:
 * no metrics, no error reports, no update check, no fetch of the `Request.cf` object, config and state in
 * a temp folder. wrangler runs in a process group of its own (it starts workerd as a child); `close`
 * stops that group by wrangler's PID.
 */
export async function startWranglerPages(root: string, timeoutMs = 90_000): Promise<RunningPages> {
  await access(WRANGLER).catch(() => {
    throw new Error(`wrangler is not installed at ${WRANGLER}: run npm ci (it is a dev dependency)`);
  });
  const { dir, cleanup } = await makeTempDir('wrangler');
  await mkdir(path.join(dir, 'config'), { recursive: true });
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const child = spawn(
    WRANGLER,
    [
      'pages',
      'dev',
      root,
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(inspectorPort),
      // Fixed, and older than what workerd supports, so that no "newer date available" check runs.
      '--compatibility-date',
      '2025-01-01',
      '--persist-to',
      path.join(dir, 'state'),
      '--show-interactive-dev-session=false',
      '--log-level',
      'info',
    ],
    {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        CI: '1',
        WRANGLER_SEND_METRICS: 'false',
        WRANGLER_SEND_ERROR_REPORTS: 'false',
        WRANGLER_HIDE_BANNER: 'true',
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_LOG_PATH: path.join(dir, 'logs'),
        XDG_CONFIG_HOME: path.join(dir, 'config'),
        NO_COLOR: '1',
      },
    },
  );
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-20_000));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const close = async () => {
    await stop(child);
    await cleanup();
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await cleanup();
      throw new Error(`wrangler pages dev exited (${child.exitCode ?? child.signalCode}) before serving:\n${output}`);
    }
    if (output.includes(`Ready on ${url}`)) {
      const ok = await fetch(`${url}/`, { redirect: 'manual' }).then(
        () => true,
        () => false,
      );
      if (ok) break;
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`wrangler pages dev did not serve on ${url} within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, output: () => output, close };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // the group is gone already
    }
  };
  signalGroup('SIGTERM');
  const timer = setTimeout(() => signalGroup('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
  // workerd may outlive wrangler by a moment; the group is wrangler's own.
  signalGroup('SIGKILL');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = (server.address() as AddressInfo) ?? { port: 0 };
      server.close(() => resolve(port));
    });
  });
}
