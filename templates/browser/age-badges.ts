const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const WEEK = 7 * DAY;

export interface AgeLabels {
  now: string;
  m: string;
  h: string;
  d: string;
  w: string;
}

/** A post's age as the spec's short label, or undefined when it is 11 weeks or older. */
export function formatAge(publishedMs: number, nowMs: number, labels: AgeLabels): string | undefined {
  const age = nowMs - publishedMs;
  if (!Number.isFinite(age) || age < 0 || age >= 11 * WEEK) return undefined;
  const fill = (template: string, value: number) => template.replace('{0}', String(value));
  if (age > 10 * DAY) return fill(labels.w, Math.floor(age / WEEK));
  if (age < MINUTE) return labels.now;
  if (age < HOUR) return fill(labels.m, Math.floor(age / MINUTE));
  if (age < DAY) return fill(labels.h, Math.floor(age / HOUR));
  return fill(labels.d, Math.floor(age / DAY));
}

/** Fills the relative-age badges in the browser, so a static page never shows a stale age. */
export function startAgeBadges(): void {
  const labels = JSON.parse(document.body.dataset.ageLabels ?? 'null') as AgeLabels | null;
  if (!labels) return;
  const now = Date.now();
  // React islands render their own badges: the DOM they hydrate must be the server's, untouched.
  for (const badge of document.querySelectorAll<HTMLElement>('.age[data-published]')) {
    if (badge.closest('.island')) continue;
    const label = formatAge(Date.parse(badge.dataset.published!), now, labels);
    if (label === undefined) continue;
    const text = document.createElement('span');
    text.className = 'age-badge';
    text.textContent = label;
    badge.append(text);
  }
}
