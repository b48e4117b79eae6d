import { useEffect, type RefObject } from 'react';

/**
 * Closes a popup on Escape (focus back to its trigger), on a click outside it, and when focus leaves
 * it: the spec's rule for every popover and listbox.
 */
export function useDismiss(container: RefObject<HTMLElement | null>, isOpen: boolean, close: (returnFocus: boolean) => void): void {
  useEffect(() => {
    if (!isOpen) return;
    const element = container.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!element.contains(event.target as Node)) close(false);
    };
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !element.contains(next)) close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    element.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [container, isOpen, close]);
}
