import type { ReactNode } from 'react';
import type { PageContext } from '../page-context.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** The whole HTML document around a page: head metadata, shell, main content. */
export function Document({ context, children }: { context: PageContext; children: ReactNode }) {
  const { page, localeMeta, shared, t } = context;
  const title = t('meta.title_template', page.title, shared.product);
  return (
    <html lang={localeMeta.iso} dir={localeMeta.dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={page.description} />
        {page.noindex ? <meta name="robots" content="noindex" /> : null}
        {page.canonical ? <link rel="canonical" href={page.canonical} /> : null}
        {page.alternates.map((alternate) => (
          <link key={alternate.hreflang} rel="alternate" hrefLang={alternate.hreflang} href={alternate.href} />
        ))}
        <link rel="stylesheet" href={shared.assets.stylesheet} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {t('nav.skip_to_content')}
        </a>
        <Header context={context} />
        <main id="main">{children}</main>
        <Footer context={context} />
      </body>
    </html>
  );
}
