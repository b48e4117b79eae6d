import { useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * The client side of an island: hydrates the server's markup with the same component and props, in
 * place (focus and caret stay), then hands the component what the visitor typed or chose before it woke
 * (issue 29). Settles once that is done, for the always-on script to replay the clicks it held.
 */
export function mountIsland<P extends object>(Component: ComponentType<P>) {
  return (element: HTMLElement, props: P): Promise<void> =>
    new Promise((resolve) => {
      hydrateRoot(
        element,
        <Hydrated
          onHydrated={() => {
            const restoreCaret = keepCaret();
            replayEdits(element);
            // A macrotask later, React has rendered what the replayed edits changed.
            window.setTimeout(() => {
              restoreCaret();
              resolve();
            });
          }}
        >
          <Component {...props} />
        </Hydrated>,
      );
    });
}

/** Its layout effect runs once the tree is hydrated, before any effect of the island can render again. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useLayoutEffect(onHydrated, []);
  return children;
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Tells the island's components about the controls whose value differs from what they rendered (the
 * server's markup kept what the visitor did while the module loaded), as the events a visitor's edit
 * fires. A controlled input's state would otherwise stay at its initial value, and its next render put
 * that back in the field. React notices an edit only when the value differs from the one it last saw
 * (its tracker, set when it hydrated), so the value is first put back through the element's own setter,
 * which React watches, then set again through the prototype's, which it does not.
 */
function replayEdits(root: HTMLElement): void {
  for (const control of root.querySelectorAll<Control>('input, textarea, select')) {
    if (control instanceof HTMLSelectElement) {
      if ([...control.options].some((option) => option.selected !== option.defaultSelected))
        control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (control.type === 'checkbox' || control.type === 'radio') {
      const input = control as HTMLInputElement;
      if (input.checked === input.defaultChecked || (input.type === 'radio' && !input.checked)) continue;
      // Back to what was rendered, then a click: the box is as the visitor left it, and React sees the change.
      input.checked = input.defaultChecked;
      input.click();
    } else if (control.value !== control.defaultValue) {
      const value = control.value;
      control.value = control.defaultValue;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(control, value);
      control.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/**
 * Notes the caret (or selection) of the focused field; the returned function puts it back if the field
 * still holds the same text, for setting a value moves the caret to its end.
 */
function keepCaret(): () => void {
  const field = document.activeElement;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) || field.selectionStart === null)
    return () => undefined;
  const { value, selectionStart, selectionEnd, selectionDirection } = field;
  return () => {
    if (document.activeElement === field && field.value === value)
      field.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
  };
}
