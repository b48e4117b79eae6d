// The content the real-Strapi tests seed, defined once: the same entries are seeded into Strapi 4 and 5
// through their own services (test/fixtures/strapi-real/project/src/seed.js) and given to the fake
// Strapi as records, so a build from each can be compared.
//
// It holds the cases real content has: mixed-case and underscore slugs, drafts (a draft-only entry, a
// draft localization of a published entry), missing localizations, a family without English, covers
// with colour metadata (top level and in `meta`) and without, and an image inside the Markdown text.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { FakeRecord } from '../fixtures/strapi/fake-strapi.ts';

export type SeedCollection = 'articles' | 'key-terms';
export type CoverField = 'coverImageWithText' | 'coverImageWithoutText';

export interface SeedMedia {
  /** The upload's file name; Strapi serves it as `/uploads/<stem>_<random hash>.<ext>`, the fake as `/uploads/<file>`. */
  file: string;
  width: number;
  height: number;
  colour: { r: number; g: number; b: number };
  alternativeText: string | null;
  caption: string | null;
  providerMetadata: Record<string, unknown> | null;
}

export interface SeedEntry {
  collection: SeedCollection;
  /** One family = one Strapi document (v5) or one set of linked localizations (v4). */
  family: string;
  locale: string;
  status: 'published' | 'draft';
  /** The entry's own fields; Markdown may name an upload as `{{media:<file>}}`. */
  fields: Record<string, unknown>;
  media: Partial<Record<CoverField, string>>;
  createdAt: string;
  updatedAt: string;
  /** null for a draft */
  publishedAt: string | null;
}

export interface SeedContent {
  locales: string[];
  media: SeedMedia[];
  entries: SeedEntry[];
}

export const SEED_LOCALES = ['en', 'nl', 'de', 'es', 'fr', 'it'];

// Sizes under Strapi's thumbnail box (245×156) and its smallest breakpoint: Strapi makes no resized
// formats, so both servers (the real Strapi and the fake) serve the very same bytes.
const MEDIA: SeedMedia[] = [
  {
    file: 'gdpr_fines_cover_text.png',
    width: 240,
    height: 126,
    colour: { r: 30, g: 90, b: 200 },
    alternativeText: 'GDPR fines, with the title',
    caption: null,
    providerMetadata: null,
  },
  {
    file: 'gdpr_fines_cover.png',
    width: 240,
    height: 126,
    colour: { r: 40, g: 160, b: 90 },
    alternativeText: 'GDPR fines',
    caption: null,
    providerMetadata: { meta: { averageColorHex: '#123456', averageColorBrightness: 48 } },
  },
  {
    file: 'ccpa_cover.png',
    width: 240,
    height: 126,
    colour: { r: 220, g: 200, b: 40 },
    alternativeText: null,
    caption: 'CCPA and CPRA',
    providerMetadata: { averageColorHex: 'ABCDEF', averageColorBrightness: 200 },
  },
  {
    file: 'cookie_free_cover.png',
    width: 200,
    height: 105,
    colour: { r: 120, g: 40, b: 60 },
    alternativeText: 'A cookie jar',
    caption: null,
    providerMetadata: null,
  },
  {
    file: 'fines_per_year.png',
    width: 180,
    height: 90,
    colour: { r: 250, g: 120, b: 30 },
    alternativeText: 'Fines per year',
    caption: null,
    providerMetadata: null,
  },
];

const day = (n: number, hour = 9) => new Date(Date.UTC(2025, 0, 1 + n, hour)).toISOString();

interface Version {
  locale: string;
  slug: string;
  title: string;
  status?: 'published' | 'draft';
  media?: Partial<Record<CoverField, string>>;
  content?: string;
}

interface Family {
  collection: SeedCollection;
  family: string;
  articleType: string;
  authorSlug: string | null;
  versions: Version[];
}

const markdown = (title: string, extra = '') =>
  `${title} in a few paragraphs.\n\n## Why it matters\n\nSome **bold** text, a [link to the pricing](/pricing) and a list:\n\n- one\n- two\n${extra}`;

/**
 * The families. With `hardCases: false` the slugs are ones every sitegen version accepts and every
 * family has an English version: the harness's own check, independent of the slug and family rules.
 */
function families(hardCases: boolean): Family[] {
  const hard = (difficult: string, plain: string) => (hardCases ? difficult : plain);
  const list: Family[] = [
    {
      collection: 'articles',
      family: 'gdpr-fines',
      articleType: 'blog',
      authorSlug: 'iron-brands',
      versions: [
        {
          locale: 'en',
          slug: 'gdpr-fines-explained',
          title: 'GDPR fines explained',
          media: { coverImageWithText: 'gdpr_fines_cover_text.png', coverImageWithoutText: 'gdpr_fines_cover.png' },
          content: markdown(
            'GDPR fines',
            '\n![Fines per year]({{media:fines_per_year.png}})\n\nThe chart above counts the fines.\n',
          ),
        },
        {
          locale: 'nl',
          slug: 'avg-boetes-uitgelegd',
          title: 'AVG-boetes uitgelegd',
          media: { coverImageWithoutText: 'gdpr_fines_cover.png' },
          content: markdown('AVG-boetes', '\n![Boetes per jaar]({{media:fines_per_year.png}})\n'),
        },
        { locale: 'de', slug: 'dsgvo-bussgelder-erklaert', title: 'DSGVO-Bußgelder erklärt' },
      ],
    },
    {
      collection: 'articles',
      family: 'ccpa-vs-cpra',
      articleType: 'blog',
      authorSlug: 'adriaan-van-rossum',
      versions: [
        {
          locale: 'en',
          slug: hard('ccpa_vs_cpra', 'ccpa-vs-cpra'),
          title: 'CCPA vs CPRA',
          media: { coverImageWithoutText: 'ccpa_cover.png' },
        },
        { locale: 'es', slug: hard('ccpa_vs_cpra_es', 'ccpa-vs-cpra-es'), title: 'CCPA frente a CPRA' },
      ],
    },
    {
      collection: 'articles',
      family: 'cjeu-cookies',
      articleType: 'blog',
      authorSlug: 'iron-brands',
      versions: [
        {
          locale: 'en',
          slug: hard('CJEU-cookies-are-sensitive-data', 'cjeu-cookies-are-sensitive-data'),
          title: 'The CJEU: cookies are sensitive data',
        },
        {
          locale: 'fr',
          slug: hard('CJUE-les-cookies-sont-des-donnees-sensibles', 'cjue-les-cookies-sont-des-donnees-sensibles'),
          title: 'La CJUE : les cookies sont des données sensibles',
        },
      ],
    },
    {
      // A published English entry whose Dutch version is still a draft; no other locales.
      collection: 'articles',
      family: 'cookie-free',
      articleType: 'blog',
      authorSlug: 'iron-brands',
      versions: [
        {
          locale: 'en',
          slug: 'cookie-free-analytics',
          title: 'Cookie-free analytics',
          media: { coverImageWithText: 'cookie_free_cover.png' },
        },
        { locale: 'nl', slug: 'analytics-zonder-cookies', title: 'Analytics zonder cookies', status: 'draft' },
      ],
    },
    {
      // Never published: only `--drafts` builds it.
      collection: 'articles',
      family: 'draft-only',
      articleType: 'blog',
      authorSlug: 'iron-brands',
      versions: [{ locale: 'en', slug: 'an-unfinished-article', title: 'An unfinished article', status: 'draft' }],
    },
    {
      // In all six locales: with the tests' page size of 1, a whole crawl costs more requests than patching it.
      collection: 'articles',
      family: 'privacy-first',
      articleType: 'blog',
      authorSlug: 'carlo-cilento',
      versions: [
        { locale: 'en', slug: 'privacy-first-analytics', title: 'Privacy-first analytics' },
        { locale: 'nl', slug: 'privacyvriendelijke-analytics', title: 'Privacyvriendelijke analytics' },
        { locale: 'de', slug: 'datenschutzfreundliche-analyse', title: 'Datenschutzfreundliche Analyse' },
        {
          locale: 'es',
          slug: 'analitica-respetuosa-con-la-privacidad',
          title: 'Analítica respetuosa con la privacidad',
        },
        { locale: 'fr', slug: 'analyse-respectueuse-de-la-vie-privee', title: 'Analyse respectueuse de la vie privée' },
        { locale: 'it', slug: 'analisi-rispettosa-della-privacy', title: 'Analisi rispettosa della privacy' },
      ],
    },
    {
      collection: 'key-terms',
      family: 'page-view',
      articleType: 'analytics',
      authorSlug: null,
      versions: [
        { locale: 'en', slug: 'page-view', title: 'Page view' },
        { locale: 'nl', slug: 'paginaweergave', title: 'Paginaweergave' },
        { locale: 'de', slug: 'seitenaufruf', title: 'Seitenaufruf' },
        { locale: 'es', slug: 'pagina-vista', title: 'Página vista' },
        { locale: 'fr', slug: 'page-vue', title: 'Page vue' },
        { locale: 'it', slug: 'visualizzazione-di-pagina', title: 'Visualizzazione di pagina' },
      ],
    },
    {
      collection: 'key-terms',
      family: 'bounce-rate',
      articleType: 'analytics',
      authorSlug: null,
      versions: [
        { locale: 'en', slug: 'bounce-rate', title: 'Bounce rate' },
        { locale: 'nl', slug: hard('Bouncepercentage', 'bouncepercentage'), title: 'Bouncepercentage' },
        { locale: 'fr', slug: 'taux-de-rebond', title: 'Taux de rebond' },
      ],
    },
    {
      collection: 'key-terms',
      family: 'cookie-consent',
      articleType: 'analytics',
      authorSlug: null,
      versions: [
        { locale: 'en', slug: 'cookie-consent', title: 'Cookie consent' },
        { locale: 'de', slug: 'cookie-einwilligung', title: 'Cookie-Einwilligung', status: 'draft' },
      ],
    },
  ];
  list.push(
    hardCases
      ? {
          // No English version at all: no English page and no fallback pages for it.
          collection: 'articles',
          family: 'dutch-only',
          articleType: 'blog',
          authorSlug: 'iron-brands',
          versions: [
            { locale: 'nl', slug: 'Privacywet_in_Nederland', title: 'De privacywet in Nederland' },
            { locale: 'de', slug: 'datenschutz-in-den-niederlanden', title: 'Datenschutz in den Niederlanden' },
          ],
        }
      : {
          collection: 'articles',
          family: 'dutch-only',
          articleType: 'blog',
          authorSlug: 'iron-brands',
          versions: [
            { locale: 'en', slug: 'privacy-law-in-the-netherlands', title: 'Privacy law in the Netherlands' },
            { locale: 'nl', slug: 'privacywet-in-nederland', title: 'De privacywet in Nederland' },
          ],
        },
  );
  return list;
}

/** The seed: every version of every family, in the order it is created (first version first). */
export function seedContent(options: { hardCases: boolean }): SeedContent {
  const entries: SeedEntry[] = [];
  families(options.hardCases).forEach((family, familyIndex) => {
    family.versions.forEach((version, versionIndex) => {
      const n = familyIndex * 7 + versionIndex;
      const status = version.status ?? 'published';
      const fields: Record<string, unknown> = {
        title: version.title,
        slug: version.slug,
        excerpt: `${version.title}: a short summary.`,
        content: version.content ?? markdown(version.title),
        authorSlug: family.authorSlug,
        automaticTranslated: versionIndex > 0,
        articleType: family.articleType,
        question: null,
        sourceDocumentUrl: null,
        ...(family.collection === 'articles' ? { showIndex: false, showCallToActions: true, metadata: null } : {}),
      };
      entries.push({
        collection: family.collection,
        family: family.family,
        locale: version.locale,
        status,
        fields,
        media: version.media ?? {},
        createdAt: day(n, 8),
        updatedAt: day(n, 10),
        publishedAt: status === 'published' ? day(n, 9) : null,
      });
    });
  });
  return { locales: SEED_LOCALES, media: MEDIA, entries };
}

/** Writes the seed's images (solid PNGs made with sharp) into a folder; returns `file → absolute path`. */
export async function writeSeedMedia(content: SeedContent, dir: string): Promise<Map<string, string>> {
  await mkdir(dir, { recursive: true });
  const paths = new Map<string, string>();
  for (const item of content.media) {
    const file = path.join(dir, item.file);
    const png = await sharp({
      create: { width: item.width, height: item.height, channels: 3, background: item.colour },
    })
      .png()
      .toBuffer();
    await writeFile(file, png);
    paths.set(item.file, file);
  }
  return paths;
}

/** The file the fixture's bootstrap reads (src/seed.js). */
export function seedFileBody(content: SeedContent, mediaPaths: Map<string, string>): string {
  return JSON.stringify({
    locales: content.locales,
    media: content.media.map((item) => ({
      file: item.file,
      path: mediaPaths.get(item.file),
      mime: 'image/png',
      alternativeText: item.alternativeText,
      caption: item.caption,
      providerMetadata: item.providerMetadata,
    })),
    entries: content.entries,
  });
}

/**
 * The same content as fake-Strapi records: documentId = family, ids in creation order, media served
 * from the folder writeSeedMedia wrote as `/uploads/<file>` (Strapi adds a random suffix to the name).
 */
export function seedRecords(content: SeedContent, sizes: Map<string, number>): Record<string, FakeRecord[]> {
  const mediaObject = (file: string, id: number) => {
    const item = content.media.find((m) => m.file === file)!;
    const ext = path.extname(file);
    return {
      id,
      name: file,
      alternativeText: item.alternativeText,
      caption: item.caption,
      width: item.width,
      height: item.height,
      formats: null,
      hash: path.basename(file, ext),
      ext,
      mime: 'image/png',
      size: Math.round(((sizes.get(file) ?? 0) / 1000) * 100) / 100,
      url: `/uploads/${file}`,
      previewUrl: null,
      provider: 'local',
      provider_metadata: item.providerMetadata,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
  };
  const mediaIds = new Map(content.media.map((m, i) => [m.file, i + 1]));
  const collections: Record<string, FakeRecord[]> = { articles: [], 'key-terms': [] };
  for (const entry of content.entries) {
    const records = collections[entry.collection]!;
    const fields = { ...entry.fields };
    if (typeof fields['content'] === 'string')
      fields['content'] = fields['content'].replace(/\{\{media:([^}]+)\}\}/g, (_, name: string) => `/uploads/${name}`);
    const covers: Record<string, unknown> = {};
    if (entry.collection === 'articles') {
      for (const field of ['coverImageWithText', 'coverImageWithoutText'] as const) {
        const file = entry.media[field];
        covers[field] = file ? mediaObject(file, mediaIds.get(file)!) : null;
      }
    }
    records.push({
      id: records.length + 1,
      documentId: `${entry.collection}-${entry.family}`,
      locale: entry.locale,
      ...fields,
      ...covers,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      publishedAt: entry.publishedAt,
    });
  }
  return collections;
}
