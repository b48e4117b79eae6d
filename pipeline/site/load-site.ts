import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { SitegenError } from '../errors.ts';
import { LOCALES } from '../locale.ts';
import { typesetMessages } from '../locale-format.ts';
import { formatZodIssues } from '../zod-issues.ts';
import {
  authorsFileSchema,
  countriesFileSchema,
  glossaryFileSchema,
  localeFileSchema,
  localeMetaSchema,
  plansFileSchema,
  redirectsFileSchema,
  routesFileSchema,
  siteFileSchema,
} from './schemas.ts';
import { checkSite } from './check-site.ts';
import { SITE_DATA_FILES, type SiteDataFile } from './site-files.ts';
import type { Site } from './site.ts';

/** What a long-running caller (the preview) keeps between loads: the files' texts and the site they gave. */
export interface SiteMemo {
  last?: { siteDir: string; texts: string[]; site: Site } | undefined;
}

/**
 * Reads and validates every site data file, then the rules that span files; throws SITE_CONFIG_INVALID
 * listing every problem. With a memo, files that read as they did last time give the same Site object.
 */
export async function loadSite(siteDir: string, memo?: SiteMemo): Promise<Site> {
  // A file that cannot be read gives its error, reported with the other problems.
  const texts = await Promise.all(
    SITE_DATA_FILES.map((file) =>
      readFile(path.join(siteDir, file), 'utf8').catch((error: NodeJS.ErrnoException) => error),
    ),
  );
  const last = memo?.last;
  if (last && last.siteDir === siteDir && texts.every((text, index) => text === last.texts[index])) return last.site;
  const site = parseSite(siteDir, texts);
  if (memo) memo.last = { siteDir, texts: texts as string[], site };
  return site;
}

function parseSite(siteDir: string, texts: Array<string | NodeJS.ErrnoException>): Site {
  const problems: string[] = [];
  const read = <T extends z.ZodType>(file: SiteDataFile, schema: T) =>
    parseJson(file, texts[SITE_DATA_FILES.indexOf(file)]!, schema, problems);

  const [config, routes, redirects, localeMeta, authors, glossary, countries, plans, ...messageFiles] = [
    read('site.json', siteFileSchema),
    read('routes.json', routesFileSchema),
    read('redirects.json', redirectsFileSchema),
    read('locales/meta.json', localeMetaSchema.array()),
    read('content/authors.json', authorsFileSchema),
    read('content/glossary.json', glossaryFileSchema),
    read('content/countries.json', countriesFileSchema),
    read('content/plans.json', plansFileSchema),
    ...LOCALES.map((locale) => read(`locales/${locale}.json`, localeFileSchema)),
  ];
  if (problems.length > 0) throw siteInvalid(problems);

  // Typeset once here, so every UI string (and every phrase composed from one) follows its language's typography.
  const messages = Object.fromEntries(
    LOCALES.map((locale, index) => [locale, typesetMessages(messageFiles[index]!, locale)]),
  ) as Site['messages'];
  const site: Site = {
    dir: siteDir,
    config: config!,
    routes: routes!,
    redirects: redirects!.redirects,
    locales: localeMeta!,
    messages,
    authors: authors!,
    glossary: glossary!,
    countries: countries!,
    plans: plans!,
  };
  const crossFileProblems = checkSite(site);
  if (crossFileProblems.length > 0) throw siteInvalid(crossFileProblems);
  return site;
}

function parseJson<T extends z.ZodType>(
  file: string,
  text: string | NodeJS.ErrnoException,
  schema: T,
  problems: string[],
): z.infer<T> | undefined {
  if (text instanceof Error) {
    problems.push(`${file}: cannot be read (${text.code ?? String(text)})`);
    return undefined;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    problems.push(`${file}: not valid JSON (${(error as Error).message})`);
    return undefined;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    for (const line of formatZodIssues(parsed.error)) problems.push(`${file}: ${line}`);
    return undefined;
  }
  return parsed.data;
}

function siteInvalid(problems: string[]): SitegenError {
  const noun = problems.length === 1 ? 'problem' : 'problems';
  return new SitegenError({
    code: 'SITE_CONFIG_INVALID',
    message: `The site's data files have ${problems.length} ${noun}.\n${problems.map((p) => `  ${p}`).join('\n')}`,
    hint: 'fix the files named above (site.json, routes.json, redirects.json, locales/*.json, content/*.json); the previous output is untouched',
  });
}
