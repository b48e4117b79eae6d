import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeStrapi, type FakeStrapi } from '../fixtures/strapi/fake-strapi.ts';
import { runCli } from '../helpers/cli.ts';
import { makeArticle, makeFamily, makeKeyTerm } from '../helpers/content.ts';
import { makeTempDir, readTree } from '../helpers/files.ts';
import { copyProject } from '../helpers/project-copy.ts';

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
  const server = await startFakeStrapi({
    version: 5,
    token,
    collections: { articles, 'key-terms': [makeKeyTerm({ documentId: 'visit', locale: 'en' })] },
  });
  cleanups.push(() => server.close());
  return server;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('sitegen CLI', () => {
  it('builds the embedded content with exit 0, plain progress lines in CI and a short summary', async () => {
    const dir = await temp();
    const out = path.join(dir, 'out');
    const result = await runCli(['build', '--out', out, '--cache-dir', path.join(dir, 'cache')]);
    expect(result.code).toBe(0);
    // CI is set (runCli): one plain line per phase, in user words, and nothing rewritten in place.
    expect(result.stderr).toBe(
      'checking for changes…\nreading content…\npreparing content…\nplanning pages…\nrendering pages…\nwriting files…\n',
    );
    expect(`${result.stdout}${result.stderr}`).not.toContain('\r');
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^Built ([\\d,]+) pages from embedded content into ${escape(out)}/ \\(\\1 rendered, 0 kept\\): [\\d,]+ files, [\\d.]+ MB, [\\d.]+ s\\.$`,
      ),
    );
    expect(lines[1]).toMatch(/^Host files for netlify: [\d,]+ redirects; files not to deploy in .*out-host\/\.$/);
    expect(lines.slice(2)).toEqual(['No warnings.']);
    expect((await readdir(out)).includes('index.html')).toBe(true);

    // Again with nothing changed, and with --verbose: the records, the CMS figures and the steps' times.
    const again = await runCli(['build', '--verbose', '--out', out, '--cache-dir', path.join(dir, 'cache')]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(
      /^Nothing changed since the last build: .*out\/ is as it was \([\d,]+ pages, [\d,]+ files\), /,
    );
    expect(again.stdout).toMatch(/^articles\s+\d+/m);
    expect(again.stdout).toMatch(/^checking for changes\s+\d+$/m);
    expect(again.stdout).toMatch(/^ {2}up to date\s+\d+$/m);
    expect(again.stdout).toMatch(/^total\s+\d+$/m);
  });

  it('builds the embedded content without loading the CMS client (ky) at all', async () => {
    const dir = await temp();
    // A module hook that writes down every module the build's threads load.
    const log = path.join(dir, 'modules.log');
    await writeFile(
      path.join(dir, 'hooks.mjs'),
      `import { appendFileSync } from 'node:fs';\nexport async function resolve(specifier, context, next) {\n  const result = await next(specifier, context);\n  appendFileSync(process.env.MODULE_LOG, result.url + '\\n');\n  return result;\n}\n`,
    );
    await writeFile(
      path.join(dir, 'register.mjs'),
      `import { register } from 'node:module';\nregister(new URL('./hooks.mjs', import.meta.url));\n`,
    );
    const result = await runCli(['build', '--out', path.join(dir, 'out'), '--cache-dir', path.join(dir, 'cache')], {
      env: { NODE_OPTIONS: `--import ${path.join(dir, 'register.mjs')}`, MODULE_LOG: log },
    });
    expect(result.code).toBe(0);
    // The CLI's bundle holds its dependencies: each loaded module's source says which packages it holds
    // (esbuild heads each bundled file's code with its path).
    const loaded = [...new Set((await readFile(log, 'utf8')).split('\n'))].filter((url) => url.startsWith('file:'));
    const sources = await Promise.all(loaded.map((url) => readFile(new URL(url), 'utf8').catch(() => '')));
    const holding = (name: string) =>
      loaded.filter(
        (url, index) => url.includes(`/node_modules/${name}/`) || sources[index]!.includes(`// node_modules/${name}/`),
      );
    expect(holding('zod').length).toBeGreaterThan(0);
    expect(holding('ky')).toEqual([]);
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
    const result = await runCli(
      ['build', '--cms', server.restUrl, '--out', out, '--cache-dir', path.join(dir, 'cache')],
      { env: { SITEGEN_CMS_TOKEN: token } },
    );

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
    const result = await runCli([
      'build',
      '--cms',
      server.restUrl,
      '--cms-token',
      'a-wrong-token-value',
      '--out',
      path.join(dir, 'out'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^CMS_HTTP_ERROR {2}The CMS answered articles page 1 \(locale \w+\) with HTTP 401/m);
    expect(result.stderr).toContain('hint: check the API token');
    expect(result.stderr).not.toContain('a-wrong-token-value');
    expect(result.stderr).not.toContain('    at ');
  });

  it('exits 1 on invalid content and keeps the previous output', async () => {
    const server = await fakeWithToken('t', [
      ...makeFamily('alpha', ['en']),
      makeArticle({ id: 77, documentId: 'bad', locale: 'nl', publishedAt: 'soon' }),
    ]);
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

  it('exits 2 on a usage error (an unknown option, a value not allowed, no command) and builds nothing', async () => {
    const dir = await temp();
    for (const args of [['build', '--no-such-option'], ['build', '--workers', 'many'], ['bild'], []]) {
      const result = await runCli(args, { cwd: dir });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).not.toContain('    at ');
    }
    expect(await readdir(dir)).toEqual([]);
    expect((await runCli(['build', '--no-such-option'], { cwd: dir })).stderr).toContain(
      "error: unknown option '--no-such-option'\n(add --help for the options)",
    );
    expect((await runCli(['--version'], { cwd: dir })).code).toBe(0);
  });

  it('rejects a --cms that is not a URL with a usage error', async () => {
    const result = await runCli(['build', '--cms', 'not a url']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--cms "not a url" is not a URL');
  });

  describe('a cover the CMS cannot serve', () => {
    const lostCover = {
      id: 5,
      name: 'lost.png',
      alternativeText: null,
      caption: null,
      width: 1200,
      height: 630,
      mime: 'image/png',
      url: '/uploads/lost.png',
      formats: null,
      provider_metadata: { averageColorHex: '336699', averageColorBrightness: 90 },
    };
    const withLostCover = async () => {
      const server = await startFakeStrapi({
        version: 5,
        collections: {
          articles: [
            ...makeFamily('alpha', ['en']),
            makeArticle({ id: 42, documentId: 'beta', locale: 'de', coverImageWithoutText: lostCover }),
          ],
          'key-terms': [makeKeyTerm({ documentId: 'visit', locale: 'en' })],
        },
      });
      cleanups.push(() => server.close());
      return server;
    };

    it('is a warning: the page is built without it, exit 0', async () => {
      const server = await withLostCover();
      const dir = await temp();
      const result = await runCli([
        'build',
        '--cms',
        server.restUrl,
        '--out',
        path.join(dir, 'out'),
        '--cache-dir',
        path.join(dir, 'cache'),
      ]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(
        `  - articles #42 (de): the cover image ${server.origin}/uploads/lost.png is not available (HTTP 404 Not Found); the page is built without a cover`,
      );
      expect(await readFile(path.join(dir, 'out', 'de', 'blog', 'beta-de.html'), 'utf8')).not.toContain('lost.png');
    });

    it('fails the build with --strict: exit 1, MEDIA_UNAVAILABLE naming it, the previous out/ untouched', async () => {
      const server = await withLostCover();
      const dir = await temp();
      const out = path.join(dir, 'out');
      await mkdir(out);
      await writeFile(path.join(out, 'keep.html'), 'previous');
      const result = await runCli([
        'build',
        '--strict',
        '--cms',
        server.restUrl,
        '--out',
        out,
        '--cache-dir',
        path.join(dir, 'cache'),
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^MEDIA_UNAVAILABLE {2}1 image an entry uses is not available \(--strict\):$/m);
      expect(result.stderr).toContain(
        `  articles #42 (de): the cover image ${server.origin}/uploads/lost.png is not available (HTTP 404 Not Found)`,
      );
      expect(result.stderr).toContain('hint: upload the files again');
      expect(await readdir(out)).toEqual(['keep.html']);
    });
  });

  describe('prints the causes under an error', () => {
    it("a fetch failure: the socket error's code, indented, and no stack", async () => {
      const server = await startFakeStrapi({
        version: 5,
        collections: {
          articles: makeFamily('alpha', ['en']),
          'key-terms': [makeKeyTerm({ documentId: 'visit', locale: 'en' })],
        },
        faults: [{ when: (request) => request.collection === 'articles' && request.locale === 'en', kind: 'reset' }],
      });
      cleanups.push(() => server.close());
      const dir = await temp();
      const result = await runCli([
        'build',
        '--cms',
        server.restUrl,
        '--out',
        path.join(dir, 'out'),
        '--cache-dir',
        path.join(dir, 'cache'),
      ]);
      expect(result.code).toBe(1);
      const lines = result.stderr.split('\n');
      const first = lines.findIndex((line) =>
        /^CMS_UNREACHABLE {2}The CMS (broke off its answer|could not be reached) for articles page 1 \(locale en\), on all 3 tries/.test(
          line,
        ),
      );
      expect(first).toBeGreaterThanOrEqual(0);
      const causes = lines.slice(first + 1).filter((line) => /^\s+cause: /.test(line));
      expect(causes.length).toBeGreaterThanOrEqual(2);
      expect(causes.at(-1)).toMatch(/^ {4,}cause: ECONNRESET read ECONNRESET$/);
      expect(result.stderr).toMatch(/\nhint: check the CMS/);
      expect(result.stderr).not.toContain('    at ');
    });

    it("a render failure: the template's stack, naming its file", async () => {
      const dir = await temp();
      const project = await copyProject(path.join(dir, 'project'));
      const template = path.join(project, 'templates', 'pages', 'PricingPage.tsx');
      const source = await readFile(template, 'utf8');
      await writeFile(
        template,
        source.replace(
          /(export function PricingPage\(.*?\)\s*\{)/s,
          "$1\n  if (Date.now() > 0) throw new Error('broken on purpose');",
        ),
      );
      // In this thread, and in a render worker (which hands the stack over as text).
      for (const workers of ['0', '1']) {
        const result = await runCli(
          [
            'build',
            '--out',
            path.join(dir, `out-${workers}`),
            '--cache-dir',
            path.join(dir, `cache-${workers}`),
            '--workers',
            workers,
          ],
          { project, cwd: project },
        );
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/^RENDER_FAILED {2}6 pages could not be rendered\.$/m);
        expect(result.stderr).toMatch(
          /\n {2}cause: Error: broken on purpose\n {4,}at PricingPage \([^)]*templates\/pages\/PricingPage\.tsx:\d+:\d+\)/,
        );
        expect(result.stderr).not.toContain('This is a bug in sitegen');
      }
    });
  });
});
