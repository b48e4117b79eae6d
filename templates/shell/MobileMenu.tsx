export interface MobileMenuProps {
  label: string;
  navLabel: string;
  links: Array<{ href: string; label: string; isButton: boolean }>;
  locale: string;
  english: { href: string; label: string };
}

/**
 * The menu for small screens, a <details>. "Switch to English" shows when the page is not English; on
 * English pages it waits in a <template> that the always-on script adds when the browser's language is
 * another one (known only in the browser).
 */
export function MobileMenu({ label, navLabel, links, locale, english }: MobileMenuProps) {
  const switchToEnglish = (
    <li>
      <a href={english.href} hrefLang="en-US" lang="en-US" data-locale="en">
        {english.label}
      </a>
    </li>
  );
  return (
    <details className="mobile-menu" data-widget="mobile-menu">
      <summary aria-label={label}>
        <span className="burger" aria-hidden="true" />
      </summary>
      <nav className="mobile-panel" aria-label={navLabel}>
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <a
                className={link.isButton ? 'button' : undefined}
                href={link.href}
                data-carry-theme={link.isButton ? '' : undefined}
                data-carry-currency={link.isButton ? '' : undefined}
              >
                {link.label}
              </a>
            </li>
          ))}
          {locale === 'en' ? <template data-unless-browser="en">{switchToEnglish}</template> : switchToEnglish}
        </ul>
      </nav>
    </details>
  );
}
