import type { PageContext } from '../page-context.ts';
import { widgetAttributes } from '../islands/Island.tsx';
import type { NewsletterMessages } from '../browser/widgets/newsletter.ts';

/**
 * The privacy newsletter sign-up: a form that posts natively, checked and sent by
 * templates/browser/widgets/newsletter.ts once it scrolls into view. Both boxes start unticked:
 * consent is given, never assumed.
 */
export function NewsletterForm({ context, id }: { context: PageContext; id: string }) {
  const { t, shared } = context;
  const messages: NewsletterMessages = {
    noEmail: t('newsletter.no_email'),
    invalidEmail: t('newsletter.invalid_email'),
    selectOne: t('newsletter.select_one'),
    thankYou: t('newsletter.thank_you'),
    general: t('error.general'),
  };
  return (
    <form
      className="newsletter card"
      method="post"
      action={shared.newsletterEndpoint}
      aria-labelledby={`${id}-title`}
      {...widgetAttributes(context, 'newsletter', 'visible', messages)}
    >
      <h2 id={`${id}-title`}>{t('newsletter.title')}</h2>
      <p>{t('newsletter.text')}</p>
      <div className="newsletter-fields">
        <label htmlFor={`${id}-email`}>{t('newsletter.email')}</label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder={t('newsletter.placeholder')}
          required
        />
        <fieldset>
          <legend className="visually-hidden">{t('newsletter.what')}</legend>
          <label>
            <input type="checkbox" name="type" value="newsletter" /> {t('newsletter.newsletter')}
          </label>
          <label>
            <input type="checkbox" name="type" value="notify" /> {t('newsletter.notify')}
          </label>
        </fieldset>
      </div>
      <p className="form-message" role="status" aria-live="polite" />
      <button className="button" type="submit">
        {t('newsletter.subscribe')}
      </button>
    </form>
  );
}
