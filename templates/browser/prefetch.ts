interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetches a same-site page when a link is hovered or focused, except on Save-Data or 2G connections. */
export function startPrefetch(): void {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? '')) return;
  const done = new Set<string>([location.pathname]);
  const prefetch = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a');
    if (!link) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || done.has(url.pathname) || /\.(xml|png|svg|jpe?g|webp)$/.test(url.pathname))
      return;
    done.add(url.pathname);
    const hint = document.createElement('link');
    hint.rel = 'prefetch';
    hint.href = url.pathname;
    document.head.append(hint);
  };
  document.addEventListener('pointerover', prefetch, { passive: true });
  document.addEventListener('focusin', prefetch);
}
