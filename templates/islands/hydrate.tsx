import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** The client side of an island: hydrates the server's markup with the same component and props. */
export function mountIsland<P extends object>(Component: ComponentType<P>) {
  return (element: HTMLElement, props: P): void => {
    hydrateRoot(element, <Component {...props} />);
  };
}
