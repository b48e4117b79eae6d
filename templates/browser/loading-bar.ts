/** The spec's loading bar: starts after 200 ms, fills over 2000 ms, 3 px, jumps to 100 % when the page is done. */
export const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 2000,
  heightPx: 3,
  hideAfterMs: 500,
  resetAfterMs: 400,
} as const;

export function startLoadingBar(): void {
  const bar = document.createElement('div');
  bar.className = 'loading-bar';
  bar.setAttribute('aria-hidden', 'true');
  bar.style.height = `${LOADING_BAR.heightPx}px`;
  document.body.append(bar);
  let timer: number | undefined;

  const begin = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      bar.style.transition = `transform ${LOADING_BAR.durationMs}ms ease-out, opacity 150ms`;
      bar.style.opacity = '1';
      bar.style.transform = 'scaleX(0.9)';
    }, LOADING_BAR.throttleMs);
  };
  const finish = () => {
    window.clearTimeout(timer);
    if (bar.style.opacity !== '1') return;
    bar.style.transition = 'transform 150ms ease-out';
    bar.style.transform = 'scaleX(1)';
    window.setTimeout(() => {
      bar.style.opacity = '0';
      window.setTimeout(() => {
        bar.style.transition = 'none';
        bar.style.transform = 'scaleX(0)';
      }, LOADING_BAR.resetAfterMs);
    }, LOADING_BAR.hideAfterMs);
  };

  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a');
    if (
      !link ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      link.target === '_blank'
    )
      return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || (url.pathname === location.pathname && url.hash)) return;
    begin();
  });
  // A page restored from the back-forward cache, or a navigation that did not happen, is done.
  window.addEventListener('pageshow', finish);
  window.addEventListener('pagehide', finish);
}
