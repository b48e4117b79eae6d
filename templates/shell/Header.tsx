import type { PageContext } from '../page-context.ts';

export function Header({ context }: { context: PageContext }) {
  const { shell, shared, t, page } = context;
  return (
    <header className="site-header">
      <a className="brand" href={shell.nav.home}>
        {shared.product}
      </a>
      <nav aria-label={shared.product}>
        <ul className="nav-links">
          <li>
            <a href={shell.nav.pricing}>{t('nav.pricing')}</a>
          </li>
          <li>
            <a href={shell.nav.blog}>{t('nav.blog')}</a>
          </li>
          <li>
            <a href={shell.nav.glossary}>{t('nav.glossary')}</a>
          </li>
          <li>
            <a href={shell.nav.countries}>{t('nav.countries')}</a>
          </li>
          <li>
            <a href={shared.links.docs}>{t('nav.docs')}</a>
          </li>
          <li>
            <a href={shared.links.login}>{t('nav.login')}</a>
          </li>
          <li>
            <a className="button" href={shared.links.signup}>
              {t('nav.signup')}
            </a>
          </li>
        </ul>
      </nav>
      <nav aria-label={t('nav.languages')}>
        <ul className="language-links">
          {page.languageLinks.map((link) => {
            const meta = shared.locales.find((candidate) => candidate.code === link.locale)!;
            return (
              <li key={link.locale}>
                <a href={link.href} hrefLang={meta.iso} lang={meta.iso}>
                  {meta.name}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
    </header>
  );
}
