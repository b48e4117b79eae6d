import type { ReactElement } from 'react';
import type { IslandName } from '../../pipeline/emit/bundle-client.ts';
import type { PageContext } from '../page-context.ts';

/** When a widget's module loads: on first interaction with it, when it scrolls into view, or when the browser is idle. */
export type IslandWhen = 'interaction' | 'visible' | 'idle';

/**
 * Where a widget's module listens, when that is more than the buttons in the widget's own element: the
 * always-on script holds the clicks on `actions` in `scope` (selectors) until the module has loaded, then
 * replays them (issue 29).
 */
export interface WidgetListens {
  scope: string;
  actions: string;
}

/**
 * The attributes that make an element a widget with a module of its own: the always-on script loads
 * `data-src` when `data-when` says and hands it the element and `data-props` (JSON, escaped by React
 * like every attribute).
 */
export function widgetAttributes(
  context: PageContext,
  name: IslandName,
  when: IslandWhen,
  props?: object,
  listens?: WidgetListens,
) {
  return {
    'data-widget': name,
    'data-when': when,
    'data-src': context.shared.assets.islands[name],
    ...(props === undefined ? {} : { 'data-props': JSON.stringify(props) }),
    ...(listens === undefined ? {} : { 'data-scope': listens.scope, 'data-actions': listens.actions }),
  };
}

/**
 * A React island: rendered on the server like everything else (so it shows without JavaScript), then
 * hydrated by its own bundle, React included, when `when` says. Only widgets with real state are
 * islands (the UTM generator, the email-reports demo); the others are plain markup plus a few lines of
 * templates/browser/.
 */
export function Island<P extends object>({
  context,
  name,
  when,
  props,
  children,
  className,
}: {
  context: PageContext;
  name: IslandName;
  when: IslandWhen;
  props: P;
  children: (props: P) => ReactElement;
  className?: string;
}) {
  const json = JSON.stringify(props);
  const html = context.fragments.island(`${name}:${json}`, () => children(props));
  return (
    <div
      className={className ? `island ${className}` : 'island'}
      {...widgetAttributes(context, name, when)}
      data-props={json}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
