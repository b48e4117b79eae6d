import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildReport } from '../../pipeline/build.ts';
import { SitegenError } from '../../pipeline/errors.ts';
import { HOST_NAMES, type HostName } from '../../pipeline/site/schemas.ts';
import { runCli } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir, readTree } from '../helpers/files.ts';

/** What each host's build must put where: deployed files in the output, the rest in the host folder. */
const EXPECTED: Record<HostName, { public: string[]; config: string[] }> = {
  netlify: { public: ['_headers', '_redirects', 'serve.json'], config: ['manifest.json'] },
  cloudflare: {
    public: ['_headers', '_redirects', '_routes.json', '_worker.js', 'serve.json'],
    config: ['manifest.json'],
  },
  vercel: { public: ['serve.json', 'vercel.json'], config: ['manifest.json'] },
  nginx: {
    public: ['serve.json'],
    config: [
      'manifest.json',
      'nginx/sitegen/headers.conf',
      'nginx/sitegen/http.conf',
      'nginx/sitegen/redirects-308.map',
      'nginx/sitegen/server.conf',
    ],
  },
  static: {
    public: ['serve.json', 'glossary.html', 'nl/glossary.html', 'nl/blog/denmark-bans-all-google-products.html'],
    config: ['manifest.json'],
  },
};
const HOST_FILES =
  /^(_headers|_redirects|_routes\.json|_worker\.js|serve\.json|vercel\.json|vercel-bulk-redirects\.jsonl)$/;

let temp: { dir: string; cleanup: () => Promise<void> };
const builds = new Map<HostName, { report: BuildReport; out: Map<string, Buffer>; config: Map<string, Buffer> }>();

beforeAll(async () => {
  temp = await makeTempDir('hosts');
  for (const host of HOST_NAMES) {
    const outDir = path.join(temp.dir, host, 'out');
    const report = await build({
      siteDir: REPO_ROOT,
      outDir,
      cacheDir: path.join(temp.dir, 'cache'),
      cms: undefined,
      includeDrafts: false,
      skipInvalid: false,
      host,
    });
    builds.set(host, { report, out: await readTree(outDir), config: await readTree(`${outDir}-host`) });
  }
}, 300_000);
afterAll(() => temp?.cleanup());

describe.each(HOST_NAMES)('a build of the embedded content for --host %s', (host) => {
  it('writes the host’s files into the output and the rest into <out>-host, never the configuration into the public tree', () => {
    const { out, config, report } = builds.get(host)!;
    for (const file of EXPECTED[host].public) expect(out.has(file), file).toBe(true);
    expect([...config.keys()].sort()).toEqual(EXPECTED[host].config);
    expect([...out.keys()].filter((file) => HOST_FILES.test(file)).sort()).toEqual(
      EXPECTED[host].public.filter((file) => HOST_FILES.test(file)),
    );
    expect(
      [...out.keys()].some((file) => file.endsWith('.conf') || file.endsWith('.map') || file === 'manifest.json'),
    ).toBe(false);
    expect(report.hosting).toEqual({
      host,
      redirects: expect.any(Number),
      configDir: path.join(temp.dir, host, 'out-host'),
    });
    expect(report.hosting.redirects).toBeGreaterThan(900);
  });

  it('writes the same pages as every other host', () => {
    const pages = (tree: Map<string, Buffer>) =>
      [...tree.keys()].filter((file) => file.endsWith('.html') && !HOST_FILES.test(file));
    const netlify = builds.get('netlify')!.out;
    const ownPages = pages(builds.get(host)!.out).filter((file) => netlify.has(file));
    expect(ownPages.every((file) => builds.get(host)!.out.get(file)!.equals(netlify.get(file)!))).toBe(true);
    expect(ownPages.length).toBe(pages(netlify).length);
  });
});

it('keeps every redirect stub out of the sitemap and gives it a canonical link, a 0-second refresh and a visible link', async () => {
  const { out } = builds.get('static')!;
  const stub = out.get('nl/blog/denmark-bans-all-google-products.html')!.toString();
  expect(stub).toContain(
    '<link rel="canonical" href="https://www.simpleanalytics.com/nl/blog/denemarken-verbiedt-google-workspace-voor-gemeenten">',
  );
  expect(stub).toContain(
    '<meta http-equiv="refresh" content="0; url=/nl/blog/denemarken-verbiedt-google-workspace-voor-gemeenten">',
  );
  expect(stub).toContain('<a id="to" href="/nl/blog/denemarken-verbiedt-google-workspace-voor-gemeenten">');
  expect(stub).toContain('<html lang="nl">');
  expect(stub).not.toContain('noindex');
  expect(out.get('sitemap.xml')!.toString()).not.toContain('denmark-bans-all-google-products');
});

it('checks the Netlify rule count against the embedded content without a warning', () => {
  const { report } = builds.get('netlify')!;
  expect(report.warnings.filter((warning) => warning.startsWith('netlify:'))).toEqual([]);
});

it('fails with REDIRECTS_INVALID, listing the offenders, when redirects.json sends a page away, and keeps the previous output', async () => {
  const { dir, cleanup } = await makeTempDir('bad-redirects');
  try {
    const siteDir = path.join(dir, 'site');
    for (const item of ['site.json', 'routes.json', 'locales', 'content', 'public'])
      await cp(path.join(REPO_ROOT, item), path.join(siteDir, item), { recursive: true });
    await writeFile(
      path.join(siteDir, 'redirects.json'),
      JSON.stringify({
        redirects: [
          { from: '/pricing', to: '/blog' },
          { from: '//evil.example', to: '/blog' },
          { from: '/a', to: 'https://evil.example/?x' },
        ],
      }),
    );
    const outDir = path.join(dir, 'out');
    await mkdir(outDir);
    await writeFile(path.join(outDir, 'index.html'), 'previous');
    const error = (await build({
      siteDir,
      outDir,
      cacheDir: path.join(temp.dir, 'cache'),
      cms: undefined,
      includeDrafts: false,
      skipInvalid: false,
    }).catch((failure: unknown) => failure)) as SitegenError;
    expect(error).toBeInstanceOf(SitegenError);
    expect(error.code).toBe('REDIRECTS_INVALID');
    expect(error.message.split('\n')).toEqual([
      '3 redirect problems.',
      '  redirects.json #2: source "//evil.example" has an empty segment ("//")',
      '  redirects.json #3: target "https://evil.example/?x" has a query or fragment (the request\'s query string is kept instead)',
      '  redirects.json #1: source "/pricing" is a page of this build; remove the rule, or add "force": true to shadow the page',
    ]);
    expect(await readdir(outDir)).toEqual(['index.html']);
  } finally {
    await cleanup();
  }
});

it('takes --host from the command line and names the host folder in the summary', async () => {
  const { dir, cleanup } = await makeTempDir('cli-host');
  try {
    const out = path.join(dir, 'out');
    const result = await runCli([
      'build',
      '--host',
      'vercel',
      '--out',
      out,
      '--host-config-dir',
      path.join(dir, 'hosting'),
      '--cache-dir',
      path.join(temp.dir, 'cache'),
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Host files for vercel: [\d,]+ redirects; files not to deploy in .*hosting\/\./);
    expect(JSON.parse(await readFile(path.join(out, 'vercel.json'), 'utf8'))).toMatchObject({
      cleanUrls: true,
      trailingSlash: false,
    });
    expect(await readdir(path.join(dir, 'hosting'))).toEqual(['manifest.json']);
    const usage = await runCli(['build', '--host', 'apache', '--out', out]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Allowed choices are netlify, cloudflare, vercel, nginx, static');
  } finally {
    await cleanup();
  }
});
