import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { replaceFile } from '../replace-file.ts';

/**
 * The feeds' entry bodies as HTML by content key (the same key always renders to the same HTML), so a
 * build where the newest posts did not change renders no Markdown for the feeds. One small file: the
 * newest posts of each locale.
 */
function bodiesFile(cacheDir: string): string {
  return path.join(cacheDir, 'feed-bodies.json');
}

export async function loadFeedBodies(cacheDir: string): Promise<Map<string, string>> {
  try {
    return new Map(Object.entries(JSON.parse(await readFile(bodiesFile(cacheDir), 'utf8')) as Record<string, string>));
  } catch {
    return new Map();
  }
}

/** Keeps exactly the bodies this build used; writes only when they differ from what was loaded. */
export async function saveFeedBodies(
  cacheDir: string,
  loaded: Map<string, string>,
  used: Map<string, string>,
): Promise<void> {
  if (used.size === loaded.size && [...used.keys()].every((key) => loaded.has(key))) return;
  await mkdir(cacheDir, { recursive: true });
  const file = bodiesFile(cacheDir);
  await replaceFile(file, JSON.stringify(Object.fromEntries(used)));
}
