import type { ReactNode } from 'react';

type Currency = 'eur' | 'usd' | 'gbp';
type Billing = 'monthly' | 'yearly';

export interface PricingTableProps {
  headingLevel: 2 | 3;
  defaultCurrency: Currency;
  signupUrl: string;
  /** `price` and `priceFrom` hold `{0}` where the amount goes ("{0} per month", "Ab {0} pro Monat"): one message per phrase. */
  strings: {
    billingPeriod: string;
    monthly: string;
    yearly: string;
    currency: string;
    price: string;
    priceFrom: string;
    dependingOnUsage: string;
  };
  currencies: Array<{ code: Currency; sign: string; name: string }>;
  plans: Array<{
    id: string;
    title: string;
    description: string;
    featured: boolean;
    prices: Record<Billing, Record<Currency, string>>;
    billedYearly: Record<Currency, string> | null;
    includes: string | null;
    features: string[];
    startingAt: boolean;
    action: { kind: 'buy' | 'contact'; label: string; href: string };
  }>;
}

/**
 * Plans with monthly/yearly prices (yearly by default) in euro, dollar or pound: every price and buy
 * link is in the markup and CSS shows the ones the radios pick, with or without JavaScript.
 * templates/browser/widgets/pricing.ts picks the first currency and remembers the visitor's choice;
 * the always-on script adds the affiliate slug and theme to the buy links.
 */
export function PricingTable({
  headingLevel,
  defaultCurrency,
  signupUrl,
  strings,
  currencies,
  plans,
  widget,
}: PricingTableProps & { widget: Record<string, string> }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const buyHref = (plan: string, interval: Billing, code: Currency) => {
    const url = new URL(signupUrl);
    url.searchParams.set('plan', plan);
    url.searchParams.set('interval', interval);
    url.searchParams.set('currency', code);
    return url.href;
  };

  return (
    <div className="pricing" {...widget}>
      <div className="pricing-controls">
        <fieldset className="segmented">
          <legend className="visually-hidden">{strings.billingPeriod}</legend>
          <input type="radio" name="billing" id="billing-monthly" value="monthly" />
          <label htmlFor="billing-monthly">{strings.monthly}</label>
          <input type="radio" name="billing" id="billing-yearly" value="yearly" defaultChecked />
          <label htmlFor="billing-yearly">{strings.yearly}</label>
        </fieldset>
        <fieldset className="segmented">
          <legend className="visually-hidden">{strings.currency}</legend>
          {currencies.map((entry) => (
            <span key={entry.code} className="segment">
              <input
                type="radio"
                name="currency"
                id={`currency-${entry.code}`}
                value={entry.code}
                defaultChecked={defaultCurrency === entry.code}
              />
              <label htmlFor={`currency-${entry.code}`}>
                <span aria-hidden="true">{entry.sign}</span>
                <span className="visually-hidden">{entry.name}</span>
              </label>
            </span>
          ))}
        </fieldset>
      </div>
      <ul className="plans">
        {plans.map((plan) => (
          <li key={plan.id} className={plan.featured ? 'plan featured' : 'plan'}>
            <Heading>{plan.title}</Heading>
            <p>{plan.description}</p>
            <PriceLine template={plan.startingAt ? strings.priceFrom : strings.price}>
              {currencies.map((entry) =>
                (['monthly', 'yearly'] as const).map((period) => (
                  <span
                    key={`${entry.code}-${period}`}
                    className="amount"
                    data-currency={entry.code}
                    data-billing={period}
                  >
                    {plan.prices[period][entry.code]}
                  </span>
                )),
              )}
            </PriceLine>
            {plan.billedYearly === null ? (
              <p className="billed">{strings.dependingOnUsage}</p>
            ) : (
              currencies.map((entry) => (
                <p key={entry.code} className="billed" data-currency={entry.code} data-billing="yearly">
                  {plan.billedYearly![entry.code]}
                </p>
              ))
            )}
            {plan.includes ? <p className="includes">{plan.includes}</p> : null}
            <ul className="features">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            {plan.action.kind === 'contact' ? (
              <a className="button secondary" href={plan.action.href}>
                {plan.action.label}
              </a>
            ) : (
              // One link per period and currency; the radios show the matching one, with or without JavaScript.
              currencies.map((entry) =>
                (['monthly', 'yearly'] as const).map((interval) => (
                  <a
                    key={`${entry.code}-${interval}`}
                    className="button buy-link"
                    href={buyHref(plan.id, interval, entry.code)}
                    data-plan={plan.id}
                    data-currency={entry.code}
                    data-billing={interval}
                    data-carry-theme=""
                    data-carry-affiliate=""
                  >
                    {plan.action.label}
                  </a>
                )),
              )
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A price phrase of the locale ("Ab {0} pro Monat") with the amounts where its `{0}` is. */
function PriceLine({ template, children }: { template: string; children: ReactNode }) {
  const [before = '', after = ''] = template.split('{0}');
  return (
    <p className="price">
      {before ? <span className="per">{before}</span> : null}
      {children}
      {after ? <span className="per">{after}</span> : null}
    </p>
  );
}
