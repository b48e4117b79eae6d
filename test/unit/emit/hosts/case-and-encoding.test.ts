// issue 11: lowercase-to-real-case redirects and non-ASCII slugs in every host format.
import { describe, expect, it } from 'vitest';
import { formatHostFiles } from '../../../../pipeline/emit/hosts/format-host-files.ts';
import type { OutputFile } from '../../../../pipeline/emit/output-file.ts';
import type { RedirectRule } from '../../../../pipeline/plan/redirect-rule.ts';
import type { HostName } from '../../../../pipeline/site/schemas.ts';
import { FIXED_RULES, fixedManifest, slugRules } from '../../../fixtures/hosts/fixed-manifest.ts';

const CASE_RULE: RedirectRule = {
  from: '/blog/hipaa-and-mental-health',
  to: '/blog/HIPAA-and-mental-health',
  status: 308,
  origin: 'case',
  force: false,
  label: 'lowercase of /blog/HIPAA-and-mental-health',
};
const CAFE_RULE: RedirectRule = {
  from: '/blog/caf%C3%A9',
  to: '/fr/blog/caf%C3%A9',
  status: 308,
  origin: 'list',
  force: false,
  label: 'redirects.json #9',
};
const rules = [...FIXED_RULES, CASE_RULE, CAFE_RULE].sort((a, b) => (a.from < b.from ? -1 : 1));
const format = (host: HostName, model = rules) =>
  formatHostFiles({ host, manifest: fixedManifest(model), outputFileCount: 10 });
const file = (files: OutputFile[], path: string) => {
  const found = files.find((entry) => entry.path === path);
  return found && 'contents' in found ? String(found.contents) : undefined;
};

describe('lowercase-to-real-case redirects', () => {
  it('nginx: a map of its own whose value carries the source, taken only when the request path is it with its case', () => {
    const { configFiles } = format('nginx');
    expect(file(configFiles, 'nginx/sitegen/redirects-case.map')).toContain(
      '"/blog/hipaa-and-mental-health" "/blog/hipaa-and-mental-health|/blog/HIPAA-and-mental-health";',
    );
    expect(file(configFiles, 'nginx/sitegen/redirects-308.map')).not.toContain('hipaa');
    const http = file(configFiles, 'nginx/sitegen/http.conf')!;
    expect(http).toContain('map $sitegen_path $sitegen_case_candidate {');
    expect(http).toContain('map "$sitegen_path|$sitegen_case_candidate" $sitegen_redirect_case {');
    expect(http).toContain('"~^(?<sitegen_cs>[^|]*)\\|\\k<sitegen_cs>\\|(?<sitegen_ct>.+)$" $sitegen_ct;');
    expect(file(configFiles, 'nginx/sitegen/server.conf')).toContain(
      'if ($sitegen_redirect_case) { return 308 $sitegen_redirect_case$is_args$args; }',
    );
  });

  it('Netlify: written without "!", so the page file wins wherever the host matches regardless of case', () => {
    const redirects = file(format('netlify').publicFiles, '_redirects')!;
    expect(redirects).toContain('/blog/hipaa-and-mental-health  /blog/HIPAA-and-mental-health  301\n');
    expect(redirects).toContain('/glossary  /glossaries  301!');
  });

  it('Cloudflare: answered by the worker, with its sources routed to it, not by _redirects', () => {
    const { publicFiles } = format('cloudflare');
    expect(file(publicFiles, '_redirects')).not.toContain('hipaa');
    expect(JSON.parse(file(publicFiles, '_routes.json')!).include).toEqual([
      '/',
      // The 404 pages' own URLs, which the worker answers with 404 (issue 29).
      '/de/404',
      '/de/404.html',
      '/nl/404',
      '/nl/404.html',
      '/404',
      '/404.html',
      '/blog/hipaa-and-mental-health',
      '/blog/hipaa-and-mental-health/',
    ]);
    expect(file(publicFiles, '_worker.js')).toContain(
      'const CASE_REDIRECTS = new Map(Object.entries({"/blog/hipaa-and-mental-health":["/blog/HIPAA-and-mental-health",308]}));',
    );
  });

  it('Vercel: left out of vercel.json with a warning; in the bulk file with "sensitive"', () => {
    const small = format('vercel');
    expect(file(small.publicFiles, 'vercel.json')).not.toContain('hipaa');
    expect(small.warnings).toContain(
      'vercel: the lowercase forms of 1 mixed-case URL path get no redirect (vercel.json matches sources regardless of case, so the rule would send the page to itself); they answer 404',
    );
    const bulk = format('vercel', [...slugRules(2100), CASE_RULE]);
    expect(file(bulk.publicFiles, 'vercel-bulk-redirects.jsonl')).toContain(
      '{"source":"/blog/hipaa-and-mental-health","destination":"/blog/HIPAA-and-mental-health","statusCode":308,"query":true,"sensitive":true}',
    );
  });

  it('static: no stub beside the page file it would clash with, and a warning', () => {
    const { publicFiles, warnings } = format('static');
    expect(publicFiles.map((entry) => entry.path)).not.toContain('blog/hipaa-and-mental-health.html');
    expect(warnings[0]).toMatch(/^static: the lowercase forms of 1 mixed-case URL path get no redirect stub/);
  });
});

describe('non-ASCII paths', () => {
  it('nginx and serve.json get decoded sources; Locations stay encoded', () => {
    expect(file(format('nginx').configFiles, 'nginx/sitegen/redirects-308.map')).toContain(
      '"/blog/café" "/fr/blog/caf%C3%A9";',
    );
    const serve = JSON.parse(file(format('nginx').publicFiles, 'serve.json')!) as {
      redirects: Array<{ source: string; destination: string }>;
    };
    expect(serve.redirects).toContainEqual({ source: '/blog/café', destination: '/fr/blog/café', type: 308 });
  });

  it('Netlify and Cloudflare _redirects keep the encoded form; the worker looks up the decoded path', () => {
    expect(file(format('netlify').publicFiles, '_redirects')).toContain('/blog/caf%C3%A9  /fr/blog/caf%C3%A9  301!');
    // issue 29: netlify dev matches the decoded path, so the decoded form is written as well.
    expect(file(format('netlify').publicFiles, '_redirects')).toContain('/blog/café  /fr/blog/caf%C3%A9  301!');
    expect(file(format('cloudflare').publicFiles, '_redirects')).toContain('/blog/caf%C3%A9  /fr/blog/caf%C3%A9  308');
  });

  it('static: the stub is written under the decoded file name', () => {
    expect(format('static').publicFiles.map((entry) => entry.path)).toContain('blog/café.html');
  });
});
