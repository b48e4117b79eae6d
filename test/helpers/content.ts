import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fetchEntries } from '../../pipeline/fetch/fetch-entries.ts';
import { LOCALES } from '../../pipeline/locale.ts';
import { validateContent, type ValidContent } from '../../pipeline/validate/validate-content.ts';
import type { FakeRecord } from '../fixtures/strapi/fake-strapi.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The embedded snapshot's records, as the fake Strapi takes them. */
export async function loadSnapshotRecords(root = REPO_ROOT): Promise<Record<string, FakeRecord[]>> {
  const collections: Record<string, FakeRecord[]> = {};
  for (const collection of ['articles', 'key-terms']) {
    const folder = path.join(root, 'content', 'cms', collection);
    const files = (await readdir(folder)).filter((file) => file.endsWith('.json')).sort();
    collections[collection] = [];
    for (const file of files) {
      const body = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as { data: FakeRecord[] };
      collections[collection].push(...body.data);
    }
  }
  return collections;
}

/** The embedded snapshot's published records, read and validated as build() does. */
export async function embeddedValidContent(): Promise<ValidContent> {
  const fetched = await fetchEntries({
    cms: undefined,
    contentDir: path.join(REPO_ROOT, 'content'),
    locales: LOCALES,
    includeDrafts: false,
  });
  return validateContent(fetched.entries, { skipInvalid: false });
}

let nextId = 1;

/** A valid blog article in one locale, with overrides. */
export function makeArticle(overrides: Partial<FakeRecord> & { documentId: string; locale: string }): FakeRecord {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Article ${overrides.documentId} (${overrides.locale})`,
    slug: `${overrides.documentId}-${overrides.locale}`,
    excerpt: 'A short excerpt.',
    content: `## Heading\n\nSome text for ${overrides.documentId}.`,
    authorSlug: 'iron-brands',
    automaticTranslated: false,
    articleType: 'blog',
    showIndex: false,
    showCallToActions: true,
    question: null,
    metadata: null,
    sourceDocumentUrl: null,
    createdAt: '2024-01-01T10:00:00.000Z',
    updatedAt: '2024-01-02T10:00:00.000Z',
    publishedAt: '2024-01-01T12:00:00.000Z',
    coverImageWithText: null,
    coverImageWithoutText: null,
    ...overrides,
  };
}

/** One article family in the given locales (slugs `<doc>-<locale>`). */
export function makeFamily(documentId: string, locales: string[], overrides: Partial<FakeRecord> = {}): FakeRecord[] {
  return locales.map((locale) => makeArticle({ ...overrides, documentId, locale }));
}

/** A valid key term in one locale. */
export function makeKeyTerm(overrides: Partial<FakeRecord> & { documentId: string; locale: string }): FakeRecord {
  const id = overrides.id ?? nextId++;
  return {
    id,
    title: `Key term ${overrides.documentId} (${overrides.locale})`,
    slug: `${overrides.documentId}-${overrides.locale}`,
    excerpt: 'What it means.',
    content: 'A short explanation.',
    authorSlug: null,
    automaticTranslated: false,
    articleType: 'analytics',
    sourceDocumentUrl: null,
    createdAt: '2024-01-01T10:00:00.000Z',
    updatedAt: '2024-01-02T10:00:00.000Z',
    publishedAt: '2024-01-01T12:00:00.000Z',
    ...overrides,
  };
}
