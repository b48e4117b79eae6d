import { useCallback, useEffect, useRef, useState, type RefObject, type SyntheticEvent } from 'react';

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

/**
 * State of a <details> popup: open/closed kept in React, the spec's dismiss rules, and the element's
 * own state adopted on mount (the click that woke the island may have opened it natively already).
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) details.current?.querySelector('summary')?.focus();
  }, []);
  useDismiss(details, open, close);
  useEffect(() => {
    if (details.current?.open) setOpen(true);
  }, []);
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open);
  return { open, setOpen, details, onToggle };
}
