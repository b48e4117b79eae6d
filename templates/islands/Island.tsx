import type { ReactElement } from 'react';
import type { IslandName } from '../../pipeline/emit/bundle-client.ts';
import type { PageContext } from '../page-context.ts';

/** When an island wakes: on first interaction with it, when it scrolls into view, or when the browser is idle. */
export type IslandWhen = 'interaction' | 'visible' | 'idle';

/**
 * An interactive widget: rendered on the server like everything else (so it works and shows without
 * JavaScript), then hydrated by its own small bundle when `when` says. Props travel as JSON in a data
 * attribute, escaped by React like every attribute.
 */
export function Island<P extends object>({
  context,
  name,
  when,
  props,
  children,
  className,
  perPage = false,
}: {
  context: PageContext;
  name: IslandName;
  when: IslandWhen;
  props: P;
  children: (props: P) => ReactElement;
  className?: string;
  /** The props differ on every page (links to this page's translations): render each time, don't keep the HTML. */
  perPage?: boolean;
}) {
  const json = JSON.stringify(props);
  const html = context.fragments.island(perPage ? undefined : `${name}:${json}`, () => children(props));
  return (
    <div
      className={className ? `island ${className}` : 'island'}
      data-island={name}
      data-when={when}
      data-src={context.shared.assets.islands[name]}
      data-props={json}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
