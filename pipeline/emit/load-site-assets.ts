import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { OutputFile } from './output-file.ts';
import { PROJECT_ROOT_URL } from '../project-root.ts';

export interface SiteAssets {
  files: OutputFile[];
  urls: { stylesheet: string };
}

/** The templates' stylesheets, in cascade order; served as one file. */
export const STYLESHEETS = ['site.css', 'world-map.css'].map(
  (file) => new URL(`templates/styles/${file}`, PROJECT_ROOT_URL),
);

/** The templates' stylesheet under a content-hashed name in `_assets/`, and the site's `public/` copied as it is. */
export async function loadSiteAssets(siteDir: string): Promise<SiteAssets> {
  const css = Buffer.concat(await Promise.all(STYLESHEETS.map((file) => readFile(file))));
  const stylesheet = `_assets/site.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
  const publicDir = path.join(siteDir, 'public');
  const publicFiles = (await fg('**/*', { cwd: publicDir, dot: false, onlyFiles: true })).sort();
  return {
    files: [
      { path: stylesheet, contents: css },
      ...publicFiles.map((file) => ({ path: file, copyFrom: path.join(publicDir, file) })),
    ],
    urls: { stylesheet: `/${stylesheet}` },
  };
}
