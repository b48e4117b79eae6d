import type { PageContext } from '../page-context.ts';

/** The visitor's likely currency before they choose: dollars for English, euros elsewhere. */
export function defaultCurrency(locale: string): 'usd' | 'eur' {
  return locale === 'en' ? 'usd' : 'eur';
}

/**
 * The three plans with monthly and yearly prices in every currency. Radio buttons and CSS switch period
 * and currency without JavaScript (yearly is the default); the pricing island adds memory and links.
 */
export function PlanCards({ context, headingLevel }: { context: PageContext; headingLevel: 2 | 3 }) {
  const { t, shared, locale, formatNumber } = context;
  const { plans, currencies } = shared.plans;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const chosen = defaultCurrency(locale);
  return (
    <div className="pricing" data-widget="pricing">
      <div className="pricing-controls">
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('pricing.billing_period')}</legend>
          <input type="radio" name="billing" id="billing-monthly" value="monthly" />
          <label htmlFor="billing-monthly">{t('pricing.monthly_billing')}</label>
          <input type="radio" name="billing" id="billing-yearly" value="yearly" defaultChecked />
          <label htmlFor="billing-yearly">{t('pricing.yearly_billing')}</label>
        </fieldset>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('pricing.currency')}</legend>
          {currencies.map((currency) => (
            <span key={currency.code} className="segment">
              <input type="radio" name="currency" id={`currency-${currency.code}`} value={currency.code} defaultChecked={currency.code === chosen} />
              <label htmlFor={`currency-${currency.code}`}>
                <span aria-hidden="true">{currency.sign}</span>
                <span className="visually-hidden">{t(`pricing.currency_${currency.code}`)}</span>
              </label>
            </span>
          ))}
        </fieldset>
      </div>
      <ul className="plans">
        {plans.map((plan, index) => {
          const more = plan.orMore ? '+' : '';
          const features = [
            t('pricing.features.datapoints', `${formatNumber(plan.datapoints)}${more}`),
            t(plan.users === 1 ? 'pricing.features.user' : 'pricing.features.users', `${formatNumber(plan.users)}${more}`),
            t('pricing.features.websites', `${formatNumber(plan.websites)}${more}`),
            ...plan.features.map((feature) => t(`pricing.features.${feature}`)),
          ];
          const buyHref = `${shared.links.signup}?plan=${plan.id}&interval=yearly&currency=${chosen}`;
          return (
            <li key={plan.id} className={plan.id === 'business' ? 'plan featured' : 'plan'}>
              <Heading>{t(`pricing.plans.${plan.id}.title`)}</Heading>
              <p>{t(`pricing.plans.${plan.id}.description`)}</p>
              <p className="price">
                {plan.startingAt ? <span className="starting-at">{t('pricing.starting_at')} </span> : null}
                {currencies.map((currency) =>
                  (['monthly', 'yearly'] as const).map((period) => (
                    <span key={`${currency.code}-${period}`} className="amount" data-currency={currency.code} data-billing={period}>
                      {currency.sign}
                      {formatNumber(plan[period])}
                      {plan.startingAt ? '+' : ''}
                    </span>
                  )),
                )}
                <span className="per"> {t('pricing.per_month')}</span>
              </p>
              {plan.startingAt ? (
                <p className="billed">{t('pricing.depending_on_usage')}</p>
              ) : (
                currencies.map((currency) => (
                  <p key={currency.code} className="billed" data-currency={currency.code} data-billing="yearly">
                    {t('pricing.billed_yearly', `${currency.sign}${formatNumber(plan.yearly * 12)}`)}
                  </p>
                ))
              )}
              {index > 0 ? <p className="includes">{t(`pricing.everything_from_${plans[index - 1]!.id}`)}</p> : null}
              <ul className="features">
                {features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              {plan.id === 'enterprise' ? (
                <a className="button secondary" href={shared.links.contact}>
                  {t('pricing.contact_us')}
                </a>
              ) : (
                <a className="button" href={buyHref} data-plan={plan.id} data-carry-theme="">
                  {t('pricing.buy', t(`pricing.plans.${plan.id}.title`))}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
