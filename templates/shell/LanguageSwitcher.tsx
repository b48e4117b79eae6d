export interface LanguageSwitcherProps {
  current: { code: string; flag: string };
  /** Visually hidden words after the code, e.g. "Language: English. Choose another language". */
  label: string;
  listLabel: string;
  options: Array<{ code: string; iso: string; name: string; flag: string; href: string }>;
}

/**
 * The other locales: without JavaScript a <details> list of links; templates/browser/menus.ts makes it
 * a listbox (arrows, Home/End, Enter, type-ahead) that closes on Escape, outside click or focus
 * leaving. Choosing one writes the `locale` cookie (on the link's click) and opens this page there.
 */
export function LanguageSwitcher({ current, label, listLabel, options }: LanguageSwitcherProps) {
  return (
    <details className="menu language-switcher" data-widget="language-switcher">
      <summary aria-haspopup="listbox">
        <img className="flag" src={`/flags/${current.flag}.svg`} width="20" height="14" alt="" />
        <span className="language-code">{current.code.toUpperCase()}</span>
        <span className="visually-hidden"> {label}</span>
      </summary>
      <ul className="menu-panel" role="listbox" aria-label={listLabel}>
        {options.map((option, index) => (
          <li key={option.code} role="presentation">
            <a
              role="option"
              aria-selected={index === 0}
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
