import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { formatHostFiles } from '../../pipeline/emit/hosts/format-host-files.ts';
import { fixedManifest } from '../fixtures/hosts/fixed-manifest.ts';
import { makeTempDir } from '../helpers/files.ts';
import { probe } from '../helpers/http-probe.ts';
import { startNginx } from '../helpers/nginx.ts';

it('nginx runs the golden configuration: every status code, an https target, the query kept, the root by language', async () => {
  const { dir, cleanup } = await makeTempDir('nginx-statuses');
  const manifest = fixedManifest();
  const files = formatHostFiles({ host: 'nginx', manifest, outputFileCount: 0 });
  for (const file of [
    ...files.configFiles,
    ...manifest.redirects.notFound.map((page) => ({ path: `root/${page.outputPath}`, contents: `404 ${page.locale}` })),
    { path: 'root/index.html', contents: 'home' },
  ]) {
    await mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
    await writeFile(path.join(dir, file.path), 'contents' in file ? file.contents : '');
  }
  const nginx = await startNginx({ root: path.join(dir, 'root'), sitegenConfig: path.join(dir, 'nginx', 'sitegen') });
  try {
    const answers = [];
    for (const [request, acceptLanguage] of [
      ['/glossary/?a=1'],
      ['/launch'],
      ['/summer/'],
      ['/docs?x=y'],
      ['/nl/blog/hello-world'],
      ['/', 'de-AT'],
      ['/nl/missing'],
    ]) {
      const response = await probe(nginx.url, { path: request!, ...(acceptLanguage ? { acceptLanguage } : {}) });
      answers.push(`${request} ${response.status} ${response.location ?? response.body.toString()}`);
    }
    expect(answers).toEqual([
      '/glossary/?a=1 308 /glossaries?a=1',
      '/launch 307 /blog/launch-week',
      '/summer/ 302 /pricing',
      '/docs?x=y 301 https://docs.simpleanalytics.com?x=y',
      '/nl/blog/hello-world 308 /nl/blog/hallo-wereld',
      '/ 307 /de',
      '/nl/missing 404 404 nl',
    ]);
  } finally {
    await nginx.close();
    await cleanup();
  }
});
