/**
 * "Back to top" is a plain link to #top; once the reader is a screen or more down it floats at the
 * bottom of the viewport, and a click scrolls smoothly (unless motion is reduced) without adding #top.
 */
export function startBackToTop(): void {
  const element = document.querySelector<HTMLElement>('[data-widget="back-to-top"]');
  if (!element) return;
  let pending = false;
  const update = () => {
    pending = false;
    element.classList.toggle('floating', window.scrollY > window.innerHeight);
  };
  window.addEventListener(
    'scroll',
    () => {
      if (!pending) requestAnimationFrame(update);
      pending = true;
    },
    { passive: true },
  );
  element.querySelector('a')?.addEventListener('click', (event) => {
    event.preventDefault();
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  });
  element.dataset.ready = '';
}
