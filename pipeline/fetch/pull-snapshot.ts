import { copyFile, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openStore } from '../cache/store.ts';
import { SitegenError } from '../errors.ts';
import { LOCALES } from '../locale.ts';
import { COLLECTIONS, MEDIA_FIELDS } from './collections.ts';
import { fetchCmsEntries, type CmsOptions } from './fetch-cms.ts';
import { fetchMedia } from './fetch-media.ts';
import { mapMediaUrls } from './strapi-shape.ts';

export interface PullOptions {
  cms: CmsOptions;
  contentDir: string;
  cacheDir: string;
  onProgress?: (message: string) => void;
}

/**
 * Records per snapshot file. A build keeps each file's valid records and parses only the files that
 * changed (pipeline/cache/snapshot-records.ts): an edited entry costs its file, so files are small.
 */
export const SNAPSHOT_FILE_RECORDS = 100;

/**
 * Rewrites the embedded snapshot from a live CMS: `cms/<collection>/<locale>-001.json`, `-002` … as
 * Strapi v5 response bodies of SNAPSHOT_FILE_RECORDS entries each (by id), and every media file into `uploads/` with the entries pointing at `/uploads/<file>`.
 * Both folders are replaced only when everything was fetched.
 */
export async function pullSnapshot(options: PullOptions): Promise<{ records: number; media: number }> {
  const fetched = await fetchCmsEntries({ ...options, locales: LOCALES, includeDrafts: false });
  // Every media URL the entries name (mapMediaUrls visits each).
  const urls = new Set<string>();
  const collect = (url: string) => (urls.add(url), url);
  for (const { collection, record } of fetched.entries) mapMediaUrls(record, MEDIA_FIELDS[collection], collect);
  const media = await fetchMedia({
    urls,
    origin: fetched.mediaOrigin,
    store: openStore(options.cacheDir),
    concurrency: options.cms.concurrency,
    faultRetry: options.cms.faultRetry,
  });
  if (media.missing.size > 0) {
    // The snapshot is a copy of the CMS: it is not rewritten with entries pointing at files it lacks.
    const list = [...media.missing].sort(([a], [b]) => (a < b ? -1 : 1)).map(([url, why]) => `\n  ${url}: ${why}`);
    throw new SitegenError({
      code: 'MEDIA_UNAVAILABLE',
      message: `${list.length} media ${list.length === 1 ? 'file' : 'files'} the entries use could not be had:${list.join('')}`,
      hint: 'upload the files again to the CMS media library, or remove them from the entries; content/ was left as it was',
    });
  }

  const staging = await mkdtemp(path.join(options.contentDir, '.pull-'));
  try {
    const uploadNames = new Map<string, string>();
    await mkdir(path.join(staging, 'uploads'), { recursive: true });
    for (const [url, file] of [...media.files.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? 'media');
      uploadNames.set(url, `/uploads/${name}`);
      await copyFile(file.sourceFile, path.join(staging, 'uploads', name));
    }
    for (const collection of COLLECTIONS) {
      await mkdir(path.join(staging, 'cms', collection), { recursive: true });
      const records = fetched.entries
        .filter((entry) => entry.collection === collection)
        .map((entry) => mapMediaUrls(entry.record, MEDIA_FIELDS[collection], (url) => uploadNames.get(url) ?? url));
      const locales = [...new Set(records.map((record) => String(record.locale)))].sort();
      for (const locale of locales) {
        const data = records.filter((record) => record.locale === locale).sort((a, b) => Number(a.id) - Number(b.id));
        for (let start = 0, part = 1; start < data.length; start += SNAPSHOT_FILE_RECORDS, part += 1) {
          const name = `${locale}-${String(part).padStart(3, '0')}.json`;
          await writeFile(
            path.join(staging, 'cms', collection, name),
            `${JSON.stringify({ data: data.slice(start, start + SNAPSHOT_FILE_RECORDS) }, null, 2)}\n`,
          );
        }
      }
    }
    for (const folder of ['cms', 'uploads']) {
      const target = path.join(options.contentDir, folder);
      await rm(target, { recursive: true, force: true });
      await rename(path.join(staging, folder), target);
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { records: fetched.entries.length, media: media.files.size };
}
