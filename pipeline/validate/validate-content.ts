import { SitegenError } from '../errors.ts';
import type { Collection } from '../fetch/collections.ts';
import type { RawEntry } from '../fetch/raw-entry.ts';
import { formatZodIssues } from '../zod-issues.ts';
import { articleSchema, keyTermSchema, type ArticleRecord, type KeyTermRecord } from './schemas.ts';

export interface ValidContent {
  articles: ArticleRecord[];
  keyTerms: KeyTermRecord[];
  /** Records left out under skipInvalid, one line each. */
  warnings: string[];
}

const SCHEMAS = { articles: articleSchema, 'key-terms': keyTermSchema } as const;

/**
 * The valid record each raw record object gave, kept by the preview between builds: the fetch stage hands out the
 * same objects for what did not change, so only new records are checked again. Records are never changed in place.
 */
export type ValidationMemo = WeakMap<Record<string, unknown>, ArticleRecord | KeyTermRecord>;

/**
 * Checks every raw entry against its collection's schema. Every bad record is reported (collection, id,
 * locale, field, problem); throws CONTENT_INVALID unless skipInvalid, which drops them with a warning.
 */
export function validateContent(
  raw: RawEntry[],
  options: { skipInvalid: boolean; memo?: ValidationMemo | undefined },
): ValidContent {
  const articles: ArticleRecord[] = [];
  const keyTerms: KeyTermRecord[] = [];
  const problems: string[] = [];
  const { memo } = options;
  for (const entry of raw) {
    const known = memo?.get(entry.record);
    const parsed = known ? { success: true as const, data: known } : SCHEMAS[entry.collection].safeParse(entry.record);
    if (parsed.success) {
      if (memo && !known) memo.set(entry.record, parsed.data);
      if (entry.collection === 'articles') articles.push(parsed.data as ArticleRecord);
      else keyTerms.push(parsed.data as KeyTermRecord);
      continue;
    }
    const label = describeEntry(entry.collection, entry.record);
    for (const issue of formatZodIssues(parsed.error)) problems.push(`${label}  ${issue}`);
  }
  if (problems.length > 0 && !options.skipInvalid) {
    const records = new Set(problems.map((line) => line.split('  ')[0])).size;
    throw new SitegenError({
      code: 'CONTENT_INVALID',
      message: `${records} CMS ${records === 1 ? 'entry does' : 'entries do'} not match the schema.\n${problems.map((line) => `  ${line}`).join('\n')}`,
      hint: 'fix them in the CMS (or content/cms/), or build without them with --skip-invalid',
    });
  }
  return { articles, keyTerms, warnings: problems.map((line) => `left out: ${line}`) };
}

function describeEntry(collection: Collection, record: Record<string, unknown>): string {
  const id = typeof record.id === 'number' || typeof record.id === 'string' ? `#${record.id}` : '#?';
  const locale = typeof record.locale === 'string' ? record.locale : '?';
  return `${collection} ${id} (${locale})`;
}
