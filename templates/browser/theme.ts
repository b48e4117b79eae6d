import { readCookie, writeCookie } from './cookies.ts';

type Theme = 'dark' | 'light';
const root = document.documentElement;
const system = window.matchMedia('(prefers-color-scheme: dark)');

function current(): Theme {
  if (root.classList.contains('dark')) return 'dark';
  if (root.classList.contains('light')) return 'light';
  return system.matches ? 'dark' : 'light';
}

function apply(theme: Theme): void {
  root.classList.remove('dark', 'light');
  root.classList.add(theme);
  writeCookie('theme', theme, 365);
  document.dispatchEvent(new Event('sitegen:theme'));
}

/** The theme toggle, and following live changes of the system setting (they win, as a fresh choice). */
export function startTheme(): void {
  // The inline head script already applied a saved choice before first paint.
  if (!readCookie('theme')) root.classList.add(current());
  system.addEventListener('change', () => apply(system.matches ? 'dark' : 'light'));
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-widget="theme-toggle"]')) {
    button.hidden = false;
    button.setAttribute('aria-pressed', String(current() === 'dark'));
    button.addEventListener('click', () => {
      apply(current() === 'dark' ? 'light' : 'dark');
      button.setAttribute('aria-pressed', String(current() === 'dark'));
    });
  }
}

export function isDark(): boolean {
  return current() === 'dark';
}
