import { useCallback, useEffect, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss.ts';

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
  const [open, setOpen] = useState(false);
  const [browserDiffers, setBrowserDiffers] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) details.current?.querySelector('summary')?.focus();
  }, []);
  useDismiss(details, open, close);
  // The native <details> may have been opened by the click that woke this island: adopt its state.
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  useEffect(() => setBrowserDiffers((navigator.language || '').slice(0, 2).toLowerCase() !== locale), [locale]);
  const showEnglish = locale !== 'en' || browserDiffers;
  return (
    <details className="mobile-menu" ref={details} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
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
