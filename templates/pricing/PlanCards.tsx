import { isCountInWords } from '../../pipeline/locale-format.ts';
import type { PageContext } from '../page-context.ts';
import { widgetAttributes } from '../islands/Island.tsx';
import { PricingTable, type PricingTableProps } from './PricingTable.tsx';

/** The visitor's likely currency before they choose: dollars for English, euros elsewhere. */
export function defaultCurrency(locale: string): 'usd' | 'eur' {
  return locale === 'en' ? 'usd' : 'eur';
}

/** The three plans, with every price formatted on the server in the page's locale; a small module remembers the currency. */
export function PlanCards({ context, headingLevel }: { context: PageContext; headingLevel: 2 | 3 }) {
  const { t, shared, locale, formatAmount, formatCountInWords, formatNumber } = context;
  const { plans, currencies } = shared.plans;
  const chosen = defaultCurrency(locale);
  const plural = new Intl.PluralRules(context.localeMeta.iso);
  // Amounts through Intl in the page's locale ("19 €", "€ 19", "$19"); "starting at" is said in words, never with a "+".
  const priceTable = (value: number) =>
    Object.fromEntries(currencies.map((currency) => [currency.code, formatAmount(value, currency.code)])) as Record<
      'eur' | 'usd' | 'gbp',
      string
    >;
  // "10+" reads as English shorthand: plans without an upper limit say "more than 10" in the page's language.
  const feature = (name: 'datapoints' | 'users' | 'websites', value: number, orMore: boolean) => {
    const inWords = name === 'datapoints' && isCountInWords(value);
    // "More than a million", not "more than 1 million": said in words, as each language does.
    if (inWords && orMore && value === 1_000_000) return t('pricing.features.datapoints_a_million_or_more');
    const key = name === 'users' && plural.select(value) === 'one' ? 'user' : name;
    return t(
      `pricing.features.${key}${inWords ? '_words' : ''}${orMore ? '_or_more' : ''}`,
      inWords ? formatCountInWords(value) : formatNumber(value),
    );
  };
  const props: PricingTableProps = {
    headingLevel,
    defaultCurrency: chosen,
    signupUrl: shared.links.signup,
    strings: {
      billingPeriod: t('pricing.billing_period'),
      monthly: t('pricing.monthly_billing'),
      yearly: t('pricing.yearly_billing'),
      currency: t('pricing.currency'),
      price: t('pricing.price_per_month', '{0}'),
      priceFrom: t('pricing.price_from_per_month', '{0}'),
      dependingOnUsage: t('pricing.depending_on_usage'),
    },
    currencies: currencies.map((currency) => ({
      code: currency.code,
      sign: currency.sign,
      name: t(`pricing.currency_${currency.code}`),
    })),
    plans: plans.map((plan, index) => {
      return {
        id: plan.id,
        title: t(`pricing.plans.${plan.id}.title`),
        description: t(`pricing.plans.${plan.id}.description`),
        featured: plan.id === 'business',
        startingAt: plan.startingAt,
        prices: { monthly: priceTable(plan.monthly), yearly: priceTable(plan.yearly) },
        billedYearly: plan.startingAt
          ? null
          : (Object.fromEntries(
              currencies.map((currency) => [
                currency.code,
                t('pricing.billed_yearly', formatAmount(plan.yearly * 12, currency.code)),
              ]),
            ) as Record<'eur' | 'usd' | 'gbp', string>),
        includes: index > 0 ? t(`pricing.everything_from_${plans[index - 1]!.id}`) : null,
        features: [
          feature('datapoints', plan.datapoints, plan.orMore),
          feature('users', plan.users, plan.orMore),
          feature('websites', plan.websites, plan.orMore),
          ...plan.features.map((feature) => t(`pricing.features.${feature}`)),
        ],
        action:
          plan.id === 'enterprise'
            ? { kind: 'contact', label: t('pricing.contact_us'), href: shared.links.contact }
            : { kind: 'buy', label: t('pricing.buy', t(`pricing.plans.${plan.id}.title`)), href: shared.links.signup },
      };
    }),
  };
  return <PricingTable {...props} widget={widgetAttributes(context, 'pricing', 'visible')} />;
}
