// The Markdown of the benchmark's articles and key-terms, from a locale's phrase bank.
import type { Locale } from '../pipeline/locale.ts';
import { CODE_BLOCKS, PHRASES, type PhraseBank } from './content-phrases.ts';
import type { SeededRandom } from './seeded-random.ts';

/** Lowercase ASCII words joined by hyphens, as Strapi's slug field produces. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface ArticleMarkdownOptions {
  hasCode: boolean;
  image: string | undefined;
  locale: Locale;
}

/**
 * An article of 400–900 words: an intro, `##` sections with paragraphs, `###` subsections, lists,
 * links (internal and external), emphasis, now and then a quote, a warning, a table, a footnote, an
 * image and a fenced code block.
 */
export function articleMarkdown(
  random: SeededRandom,
  bank: PhraseBank,
  options: ArticleMarkdownOptions,
): { text: string; words: number } {
  const target = random.int(400, 900);
  const blocks: string[] = [paragraph(random, bank, options.locale), paragraph(random, bank, options.locale)];
  const count = () => blocks.join(' ').split(/\s+/).length;
  const headings = random.sample(bank.headings, bank.headings.length);
  let section = 0;
  let codePlaced = !options.hasCode;
  let imagePlaced = options.image === undefined;
  let footnote = false;
  while (count() < target) {
    blocks.push(`## ${headings[section % headings.length]!}${section >= headings.length ? ` ${section}` : ''}`);
    section += 1;
    blocks.push(paragraph(random, bank, options.locale));
    if (random.chance(0.45)) blocks.push(list(random, bank, random.chance(0.3)));
    if (random.chance(0.5)) blocks.push(paragraph(random, bank, options.locale));
    if (random.chance(0.3)) blocks.push(`### ${random.pick(bank.headings)}`, paragraph(random, bank, options.locale));
    if (!codePlaced && random.chance(0.5)) {
      const code = random.pick(CODE_BLOCKS);
      blocks.push(`\`\`\`${code.language}\n${code.code}\n\`\`\``);
      codePlaced = true;
    }
    if (!imagePlaced && random.chance(0.5)) {
      blocks.push(`![${random.pick(bank.topics)}](${options.image})`);
      imagePlaced = true;
    }
    if (random.chance(0.1)) blocks.push(`> ${random.pick(bank.quotes)}`);
    if (random.chance(0.05)) blocks.push(`>> ${random.pick(bank.sentences)}`);
    if (random.chance(0.05)) blocks.push(table(random, bank));
    if (!footnote && random.chance(0.08)) {
      blocks.push(`${random.pick(bank.sentences)}[^1]`);
      footnote = true;
    }
  }
  if (!codePlaced) blocks.push(`\`\`\`${CODE_BLOCKS[0]!.language}\n${CODE_BLOCKS[0]!.code}\n\`\`\``);
  if (!imagePlaced) blocks.push(`![${bank.topics[0]!}](${options.image})`);
  if (footnote) blocks.push(`[^1]: ${random.pick(bank.notes)}`);
  return { text: `${blocks.join('\n\n')}\n`, words: count() };
}

export function paragraph(random: SeededRandom, bank: PhraseBank, locale: Locale): string {
  const sentences = Array.from({ length: random.int(3, 6) }, () => random.pick(bank.sentences));
  if (random.chance(0.35)) {
    const index = random.int(0, sentences.length - 1);
    const internal = random.chance(0.6);
    const href = internal
      ? `${locale === 'en' ? '' : `/${locale}`}/blog/${slugify(random.pick(bank.topics))}`
      : `https://www.${random.pick(['edpb.europa.eu', 'gdpr.eu', 'noyb.eu', 'developer.mozilla.org'])}/${slugify(random.pick(PHRASES.en.topics))}`;
    sentences[index] = `${sentences[index]!} [${random.pick(bank.linkTexts)}](${href})`;
  }
  if (random.chance(0.25)) sentences[0] = `**${sentences[0]!}**`;
  if (random.chance(0.15)) sentences.push(`*${random.pick(bank.quotes)}*`);
  if (random.chance(0.05)) sentences.push('`sa_event()`');
  return sentences.join(' ');
}

export function list(random: SeededRandom, bank: PhraseBank, ordered: boolean): string {
  return random
    .sample(bank.listItems, random.int(3, Math.min(6, bank.listItems.length)))
    .map(
      (item, index) =>
        `${ordered ? `${index + 1}.` : '-'} ${random.chance(0.3) ? `**${item}.** ${random.pick(bank.sentences)}` : item}`,
    )
    .join('\n');
}

function table(random: SeededRandom, bank: PhraseBank): string {
  const rows = random
    .sample(bank.listItems, 3)
    .map((item) => `| ${item} | ${random.chance(0.5) ? '✓' : '–'} | ${random.int(1, 99)} % |`);
  return ['| | | |', '|:--|:-:|--:|', ...rows].join('\n');
}
