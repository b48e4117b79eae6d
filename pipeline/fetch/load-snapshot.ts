import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SitegenError } from '../errors.ts';
import { COLLECTIONS, type Collection } from './collections.ts';
import type { FetchedContent, RawEntry } from './raw-entry.ts';
import { flattenRow } from './strapi-shape.ts';

/**
 * Reads the embedded snapshot (`content/cms/<collection>/*.json`, Strapi response bodies) into the same
 * raw entries a live crawl gives. Drafts (`publishedAt: null`) only with includeDrafts, as on a live CMS.
 */
export async function loadSnapshot(contentDir: string, options: { includeDrafts: boolean }, read?: SnapshotRead): Promise<FetchedContent> {
  const snapshot = read ?? (await readSnapshot(contentDir, options));
  const entries: RawEntry[] = [];
  // One file at a time out of the list, so that each file's bytes are garbage once it is parsed.
  for (let file = snapshot.files.shift(); file; file = snapshot.files.shift()) {
    const rows = parseSnapshotFile(file.bytes.toString('utf8'), path.join('content', file.name));
    for (const row of rows) {
      const record = flattenRow(row);
      if (record.publishedAt === null && !options.includeDrafts) continue;
      entries.push({ collection: file.collection, record });
    }
  }
  return { entries, mediaOrigin: { kind: 'dir', dir: contentDir }, warnings: [], requests: 0, dialect: 'snapshot', digest: snapshot.digest };
}

/**
 * The snapshot's files as read, and their digest (what `loadSnapshot` returns as `digest`): the files'
 * names and bytes with the drafts setting; the same digest means the same entries. The build's input
 * fingerprint reads them this way, and the fetch stage then parses these very bytes.
 */
export interface SnapshotRead {
  digest: string;
  /** Emptied by the loadSnapshot that parses them (the bytes are not kept for the rest of the build). */
  files: Array<SnapshotFile & { bytes: Buffer }>;
}

export async function readSnapshot(contentDir: string, options: { includeDrafts: boolean }): Promise<SnapshotRead> {
  const digest = createHash('sha256');
  const files: SnapshotRead['files'] = [];
  for (const file of await listSnapshotFiles(contentDir)) {
    const bytes = await readFile(path.join(contentDir, file.name));
    digest.update(JSON.stringify([file.name, bytes.length])).update(bytes);
    files.push({ ...file, bytes });
  }
  return { digest: digest.update(JSON.stringify(['snapshot', options.includeDrafts])).digest('base64url'), files };
}

interface SnapshotFile {
  collection: Collection;
  /** Relative to the content folder: `cms/<collection>/<name>.json`. */
  name: string;
}

async function listSnapshotFiles(contentDir: string): Promise<SnapshotFile[]> {
  const files: SnapshotFile[] = [];
  for (const collection of COLLECTIONS) {
    const names = (await readdir(path.join(contentDir, 'cms', collection)).catch(() => [] as string[])).filter((file) => file.endsWith('.json')).sort();
    for (const name of names) files.push({ collection, name: path.join('cms', collection, name) });
  }
  return files;
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
