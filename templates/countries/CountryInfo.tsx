import type { CountryInfoProps } from '../browser/widgets/country-info.ts';
import { widgetAttributes } from '../islands/Island.tsx';
import type { PageContext } from '../page-context.ts';

/** The panel under the world map: a hint, replaced by templates/browser/widgets/country-info.ts with the country chosen on the map. */
export function CountryInfo({ context, hint, props }: { context: PageContext; hint: string; props: CountryInfoProps }) {
  return (
    <div
      className="country-info card"
      aria-live="polite"
      {...widgetAttributes(context, 'country-info', 'visible', props, {
        scope: '.world-map',
        actions: 'a,[data-code]',
      })}
    >
      <p>{hint}</p>
    </div>
  );
}
