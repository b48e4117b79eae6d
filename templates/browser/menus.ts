/** Type-ahead in the language listbox forgets what was typed after this long (spec §9). */
export const TYPEAHEAD_RESET_MS = 350;

/**
 * The header's <details> menus (resources, languages, mobile): they work as plain disclosures without
 * JavaScript; this closes them on Escape (focus back on the button), on a click outside and when focus
 * leaves them, the spec's rule for every popover and listbox.
 */
export function startMenus(): void {
  const menus = [...document.querySelectorAll<HTMLDetailsElement>('details[data-widget]')];
  if (menus.length === 0) return;
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const menu of menus) {
      if (!menu.open) continue;
      event.preventDefault();
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
  document.addEventListener('pointerdown', (event) => {
    for (const menu of menus) if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
  });
  for (const menu of menus) {
    menu.addEventListener('focusout', (event) => {
      const next = event.relatedTarget as Node | null;
      if (menu.open && next && !menu.contains(next)) menu.open = false;
    });
    menu.dataset.ready = '';
  }
  const languages = document.querySelector<HTMLDetailsElement>('details[data-widget="language-switcher"]');
  if (languages) startListbox(languages);
  const english = document.querySelector<HTMLTemplateElement>('template[data-unless-browser]');
  // "Switch to English" on an English page: only when the browser's language is another one.
  if (english && (navigator.language || '').slice(0, 2).toLowerCase() !== english.dataset.unlessBrowser)
    english.replaceWith(english.content);
}

/**
 * The language list as a listbox: one option in the tab order (roving tabindex), arrows (wrapping),
 * Home/End, type-ahead; ArrowDown/ArrowUp on the closed button open it on the first/last option.
 * Enter follows the focused option's link.
 */
function startListbox(details: HTMLDetailsElement): void {
  const options = [...details.querySelectorAll<HTMLAnchorElement>('[role="option"]')];
  const summary = details.querySelector('summary')!;
  let active = 0;
  let typed = { text: '', at: 0 };
  const select = (index: number, focus: boolean) => {
    active = (index + options.length) % options.length;
    options.forEach((option, position) => {
      option.tabIndex = position === active ? 0 : -1;
      option.setAttribute('aria-selected', String(position === active));
    });
    if (focus) options[active]!.focus();
  };
  select(0, false);
  details.addEventListener('toggle', () => {
    if (details.open) options[active]!.focus();
  });
  summary.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    select(event.key === 'ArrowDown' ? 0 : options.length - 1, details.open);
    details.open = true;
  });
  details.querySelector('[role="listbox"]')!.addEventListener('keydown', (event) => {
    const { key } = event as KeyboardEvent;
    if (key === 'ArrowDown') select(active + 1, true);
    else if (key === 'ArrowUp') select(active - 1, true);
    else if (key === 'Home') select(0, true);
    else if (key === 'End') select(options.length - 1, true);
    else if (key.length === 1 && /\S/.test(key)) {
      const now = Date.now();
      typed = { text: (now - typed.at > TYPEAHEAD_RESET_MS ? '' : typed.text) + key.toLowerCase(), at: now };
      const found = options.findIndex((option) =>
        (option.textContent ?? '').trim().toLowerCase().startsWith(typed.text),
      );
      if (found >= 0) select(found, true);
    } else return;
    event.preventDefault();
  });
}
