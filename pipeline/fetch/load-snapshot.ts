import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SitegenError } from '../errors.ts';
import { COLLECTIONS } from './collections.ts';
import type { FetchedContent, RawEntry } from './raw-entry.ts';
import { flattenRow } from './strapi-shape.ts';

/**
 * Reads the embedded snapshot (`content/cms/<collection>/*.json`, Strapi response bodies) into the same
 * raw entries a live crawl gives. Drafts (`publishedAt: null`) only with includeDrafts, as on a live CMS.
 */
export async function loadSnapshot(contentDir: string, options: { includeDrafts: boolean }): Promise<FetchedContent> {
  const entries: RawEntry[] = [];
  // The files' bytes as read, with their names and the drafts setting: the same digest means the same entries.
  const digest = createHash('sha256').update(JSON.stringify(['snapshot', options.includeDrafts]));
  for (const collection of COLLECTIONS) {
    const folder = path.join(contentDir, 'cms', collection);
    const files = (await readdir(folder).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
    for (const file of files) {
      const where = path.join('content', 'cms', collection, file);
      const text = await readFile(path.join(folder, file), 'utf8');
      digest.update(JSON.stringify([collection, file, text.length])).update(text);
      const rows = parseSnapshotFile(text, where);
      for (const row of rows) {
        const record = flattenRow(row);
        if (record.publishedAt === null && !options.includeDrafts) continue;
        entries.push({ collection, record });
      }
    }
  }
  return { entries, mediaOrigin: { kind: 'dir', dir: contentDir }, warnings: [], requests: 0, dialect: 'snapshot', digest: digest.digest('base64url') };
}

function parseSnapshotFile(text: string, where: string): unknown[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new SitegenError({ code: 'SNAPSHOT_INVALID', message: `${where} is not valid JSON: ${(error as Error).message}`, hint: 'fix the file, or rewrite the snapshot with `sitegen pull --cms URL`' });
  }
  const data = (body as { data?: unknown }).data;
  if (!Array.isArray(data)) {
    throw new SitegenError({ code: 'SNAPSHOT_INVALID', message: `${where} has no "data" list (a Strapi response body is { "data": [ … ] })`, hint: 'see content/README.md for the format' });
  }
  return data;
}
