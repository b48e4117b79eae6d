import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import type { RenderedMarkdown } from '../transform/markdown.ts';

const IO_CONCURRENCY = 64;

/** Rendered Markdown from earlier builds, by content key (`<cacheDir>/markdown/<key>.json`); missing keys are simply absent. */
export async function loadRenderedMarkdown(cacheDir: string, keys: Iterable<string>): Promise<Map<string, RenderedMarkdown>> {
  const folder = path.join(cacheDir, 'markdown');
  const limit = pLimit(IO_CONCURRENCY);
  const found = new Map<string, RenderedMarkdown>();
  await Promise.all(
    [...new Set(keys)].map((key) =>
      limit(async () => {
        try {
          found.set(key, JSON.parse(await readFile(path.join(folder, `${key}.json`), 'utf8')) as RenderedMarkdown);
        } catch {
          // Not cached (or unreadable): it is rendered again.
        }
      }),
    ),
  );
  return found;
}

/** Stores newly rendered Markdown for the next build (written to a temp name, then renamed). */
export async function writeRenderedMarkdown(cacheDir: string, entries: Map<string, RenderedMarkdown>): Promise<void> {
  if (entries.size === 0) return;
  const folder = path.join(cacheDir, 'markdown');
  await mkdir(folder, { recursive: true });
  const limit = pLimit(IO_CONCURRENCY);
  await Promise.all(
    [...entries].map(([key, value]) =>
      limit(async () => {
        const file = path.join(folder, `${key}.json`);
        await writeFile(`${file}.tmp`, JSON.stringify(value));
        await rename(`${file}.tmp`, file);
      }),
    ),
  );
}
