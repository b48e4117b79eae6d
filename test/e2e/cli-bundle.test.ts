// `sitegen build` runs from a bundle of the CLI kept in the project's .cache/sitegen-cli/ (bin/cli-bundle.js),
// made on first use and again after a source change. Run from a copy of the project, whose sources are edited.
import { fork, spawnSync } from 'node:child_process';
import { appendFile, mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeTempDir, readTree } from '../helpers/files.ts';
import { copyProject } from '../helpers/project-copy.ts';
import {
  drawSocialImages,
  planSocialImage,
  type DrawingWork,
  type DrawnInChild,
} from '../../pipeline/transform/social-images.ts';

let temp: { dir: string; cleanup: () => Promise<void> };
let project: string;
beforeAll(async () => {
  temp = await makeTempDir('cli-bundle');
  project = await copyProject(path.join(temp.dir, 'project'));
}, 60_000);
afterAll(() => temp.cleanup());

/** `sitegen build` from the bundle and through tsx (SITEGEN_NO_BUNDLE), each into folders of its own. */
async function buildBothWays(workers: string, suffix: string) {
  const build = (name: string, env: Record<string, string>) =>
    runCli(
      [
        'build',
        '--workers',
        workers,
        '--out',
        path.join(temp.dir, name),
        '--cache-dir',
        path.join(temp.dir, `${name}-cache`),
      ],
      { project, cwd: project, env },
    );
  const bundled = await build(`out-bundle${suffix}`, {});
  const plain = await build(`out-tsx${suffix}`, { SITEGEN_NO_BUNDLE: '1' });
  const trees = () =>
    Promise.all([
      readTree(path.join(temp.dir, `out-bundle${suffix}`)),
      readTree(path.join(temp.dir, `out-tsx${suffix}`)),
    ]);
  return { bundled, plain, trees };
}

function expectSameFiles([a, b]: Array<Map<string, Buffer>>): void {
  expect(a!.size).toBeGreaterThan(300);
  expect([...a!.keys()].sort()).toEqual([...b!.keys()].sort());
  expect([...a!].filter(([file, bytes]) => !bytes.equals(b!.get(file)!)).map(([file]) => file)).toEqual([]);
}

const bundles = () =>
  readdir(path.join(project, '.cache', 'sitegen-cli')).then(
    (names) => names.filter((name) => !name.endsWith('.tmp')).sort(),
    () => [],
  );

describe('the CLI bundle', () => {
  it('is made on first use, used again while the sources stay, and made again after a source change', async () => {
    expect(await bundles()).toEqual([]);
    const first = await runCli(['--version'], { project, cwd: project });
    expect(first.code).toBe(0);
    expect(first.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const made = await bundles();
    expect(made).toHaveLength(1);
    expect(await readdir(path.join(project, '.cache', 'sitegen-cli', made[0]!))).toContain('sitegen.js');
    expect((await runCli(['--version'], { project, cwd: project })).code).toBe(0);
    expect(await bundles()).toEqual(made);
    await appendFile(path.join(project, 'pipeline', 'errors.ts'), '\n// edited by a test\n');
    expect((await runCli(['--version'], { project, cwd: project })).code).toBe(0);
    const after = await bundles();
    expect(after).toHaveLength(2);
    expect(after).toEqual(expect.arrayContaining(made));
  }, 120_000);

  it('keeps the code hashes of the sources it was made from beside its modules, and new ones after a source change', async () => {
    const newestBundle = async () => {
      const names = await bundles();
      const times = await Promise.all(
        names.map(async (name) => (await stat(path.join(project, '.cache', 'sitegen-cli', name))).mtimeMs),
      );
      return path.join(project, '.cache', 'sitegen-cli', names[times.indexOf(Math.max(...times))]!);
    };
    // What the sources give, hashed through tsx in the project copy.
    const fromSources = async () => {
      const child = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx/esm',
          '--input-type=module',
          '-e',
          "const { loadCodeHashes } = await import('./pipeline/cache/code-hash.ts'); process.stdout.write(JSON.stringify(await loadCodeHashes()));",
        ],
        { cwd: project, encoding: 'utf8' },
      );
      expect(child.status, child.stderr).toBe(0);
      return JSON.parse(child.stdout) as unknown;
    };
    const build = () =>
      runCli(
        ['build', '--out', path.join(temp.dir, 'out-hashes'), '--cache-dir', path.join(temp.dir, 'out-hashes-cache')],
        { project, cwd: project },
      );
    expect((await build()).code).toBe(0);
    const first = JSON.parse(await readFile(path.join(await newestBundle(), 'code-hashes.json'), 'utf8')) as {
      engine: string;
    };
    expect(first).toEqual(await fromSources());
    await appendFile(path.join(project, 'pipeline', 'errors.ts'), '\n// edited again by a test\n');
    const second = await build();
    expect(second.code).toBe(0);
    const kept = JSON.parse(await readFile(path.join(await newestBundle(), 'code-hashes.json'), 'utf8')) as {
      engine: string;
    };
    expect(kept.engine).not.toBe(first.engine);
    expect(kept).toEqual(await fromSources());
    // A changed pipeline renders every page again.
    expect(second.stdout).toMatch(/^Built ([\d,]+) pages .*\(\1 rendered, 0 kept\)/);
  }, 180_000);

  it('builds what the sources run through tsx build, byte for byte (pages rendered in its own thread)', async () => {
    const { bundled, plain, trees } = await buildBothWays('0', '');
    expect(bundled.stderr).toBe(plain.stderr);
    expect([bundled.code, plain.code]).toEqual([0, 0]);
    expectSameFiles(await trees());
  }, 180_000);

  it('starts its render workers from the bundle too, and they render what tsx-run workers render', async () => {
    const { bundled, plain, trees } = await buildBothWays('2', '-workers');
    expect([bundled.code, plain.code]).toEqual([0, 0]);
    expectSameFiles(await trees());
  }, 180_000);

  it('holds the social-image child, which draws what the sources draw', async () => {
    const [bundle] = (await bundles()).slice(-1);
    await mkdir(path.join(temp.dir, 'drawn-by-bundle'));
    const image = planSocialImage({
      title: 'Datenschutzfreundliche Statistiken ohne Cookies',
      footer: 'Simple Analytics',
      lang: 'de-DE',
    });
    const child = fork(path.join(project, '.cache', 'sitegen-cli', bundle!, 'draw-social-images-start.js'), [], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    const folder = path.join(temp.dir, 'drawn-by-bundle');
    const drawn = new Promise<{ code: number | null; reported: number | undefined }>((resolve) => {
      let reported: number | undefined;
      child.on('message', (message: { ready?: boolean } & Partial<DrawnInChild>) => {
        if (message.ready) {
          // Drawn ahead, then named again in the build's list (the last message): drawn once.
          child.send({ images: [image], folder, last: false } satisfies DrawingWork);
          child.send({ images: [image], folder, last: true } satisfies DrawingWork);
        }
        if (message.drawn !== undefined) reported = message.drawn;
      });
      child.once('exit', (code) => resolve({ code, reported }));
    });
    expect(await drawn).toEqual({ code: 0, reported: 1 });
    await drawSocialImages([image], temp.dir);
    const name = path.basename(image.src);
    expect(await readFile(path.join(temp.dir, 'drawn-by-bundle', name))).toEqual(
      await readFile(path.join(temp.dir, name)),
    );
  }, 60_000);
});
