import { cp, mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './content.ts';

/** What a site is built from, besides the code: the files `sitegen preview` watches. */
const SITE_ENTRIES = ['site.json', 'routes.json', 'redirects.json', 'locales', 'content', 'public'];
/** The code a copy needs to run the CLI (templates included: a copy may edit them). */
const CODE_ENTRIES = ['bin', 'pipeline', 'templates', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** Copies the site's data files into `dir`, for tests that edit them while a preview watches. */
export async function copySiteData(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  for (const entry of SITE_ENTRIES) await cp(path.join(REPO_ROOT, entry), path.join(dir, entry), { recursive: true });
  return dir;
}

/**
 * Copies the project (code, templates and site data; node_modules symlinked, no .git, out/ or caches)
 * into `dir`, so a test can edit templates without touching the ones other tests render.
 */
export async function copyProject(dir: string): Promise<string> {
  await copySiteData(dir);
  for (const entry of CODE_ENTRIES) await cp(path.join(REPO_ROOT, entry), path.join(dir, entry), { recursive: true });
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}
