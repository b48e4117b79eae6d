import { spawn, type ChildProcess } from 'node:child_process';
import { access, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { makeTempDir } from './files.ts';

/** Debian's nginx; .ci/run installs it when missing. */
export const NGINX_PATH = '/usr/sbin/nginx';

export interface RunningNginx {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The error log so far, for failure messages. */
  errorLog(): Promise<string>;
  close(): Promise<void>;
}

export interface StartNginxOptions {
  /** The built output folder nginx serves (`root`). */
  root: string;
  /** The host folder's `nginx/sitegen` folder, installed as `<conf dir>/sitegen/` the way docs/hosting.md says. */
  sitegenConfig: string;
}

/**
 * Starts nginx as a child process on a free 127.0.0.1 port with the emitted configuration, everything
 * (config, pid, logs, temp files) in a temp folder; `close` stops it by its own PID. One process
 * (`master_process off`) that keeps the test's user, so it can read the 0700 temp folders.
 */
export async function startNginx({ root, sitegenConfig }: StartNginxOptions): Promise<RunningNginx> {
  await access(NGINX_PATH).catch(() => {
    throw new Error(
      `nginx is not installed at ${NGINX_PATH}: the conformance tests run the emitted configuration on a real nginx (CI installs Debian's nginx in .ci/run)`,
    );
  });
  const { dir, cleanup } = await makeTempDir('nginx');
  const port = await freePort();
  await cp(sitegenConfig, path.join(dir, 'conf', 'sitegen'), { recursive: true });
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    await mkdir(path.join(dir, 'temp', temp), { recursive: true });
  const conf = path.join(dir, 'conf', 'nginx.conf');
  await writeFile(
    conf,
    `master_process off;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/temp/body;
    proxy_temp_path ${dir}/temp/proxy;
    fastcgi_temp_path ${dir}/temp/fastcgi;
    uwsgi_temp_path ${dir}/temp/uwsgi;
    scgi_temp_path ${dir}/temp/scgi;
    include sitegen/http.conf;
    server {
        listen 127.0.0.1:${port};
        server_name localhost;
        root ${path.resolve(root)};
        include sitegen/server.conf;
    }
}
`,
  );
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', conf, '-g', `daemon off; pid ${dir}/nginx.pid;`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const errorLog = () => readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '');
  try {
    await waitForPort(port, child, () => stderr);
  } catch (error) {
    await stop(child);
    const log = await errorLog();
    await cleanup();
    throw new Error(`${(error as Error).message}\n${stderr}${log}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    errorLog,
    close: async () => {
      await stop(child);
      await cleanup();
    },
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGQUIT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode} before listening`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on 127.0.0.1:${port} within 15 s ${stderr()}`);
}
