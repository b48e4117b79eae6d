import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeStrapi, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { runCli } from '../helpers/cli.ts';
import { makeArticle, makeFamily, makeKeyTerm } from '../helpers/content.ts';
import { makeTempDir, readTree } from '../helpers/files.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function temp(): Promise<string> {
  const made = await makeTempDir('cli');
  cleanups.push(made.cleanup);
  return made.dir;
}

async function fakeWithToken(token: string, articles = makeFamily('alpha', ['en', 'de'])): Promise<FakeStrapi> {
  const server = await startFakeStrapi({ version: 5, token, collections: { articles, 'key-terms': [makeKeyTerm({ documentId: 'visit', locale: 'en' })] } });
  cleanups.push(() => server.close());
  return server;
}

describe('sitegen CLI', () => {
  it('builds the embedded content with exit 0 and a summary', async () => {
    const dir = await temp();
    const result = await runCli(['build', '--out', path.join(dir, 'out'), '--cache-dir', path.join(dir, 'cache')]);
    expect(result.stderr).not.toContain('Error');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Built \d+ pages from embedded content into /);
    expect(result.stdout).toMatch(/articles\s+\d+/);
    expect(result.stdout).toContain('render + write');
    expect((await readdir(path.join(dir, 'out'))).includes('index.html')).toBe(true);
  });

  it('prints help without building anything', async () => {
    const dir = await temp();
    const result = await runCli(['build', '--help'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('--skip-invalid');
    expect(result.stdout).toContain('SITEGEN_CMS_URL');
    expect(await readdir(dir)).toEqual([]);
  });

  it('sends the token as a Bearer header and never writes it to the output or the logs', async () => {
    const token = 'tok_3f9c1e8a7b6d5c4e2f1a0b9c8d7e6f5a';
    const server = await fakeWithToken(token);
    const dir = await temp();
    const out = path.join(dir, 'out');
    const result = await runCli(['build', '--cms', server.restUrl, '--out', out, '--cache-dir', path.join(dir, 'cache')], { env: { SITEGEN_CMS_TOKEN: token } });

    expect(result.code).toBe(0);
    const apiRequests = server.requests.filter((request) => request.path.startsWith('/api/'));
    expect(apiRequests.length).toBeGreaterThan(0);
    expect(apiRequests.every((request) => request.headers.authorization === `Bearer ${token}`)).toBe(true);
    expect(`${result.stdout}${result.stderr}`).not.toContain(token);
    const files = await readTree(out);
    expect([...files.entries()].filter(([, bytes]) => bytes.includes(token)).map(([file]) => file)).toEqual([]);
  });

  it('exits 1 with the error code and no token when the CMS refuses the token', async () => {
    const server = await fakeWithToken('the-right-token');
    const dir = await temp();
    const result = await runCli(['build', '--cms', server.restUrl, '--cms-token', 'a-wrong-token-value', '--out', path.join(dir, 'out')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^CMS_HTTP_ERROR {2}The CMS answered articles page 1 \(locale \w+\) with HTTP 401/m);
    expect(result.stderr).toContain('hint: check the API token');
    expect(result.stderr).not.toContain('a-wrong-token-value');
    expect(result.stderr).not.toContain('    at ');
  });

  it('exits 1 on invalid content and keeps the previous output', async () => {
    const server = await fakeWithToken('t', [...makeFamily('alpha', ['en']), makeArticle({ id: 77, documentId: 'bad', locale: 'nl', publishedAt: 'soon' })]);
    const dir = await temp();
    const out = path.join(dir, 'out');
    await mkdir(out);
    await writeFile(path.join(out, 'keep.html'), 'previous');
    const result = await runCli(['build', '--cms', server.restUrl, '--cms-token', 't', '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('CONTENT_INVALID');
    expect(result.stderr).toContain('articles #77 (nl)  publishedAt');
    expect(await readdir(out)).toEqual(['keep.html']);
  });

  it('rejects a --cms that is not a URL with a usage error', async () => {
    const result = await runCli(['build', '--cms', 'not a url']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--cms "not a url" is not a URL');
  });
});
