// A real Strapi 4 or 5 for the tests: installed once into a cache folder outside the repository
// (installStrapi, run by test/setup/install-test-dependencies.sh before vitest starts), then started per
// test file on a fresh SQLite database and a free port on 127.0.0.1, seeded through Strapi's own
// services, and stopped by its own PID.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../helpers/content.ts';
import { seedFileBody, writeSeedMedia, type SeedContent } from './seed-content.ts';

export type StrapiMajor = 4 | 5;

const FIXTURE_DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'strapi-real');
const STAMP = '.sitegen-install.json';

/** `${XDG_CACHE_HOME:-~/.cache}/sitegen/strapi` unless SITEGEN_STRAPI_CACHE says otherwise. */
export function strapiCacheRoot(): string {
  if (process.env['SITEGEN_STRAPI_CACHE']) return path.resolve(process.env['SITEGEN_STRAPI_CACHE']);
  return path.join(process.env['XDG_CACHE_HOME'] || path.join(homedir(), '.cache'), 'sitegen', 'strapi');
}

/** The files of one version's project: the shared project/ folder, then the version's own files over it. */
async function projectFiles(major: StrapiMajor): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const walk = async (root: string, folder = root) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(root, full);
      else files.set(path.relative(root, full).split(path.sep).join('/'), await readFile(full));
    }
  };
  await walk(path.join(FIXTURE_DIR, 'project'));
  await walk(path.join(FIXTURE_DIR, `v${major}`));
  return files;
}

const hashFiles = (files: Map<string, Buffer>, only?: (name: string) => boolean) => {
  const hash = createHash('sha256');
  for (const name of [...files.keys()].sort()) {
    if (only && !only(name)) continue;
    hash.update(name).update('\0').update(files.get(name)!).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
};

/**
 * Where a version is installed: `<cache>/v<major>-<hash of its package.json>`. A changed package.json
 * installs afresh into a new folder; changed project files (config, schemas, seed code) are copied over
 * the installed folder on the next setup run, as each test server starts on a fresh database anyway.
 */
export async function strapiAppDir(major: StrapiMajor): Promise<string> {
  const files = await projectFiles(major);
  return path.join(strapiCacheRoot(), `v${major}-${hashFiles(files, (name) => name === 'package.json')}`);
}

export interface InstallResult {
  major: StrapiMajor;
  version: string;
  appDir: string;
  /** false when node_modules came from the cache */
  installed: boolean;
  ms: number;
}

/** Which Strapi version a major's fixture pins, where it goes, and whether it is installed there already. */
export async function strapiInstallState(
  major: StrapiMajor,
): Promise<{ version: string; appDir: string; cached: boolean; projectHash: string | undefined }> {
  const files = await projectFiles(major);
  const appDir = await strapiAppDir(major);
  const version = (JSON.parse(files.get('package.json')!.toString('utf8')) as { dependencies: Record<string, string> })
    .dependencies['@strapi/strapi']!;
  const stamp = await readFile(path.join(appDir, STAMP), 'utf8').then(
    (text) => JSON.parse(text) as { projectHash?: string },
    () => undefined,
  );
  const cached =
    stamp !== undefined && (await exists(path.join(appDir, 'node_modules', '@strapi', 'strapi', 'package.json')));
  return { version, appDir, cached, projectHash: stamp?.projectHash };
}

/** Installs one version into the cache (npm install, ~2–10 min, ~0.7 GB) unless it is there, and syncs the project files. */
export async function installStrapi(
  major: StrapiMajor,
  log: (line: string) => void = () => {},
): Promise<InstallResult> {
  const started = Date.now();
  const files = await projectFiles(major);
  const { version, appDir, cached, projectHash: installedProject } = await strapiInstallState(major);
  const installed = !cached;
  if (installed) {
    log(`Strapi ${version}: installing into ${appDir} (npm install; a few minutes, ~0.7 GB)`);
    await rm(appDir, { recursive: true, force: true });
    await mkdir(appDir, { recursive: true });
    await writeFile(path.join(appDir, 'package.json'), files.get('package.json')!);
    await run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], appDir, log);
  }
  const projectHash = hashFiles(files);
  if (installed || installedProject !== projectHash) {
    for (const folder of ['config', 'src']) await rm(path.join(appDir, folder), { recursive: true, force: true });
    for (const [name, bytes] of files) {
      await mkdir(path.dirname(path.join(appDir, name)), { recursive: true });
      await writeFile(path.join(appDir, name), bytes);
    }
    await writeFile(path.join(appDir, 'favicon.png'), FAVICON);
    await writeFile(path.join(appDir, STAMP), JSON.stringify({ version, projectHash }));
  }
  return { major, version, appDir, installed, ms: Date.now() - started };
}

function run(command: string, args: string[], cwd: string, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...STRAPI_ENV },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-4000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) return resolve();
      log(tail);
      reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited with ${code}:\n${tail}`));
    });
  });
}

/** A 1×1 PNG: Strapi's favicon middleware is required and wants a file (the repo keeps no binaries). */
const FAVICON = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** No telemetry, no update checks, no prompts. */
const STRAPI_ENV = {
  STRAPI_TELEMETRY_DISABLED: 'true',
  STRAPI_DISABLE_UPDATE_NOTIFICATION: 'true',
  STRAPI_HIDE_STARTUP_MESSAGE: 'true',
  BROWSER: 'none',
};

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface StartRealStrapiOptions {
  /**
   * Attributes the article content type leaves out (issue 29: a CMS built to the spec, without sitegen's
   * optional fields): the project is copied into the server's temp folder with its schema changed, and
   * uses the installed node_modules through a symlink. The installed project is not touched.
   */
  articlesWithout?: string[];
}

/** A copy of the installed project (without node_modules, which is linked) whose article type lacks `fields`. */
async function writeVariantApp(installedDir: string, appDir: string, fields: string[]): Promise<string> {
  await cp(installedDir, appDir, {
    recursive: true,
    filter: (source) => path.relative(installedDir, source) !== 'node_modules',
  });
  await symlink(path.join(installedDir, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');
  const schemaFile = path.join(appDir, 'src', 'api', 'article', 'content-types', 'article', 'schema.json');
  const schema = JSON.parse(await readFile(schemaFile, 'utf8')) as { attributes: Record<string, unknown> };
  for (const field of fields) delete schema.attributes[field];
  await writeFile(schemaFile, `${JSON.stringify(schema, null, 2)}\n`);
  return appDir;
}

export interface RealStrapi {
  major: StrapiMajor;
  version: string;
  origin: string;
  restUrl: string;
  /** read-only API token (find/findOne on everything) */
  token: string;
  /** an API token with permissions on key-terms only: articles answer 403 */
  keyTermsOnlyToken: string;
  /** where the seed's images were written (the fake Strapi serves them from here) */
  mediaDir: string;
  /** spawn → seeded and answering, in ms */
  bootMs: number;
  /** the fixture's test-only routes: change one localized entry through Strapi's services */
  edit(collection: string, slug: string, locale: string, data: Record<string, unknown>): Promise<void>;
  unpublish(collection: string, slug: string, locale: string): Promise<void>;
  remove(collection: string, slug: string, locale: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts an installed Strapi on a fresh database in a temporary folder, seeded with `content`. Fails
 * with the server's last output when it exits or does not answer in time.
 */
export async function startRealStrapi(
  major: StrapiMajor,
  content: SeedContent,
  timeoutMs = 120_000,
  options: StartRealStrapiOptions = {},
): Promise<RealStrapi> {
  const installedDir = await strapiAppDir(major);
  const stampText = await readFile(path.join(installedDir, STAMP), 'utf8').catch(() => undefined);
  if (stampText === undefined) {
    throw new Error(
      `Strapi ${major} is not installed in ${installedDir}: run \`bash test/setup/install-test-dependencies.sh\` (npm test runs it first)`,
    );
  }
  const { version } = JSON.parse(stampText) as { version: string };
  const dir = await mkdtemp(path.join(tmpdir(), `sitegen-strapi${major}-`));
  const appDir = options.articlesWithout?.length
    ? await writeVariantApp(installedDir, path.join(dir, 'app'), options.articlesWithout)
    : installedDir;
  const mediaDir = path.join(dir, 'seed-media');
  const mediaPaths = await writeSeedMedia(content, mediaDir);
  const seedFile = path.join(dir, 'seed.json');
  const outFile = path.join(dir, 'fixture-out.json');
  await writeFile(seedFile, seedFileBody(content, mediaPaths));
  await mkdir(path.join(dir, 'public', 'uploads'), { recursive: true });
  const port = await freePort();
  let output = '';

  const started = Date.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [path.join(appDir, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js'), 'start'],
    {
      cwd: appDir,
      env: {
        ...process.env,
        ...STRAPI_ENV,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_FILENAME: path.join(dir, 'data.db'),
        PUBLIC_DIR: path.join(dir, 'public'),
        SITEGEN_SEED_FILE: seedFile,
        SITEGEN_FIXTURE_OUT: outFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );

  const stop = async () => {
    if (exited === undefined && child.pid !== undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    await rm(dir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  try {
    for (;;) {
      if (exited !== undefined)
        throw new Error(`Strapi ${version} exited with ${exited} before answering:\n${output.slice(-4000)}`);
      if (Date.now() - started > timeoutMs)
        throw new Error(
          `Strapi ${version} did not answer on ${origin} within ${timeoutMs / 1000} s:\n${output.slice(-4000)}`,
        );
      const ok = await fetch(`${origin}/_health`).then(
        (response) => response.status < 300,
        () => false,
      );
      if (ok && (await exists(outFile))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const bootMs = Date.now() - started;
  const report = JSON.parse(await readFile(outFile, 'utf8')) as { tokens: { readOnly: string; keyTermsOnly: string } };

  const control = async (action: string, body: Record<string, unknown>) => {
    const response = await fetch(`${origin}/api/fixture/${action}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(
        `Strapi ${version}: fixture ${action} ${JSON.stringify(body)} answered ${response.status}: ${await response.text()}`,
      );
  };

  return {
    major,
    version,
    origin,
    restUrl: `${origin}/api`,
    token: report.tokens.readOnly,
    keyTermsOnlyToken: report.tokens.keyTermsOnly,
    mediaDir,
    bootMs,
    edit: (collection, slug, locale, data) => control('edit', { collection, slug, locale, data }),
    unpublish: (collection, slug, locale) => control('unpublish', { collection, slug, locale }),
    remove: (collection, slug, locale) => control('remove', { collection, slug, locale }),
    stop,
  };
}
