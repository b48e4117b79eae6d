/**
 * Loads the widgets that have a module of their own (`data-src`: the pricing, newsletter and country
 * panels, and the React islands) when their `data-when` says: on first interaction, when visible, or
 * when idle. The module's default export gets the element and its `data-props`.
 */
export function startIslands(): void {
  const islands = document.querySelectorAll<HTMLElement>('[data-widget][data-src]');
  for (const element of islands) {
    const wake = () => void load(element);
    switch (element.dataset.when) {
      case 'visible': {
        const observer = new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) {
              observer.disconnect();
              wake();
            }
          },
          { rootMargin: '200px' },
        );
        // A React island's wrapper is display: contents (no box of its own): watch what it holds.
        observer.observe(element.classList.contains('island') ? (element.firstElementChild ?? element) : element);
        break;
      }
      case 'idle':
        ('requestIdleCallback' in window
          ? window.requestIdleCallback
          : (callback: () => void) => window.setTimeout(callback, 200))(wake);
        break;
      default:
        for (const type of ['pointerover', 'pointerdown', 'focusin', 'keydown', 'touchstart'])
          element.addEventListener(type, wake, { once: true, passive: true });
    }
  }
}

const started = new WeakSet<HTMLElement>();

async function load(element: HTMLElement): Promise<void> {
  if (started.has(element) || !element.dataset.src) return;
  started.add(element);
  const module = (await import(/* @vite-ignore */ element.dataset.src)) as {
    default: (element: HTMLElement, props: unknown) => void;
  };
  module.default(element, JSON.parse(element.dataset.props ?? '{}'));
  element.dataset.ready = '';
}
