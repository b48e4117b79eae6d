// `sitegen build` runs from a bundle of the CLI kept in the project's .cache/sitegen-cli/ (bin/cli-bundle.js),
// made on first use and again after a source change. Run from a copy of the project, whose sources are edited.
import { appendFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { makeTempDir, readTree } from '../helpers/files.ts';
import { copyProject } from '../helpers/project-copy.ts';

let temp: { dir: string; cleanup: () => Promise<void> };
let project: string;
beforeAll(async () => {
  temp = await makeTempDir('cli-bundle');
  project = await copyProject(path.join(temp.dir, 'project'));
}, 60_000);
afterAll(() => temp.cleanup());

const bundles = () => readdir(path.join(project, '.cache', 'sitegen-cli')).then((names) => names.filter((name) => !name.endsWith('.tmp')).sort(), () => []);

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

  it('builds what the sources run through tsx build, byte for byte (pages rendered in its own thread)', async () => {
    const build = (name: string, env: Record<string, string>) =>
      runCli(['build', '--workers', '0', '--out', path.join(temp.dir, name), '--cache-dir', path.join(temp.dir, `${name}-cache`)], { project, cwd: project, env });
    const bundled = await build('out-bundle', {});
    const plain = await build('out-tsx', { SITEGEN_NO_BUNDLE: '1' });
    expect(bundled.stderr).toBe(plain.stderr);
    expect([bundled.code, plain.code]).toEqual([0, 0]);
    const [a, b] = await Promise.all([readTree(path.join(temp.dir, 'out-bundle')), readTree(path.join(temp.dir, 'out-tsx'))]);
    expect(a.size).toBeGreaterThan(300);
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    expect([...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file)).toEqual([]);
  }, 180_000);
});
