import type { PageContext } from '../page-context.ts';
import { Island } from '../islands/Island.tsx';
import { NewsletterForm as Form, type NewsletterProps } from '../islands/NewsletterForm.tsx';

/** The privacy newsletter sign-up, as an island that wakes when it scrolls into view. */
export function NewsletterForm({ context, id }: { context: PageContext; id: string }) {
  const { t, shared } = context;
  const props: NewsletterProps = {
    id,
    endpoint: shared.newsletterEndpoint,
    strings: {
      title: t('newsletter.title'),
      text: t('newsletter.text'),
      email: t('newsletter.email'),
      placeholder: t('newsletter.placeholder'),
      what: t('newsletter.what'),
      newsletter: t('newsletter.newsletter'),
      notify: t('newsletter.notify'),
      subscribe: t('newsletter.subscribe'),
      noEmail: t('newsletter.no_email'),
      invalidEmail: t('newsletter.invalid_email'),
      selectOne: t('newsletter.select_one'),
      thankYou: t('newsletter.thank_you'),
      general: t('error.general'),
    },
  };
  return (
    <Island context={context} name="newsletter" when="visible" props={props}>
      {(islandProps) => <Form {...islandProps} />}
    </Island>
  );
}
