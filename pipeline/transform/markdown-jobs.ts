import { digest, digestJson } from '../cache/store.ts';
import type { Collection } from '../fetch/collections.ts';
import type { MediaFiles } from '../fetch/fetch-media.ts';
import { LOCALES, type Locale } from '../locale.ts';
import { formatMessage } from '../site/messages.ts';
import type { Site } from '../site/site.ts';
import type { ValidContent } from '../validate/validate-content.ts';
import type { ImageSize } from './cover-colours.ts';
import type { MarkdownInput, MarkdownOptions } from './markdown.ts';
import { findMarkdownImages } from './markdown/find-images.ts';

/** One entry's Markdown to render, with the key that names its result in the cache. */
export interface MarkdownJob {
  key: string;
  input: MarkdownInput;
}

/** `articles#12`: how an entry's job is found again. */
export function recordRef(collection: Collection, id: number): string {
  return `${collection}#${id}`;
}

/**
 * What a long-running caller (the preview) keeps between builds: per valid record (the same object for an
 * unchanged entry, see ValidationMemo), the hash of its Markdown and the images it points at.
 */
export type MarkdownBodyMemo = WeakMap<object, MarkdownBody>;

interface MarkdownBody {
  hash: string;
  images: string[];
  /** The Markdown of a record whose `content` was left out (null): a kept record's, read from the cache file when first asked for (pipeline/cache/snapshot-records.ts). */
  text?: (() => string) | undefined;
}

/**
 * The Markdown input of every entry and its content key: a hash of the input, the media it points at and
 * the code, so equal keys always render to equal HTML. Pure (the memo only saves hashing a body again).
 */
export function planMarkdownJobs(options: {
  content: ValidContent;
  site: Site;
  media: MediaFiles;
  imageSizes: ReadonlyMap<string, ImageSize>;
  codeHash: string;
  memo?: MarkdownBodyMemo | undefined;
}): Map<string, MarkdownJob> {
  // Per locale: its strings, and a hash of everything the key takes that is the same for all its entries.
  const locales = new Map(
    LOCALES.map((locale) => {
      const strings = markdownStrings(options.site, locale);
      const prefix = digestJson([options.codeHash, options.site.config.baseUrl, locale, strings]);
      return [locale, { strings, prefix }];
    }),
  );
  const jobs = new Map<string, MarkdownJob>();
  const add = (collection: Collection, record: ValidContent['articles'][number] | ValidContent['keyTerms'][number]) => {
    const { strings, prefix } = locales.get(record.locale)!;
    let body = options.memo?.get(record);
    if (!body) {
      const markdown = record.content ?? '';
      body = { hash: digest(markdown), images: findMarkdownImages(markdown) };
      options.memo?.set(record, body);
    }
    const input = markdownInput(record, body, {
      locale: record.locale,
      showIndex: 'showIndex' in record && record.showIndex === true,
      showCallToActions: !('showCallToActions' in record) || record.showCallToActions !== false,
      strings,
    });
    const images = body.images.map((url) => [url, options.media.get(url)?.outputPath, options.imageSizes.get(url)]);
    const key = digest(prefix, JSON.stringify([input.showIndex, input.showCallToActions, images, body.hash]));
    jobs.set(recordRef(collection, record.id), { key, input });
  };
  for (const record of options.content.articles) add('articles', record);
  for (const record of options.content.keyTerms) add('key-terms', record);
  return jobs;
}

/**
 * The jobs whose HTML cannot depend on the media: a text with no image syntax and no `src` attribute
 * (`![`, `src`, in any case, even in code), and the options to render them with (no media). Their keys
 * and inputs are the ones planMarkdownJobs gives once the media are known (no image, nothing of the media
 * in the key), so the render workers can render them while this thread fetches the media and plans the
 * pages (RenderPool.prepareBodies). Pure.
 */
export function mediaFreeMarkdownJobs(options: {
  content: ValidContent;
  site: Site;
  codeHash: string;
  memo?: MarkdownBodyMemo | undefined;
}): { jobs: MarkdownJob[]; options: MarkdownOptions } {
  const jobs = planMarkdownJobs({ ...options, media: NO_MEDIA, imageSizes: NO_SIZES });
  return {
    jobs: [...jobs.values()].filter((job) => !MEDIA_SYNTAX.test(job.input.markdown)),
    options: { baseUrl: options.site.config.baseUrl, media: NO_MEDIA },
  };
}

/** An input's fields but its text, read one by one: a kept record's text is a getter, which a spread would call. */
export function inputApart(input: MarkdownInput): Omit<MarkdownInput, 'markdown'> {
  const { locale, showIndex, showCallToActions, strings, links } = input;
  return {
    ...(locale === undefined ? {} : { locale }),
    showIndex,
    showCallToActions,
    strings,
    ...(links ? { links } : {}),
  };
}

const NO_MEDIA: MediaFiles = new Map();
const NO_SIZES: ReadonlyMap<string, ImageSize> = new Map();
const MEDIA_SYNTAX = /!\[|src/i;

/**
 * The input, with its `markdown`: the record's text, or for a kept record (snapshot-records.ts) a getter
 * that reads it when something needs it. The getter holds the text's reader, not the record, so the
 * record's other fields are garbage once the content is transformed.
 */
function markdownInput(
  record: { content?: string | null | undefined },
  body: MarkdownBody,
  rest: Pick<MarkdownInput, 'showIndex' | 'showCallToActions' | 'strings'> & { locale: string },
): MarkdownInput {
  const { text } = body;
  if (!text) return { markdown: record.content ?? '', ...rest };
  // Written out, not spread: V8 makes an object literal with a getter and a spread slowly (11,000 of them).
  const { locale, showIndex, showCallToActions, strings } = rest;
  return {
    get markdown() {
      return text();
    },
    locale,
    showIndex,
    showCallToActions,
    strings,
  };
}

/** The labels and calls to action inside an article, in the given language (the article's own, or the page's on a fallback). */
export function markdownStrings(site: Site, locale: Locale): MarkdownInput['strings'] {
  const t = (key: string, ...args: string[]) => formatMessage(site.messages[locale], key, ...args);
  const cta = (which: 'one' | 'two') => ({
    title: t(`cta.${which}.title`),
    text: t(`cta.${which}.text`),
    button: t(`cta.${which}.button`),
    href: site.config.links.signup,
  });
  return {
    tableOfContents: t('article.table_of_contents'),
    footnotes: t('article.footnotes'),
    backToText: t('article.back_to_text'),
    ctaOne: cta('one'),
    ctaTwo: cta('two'),
  };
}
