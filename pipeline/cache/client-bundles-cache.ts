import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ClientBundles } from '../emit/bundle-client.ts';
import { replaceFile } from '../replace-file.ts';

/**
 * The browser bundles of the last build, under the key of the code they were made from (the pipeline
 * and every template): a build with the same code takes them from here instead of running esbuild.
 * One file in the cache folder; the bundles are a pure function of the code, so any build may write it.
 */
function bundlesFile(cacheDir: string): string {
  return path.join(cacheDir, 'client-bundles.json');
}

interface SavedBundles {
  key: string;
  urls: ClientBundles['urls'];
  files: Array<{ path: string; base64: string }>;
}

export async function loadClientBundles(cacheDir: string, key: string): Promise<ClientBundles | undefined> {
  try {
    const saved = JSON.parse(await readFile(bundlesFile(cacheDir), 'utf8')) as SavedBundles;
    if (saved.key !== key) return undefined;
    return {
      urls: saved.urls,
      files: saved.files.map((file) => ({ path: file.path, contents: Buffer.from(file.base64, 'base64') })),
    };
  } catch {
    return undefined;
  }
}

export async function saveClientBundles(cacheDir: string, key: string, bundles: ClientBundles): Promise<void> {
  const files = bundles.files.map((file) => {
    if (!('contents' in file)) throw new Error(`client bundle ${file.path} has no contents`);
    return { path: file.path, base64: Buffer.from(file.contents).toString('base64') };
  });
  await mkdir(cacheDir, { recursive: true });
  const target = bundlesFile(cacheDir);
  await replaceFile(target, JSON.stringify({ key, urls: bundles.urls, files } satisfies SavedBundles));
}
