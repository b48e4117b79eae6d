import type { PageContext } from '../page-context.ts';
import { PlanCards } from '../pricing/PlanCards.tsx';
import { FAQ_KEYS, faqAnswer } from '../shell/structured-data.ts';
import { Wrapped } from '../posts/Wrapped.tsx';

export function PricingPage({ context }: { context: PageContext }) {
  const { t, shared } = context;
  return (
    <>
      <section className="hero compact">
        <h1>{t('pricing.heading')}</h1>
        <p className="lead">{t('pricing.lead', shared.plans.trialDays)}</p>
      </section>
      <section className="section" aria-label={t('page.pricing.title')}>
        <PlanCards context={context} headingLevel={2} />
      </section>
      <section className="section faq" aria-labelledby="faq-title">
        <h2 id="faq-title">{t('pricing.faq.title')}</h2>
        {FAQ_KEYS.map((key) => (
          <details key={key}>
            <summary>{t(`pricing.faq.${key}.question`)}</summary>
            <p>{faqAnswer(context, key)}</p>
          </details>
        ))}
        <p>
          <Wrapped text={t('pricing.faq.more_help')} wrap={(inner) => <a href={shared.links.contact}>{inner}</a>} />
        </p>
      </section>
    </>
  );
}
