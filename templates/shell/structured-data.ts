import type { PageContext } from '../page-context.ts';

type JsonLd = Record<string, unknown>;

/** JSON for a `<script type="application/ld+json">`: `<` escaped, so no content can close the element. */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** schema.org data for a page: the organisation on the home page, breadcrumbs and the article on articles, FAQs where there are questions. */
export function structuredDataFor(context: PageContext): JsonLd[] {
  const { page, shared, t } = context;
  const absolute = (href: string) => (href.startsWith('http') ? href : `${shared.baseUrl}${href === '/' ? '' : href}`);
  const blocks: JsonLd[] = [];
  if (page.data.template === 'home') {
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: shared.product,
      url: shared.baseUrl,
      logo: absolute('/favicon.svg'),
    });
  }
  if (page.data.template === 'article') {
    const { article } = page.data;
    const version = article.version;
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: article.breadcrumbs.map((crumb, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: crumb.label,
        item: absolute(crumb.href),
      })),
    });
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: version.title,
      description: version.excerpt,
      inLanguage: context.isoOf(version.locale),
      ...(version.publishedAt ? { datePublished: version.publishedAt } : {}),
      dateModified: version.updatedAt,
      ...(version.author ? { author: { '@type': 'Person', name: version.author.name } } : {}),
      publisher: { '@type': 'Organization', name: shared.product, url: shared.baseUrl },
      ...(version.cover ? { image: absolute((version.cover.large ?? version.cover.original).src) } : {}),
      mainEntityOfPage: page.canonical,
    });
    if (version.question) {
      blocks.push({
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: [
          {
            '@type': 'Question',
            name: version.question,
            acceptedAnswer: { '@type': 'Answer', text: version.excerpt || version.title },
          },
        ],
      });
    }
  }
  if (page.data.template === 'pricing') {
    blocks.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: FAQ_KEYS.map((key) => ({
        '@type': 'Question',
        name: t(`pricing.faq.${key}.question`),
        acceptedAnswer: { '@type': 'Answer', text: faqAnswer(context, key) },
      })),
    });
  }
  return blocks;
}

/** The pricing FAQ, in the order it is shown. */
export const FAQ_KEYS = ['datapoints', 'trial', 'payment', 'traffic', 'cancel'] as const;

/** The minimum invoice for a bank transfer, in each currency the site bills in (issue 27: it had no currency). */
const BANK_TRANSFER_MINIMUM = 500;

/** A pricing FAQ answer; amounts in it are written as the page's locale writes them ("500 €", "€ 500", "€500"). */
export function faqAnswer(context: PageContext, key: (typeof FAQ_KEYS)[number]): string {
  return context.t(
    `pricing.faq.${key}.answer`,
    ...['EUR', 'USD', 'GBP'].map((currency) => context.formatAmount(BANK_TRANSFER_MINIMUM, currency)),
  );
}
