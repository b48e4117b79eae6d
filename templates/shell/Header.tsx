import type { PageContext } from '../page-context.ts';
import { LanguageSwitcher, type LanguageSwitcherProps } from './LanguageSwitcher.tsx';
import { MobileMenu, type MobileMenuProps } from './MobileMenu.tsx';
import { ResourcesMenu, type ResourcesMenuProps } from './ResourcesMenu.tsx';
import { Logo } from './Logo.tsx';

export function Header({ context }: { context: PageContext }) {
  const { shell, shared, t, locale, localeMeta, page } = context;
  const links = shared.links;
  const languages: LanguageSwitcherProps = {
    current: { code: localeMeta.code, flag: localeMeta.flag },
    // The language's name as it is written after a colon in running text: "Idioma: español", "Langue : français",
    // "Sprache: Deutsch" (a name is lowercase in es, fr and it, capitalized in de, nl and en; issue 27).
    label: t('nav.choose_language', context.languageName(localeMeta.code) ?? localeMeta.name),
    listLabel: t('nav.languages'),
    options: page.languageLinks.map((link) => {
      const meta = shared.locales.find((candidate) => candidate.code === link.locale)!;
      return { code: meta.code, iso: meta.iso, name: meta.name, flag: meta.flag, href: link.href };
    }),
  };
  const englishHref = page.languageLinks.find((link) => link.locale === 'en')?.href ?? page.urlPath;
  const mobile: MobileMenuProps = {
    label: t('nav.menu'),
    navLabel: t('nav.main'),
    locale,
    english: { href: englishHref, label: t('nav.switch_to_english') },
    links: [
      { href: shell.nav.pricing, label: t('nav.pricing'), isButton: false },
      // On small screens "Resources" goes straight to the blog (spec §2 Shell).
      { href: shell.nav.blog, label: t('nav.resources'), isButton: false },
      { href: shell.nav.glossary, label: t('nav.glossary'), isButton: false },
      { href: shell.nav.countries, label: t('nav.countries'), isButton: false },
      { href: links.docs, label: t('nav.docs'), isButton: false },
      { href: links.contact, label: t('nav.contact'), isButton: false },
      { href: links.login, label: t('nav.login'), isButton: false },
      { href: links.signup, label: t('nav.signup'), isButton: true },
    ],
  };
  return (
    <header className="site-header">
      <div className="header-inner">
        <a className="brand" href={shell.nav.home}>
          <Logo />
          <span>{shared.product}</span>
        </a>
        <nav
          className="main-nav"
          aria-label={t('nav.main')}
          dangerouslySetInnerHTML={{
            __html: context.fragments.fragment(`main-nav:${locale}`, () => <MainNav context={context} />),
          }}
        />
        <div className="header-actions">
          <LanguageSwitcher {...languages} />
          <button
            type="button"
            className="theme-toggle"
            data-widget="theme-toggle"
            aria-label={t('nav.toggle_theme')}
            hidden
          >
            <span aria-hidden="true" className="theme-icon" />
          </button>
          <a className="login" href={links.login} data-carry-theme="">
            {t('nav.login')}
          </a>
          <a className="button signup" href={links.signup} data-carry-theme="" data-carry-currency="">
            {t('nav.signup')}
          </a>
          <MobileMenu {...mobile} />
        </div>
      </div>
    </header>
  );
}

/** The main navigation's list: the same on every page of a locale (rendered once per locale and build). */
function MainNav({ context }: { context: PageContext }) {
  const { shell, shared, t, locale } = context;
  const links = shared.links;
  const resources: ResourcesMenuProps = {
    label: t('nav.resources'),
    resources: [
      { href: shell.nav.blog, label: t('nav.blog'), text: t('nav.blog_description') },
      { href: links.whatWeCollect, label: t('nav.privacy'), text: t('nav.privacy_description') },
      { href: links.api, label: t('nav.api'), text: t('nav.api_description') },
      { href: shell.nav.glossary, label: t('nav.glossary'), text: t('nav.glossary_description') },
      { href: shell.nav.countries, label: t('nav.countries'), text: t('nav.countries_description') },
    ],
    recent: {
      heading: t('nav.recent_posts'),
      posts: shell.latestPosts.map((post) => ({
        href: post.href,
        title: post.title,
        lang: post.textLocale === locale ? null : context.isoOf(post.textLocale),
        // An item in another language says so, in the page's language, on the item itself.
        languageLabel: post.textLocale === locale ? null : t('list.in_english'),
        published: post.publishedAt,
        date: post.publishedAt ? context.formatDate(post.publishedAt) : null,
      })),
      viewAll: { href: shell.nav.blog, label: t('nav.view_all_posts') },
    },
  };
  return (
    <ul>
      <li>
        <a href={shell.nav.pricing}>{t('nav.pricing')}</a>
      </li>
      <li>
        <ResourcesMenu {...resources} />
      </li>
      <li>
        <a href={links.docs}>{t('nav.docs')}</a>
      </li>
      <li>
        <a href={links.contact}>{t('nav.contact')}</a>
      </li>
    </ul>
  );
}
