// loadSite with a memo (the preview keeps one between rebuilds): the same files give the same Site
// object; a changed file gives a new Site parsed from it, and a broken one fails as without a memo.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SitegenError } from '../../../pipeline/errors.ts';
import { loadSite, type SiteMemo } from '../../../pipeline/site/load-site.ts';
import { makeTempDir } from '../../helpers/files.ts';
import { copySiteData } from '../../helpers/project-copy.ts';

let siteDir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  let dir: string;
  ({ dir, cleanup } = await makeTempDir('site-memo'));
  siteDir = await copySiteData(path.join(dir, 'site'));
});
afterAll(async () => {
  await cleanup();
});

describe('loadSite with a memo', () => {
  it('gives the same Site for the same files, a new one after a change, and the error of a broken file', async () => {
    const memo: SiteMemo = {};
    const first = await loadSite(siteDir, memo);
    expect(first).toEqual(await loadSite(siteDir));
    expect(await loadSite(siteDir, memo)).toBe(first);

    const file = path.join(siteDir, 'locales', 'nl.json');
    const original = await readFile(file, 'utf8');
    const messages = JSON.parse(original) as Record<string, string>;
    await writeFile(file, JSON.stringify({ ...messages, 'footer.privacy': 'Privacy (bewerkt)' }));
    const second = await loadSite(siteDir, memo);
    expect(second).not.toBe(first);
    expect(second.messages.nl['footer.privacy']).toBe('Privacy (bewerkt)');
    expect(second).toEqual(await loadSite(siteDir));

    await writeFile(file, '{ "footer.privacy": ');
    const broken = await loadSite(siteDir, memo).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(broken).toBeInstanceOf(SitegenError);
    expect((broken as SitegenError).code).toBe('SITE_CONFIG_INVALID');
    expect((broken as SitegenError).message).toContain('locales/nl.json');

    await writeFile(file, original);
    const restored = await loadSite(siteDir, memo);
    expect(restored.messages.nl['footer.privacy']).toBe(messages['footer.privacy']);
  });
});
