import { once } from 'node:events';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { watch } from 'chokidar';
import { PROJECT_ROOT_URL } from '../project-root.ts';

/** What a changed file belongs to; it decides what a rebuild must redo. */
export type WatchedArea = 'templates' | 'site' | 'content' | 'public';

export interface SiteChange {
  area: WatchedArea;
  /** The file, relative to its root (`templates/pages/HomePage.tsx`, `locales/nl.json`). */
  file: string;
}

const SITE_FILES = ['locales', 'routes.json', 'redirects.json', 'site.json'];
/** The templates the renderer imports: the code's own, not the site's. */
const TEMPLATES_DIR = path.resolve(new URL('templates/', PROJECT_ROOT_URL).pathname);

/** chokidar drops further change events of a file for 50 ms after one, so the end of a write can go unseen: look again after. */
const SETTLE_MS = 75;

/** Editors' swap, backup and lock files, and OS litter: never a reason to rebuild. */
const NOISE = /(?:^|[/\\])(?:\.#[^/\\]*|[^/\\]*~|[^/\\]*\.sw[a-p]|\.DS_Store|4913)$|\.tmp$/;

/**
 * Watches what a preview is built from: templates/, locales/, routes.json, redirects.json, site.json,
 * content/ and public/. Resolves once the initial scan is done, so no change after it is missed.
 * Reports a file only when its size or modification time changed: the build hard-links public/ and
 * media files into its output, which changes their link count (an attribute event), and must not
 * trigger the next build. Each change is looked at again a moment later, since chokidar may have
 * reported the file truncated and dropped the event of the write that followed.
 */
export async function watchSite(
  siteDir: string,
  onChange: (change: SiteChange) => void,
): Promise<{ close(): Promise<void> }> {
  const base = path.resolve(siteDir);
  const roots: Array<{ dir: string; area: WatchedArea; base: string }> = [
    { dir: TEMPLATES_DIR, area: 'templates', base: path.dirname(TEMPLATES_DIR) },
    ...SITE_FILES.map((name) => ({ dir: path.join(base, name), area: 'site' as const, base })),
    { dir: path.join(base, 'content'), area: 'content', base },
    { dir: path.join(base, 'public'), area: 'public', base },
  ];
  const watcher = watch(
    roots.map((root) => root.dir),
    { ignoreInitial: false, alwaysStat: true, ignored: (file) => NOISE.test(file) },
  );
  const seen = new Map<string, string>();
  const settling = new Map<string, NodeJS.Timeout>();
  let ready = false;
  const report = (file: string, stats: Stats | undefined) => {
    const absolute = path.resolve(file);
    const version = stats ? `${stats.size}:${stats.mtimeMs}` : undefined;
    if (version !== undefined && seen.get(absolute) === version) return;
    if (version !== undefined) seen.set(absolute, version);
    const root = roots.find(
      (candidate) => absolute === candidate.dir || absolute.startsWith(`${candidate.dir}${path.sep}`),
    );
    if (!ready || !root) return;
    onChange({ area: root.area, file: path.relative(root.base, absolute).split(path.sep).join('/') });
    clearTimeout(settling.get(absolute));
    settling.set(
      absolute,
      setTimeout(() => {
        settling.delete(absolute);
        stat(absolute).then(
          (now) => report(absolute, now),
          () => undefined,
        );
      }, SETTLE_MS),
    );
  };
  watcher.on('add', (file, stats) => report(file, stats));
  watcher.on('change', (file, stats) => report(file, stats));
  watcher.on('unlink', (file) => {
    seen.delete(path.resolve(file));
    report(file, undefined);
  });
  await once(watcher, 'ready');
  ready = true;
  // After start-up a watch error (a folder removed under it) must not end the preview.
  watcher.on('error', () => undefined);
  return {
    close: async () => {
      ready = false;
      for (const timer of settling.values()) clearTimeout(timer);
      await watcher.close();
    },
  };
}
