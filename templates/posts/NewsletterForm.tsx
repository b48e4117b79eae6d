import type { PageContext } from '../page-context.ts';

/** The privacy newsletter sign-up. A plain form that posts without JavaScript; the island adds the spec's checks and a thank-you. */
export function NewsletterForm({ context, id }: { context: PageContext; id: string }) {
  const { t, shared } = context;
  return (
    <form className="newsletter card" method="post" action={shared.newsletterEndpoint} data-widget="newsletter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('newsletter.title')}</h2>
      <p>{t('newsletter.text')}</p>
      <label htmlFor={`${id}-email`}>{t('newsletter.email')}</label>
      <input id={`${id}-email`} name="email" type="email" autoComplete="email" placeholder={t('newsletter.placeholder')} required />
      <fieldset>
        <legend className="visually-hidden">{t('newsletter.what')}</legend>
        <label>
          <input type="checkbox" name="type" value="newsletter" defaultChecked /> {t('newsletter.newsletter')}
        </label>
        <label>
          <input type="checkbox" name="type" value="notify" defaultChecked /> {t('newsletter.notify')}
        </label>
      </fieldset>
      <p className="form-message" role="status" aria-live="polite" />
      <button className="button" type="submit">
        {t('newsletter.subscribe')}
      </button>
    </form>
  );
}
