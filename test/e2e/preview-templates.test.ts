// `sitegen preview` as a child process, run from a copy of the project, so this test can edit a
// template (other tests render the repo's own templates at the same time): the edit reaches the
// pages that use the template and only those, without a restart; a template that throws gives the
// overlay and keeps the last good page; Ctrl-C stops it cleanly.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewProblem } from '../../pipeline/preview/live-events.ts';
import { openEventStream, type EventStream } from '../helpers/event-stream.ts';
import { makeTempDir } from '../helpers/files.ts';
import { copyProject } from '../helpers/project-copy.ts';

const MARKER = 'Edited while the preview ran';

let cleanup: () => Promise<void>;
let template: string;
let original: string;
let child: ChildProcess;
let stdout = '';
let url: string;
let stream: EventStream;

beforeAll(async () => {
  const temp = await makeTempDir('preview-templates');
  cleanup = temp.cleanup;
  const project = await copyProject(path.join(temp.dir, 'project'));
  template = path.join(project, 'templates', 'pages', 'PricingPage.tsx');
  original = await readFile(template, 'utf8');
  child = spawn(
    process.execPath,
    [path.join(project, 'bin', 'sitegen.js'), 'preview', '--port', '0', '--cache-dir', path.join(temp.dir, 'cache')],
    {
      cwd: project,
      env: { ...process.env, CI: 'true', SITEGEN_CMS_URL: undefined, SITEGEN_CMS_TOKEN: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = /Preview at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (found) {
        clearInterval(timer);
        resolve(found[1]!);
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`the preview exited with ${code}:\n${stdout}`));
    });
  });
  stream = await openEventStream(`${url}/__sitegen/events`);
}, 180_000);
afterAll(async () => {
  stream?.close();
  if (child?.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  await cleanup?.();
});

const get = (urlPath: string) => fetch(`${url}${urlPath}`);
const editTemplate = (change: (source: string) => string) => writeFile(template, change(original));
const withMarker = (source: string) =>
  source.replace(/return \(\s*<>/, (start) => `${start}\n      <p className="preview-marker">${MARKER}</p>`);
const throwing = (source: string) =>
  withMarker(source).replace(
    /(export function PricingPage\(.*?\)\s*\{)/s,
    "$1\n  if (Date.now() > 0) throw new Error('broken on purpose');",
  );

describe('sitegen preview (a child process, from a copy of the project)', () => {
  it('re-renders only the pages of an edited template, without a restart, and reloads their tabs', async () => {
    const since = stream.received.length;
    await editTemplate(withMarker);
    const reload = await stream.next((event) => event.event === 'reload', { since, timeoutMs: 60_000 });
    const pages = (reload.data as { pages: string[] }).pages;
    expect(pages).toContain('/pricing');
    expect(pages).toContain('/nl/prijzen');
    expect(pages).toHaveLength(6);
    expect(await (await get('/pricing')).text()).toContain(MARKER);
    expect(await (await get('/blog')).text()).not.toContain(MARKER);
    await expect
      .poll(() => stdout)
      .toMatch(/rebuilt \(templates\/pages\/PricingPage\.tsx\) in \d+ ms: 6 of \d+ pages rendered/);
  });

  it('shows a template that throws in the overlay, keeps the last good page, and clears when fixed', async () => {
    const since = stream.received.length;
    await editTemplate(throwing);
    const problem = (await stream.next((event) => event.event === 'problem', { since, timeoutMs: 60_000 }))
      .data as PreviewProblem;
    expect(problem).toMatchObject({ code: 'RENDER_FAILED', title: 'A template failed' });
    expect(problem.message).toMatch(
      /Could not render \/pricing \(route pricing___en\): broken on purpose \(templates\/pages\/PricingPage\.tsx:\d+:\d+\)/,
    );
    const stale = await get('/pricing');
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain(MARKER);

    const fixed = stream.received.length;
    await editTemplate(withMarker);
    expect(
      (await stream.next((event) => event.event === 'reload', { since: fixed, timeoutMs: 60_000 })).data,
    ).toMatchObject({ pages: 'all' });
    const fresh = await openEventStream(`${url}/__sitegen/events`);
    const hello = await fresh.next((event) => event.event === 'hello', { since: 0 });
    fresh.close();
    expect((hello.data as { problem?: unknown }).problem).toBeUndefined();
  });

  it('shows a template that does not compile in the overlay, naming the file', async () => {
    const since = stream.received.length;
    await editTemplate((source) => withMarker(source).replace('<PlanCards', '<PlanCards {'));
    const problem = (await stream.next((event) => event.event === 'problem', { since, timeoutMs: 60_000 }))
      .data as PreviewProblem;
    expect(problem.code).toBe('RENDER_FAILED');
    expect(problem.message).toContain('templates/pages/PricingPage.tsx');
    const fixed = stream.received.length;
    await editTemplate(withMarker);
    await stream.next((event) => event.event === 'reload', { since: fixed, timeoutMs: 60_000 });
    expect(await (await get('/pricing')).text()).toContain(MARKER);
  });

  it('stops cleanly on Ctrl-C', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    process.kill(child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    await expect(get('/pricing')).rejects.toThrow();
  });
});
