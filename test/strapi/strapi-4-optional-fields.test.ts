// issue 29: a real Strapi 4 whose article type has none of sitegen's optional fields (`question`,
// `metadata`), as a CMS built to spec §3 and §7 may be; reached through its REST root and through a proxy
// that does what the site's /api/cms does (spec §7: a comma list of fields, expanded for Strapi 4).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build, type BuildOptions } from '../../pipeline/build.ts';
import { REPO_ROOT } from '../helpers/content.ts';
import { makeTempDir } from '../helpers/files.ts';
import { startRealStrapi, type RealStrapi } from './real-strapi.ts';
import { seedContent } from './seed-content.ts';

const OPTIONAL = ['question', 'metadata'];
const MEDIA_AND_RELATIONS = new Set(['coverImageWithText', 'coverImageWithoutText', 'localizations']);

let strapi: RealStrapi | undefined;
let proxy: Server | undefined;
let proxyUrl: string;
let temp: { dir: string; cleanup: () => Promise<void> } | undefined;
const proxied: Array<{ url: string; status: number }> = [];

/** The site's proxy, as spec §7 and the fake Strapi's proxy have it: `path` picks the collection, `fields` is a comma list. */
function startProxy(target: RealStrapi): Promise<string> {
  proxy = createServer((request, response) => {
    const incoming = new URL(request.url ?? '/', 'http://proxy.test');
    const forward = new URLSearchParams();
    for (const [key, value] of incoming.searchParams)
      if (!['path', 'fields', 'drafts'].includes(key)) forward.append(key, value);
    const fields = (incoming.searchParams.get('fields') ?? '').split(',').filter(Boolean);
    fields
      .filter((field) => !MEDIA_AND_RELATIONS.has(field))
      .forEach((field, index) => forward.set(`fields[${index}]`, field));
    ['slug', 'locale', 'publishedAt'].forEach((field, index) =>
      forward.set(`populate[localizations][fields][${index}]`, field),
    );
    for (const cover of ['coverImageWithText', 'coverImageWithoutText'])
      if (fields.includes(cover)) forward.set(`populate[${cover}]`, 'true');
    forward.set('publicationState', incoming.searchParams.has('drafts') ? 'preview' : 'live');
    const url = `${target.restUrl}${incoming.searchParams.get('path') ?? ''}?${forward}`;
    fetch(url, { headers: { authorization: `Bearer ${target.token}` } })
      .then(async (answer) => {
        proxied.push({ url, status: answer.status });
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
      })
      .catch((error: unknown) => response.writeHead(502).end(String(error)));
  });
  return new Promise((resolve) =>
    proxy!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy!.address() as AddressInfo).port}/api/cms`)),
  );
}

beforeAll(async () => {
  temp = await makeTempDir('strapi4-optional');
  const content = seedContent({ hardCases: false });
  for (const entry of content.entries) for (const field of OPTIONAL) delete entry.fields[field];
  strapi = await startRealStrapi(4, content, 240_000, { articlesWithout: OPTIONAL });
  proxyUrl = await startProxy(strapi);
}, 300_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
  await strapi?.stop();
  await temp?.cleanup();
});

const options = (name: string, url: string, token?: string): BuildOptions => ({
  siteDir: REPO_ROOT,
  outDir: path.join(temp!.dir, name, 'out'),
  cacheDir: path.join(temp!.dir, name, 'cache'),
  hostConfigDir: path.join(temp!.dir, name, 'host'),
  cms: { url, ...(token ? { token } : {}), concurrency: 4 },
  includeDrafts: false,
  skipInvalid: false,
});

it('the real Strapi answers a field list with question by 400 "Invalid parameter question"', async () => {
  const response = await fetch(`${strapi!.restUrl}/articles?fields[0]=title&fields[1]=question`, {
    headers: { authorization: `Bearer ${strapi!.token}` },
  });
  expect(response.status).toBe(400);
  expect(((await response.json()) as { error: { message: string } }).error.message).toBe('Invalid parameter question');
});

it('builds through the proxy, dropping question and metadata with one warning each', async () => {
  const report = await build(options('proxy', proxyUrl));
  const fromRest = await build(options('rest', strapi!.restUrl, strapi!.token));

  expect(report.warnings.filter((warning) => warning.includes('the CMS has no field')).sort()).toEqual([
    'articles: the CMS has no field "metadata" (it answered 400 to the field list); built without it, as the spec does not name it',
    'articles: the CMS has no field "question" (it answered 400 to the field list); built without it, as the spec does not name it',
  ]);
  expect(proxied.some((request) => request.status === 400)).toBe(true);
  expect(report.records).toEqual(fromRest.records);
  expect(fromRest.warnings.filter((warning) => warning.includes('the CMS has no field'))).toEqual([]);
  expect(Object.values(report.records.articles).reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
});
