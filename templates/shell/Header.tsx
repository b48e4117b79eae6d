import type { PageContext } from '../page-context.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';
import { RecentPosts } from './RecentPosts.tsx';

export function Header({ context }: { context: PageContext }) {
  const { shell, shared, t, locale } = context;
  const links = shared.links;
  const resources = [
    { href: shell.nav.blog, label: t('nav.blog'), text: t('nav.blog_description') },
    { href: links.whatWeCollect, label: t('nav.privacy'), text: t('nav.privacy_description') },
    { href: links.api, label: t('nav.api'), text: t('nav.api_description') },
    { href: shell.nav.glossary, label: t('nav.glossary'), text: t('nav.glossary_description') },
    { href: shell.nav.countries, label: t('nav.countries'), text: t('nav.countries_description') },
  ];
  return (
    <header className="site-header">
      <div className="header-inner">
        <a className="brand" href={shell.nav.home}>
          <Logo />
          <span>{shared.product}</span>
        </a>
        <nav className="main-nav" aria-label={t('nav.main')}>
          <ul>
            <li>
              <a href={shell.nav.pricing}>{t('nav.pricing')}</a>
            </li>
            <li>
              <details className="menu resources-menu" data-widget="resources">
                <summary>{t('nav.resources')}</summary>
                <div className="menu-panel wide">
                  <ul className="resource-links">
                    {resources.map((item) => (
                      <li key={item.href}>
                        <a href={item.href}>
                          <strong>{item.label}</strong>
                          <span>{item.text}</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                  <RecentPosts context={context} />
                </div>
              </details>
            </li>
            <li>
              <a href={links.docs}>{t('nav.docs')}</a>
            </li>
            <li>
              <a href={links.contact}>{t('nav.contact')}</a>
            </li>
          </ul>
        </nav>
        <div className="header-actions">
          <LanguageSwitcher context={context} />
          <button type="button" className="theme-toggle" data-widget="theme-toggle" aria-label={t('nav.toggle_theme')} hidden>
            <span aria-hidden="true" className="theme-icon" />
          </button>
          <a className="login" href={links.login} data-carry-theme="">
            {t('nav.login')}
          </a>
          <a className="button signup" href={links.signup} data-carry-theme="" data-carry-currency="">
            {t('nav.signup')}
          </a>
          <details className="mobile-menu" data-widget="mobile-menu">
            <summary aria-label={t('nav.menu')}>
              <span className="burger" aria-hidden="true" />
            </summary>
            <nav className="mobile-panel" aria-label={t('nav.main')}>
              <ul>
                <li>
                  <a href={shell.nav.pricing}>{t('nav.pricing')}</a>
                </li>
                <li>
                  <a href={shell.nav.blog}>{t('nav.resources')}</a>
                </li>
                <li>
                  <a href={shell.nav.glossary}>{t('nav.glossary')}</a>
                </li>
                <li>
                  <a href={shell.nav.countries}>{t('nav.countries')}</a>
                </li>
                <li>
                  <a href={links.docs}>{t('nav.docs')}</a>
                </li>
                <li>
                  <a href={links.contact}>{t('nav.contact')}</a>
                </li>
                <li>
                  <a href={links.login}>{t('nav.login')}</a>
                </li>
                <li>
                  <a className="button" href={links.signup}>
                    {t('nav.signup')}
                  </a>
                </li>
                {locale === 'en' ? null : (
                  <li>
                    <a href={context.page.languageLinks.find((link) => link.locale === 'en')!.href} hrefLang="en-US" lang="en-US" data-locale="en">
                      {t('nav.switch_to_english')}
                    </a>
                  </li>
                )}
              </ul>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
