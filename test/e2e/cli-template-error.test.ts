// `sitegen build` when a template throws: the error names the page and the template line, and the
// template's stack is printed under the message as its cause (bin/format-causes.ts). Run from a copy of the project, whose template is edited.
import { spawn } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../helpers/files.ts';
import { copyProject } from '../helpers/project-copy.ts';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let project: string;
beforeAll(async () => {
  temp = await makeTempDir('cli-template-error');
  project = await copyProject(path.join(temp.dir, 'project'));
  const file = path.join(project, 'templates', 'pages', 'PricingPage.tsx');
  const source = await readFile(file, 'utf8');
  const edited = source.replace(
    /(export function PricingPage\([^)]*\) \{\n)/,
    "$1  if (context.locale === 'nl') throw new Error('broken on purpose');\n",
  );
  expect(edited).not.toBe(source);
  await writeFile(file, edited);
}, 60_000);
afterAll(async () => {
  await temp.cleanup();
});

function build(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(project, 'bin', 'sitegen.js'), 'build', ...args], {
      cwd: project,
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('sitegen build with a template that throws', () => {
  it.each([
    ['in this thread', '0'],
    ['in render workers', '2'],
  ])(
    'exits 1 naming the page, with the template stack under the message (%s)',
    async (_, workers) => {
      const out = path.join(temp.dir, `out-${workers}`);
      const result = await build([
        '--workers',
        workers,
        '--out',
        out,
        '--cache-dir',
        path.join(temp.dir, `cache-${workers}`),
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /(?:^|\n)RENDER_FAILED {2}1 page could not be rendered\.\n {2}Could not render \/nl\/prijzen \(route pricing___nl\): broken on purpose \(templates\/pages\/PricingPage\.tsx:\d+:\d+\)\n/,
      );
      expect(result.stderr).toMatch(
        /\n {2}cause: Error: broken on purpose\n {6,}at PricingPage \([^)]*templates\/pages\/PricingPage\.tsx:\d+:\d+\)/,
      );
      expect(
        await stat(out).then(
          () => true,
          () => false,
        ),
      ).toBe(false);
    },
    120_000,
  );
});
