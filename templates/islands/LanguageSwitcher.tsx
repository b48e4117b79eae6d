import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useDisclosure } from './use-dismiss.ts';

export interface LanguageSwitcherProps {
  current: { code: string; flag: string };
  /** Visually hidden words after the code, e.g. "Language: English. Choose another language". */
  label: string;
  listLabel: string;
  options: Array<{ code: string; iso: string; name: string; flag: string; href: string }>;
}

/** Type-ahead forgets what was typed after this long (spec §9). */
export const TYPEAHEAD_RESET_MS = 350;

/**
 * The other locales as a listbox (arrows, Home/End, Enter, type-ahead), closing on Escape, outside click
 * or focus leaving. Choosing one writes the `locale` cookie (the always-on script, on the link's click)
 * and opens this page in that locale. Without JavaScript it is a <details> list of links.
 */
export function LanguageSwitcher({ current, label, listLabel, options }: LanguageSwitcherProps) {
  const { open, setOpen, details, onToggle } = useDisclosure();
  const [active, setActive] = useState(0);
  const typed = useRef({ text: '', at: 0 });
  const optionRefs = useRef<Array<HTMLAnchorElement | null>>([]);
  useEffect(() => {
    if (open) optionRefs.current[active]?.focus();
  }, [open, active]);

  const move = (index: number) => setActive((index + options.length) % options.length);
  const onListKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') move(active + 1);
    else if (event.key === 'ArrowUp') move(active - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(options.length - 1);
    else if (event.key.length === 1 && /\S/.test(event.key)) {
      const now = Date.now();
      typed.current = { text: (now - typed.current.at > TYPEAHEAD_RESET_MS ? '' : typed.current.text) + event.key.toLowerCase(), at: now };
      const found = options.findIndex((option) => option.name.toLowerCase().startsWith(typed.current.text));
      if (found >= 0) move(found);
    } else return;
    event.preventDefault();
  };
  const onSummaryKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
    setOpen(true);
  };

  return (
    <details className="menu language-switcher" ref={details} open={open} onToggle={onToggle}>
      <summary aria-haspopup="listbox" onKeyDown={onSummaryKey}>
        <img className="flag" src={`/flags/${current.flag}.svg`} width="20" height="14" alt="" loading="lazy" />
        <span className="language-code">{current.code.toUpperCase()}</span>
        <span className="visually-hidden"> {label}</span>
      </summary>
      <ul className="menu-panel" role="listbox" aria-label={listLabel} onKeyDown={onListKey}>
        {options.map((option, index) => (
          <li key={option.code} role="presentation">
            <a
              ref={(element) => {
                optionRefs.current[index] = element;
              }}
              role="option"
              aria-selected={index === active}
              tabIndex={index === active ? 0 : -1}
              href={option.href}
              hrefLang={option.iso}
              lang={option.iso}
              data-locale={option.code}
            >
              <img className="flag" src={`/flags/${option.flag}.svg`} width="20" height="14" alt="" loading="lazy" />
              {option.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
