import type { PageContext } from '../page-context.ts';
import { widgetAttributes } from '../islands/Island.tsx';
import { PricingTable, type PricingTableProps } from './PricingTable.tsx';

/** The visitor's likely currency before they choose: dollars for English, euros elsewhere. */
export function defaultCurrency(locale: string): 'usd' | 'eur' {
  return locale === 'en' ? 'usd' : 'eur';
}

/** The three plans, with every price formatted on the server in the page's locale; a small module remembers the currency. */
export function PlanCards({ context, headingLevel }: { context: PageContext; headingLevel: 2 | 3 }) {
  const { t, shared, locale, formatNumber } = context;
  const { plans, currencies } = shared.plans;
  const chosen = defaultCurrency(locale);
  const priceTable = (value: number, plus: boolean) => Object.fromEntries(currencies.map((currency) => [currency.code, `${currency.sign}${formatNumber(value)}${plus ? '+' : ''}`])) as Record<'eur' | 'usd' | 'gbp', string>;
  const props: PricingTableProps = {
    headingLevel,
    defaultCurrency: chosen,
    signupUrl: shared.links.signup,
    strings: {
      billingPeriod: t('pricing.billing_period'),
      monthly: t('pricing.monthly_billing'),
      yearly: t('pricing.yearly_billing'),
      currency: t('pricing.currency'),
      perMonth: t('pricing.per_month'),
      startingAt: t('pricing.starting_at'),
      dependingOnUsage: t('pricing.depending_on_usage'),
    },
    currencies: currencies.map((currency) => ({ code: currency.code, sign: currency.sign, name: t(`pricing.currency_${currency.code}`) })),
    plans: plans.map((plan, index) => {
      const more = plan.orMore ? '+' : '';
      return {
        id: plan.id,
        title: t(`pricing.plans.${plan.id}.title`),
        description: t(`pricing.plans.${plan.id}.description`),
        featured: plan.id === 'business',
        startingAt: plan.startingAt,
        prices: { monthly: priceTable(plan.monthly, plan.startingAt), yearly: priceTable(plan.yearly, plan.startingAt) },
        billedYearly: plan.startingAt
          ? null
          : (Object.fromEntries(currencies.map((currency) => [currency.code, t('pricing.billed_yearly', `${currency.sign}${formatNumber(plan.yearly * 12)}`)])) as Record<'eur' | 'usd' | 'gbp', string>),
        includes: index > 0 ? t(`pricing.everything_from_${plans[index - 1]!.id}`) : null,
        features: [
          t('pricing.features.datapoints', `${formatNumber(plan.datapoints)}${more}`),
          t(plan.users === 1 ? 'pricing.features.user' : 'pricing.features.users', `${formatNumber(plan.users)}${more}`),
          t('pricing.features.websites', `${formatNumber(plan.websites)}${more}`),
          ...plan.features.map((feature) => t(`pricing.features.${feature}`)),
        ],
        action: plan.id === 'enterprise' ? { kind: 'contact', label: t('pricing.contact_us'), href: shared.links.contact } : { kind: 'buy', label: t('pricing.buy', t(`pricing.plans.${plan.id}.title`)), href: shared.links.signup },
      };
    }),
  };
  return <PricingTable {...props} widget={widgetAttributes(context, 'pricing', 'visible')} />;
}
