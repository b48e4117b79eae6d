// Writes the Hugo and Eleventy sources of bench/peers from a sitegen snapshot (content/cms/<collection>/
// <locale>.json, as `sitegen pull` writes it): every published article and key-term as a Markdown file
// with its front matter, plus each tool's templates (bench/peers/hugo, bench/peers/eleventy) and config.
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOCALES, type Locale } from '../../pipeline/locale.ts';

interface SnapshotRecord {
  locale: Locale;
  documentId: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  publishedAt: string | null;
  showIndex?: boolean;
}

/** One page source shared by both tools. */
interface PeerEntry {
  locale: Locale;
  section: 'blog' | 'key-terms';
  slug: string;
  title: string;
  description: string;
  date: string;
  translationKey: string;
  toc: boolean;
  markdown: string;
}

const PEERS_DIR = import.meta.dirname;
const BASE_URL = 'https://www.simpleanalytics.com';
const NAMES: Record<Locale, string> = {
  en: 'English',
  nl: 'Nederlands',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
};
const LABELS = {
  menu: 'Menu',
  home: 'Home',
  blog: 'Blog',
  keyTerms: 'Key terms',
  'key-terms': 'Key terms',
  signup: 'Start trial',
  latest: 'Latest posts',
  toc: 'Contents',
};
const DESCRIPTION = 'Privacy-first, cookie-free web analytics.';

export async function readSnapshot(contentDir: string): Promise<PeerEntry[]> {
  const entries: PeerEntry[] = [];
  for (const [collection, section] of [
    ['articles', 'blog'],
    ['key-terms', 'key-terms'],
  ] as const) {
    const folder = path.join(contentDir, 'cms', collection);
    for (const file of (await readdir(folder)).filter((name) => name.endsWith('.json')).sort()) {
      const { data } = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as { data: SnapshotRecord[] };
      for (const record of data) {
        if (record.publishedAt === null) continue;
        entries.push({
          locale: record.locale,
          section,
          slug: record.slug,
          title: record.title,
          description: record.excerpt,
          date: record.publishedAt,
          translationKey: `${collection}:${record.documentId}`,
          toc: record.showIndex ?? false,
          markdown: record.content,
        });
      }
    }
  }
  return entries;
}

const prefix = (locale: Locale) => (locale === 'en' ? '' : `/${locale}`);

/** Hugo: one content folder per language, translations joined by translationKey, ugly URLs (`/blog/<slug>.html`, as sitegen writes). */
export async function writeHugoSite(dir: string, entries: PeerEntry[]): Promise<void> {
  await cp(path.join(PEERS_DIR, 'hugo'), dir, { recursive: true });
  const languages = LOCALES.map(
    (locale, index) =>
      `[languages.${locale}]\ncontentDir = "content/${locale}"\nweight = ${index + 1}\nlanguageName = "${NAMES[locale]}"\ntitle = "Simple Analytics"\n`,
  );
  const labels = Object.entries(LABELS)
    .filter(([key]) => !key.includes('-'))
    .map(([key, value]) => `${key} = "${value}"`);
  await writeFile(
    path.join(dir, 'hugo.toml'),
    [
      `baseURL = "${BASE_URL}/"`,
      'title = "Simple Analytics"',
      'defaultContentLanguage = "en"',
      'defaultContentLanguageInSubdir = false',
      'uglyURLs = true',
      'paginate = 24',
      'disableKinds = ["taxonomy", "term"]',
      'enableRobotsTXT = true',
      '[outputs]\nhome = ["HTML", "RSS"]\nsection = ["HTML"]\npage = ["HTML"]',
      '[markup.tableOfContents]\nstartLevel = 2\nendLevel = 3',
      `[params]\ndescription = "${DESCRIPTION}"\nsignup = "https://dashboard.simpleanalytics.com/welcome"`,
      `[params.labels]\n${labels.join('\n')}`,
      ...languages,
    ].join('\n') + '\n',
  );
  for (const locale of LOCALES) {
    await mkdir(path.join(dir, 'content', locale, 'blog'), { recursive: true });
    await mkdir(path.join(dir, 'content', locale, 'key-terms'), { recursive: true });
    await writeFile(
      path.join(dir, 'content', locale, '_index.md'),
      `${JSON.stringify({ title: 'Simple Analytics', translationKey: 'home' })}\n`,
    );
    await writeFile(
      path.join(dir, 'content', locale, 'blog', '_index.md'),
      `${JSON.stringify({ title: LABELS.blog, translationKey: 'blog' })}\n`,
    );
    await writeFile(
      path.join(dir, 'content', locale, 'key-terms', '_index.md'),
      `${JSON.stringify({ title: LABELS.keyTerms, translationKey: 'key-terms' })}\n`,
    );
  }
  for (const entry of entries) {
    const front = {
      title: entry.title,
      description: entry.description,
      date: entry.date,
      slug: entry.slug,
      translationKey: entry.translationKey,
      toc: entry.toc,
    };
    await writeFile(
      path.join(dir, 'content', entry.locale, entry.section, `${entry.slug}.md`),
      `${JSON.stringify(front)}\n\n${entry.markdown}`,
    );
  }
}

/** Eleventy 3: Nunjucks layouts, JSON front matter, one paginated list per section and locale. */
export async function writeEleventySite(dir: string, entries: PeerEntry[]): Promise<void> {
  await cp(path.join(PEERS_DIR, 'eleventy'), dir, { recursive: true });
  const src = path.join(dir, 'src');
  await mkdir(path.join(src, '_data'), { recursive: true });
  const site = {
    title: 'Simple Analytics',
    description: DESCRIPTION,
    baseUrl: BASE_URL,
    signup: 'https://dashboard.simpleanalytics.com/welcome',
    labels: LABELS,
    locales: LOCALES,
    names: NAMES,
    prefix: Object.fromEntries(LOCALES.map((locale) => [locale, prefix(locale)])),
    home: Object.fromEntries(LOCALES.map((locale) => [locale, locale === 'en' ? '/' : `/${locale}.html`])),
  };
  await writeFile(path.join(src, '_data', 'site.json'), `${JSON.stringify(site, null, 2)}\n`);
  const front = (data: Record<string, unknown>) => `---json\n${JSON.stringify(data)}\n---\n`;
  for (const locale of LOCALES) {
    await mkdir(path.join(src, locale, 'blog'), { recursive: true });
    await mkdir(path.join(src, locale, 'key-terms'), { recursive: true });
    await writeFile(
      path.join(src, locale, 'index.njk'),
      front({
        layout: 'home.njk',
        locale,
        title: 'Simple Analytics',
        translationKey: 'home',
        permalink: site.home[locale] === '/' ? '/index.html' : site.home[locale],
      }),
    );
    for (const [section, tag] of [
      ['blog', 'blog'],
      ['key-terms', 'keyTerms'],
    ] as const) {
      const permalink = `${prefix(locale)}/${section}{% if pagination.pageNumber > 0 %}/page/{{ pagination.pageNumber + 1 }}{% endif %}.html`;
      await writeFile(
        path.join(src, locale, `${section}-list.njk`),
        front({
          layout: 'list.njk',
          locale,
          title: LABELS[tag],
          pagination: { data: `collections.${tag}_${locale}_newest`, size: 24 },
          permalink,
        }),
      );
    }
  }
  for (const entry of entries) {
    const data = {
      layout: 'article.njk',
      locale: entry.locale,
      section: entry.section,
      tags: [`${entry.section === 'blog' ? 'blog' : 'keyTerms'}_${entry.locale}`],
      title: entry.title,
      description: entry.description,
      date: entry.date,
      translationKey: entry.translationKey,
      toc: entry.toc,
      permalink: `${prefix(entry.locale)}/${entry.section}/${entry.slug}.html`,
    };
    await writeFile(path.join(src, entry.locale, entry.section, `${entry.slug}.md`), `${front(data)}${entry.markdown}`);
  }
}
