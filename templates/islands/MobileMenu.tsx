import { useEffect, useState } from 'react';
import { useDisclosure } from './use-dismiss.ts';

export interface MobileMenuProps {
  label: string;
  navLabel: string;
  links: Array<{ href: string; label: string; isButton: boolean }>;
  locale: string;
  english: { href: string; label: string };
}

/**
 * The slide-in menu for small screens. "Switch to English" shows when the page is not English, or (known
 * only in the browser) when the browser's language differs from the page's.
 */
export function MobileMenu({ label, navLabel, links, locale, english }: MobileMenuProps) {
  const { open, details, onToggle } = useDisclosure();
  const [browserDiffers, setBrowserDiffers] = useState(false);
  useEffect(() => setBrowserDiffers((navigator.language || '').slice(0, 2).toLowerCase() !== locale), [locale]);
  const showEnglish = locale !== 'en' || browserDiffers;
  return (
    <details className="mobile-menu" ref={details} open={open} onToggle={onToggle}>
      <summary aria-label={label}>
        <span className="burger" aria-hidden="true" />
      </summary>
      <nav className="mobile-panel" aria-label={navLabel}>
        <ul>
          {links.map((link) => (
            <li key={link.href}>
              <a className={link.isButton ? 'button' : undefined} href={link.href}>
                {link.label}
              </a>
            </li>
          ))}
          {showEnglish ? (
            <li>
              <a href={english.href} hrefLang="en-US" lang="en-US" data-locale="en">
                {english.label}
              </a>
            </li>
          ) : null}
        </ul>
      </nav>
    </details>
  );
}
