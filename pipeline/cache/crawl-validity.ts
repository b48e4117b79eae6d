import { readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import type { RawEntry } from '../fetch/raw-entry.ts';
import type { MarkdownBodyMemo } from '../transform/markdown-jobs.ts';
import type { ArticleRecord, KeyTermRecord } from '../validate/schemas.ts';
import type { ValidationMemo } from '../validate/validate-content.ts';
import { loadCodeHashes } from './code-hash.ts';

/**
 * The valid records of the last CMS crawl, kept between builds beside the crawl cache (what the kept
 * snapshot records are to the embedded content, snapshot-records.ts): a build that patches the last
 * crawl with the entries changed since validates only those, and hashes only their Markdown. Kept
 * under the crawl's digest and the pipeline's code hash, in the crawl's order, each record without its
 * Markdown text (the crawl has it), with its Markdown's hash and images.
 */
export interface CrawlValidity {
  /** Puts the kept valid records of this crawl (read back by the crawl cache, before it is patched) in the memos. */
  restore(entries: RawEntry[], digest: string): Promise<void>;
  /** Keeps the valid records of this crawl (as the crawl cache stored it) for the next build. */
  save(entries: RawEntry[], digest: string): Promise<void>;
}

interface Kept {
  version: 1;
  engine: string;
  digest: string;
  records: Array<Record<string, unknown> | null>;
  bodies: Array<[hash: string, images: string[]] | null>;
}

export function openCrawlValidity({ cacheDir, valid, bodies }: { cacheDir: string; valid: ValidationMemo; bodies: MarkdownBodyMemo }): CrawlValidity {
  const file = path.join(cacheDir, 'valid-crawl.v8');
  let restored: string | undefined;
  return {
    async restore(entries, digest) {
      let kept: Kept | undefined;
      try {
        kept = v8.deserialize(await readFile(file)) as Kept;
      } catch {
        return;
      }
      const { engine } = await loadCodeHashes();
      if (kept?.version !== 1 || kept.engine !== engine || kept.digest !== digest || kept.records?.length !== entries.length || kept.bodies?.length !== entries.length) return;
      entries.forEach(({ record }, index) => {
        const validRecord = kept.records[index];
        if (!validRecord) return;
        // The text as the crawl has it: validation keeps the string as it is.
        if (typeof record.content === 'string') validRecord.content = record.content;
        valid.set(record, validRecord as unknown as ArticleRecord | KeyTermRecord);
        const body = kept.bodies[index];
        if (body) bodies.set(validRecord, { hash: body[0], images: body[1] });
      });
      restored = digest;
    },
    async save(entries, digest) {
      // The crawl did not change since the records were kept: they are there already.
      if (restored === digest) return;
      const records = entries.map(({ record }) => valid.get(record) ?? null);
      const kept: Kept = {
        version: 1,
        engine: (await loadCodeHashes()).engine,
        digest,
        records: records.map((record) => (record && typeof record.content === 'string' ? { ...record, content: null } : (record as Record<string, unknown> | null))),
        bodies: records.map((record) => {
          const body = record && bodies.get(record);
          return body ? [body.hash, body.images] : null;
        }),
      };
      await mkdir(cacheDir, { recursive: true });
      await writeFile(`${file}.${process.pid}.tmp`, v8.serialize(kept));
      await rename(`${file}.${process.pid}.tmp`, file);
      restored = digest;
    },
  };
}
