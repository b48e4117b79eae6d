/** Wakes each island when its `data-when` says: on first interaction, when visible, or when idle. */
export function startIslands(): void {
  const islands = document.querySelectorAll<HTMLElement>('[data-island]');
  for (const element of islands) {
    const wake = () => void hydrate(element);
    switch (element.dataset.when) {
      case 'visible': {
        const observer = new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            wake();
          }
        }, { rootMargin: '200px' });
        // The wrapper is display: contents (no box of its own): watch what it holds.
        observer.observe(element.firstElementChild ?? element);
        break;
      }
      case 'idle':
        ('requestIdleCallback' in window ? window.requestIdleCallback : (callback: () => void) => window.setTimeout(callback, 200))(wake);
        break;
      default:
        for (const type of ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart']) element.addEventListener(type, wake, { once: true, passive: true });
    }
  }
}

const started = new WeakSet<HTMLElement>();

async function hydrate(element: HTMLElement): Promise<void> {
  if (started.has(element) || !element.dataset.src) return;
  started.add(element);
  const module = (await import(/* @vite-ignore */ element.dataset.src)) as { default: (element: HTMLElement, props: unknown) => void };
  module.default(element, JSON.parse(element.dataset.props ?? '{}'));
  element.dataset.hydrated = '';
}
