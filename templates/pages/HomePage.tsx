import type { PostSummary } from '../../pipeline/plan/page-plan.ts';
import type { PageContext } from '../page-context.ts';
import { PostCard } from '../posts/PostCard.tsx';
import { DashboardPreview } from '../home/DashboardPreview.tsx';
import { EmailReportsDemo } from '../home/EmailReportsDemo.tsx';
import { PlanCards } from '../pricing/PlanCards.tsx';

const REASONS = ['no_cookies', 'no_personal_data', 'eu', 'own_data', 'open'] as const;
const FEATURES = ['visitors', 'pages', 'sources', 'countries', 'events', 'conversions'] as const;
const CONNECT = ['import', 'export', 'api', 'integrations'] as const;
const MOBILE = ['widgets', 'alerts', 'ignore', 'dark'] as const;
const VOICES = ['publisher', 'agency', 'government'] as const;

export function HomePage({ context, latestPosts }: { context: PageContext; latestPosts: PostSummary[] }) {
  const { t, shared, shell } = context;
  return (
    <>
      <section className="hero with-visual">
        <div className="hero-text">
          <p className="eyebrow">{t('home.eyebrow')}</p>
          <h1>{context.page.title}</h1>
          <p className="lead">{t('page.index.lead')}</p>
          <p className="actions">
            <a className="button large" href={shared.links.signup} data-carry-theme="" data-carry-currency="">
              {t('home.start_trial', shared.plans.trialDays)}
            </a>
            <a className="button secondary large" href={shared.links.liveDemo}>
              {t('home.live_demo')}
            </a>
          </p>
          <p className="fine-print">{t('home.no_credit_card')}</p>
        </div>
        <DashboardPreview context={context} posts={latestPosts} />
      </section>

      <section className="section" id="reasons" aria-labelledby="reasons-title">
        <h2 id="reasons-title">{t('home.reasons.title')}</h2>
        <ul className="grid three">
          {REASONS.map((reason) => (
            <li key={reason} className="card">
              <h3>{t(`home.reasons.${reason}.title`)}</h3>
              <p>{t(`home.reasons.${reason}.text`)}</p>
            </li>
          ))}
        </ul>
        <p>
          <a href={shared.links.whatWeCollect}>{t('home.reasons.what_we_collect')}</a>
        </p>
      </section>

      <section className="section" id="features" aria-labelledby="features-title">
        <h2 id="features-title">{t('home.features.title')}</h2>
        <p className="lead">{t('home.features.lead')}</p>
        <ul className="grid three">
          {FEATURES.map((feature) => (
            <li key={feature} className="card">
              <h3>{t(`home.features.${feature}.title`)}</h3>
              <p>{t(`home.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section split" aria-labelledby="events-title">
        <div>
          <h2 id="events-title">{t('home.events.title')}</h2>
          <p>{t('home.events.text')}</p>
        </div>
        <ul className="checklist">
          <li>{t('home.events.downloads')}</li>
          <li>{t('home.events.outbound')}</li>
          <li>{t('home.events.email')}</li>
        </ul>
      </section>

      <section className="section" aria-labelledby="reports-title">
        <h2 id="reports-title">{t('home.reports.title')}</h2>
        <p className="lead">{t('home.reports.text')}</p>
        <EmailReportsDemo context={context} />
      </section>

      <section className="section split" aria-labelledby="mobile-title">
        <div>
          <h2 id="mobile-title">{t('home.mobile.title')}</h2>
          <p>{t('home.mobile.text')}</p>
        </div>
        <ul className="checklist">
          {MOBILE.map((point) => (
            <li key={point}>{t(`home.mobile.${point}`)}</li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="connect-title">
        <h2 id="connect-title">{t('home.connect.title')}</h2>
        <ul className="grid two">
          {CONNECT.map((item) => (
            <li key={item} className="card">
              <h3>{t(`home.connect.${item}.title`)}</h3>
              <p>{t(`home.connect.${item}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="voices-title">
        <h2 id="voices-title">{t('home.voices.title')}</h2>
        <ul className="grid three">
          {VOICES.map((voice) => (
            <li key={voice} className="card voice">
              <p>{t(`home.voices.${voice}.text`)}</p>
              <p className="meta">{t(`home.voices.${voice}.who`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="pricing-title">
        <h2 id="pricing-title">{t('home.pricing.title')}</h2>
        <p className="lead">{t('home.pricing.text', shared.plans.trialDays)}</p>
        <PlanCards context={context} headingLevel={3} />
        <p>
          <a href={shell.nav.pricing}>{t('home.pricing.more')}</a>
        </p>
      </section>

      <section className="section trust" aria-labelledby="trust-title">
        <h2 id="trust-title">{t('home.trust.title')}</h2>
        <p>{t('home.trust.text')}</p>
        {shared.customers.length > 0 && (
          <>
            <p className="customers-label" id="customers-label">
              {t('home.trust.customers')}
            </p>
            {/* Names set in type, not logo artwork; proper nouns, so no translation tool rewrites them. */}
            <ul className="customers" aria-labelledby="customers-label">
              {shared.customers.map((customer) => (
                <li key={customer.url}>
                  <a href={customer.url} rel="noopener" translate="no">
                    {customer.name}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section className="section" aria-labelledby="latest-title">
        <h2 id="latest-title">{t('nav.recent_posts')}</h2>
        {latestPosts.length === 0 ? (
          <p>{t('blog.no_posts')}</p>
        ) : (
          <div className="cards">
            {latestPosts.map((post) => (
              <PostCard key={post.href} post={post} context={context} headingLevel={3} />
            ))}
          </div>
        )}
        <p>
          <a href={shell.nav.blog}>{t('nav.view_all_posts')}</a>
        </p>
      </section>
    </>
  );
}
