import type { PageContext } from '../page-context.ts';
import { Island } from '../islands/Island.tsx';
import { UTM_FIELDS, UtmGenerator, type UtmGeneratorProps } from '../islands/UtmGenerator.tsx';

export function UtmGeneratorPage({ context }: { context: PageContext }) {
  const { t } = context;
  const props: UtmGeneratorProps = {
    strings: {
      baseUrl: t('utm.base_url'),
      baseUrlPlaceholder: t('utm.base_url_placeholder'),
      generatedUrl: t('utm.generated_url'),
      copy: t('utm.copy'),
      copied: t('utm.copied'),
      missingUrl: t('utm.missing_url'),
      invalidUrl: t('utm.invalid_url'),
      needsJavaScript: t('utm.needs_javascript'),
      ...(Object.fromEntries(
        UTM_FIELDS.flatMap((field) => [
          [field, t(`utm.${field}`)],
          [`${field}Placeholder`, t(`utm.${field}_placeholder`)],
        ]),
      ) as Pick<
        UtmGeneratorProps['strings'],
        (typeof UTM_FIELDS)[number] | `${(typeof UTM_FIELDS)[number]}Placeholder`
      >),
    },
  };
  return (
    <section className="listing narrow">
      <h1>{context.page.title}</h1>
      <p className="lead">{t('utm.intro')}</p>
      <Island context={context} name="utm-generator" when="interaction" props={props}>
        {(islandProps) => <UtmGenerator {...islandProps} />}
      </Island>
      <p className="fine-print">{t('utm.privacy')}</p>
    </section>
  );
}

export function VideoPage({ context }: { context: PageContext }) {
  const { t, shared } = context;
  const video = shared.video;
  return (
    <section className="listing narrow">
      <h1>{t('video.heading')}</h1>
      <p className="lead">{context.page.description}</p>
      {/* The video and its only caption track are English: a page in another language says so (issue 27). */}
      {context.locale === 'en' ? null : <p className="language-note">{t('video.in_english')}</p>}
      {/* The captions come from the asset host: a cross-origin <track> loads only in CORS mode, which the
          host answers (Access-Control-Allow-Origin); without crossOrigin the browser refuses the cues. */}
      <video
        className="promo-video"
        controls
        preload="none"
        crossOrigin="anonymous"
        poster={video.poster}
        width={video.width}
        height={video.height}
      >
        <source src={video.webm} type="video/webm" />
        <source src={video.mp4} type="video/mp4" />
        {/* The captions are English: their label names the language in the page's own. */}
        <track
          kind="captions"
          src={video.captions}
          srcLang="en"
          label={context.languageName('en') ?? 'English'}
          default
        />
        <a href={video.mp4}>{t('video.download')}</a>
      </video>
      <p>
        <a className="button" href={shared.links.signup}>
          {t('home.start_trial', shared.plans.trialDays)}
        </a>
      </p>
    </section>
  );
}

export function NotFoundPage({ context }: { context: PageContext }) {
  const { t } = context;
  return (
    <section className="listing narrow not-found">
      <h1>{t('page.not_found.title')}</h1>
      <p>
        {t('page.not_found.text')} <code className="not-found-path" data-fill="path" />
      </p>
      <p>
        <a className="button" href={context.shell.nav.home}>
          {t('page.not_found.home')}
        </a>
      </p>
    </section>
  );
}
