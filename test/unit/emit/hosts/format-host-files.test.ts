import { describe, expect, it } from 'vitest';
import { formatHostFiles } from '../../../../pipeline/emit/hosts/format-host-files.ts';
import type { HostFiles } from '../../../../pipeline/emit/hosts/host-files.ts';
import type { OutputFile } from '../../../../pipeline/emit/output-file.ts';
import { SitegenError } from '../../../../pipeline/errors.ts';
import { HOST_NAMES, type HostName } from '../../../../pipeline/site/schemas.ts';
import { fixedManifest, listRules, slugRules } from '../../../fixtures/hosts/fixed-manifest.ts';

const text = (file: OutputFile) =>
  'contents' in file ? String(file.contents) : 'copyFrom' in file ? `copy of ${file.copyFrom}` : 'kept';
const paths = (files: OutputFile[]) => files.map((file) => file.path);
const format = (host: HostName, manifest = fixedManifest(), outputFileCount = 10) =>
  formatHostFiles({ host, manifest, outputFileCount });

function limitFailure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof SitegenError && error.code === 'HOST_LIMIT_EXCEEDED')
      return `${error.message}\nhint: ${error.hint}`;
    throw error;
  }
  throw new Error('expected HOST_LIMIT_EXCEEDED');
}

describe.each(HOST_NAMES)('golden files for --host %s', (host) => {
  it('writes the same bytes from the fixed model', async () => {
    const files: HostFiles = format(host);
    for (const file of [
      ...files.publicFiles.map((f) => ({ ...f, path: `public/${f.path}` })),
      ...files.configFiles.map((f) => ({ ...f, path: `config/${f.path}` })),
    ]) {
      await expect(text(file)).toMatchFileSnapshot(`./golden/${host}/${file.path}`);
    }
    await expect(
      JSON.stringify(
        { public: paths(files.publicFiles), config: paths(files.configFiles), warnings: files.warnings },
        null,
        2,
      ),
    ).toMatchFileSnapshot(`./golden/${host}/summary.json`);
  });
});

describe('status codes a host cannot express', () => {
  it('maps 308 to 301 and 307 to 302 on Netlify without a warning (it asks nothing of the user; issue 26)', () => {
    expect(format('netlify').warnings).toEqual([]);
  });

  it('keeps every code on Cloudflare, Vercel and nginx, without a warning', () => {
    for (const host of ['cloudflare', 'vercel', 'nginx'] as const)
      expect(format(host).warnings.filter((warning) => /30[1278]/.test(warning))).toEqual([]);
  });

  it('turns temporary redirects into permanent-looking stubs on static hosts, and says so once', () => {
    expect(format('static').warnings).toMatchInlineSnapshot(`
      [
        "static: 2 temporary redirects become stubs with a 0-second refresh, which search engines read as permanent (a delayed refresh would fail WCAG)",
        "static: no response headers: the Content-Security-Policy, HSTS and the long caching of /_assets/ and /_media/ need a host that sets headers (see docs/hosting.md, "Any static host")",
      ]
    `);
  });
});

describe('host limits, with the numbers in the message', () => {
  it('Netlify: warns above 1,000 rules', () => {
    expect(format('netlify', fixedManifest(slugRules(1_000))).warnings[0]).toMatchInlineSnapshot(
      `"netlify: _redirects has 1,011 rules; Netlify matches every request against the list and advises fewer than 1,000"`,
    );
  });

  it('Netlify: writes the localized-slug redirects as HTML stubs above 10,000 rules', () => {
    const files = format('netlify', fixedManifest([...listRules(3), ...slugRules(10_000)]));
    expect(files.warnings[0]).toMatchInlineSnapshot(
      `"netlify: 10,014 rules are more than the 10,000 Netlify supports in _redirects; the 10,000 localized-slug redirects are written as HTML stubs instead (0-second refresh, canonical link)"`,
    );
    expect(files.publicFiles.filter((file) => file.path.startsWith('nl/blog/english-slug-number-'))).toHaveLength(
      10_000,
    );
    expect(text(files.publicFiles.find((file) => file.path === '_redirects')!)).not.toContain('english-slug');
  });

  it('Netlify: fails when the hand-written redirects alone pass 10,000', () => {
    expect(limitFailure(() => format('netlify', fixedManifest(listRules(10_001))))).toMatchInlineSnapshot(`
      "The files for --host netlify would break a limit of the host.
        netlify: _redirects needs 10,012 rules even without the localized slugs; Netlify supports 10,000 (use --host static for HTML stubs, or --host nginx)
      hint: each line names the option that works; the numbers are the host's documented limits, and --host nginx has none of them"
    `);
  });

  it('Cloudflare: moves the redirects into _worker.js past 2,000 _redirects rules', () => {
    const files = format('cloudflare', fixedManifest(slugRules(1_001)));
    expect(files.warnings).toMatchInlineSnapshot(`
      [
        "cloudflare: 1,001 redirects need 2,002 _redirects rules (with and without a trailing slash), more than the 2,000 Cloudflare Pages allows; _worker.js serves them instead, on every path but /_assets/ and /_media/",
      ]
    `);
    expect(paths(files.publicFiles)).toEqual(['_headers', '_routes.json', '_worker.js', 'serve.json']);
    expect(JSON.parse(text(files.publicFiles.find((file) => file.path === '_routes.json')!))).toEqual({
      version: 1,
      include: ['/*'],
      exclude: ['/_assets/*', '/_media/*'],
    });
  });

  it('Cloudflare: fails on a _headers line over 2,000 characters', () => {
    const scripts = Array.from({ length: 60 }, (_, index) => `inline(${index})`);
    expect(limitFailure(() => format('cloudflare', fixedManifest(undefined, scripts)))).toMatchInlineSnapshot(`
      "The files for --host cloudflare would break a limit of the host.
        cloudflare: a _headers line has 3,787 characters; Cloudflare Pages allows 2,000 (shorten the Content-Security-Policy)
      hint: each line names the option that works; the numbers are the host's documented limits, and --host nginx has none of them"
    `);
  });

  it('Cloudflare: warns past the 20,000 files of the Free plan and fails past 100,000', () => {
    expect(format('cloudflare', fixedManifest(), 20_000).warnings).toMatchInlineSnapshot(`
      [
        "cloudflare: the output has 20,005 files; the Free plan allows 20,000 (paid plans 100,000)",
      ]
    `);
    expect(limitFailure(() => format('cloudflare', fixedManifest(), 100_000))).toMatchInlineSnapshot(`
      "The files for --host cloudflare would break a limit of the host.
        cloudflare: the output has 100,005 files; Cloudflare Pages allows 100,000 on paid plans (use --host nginx or --host vercel)
      hint: each line names the option that works; the numbers are the host's documented limits, and --host nginx has none of them"
    `);
  });

  it('Vercel: moves the redirects into a bulk-redirects file past 2,048 routes', () => {
    const files = format('vercel', fixedManifest(slugRules(2_100)));
    expect(files.warnings[0]).toMatchInlineSnapshot(
      `"vercel: 2,100 redirects and 8 other routes exceed the 2,048 routes of a deployment; the redirects are in vercel-bulk-redirects.jsonl (Vercel Bulk Redirects: Pro or Enterprise plan, 1,000 included on Pro and 10,000 on Enterprise, more at extra cost)"`,
    );
    const config = JSON.parse(text(files.publicFiles.find((file) => file.path === 'vercel.json')!)) as {
      bulkRedirectsPath: string;
      redirects: unknown[];
    };
    expect(config.bulkRedirectsPath).toBe('vercel-bulk-redirects.jsonl');
    expect(config.redirects).toHaveLength(4);
    const bulk = text(files.publicFiles.find((file) => file.path === 'vercel-bulk-redirects.jsonl')!)
      .trim()
      .split('\n');
    expect(bulk).toHaveLength(2_100);
    expect(JSON.parse(bulk[0]!)).toEqual({
      source: '/nl/blog/english-slug-number-0',
      destination: '/nl/blog/nederlandse-slug-nummer-0',
      statusCode: 308,
      query: true,
    });
  });

  it('Vercel: fails on a bulk redirect longer than 2,048 characters', () => {
    const long = { ...slugRules(1)[0]!, from: `/nl/blog/${'a'.repeat(2_100)}` };
    expect(limitFailure(() => format('vercel', fixedManifest([long, ...slugRules(2_100)])))).toMatchInlineSnapshot(`
      "The files for --host vercel would break a limit of the host.
        vercel: 1 bulk redirect with a source or destination over 2,048 characters (shorten it, or use --host nginx)
      hint: each line names the option that works; the numbers are the host's documented limits, and --host nginx has none of them"
    `);
  });

  it('serve.json: leaves out a header value over 2,048 characters, and says so', () => {
    const scripts = Array.from({ length: 60 }, (_, index) => `inline(${index})`);
    const files = format('nginx', fixedManifest(undefined, scripts));
    expect(files.warnings).toMatchInlineSnapshot(`
      [
        "serve.json: leaves out Content-Security-Policy (3,760 characters; serve accepts 2,048 printable Latin-1 characters); the preview's request handler sends it",
      ]
    `);
    const serveJson = JSON.parse(text(files.publicFiles.find((file) => file.path === 'serve.json')!)) as {
      headers: Array<{ headers: Array<{ key: string }> }>;
    };
    expect(serveJson.headers[0]!.headers.map((header) => header.key)).not.toContain('Content-Security-Policy');
  });

  it('serve.json: warns above 200 hand-written redirects', () => {
    expect(format('nginx', fixedManifest(listRules(201))).warnings).toMatchInlineSnapshot(`
      [
        "serve.json: 201 redirects; serve scans them for every request, so previews get slow above 200",
      ]
    `);
  });

  it('nginx: sizes the map hash for the key count', () => {
    const http = (files: HostFiles) => text(files.configFiles.find((file) => file.path === 'nginx/sitegen/http.conf')!);
    expect(http(format('nginx')).match(/map_hash_\w+ \d+/g)).toEqual([
      'map_hash_max_size 2048',
      'map_hash_bucket_size 256',
    ]);
    expect(http(format('nginx', fixedManifest(slugRules(60_000)))).match(/map_hash_\w+ \d+/g)).toEqual([
      'map_hash_max_size 131072',
      'map_hash_bucket_size 256',
    ]);
  });
});
