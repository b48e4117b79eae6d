import type { PageContext } from '../page-context.ts';

const UTM_FIELDS = ['source', 'medium', 'campaign', 'content', 'term'] as const;

export function UtmGeneratorPage({ context }: { context: PageContext }) {
  const { t } = context;
  return (
    <section className="listing narrow">
      <h1>{context.page.title}</h1>
      <p className="lead">{t('utm.intro')}</p>
      <form className="utm-form card" data-widget="utm-generator" action="#generated" method="get">
        <label htmlFor="utm-url">{t('utm.base_url')}</label>
        <input id="utm-url" name="url" type="url" inputMode="url" placeholder={t('utm.base_url_placeholder')} required />
        {UTM_FIELDS.map((field) => (
          <div key={field} className="field">
            <label htmlFor={`utm-${field}`}>{t(`utm.${field}`)}</label>
            <input id={`utm-${field}`} name={`utm_${field}`} type="text" placeholder={t(`utm.${field}_placeholder`)} />
          </div>
        ))}
        <p className="form-message" role="status" aria-live="polite" />
        <label htmlFor="utm-generated">{t('utm.generated_url')}</label>
        <output id="generated" htmlFor="utm-url utm-source utm-medium utm-campaign utm-content utm-term">
          <input id="utm-generated" type="text" readOnly />
        </output>
        <button type="button" className="button" data-copy="utm-generated" disabled>
          {t('utm.copy')}
        </button>
        <noscript>
          <p>{t('utm.needs_javascript')}</p>
        </noscript>
      </form>
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
      <video className="promo-video" controls preload="none" poster={video.poster} width={video.width} height={video.height}>
        <source src={video.webm} type="video/webm" />
        <source src={video.mp4} type="video/mp4" />
        <track kind="captions" src={video.captions} srcLang="en" label="English" default />
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
