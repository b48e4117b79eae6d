// issue 29: what only the hosts' engines can answer, on host files written from a fixed model: encoded and
// mixed-case sources, a Cloudflare build past the 2,000 `_redirects` rules (served by the worker), and
// Netlify's rule order with the HTML stubs of a build past its 10,000 rules.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatHostFiles } from '../../pipeline/emit/hosts/format-host-files.ts';
import { downgradeStatus } from '../../pipeline/emit/hosts/host-files.ts';
import type { HostManifest } from '../../pipeline/plan/host-manifest.ts';
import type { RedirectRule } from '../../pipeline/plan/redirect-rule.ts';
import type { HostName } from '../../pipeline/site/schemas.ts';
import { FIXED_RULES, fixedManifest, listRules, slugRules } from '../fixtures/hosts/fixed-manifest.ts';
import { makeTempDir } from '../helpers/files.ts';
import { probe, type ProbeResponse } from '../helpers/http-probe.ts';
import { startNetlifyEngine } from '../helpers/netlify-engine.ts';
import { startWranglerPages } from '../helpers/wrangler-pages.ts';

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
const byFrom = (a: RedirectRule, b: RedirectRule) => (a.from < b.from ? -1 : 1);

/** The host's public files and a few pages (each locale's 404, the mixed-case page, the home pages) in a temp folder. */
async function writeSite(
  host: HostName,
  manifest: HostManifest,
): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const temp = await makeTempDir(`engine-${host}`);
  const files = formatHostFiles({ host, manifest, outputFileCount: 10 });
  const pages = [
    ...manifest.redirects.notFound.map((page) => ({ path: page.outputPath, lang: page.locale })),
    { path: 'index.html', lang: 'en' },
    { path: 'nl.html', lang: 'nl' },
    { path: 'de.html', lang: 'de' },
    { path: 'blog/HIPAA-and-mental-health.html', lang: 'en' },
  ];
  for (const file of [
    ...files.publicFiles,
    ...pages.map((page) => ({ path: page.path, contents: `<!DOCTYPE html><html lang="${page.lang}">${page.path}` })),
  ]) {
    const target = path.join(temp.dir, file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, 'contents' in file ? file.contents : '');
  }
  return temp;
}

const locationPath = (response: ProbeResponse, origin: string) =>
  response.location?.startsWith(origin) ? response.location.slice(origin.length) : response.location;
const answer = (response: ProbeResponse, origin: string) =>
  `${response.status} ${locationPath(response, origin) ?? response.body.toString('utf8').replace(/^.*<html lang="([a-z]+)">.*$/s, '$1')}`;

/** Every rule with and without a trailing slash; the wrong answers. 8 requests in flight. */
async function checkRules(origin: string, rules: readonly RedirectRule[], status: (rule: RedirectRule) => number) {
  const requests = rules.flatMap((rule) => [rule.from, `${rule.from}/`].map((from) => ({ rule, from })));
  const wrong: string[] = [];
  for (let start = 0; start < requests.length; start += 8) {
    await Promise.all(
      requests.slice(start, start + 8).map(async ({ rule, from }) => {
        const response = await probe(origin, { path: from });
        // An absolute target may come back as its URL's serialisation (Pages adds the root path's `/`).
        const same = (location: string | undefined) =>
          /^https?:/.test(rule.to)
            ? location !== undefined && new URL(location).href === new URL(rule.to).href
            : location === rule.to;
        if (response.status !== status(rule) || !same(locationPath(response, origin)))
          wrong.push(`${from}: ${answer(response, origin)}`);
      }),
    );
  }
  return wrong;
}

describe('encoded and mixed-case sources in _redirects', () => {
  const manifest = fixedManifest([...FIXED_RULES, CASE_RULE, CAFE_RULE].sort(byFrom));
  const requests = [
    '/blog/caf%C3%A9',
    '/blog/caf%c3%a9',
    '/blog/hipaa-and-mental-health',
    '/blog/HIPAA-and-mental-health',
    '/Glossary',
    '/nl/404',
    '/nl/missing',
    '/404.html',
  ];

  it('Cloudflare (wrangler pages dev): the encoded source as browsers send it, the lowercase form, each with case', async () => {
    const site = await writeSite('cloudflare', manifest);
    const pages = await startWranglerPages(site.dir);
    try {
      const answers = [];
      for (const request of requests)
        answers.push(`${request} ${answer(await probe(pages.url, { path: request }), pages.url)}`);
      expect(answers).toEqual([
        '/blog/caf%C3%A9 308 /fr/blog/caf%C3%A9',
        // Pages compares the path as sent: lowercase escapes are another source.
        '/blog/caf%c3%a9 404 en',
        '/blog/hipaa-and-mental-health 308 /blog/HIPAA-and-mental-health',
        '/blog/HIPAA-and-mental-health 200 en',
        '/Glossary 404 en',
        '/nl/404 404 nl',
        '/nl/missing 404 nl',
        '/404.html 404 en',
      ]);
      expect(await checkRules(pages.url, manifest.redirects.rules, (rule) => rule.status)).toEqual([]);
    } finally {
      await pages.close();
      await site.cleanup();
    }
  });

  it('Netlify (its redirect engine): the encoded source in either form, the lowercase form with case', async () => {
    const site = await writeSite('netlify', manifest);
    const engine = await startNetlifyEngine(site.dir);
    try {
      const answers = [];
      for (const request of requests)
        answers.push(`${request} ${answer(await probe(engine.url, { path: request }), engine.url)}`);
      expect(answers).toEqual([
        '/blog/caf%C3%A9 301 /fr/blog/caf%C3%A9',
        '/blog/caf%c3%a9 301 /fr/blog/caf%C3%A9',
        '/blog/hipaa-and-mental-health 301 /blog/HIPAA-and-mental-health',
        '/blog/HIPAA-and-mental-health 200 en',
        '/Glossary 404 en',
        '/nl/404 404 nl',
        '/nl/missing 404 nl',
        '/404.html 404 en',
      ]);
      expect(await checkRules(engine.url, manifest.redirects.rules, (rule) => downgradeStatus(rule.status))).toEqual(
        [],
      );
    } finally {
      await engine.close();
      await site.cleanup();
    }
  });
});

it('Cloudflare past the 2,000 _redirects rules: wrangler pages dev runs the worker with every redirect, in one hop', async () => {
  const manifest = fixedManifest([...FIXED_RULES, CASE_RULE, CAFE_RULE, ...slugRules(1_100)].sort(byFrom));
  const files = formatHostFiles({ host: 'cloudflare', manifest, outputFileCount: 10 });
  expect(files.publicFiles.map((file) => file.path)).not.toContain('_redirects');
  const site = await writeSite('cloudflare', manifest);
  const pages = await startWranglerPages(site.dir);
  try {
    expect(await checkRules(pages.url, manifest.redirects.rules, (rule) => rule.status)).toEqual([]);
    const redirect = await probe(pages.url, { path: '/nl/blog/english-slug-number-7/?a=1' });
    expect([redirect.status, redirect.location]).toEqual([308, '/nl/blog/nederlandse-slug-nummer-7?a=1']);
    expect(redirect.headers['content-security-policy']).toBe(manifest.headers.security[0]!.value);
    const answers = [];
    for (const request of ['/nl/404', '/nl/missing', '/de/404.html', '/blog/HIPAA-and-mental-health', '//evil.example'])
      answers.push(`${request} ${answer(await probe(pages.url, { path: request }), pages.url)}`);
    expect(answers).toEqual([
      '/nl/404 404 nl',
      '/nl/missing 404 nl',
      '/de/404.html 404 de',
      '/blog/HIPAA-and-mental-health 200 en',
      '//evil.example 308 /evil.example',
    ]);
  } finally {
    await pages.close();
    await site.cleanup();
  }
});

it("Netlify past its 10,000 rules: the HTML stubs win over the locale's 404 rule, the hand-written rules still redirect", async () => {
  const manifest = fixedManifest([...listRules(3), ...slugRules(10_000)].sort(byFrom));
  const site = await writeSite('netlify', manifest);
  const engine = await startNetlifyEngine(site.dir);
  try {
    const answers = [];
    for (const request of [
      '/nl/blog/english-slug-number-42',
      '/nl/blog/english-slug-number-9999',
      '/old/page-1',
      '/old/page-1/',
      '/nl/404',
      '/nl/blog/missing',
    ]) {
      const response = await probe(engine.url, { path: request });
      const refresh = /<meta http-equiv="refresh" content="0; url=([^"]+)">/.exec(response.body.toString('utf8'));
      answers.push(`${request} ${refresh ? `${response.status} stub to ${refresh[1]}` : answer(response, engine.url)}`);
    }
    expect(answers).toEqual([
      '/nl/blog/english-slug-number-42 200 stub to /nl/blog/nederlandse-slug-nummer-42',
      '/nl/blog/english-slug-number-9999 200 stub to /nl/blog/nederlandse-slug-nummer-9999',
      '/old/page-1 301 /pricing',
      '/old/page-1/ 301 /pricing',
      '/nl/404 404 nl',
      '/nl/blog/missing 404 nl',
    ]);
  } finally {
    await engine.close();
    await site.cleanup();
  }
});
