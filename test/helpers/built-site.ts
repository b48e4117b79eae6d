import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { build, type BuildReport } from '../../pipeline/build.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../pipeline/locale.ts';
import { REPO_ROOT } from './content.ts';
import { makeTempDir } from './files.ts';

export interface BuiltSite {
  /** The written site: index.html, nl.html, _assets/ … */
  outDir: string;
  report: BuildReport;
  cleanup: () => Promise<void>;
}

/** Builds the embedded content (no CMS) into a fresh temp folder; call once per test file, in beforeAll. */
export async function buildEmbeddedSite(prefix = 'site'): Promise<BuiltSite> {
  const { dir, cleanup } = await makeTempDir(prefix);
  try {
    const outDir = path.join(dir, 'out');
    const report = await build({
      siteDir: REPO_ROOT,
      outDir,
      cacheDir: path.join(dir, 'cache'),
      cms: undefined,
      includeDrafts: false,
      skipInvalid: false,
    });
    return { outDir, report, cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

export interface BuiltPage {
  /** Relative to outDir, with `/`: `nl/prijzen.html`. */
  file: string;
  /** The URL the host serves it at, decoded: `/nl/prijzen`, `/` for index.html. */
  urlPath: string;
  /** From the first path segment; English has none. */
  locale: Locale;
  /** `404.html` or `<locale>/404.html`. */
  isNotFound: boolean;
}

/** Every HTML file of a built site, as the pages a visitor can reach (flat files: `x.html` is served at `/x`). */
export async function listPages(outDir: string): Promise<BuiltPage[]> {
  const files = (await readdir(outDir, { recursive: true })).map((file) => file.split(path.sep).join('/'));
  return files
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => {
      const urlPath = file === 'index.html' ? '/' : `/${file.slice(0, -'.html'.length)}`;
      const first = urlPath.split('/')[1] ?? '';
      const locale = (LOCALES as readonly string[]).includes(first) ? (first as Locale) : DEFAULT_LOCALE;
      return { file, urlPath, locale, isNotFound: file === '404.html' || /^[a-z]{2}\/404\.html$/.test(file) };
    });
}
