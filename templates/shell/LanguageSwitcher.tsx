import type { PageContext } from '../page-context.ts';
import { Flag } from './Flag.tsx';

/** The other locales of this page, with flags. A disclosure without JavaScript; the listbox island enhances it. */
export function LanguageSwitcher({ context }: { context: PageContext }) {
  const { page, shared, localeMeta, t } = context;
  return (
    <details className="menu language-switcher" data-widget="language-switcher">
      <summary>
        <Flag country={localeMeta.flag} />
        <span className="language-code">{localeMeta.code.toUpperCase()}</span>
        <span className="visually-hidden"> {t('nav.choose_language', localeMeta.name)}</span>
      </summary>
      <ul className="menu-panel" aria-label={t('nav.languages')}>
        {page.languageLinks.map((link) => {
          const meta = shared.locales.find((candidate) => candidate.code === link.locale)!;
          return (
            <li key={link.locale}>
              <a href={link.href} hrefLang={meta.iso} lang={meta.iso} data-locale={meta.code}>
                <Flag country={meta.flag} />
                {meta.name}
              </a>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
