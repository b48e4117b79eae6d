/**
 * Loads the widgets that have a module of their own (`data-src`: the pricing, newsletter and country
 * panels, and the React islands) when their `data-when` says: on first interaction, when visible, or
 * when idle. The module's default export gets the element and its `data-props`, and may return a promise
 * that settles once the widget has taken over (a React island: hydrated).
 *
 * Nothing a visitor does before then is lost (issue 29). What the browser keeps by itself stays in the
 * DOM, where the modules read it: typed text, ticked boxes, chosen options, focus and caret. What needs
 * the module (a click on a button, a link or the map, a form's submission) is held, and replayed once
 * the widget has taken over; it also wakes the widget. `data-scope` names the region a widget listens to
 * when it is not the widget's own element (the countries map for the panel under it).
 */
export function startIslands(): void {
  const islands = document.querySelectorAll<HTMLElement>('[data-widget][data-src]');
  for (const element of islands) {
    const scope = (element.dataset.scope && document.querySelector<HTMLElement>(element.dataset.scope)) || element;
    const held = holdActions(scope, element.dataset.actions ?? BUTTONS, () => wake());
    const wake = () => void load(element, held);
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
          scope.addEventListener(type, wake, { once: true, passive: true });
    }
  }
}

const BUTTONS = 'button,input[type=submit],input[type=button]';

/**
 * Holds, from now until the returned function is called, the submissions in `scope` and the clicks on
 * what matches `actions` (what only the widget's module answers); calling it stops holding and replays
 * them, in order, once each.
 */
function holdActions(scope: HTMLElement, actions: string, wake: () => void): () => void {
  const held: Array<() => void> = [];
  const hold = (event: Event) => {
    const target = event.target as Element;
    if (event.type === 'click' && !target.closest(actions)) return;
    // Captured at the scope, before anything inside (a React root in the middle of hydrating) answers it.
    event.preventDefault();
    event.stopImmediatePropagation();
    const form = target as HTMLFormElement;
    held.push(
      event.type === 'submit'
        ? () => form.requestSubmit()
        : () => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true })),
    );
    wake();
  };
  scope.addEventListener('click', hold, true);
  scope.addEventListener('submit', hold, true);
  return () => {
    scope.removeEventListener('click', hold, true);
    scope.removeEventListener('submit', hold, true);
    for (const action of held.splice(0)) action();
  };
}

const started = new WeakSet<HTMLElement>();

async function load(element: HTMLElement, replay: () => void): Promise<void> {
  if (started.has(element) || !element.dataset.src) return;
  started.add(element);
  try {
    const module = (await import(/* @vite-ignore */ element.dataset.src)) as {
      default: (element: HTMLElement, props: unknown) => unknown;
    };
    await module.default(element, JSON.parse(element.dataset.props ?? '{}'));
    element.dataset.ready = '';
  } finally {
    // Without its module (a failed download) the held actions do what they do without JavaScript.
    replay();
  }
}
