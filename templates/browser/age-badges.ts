import { formatAge as formatAgeIn } from '../../pipeline/locale-format.ts';

/** The locale the ages are written in (its BCP 47 tag): Intl.RelativeTimeFormat knows the words and plural forms. */
export interface AgeLabels {
  locale: string;
}

/** A post's age in the page's language ("vor 3 Tagen", "il y a 2 semaines"), or undefined when it is 11 weeks or older. */
export function formatAge(publishedMs: number, nowMs: number, labels: AgeLabels): string | undefined {
  return formatAgeIn(labels.locale, publishedMs, nowMs);
}

/** Fills the relative-age badges in the browser, so a static page never shows a stale age. */
export function startAgeBadges(): void {
  const locale = document.body.dataset.ageLocale;
  if (!locale) return;
  const now = Date.now();
  // React islands render their own badges: the DOM they hydrate must be the server's, untouched.
  for (const badge of document.querySelectorAll<HTMLElement>('.age[data-published]')) {
    if (badge.closest('.island')) continue;
    const label = formatAge(Date.parse(badge.dataset.published!), now, { locale });
    if (label === undefined) continue;
    const text = document.createElement('span');
    text.className = 'age-badge';
    text.textContent = label;
    badge.append(text);
  }
}
