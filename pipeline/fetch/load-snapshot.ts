import { createHash, type Hash } from 'node:crypto';
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
export async function loadSnapshot(contentDir: string, options: { includeDrafts: boolean }): Promise<FetchedContent> {
  const entries: RawEntry[] = [];
  const files = await listSnapshotFiles(contentDir);
  const digest = createHash('sha256');
  for (const file of files) {
    const bytes = await readFile(path.join(contentDir, file.name));
    hashSnapshotFile(digest, file, bytes);
    const rows = parseSnapshotFile(bytes.toString('utf8'), path.join('content', file.name));
    for (const row of rows) {
      const record = flattenRow(row);
      if (record.publishedAt === null && !options.includeDrafts) continue;
      entries.push({ collection: file.collection, record });
    }
  }
  return { entries, mediaOrigin: { kind: 'dir', dir: contentDir }, warnings: [], requests: 0, dialect: 'snapshot', digest: snapshotDigest(digest, options) };
}

/**
 * The snapshot's digest without parsing it (what `loadSnapshot` returns as `digest`): the files' names
 * and bytes as read, with the drafts setting. The same digest means the same entries.
 */
export async function hashSnapshot(contentDir: string, options: { includeDrafts: boolean }): Promise<string> {
  const digest = createHash('sha256');
  for (const file of await listSnapshotFiles(contentDir)) hashSnapshotFile(digest, file, await readFile(path.join(contentDir, file.name)));
  return snapshotDigest(digest, options);
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

function hashSnapshotFile(digest: Hash, file: SnapshotFile, bytes: Buffer): void {
  digest.update(JSON.stringify([file.name, bytes.length])).update(bytes);
}

function snapshotDigest(digest: Hash, options: { includeDrafts: boolean }): string {
  return digest.update(JSON.stringify(['snapshot', options.includeDrafts])).digest('base64url');
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
