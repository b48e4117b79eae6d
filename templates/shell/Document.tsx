import type { ReactNode } from 'react';
import type { PageContext } from '../page-context.ts';
import { ROOT_LANGUAGE_SCRIPT, THEME_SCRIPT } from '../browser/inline-scripts.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { serializeJsonLd, structuredDataFor } from './structured-data.ts';

/**
 * The page's schema.org blocks: a component of its own, which V8 optimises apart from Document and so
 * keeps Document a smaller function to compile (105–164 ms of a helper thread a compile, in one
 * build's `--trace-opt`).
 */
function StructuredData({ context }: { context: PageContext }) {
  return structuredDataFor(context).map((block, index) => (
    <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(block) }} />
  ));
}

/** The whole HTML document around a page: head metadata, shell, main content. */
export function Document({ context, children }: { context: PageContext; children: ReactNode }) {
  const { page, localeMeta, shared, t, shell } = context;
  const title = page.title.includes(shared.product) ? page.title : t('meta.title_template', page.title, shared.product);
  // Drawn at build time in the page's language (an article's title, else the locale's tagline).
  const image = `${shared.baseUrl}${page.socialImage.src}`;
  // An English fallback says so in the page's language wherever its English text is shown: the title
  // (planned so), and the description and social texts here (issue 27).
  const isEnglishText = page.data.template === 'article' && page.data.article.version.locale !== page.locale;
  const marked = (text: string) => (isEnglishText ? t('article.not_translated_title', text) : text);
  const description = page.description === t('meta.default_description') ? page.description : marked(page.description);
  return (
    <html
      lang={localeMeta.iso}
      dir={localeMeta.dir}
      data-analytics-src={shared.analytics.scriptUrl}
      data-analytics-skip={shared.analytics.skip ? 'true' : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {page.urlPath === '/' ? <script dangerouslySetInnerHTML={{ __html: ROOT_LANGUAGE_SCRIPT }} /> : null}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <title>{title}</title>
        <meta name="description" content={description} />
        {page.noindex ? <meta name="robots" content="noindex" /> : null}
        <meta name="theme-color" content="#eef6fc" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#14202b" media="(prefers-color-scheme: dark)" />
        {page.canonical ? <link rel="canonical" href={page.canonical} /> : null}
        {page.alternates.map((alternate) => (
          <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
        ))}
        <link
          rel="alternate"
          type="application/atom+xml"
          title={t('page.blog.title', shared.product)}
          href={shell.feed}
        />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href={shared.assets.stylesheet} />
        <script type="module" src={shared.assets.script} />
        <meta property="og:site_name" content={shared.product} />
        <meta property="og:type" content={page.data.template === 'article' ? 'article' : 'website'} />
        <meta property="og:title" content={page.title} />
        <meta property="og:description" content={description} />
        {page.canonical ? <meta property="og:url" content={page.canonical} /> : null}
        <meta property="og:image" content={image} />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
        <meta property="og:image:alt" content={marked(page.socialImage.title)} />
        <meta property="og:locale" content={localeMeta.iso.replace('-', '_')} />
        {/* One map, no filter: TurboFan's inlined filter makes an array of another map than the one the
            interpreter saw, and Document was sent back to be compiled again in every thread. */}
        {shared.locales.map((meta) =>
          meta.code === localeMeta.code ? null : (
            <meta key={meta.code} property="og:locale:alternate" content={meta.iso.replace('-', '_')} />
          ),
        )}
        <meta name="twitter:card" content="summary_large_image" />
        <StructuredData context={context} />
      </head>
      <body id="top" data-age-locale={localeMeta.iso}>
        <a className="skip-link" href="#main">
          {t('nav.skip_to_content')}
        </a>
        <Header context={context} />
        <main id="main">{children}</main>
        <footer
          className="site-footer"
          dangerouslySetInnerHTML={{
            __html: context.fragments.fragment(`footer:${context.locale}`, () => <Footer context={context} />),
          }}
        />
      </body>
    </html>
  );
}
