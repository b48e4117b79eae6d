import type { CategorySummary, CountrySummary, Pagination, PostSummary } from '../../pipeline/plan/page-plan.ts';
import type { PageContext } from '../page-context.ts';
import { formatWordAfterColon } from '../../pipeline/locale-format.ts';
import { WorldMap } from '../countries/WorldMap.tsx';
import { CountryInfo } from '../countries/CountryInfo.tsx';
import type { CountryInfoProps } from '../browser/widgets/country-info.ts';
import { NewsletterForm } from '../posts/NewsletterForm.tsx';
import { PostCard } from '../posts/PostCard.tsx';

export function BlogListPage({
  context,
  posts,
  pagination,
}: {
  context: PageContext;
  posts: PostSummary[];
  pagination: Pagination;
}) {
  const [first, ...rest] = posts;
  return (
    <section className="listing">
      <h1>
        {pagination.page === 1
          ? context.t('blog.heading')
          : context.t('blog.page_title', context.t('blog.heading'), pagination.page)}
      </h1>
      <p className="lead">{context.page.description}</p>
      {first === undefined ? (
        <p>{context.t('blog.no_posts')}</p>
      ) : (
        <div className="cards">
          <PostCard post={first} context={context} eager />
          <NewsletterForm context={context} id="newsletter" />
          {rest.map((post) => (
            <PostCard key={post.href} post={post} context={context} />
          ))}
        </div>
      )}
      {pagination.count > 1 ? <Pager context={context} pagination={pagination} /> : null}
    </section>
  );
}

function Pager({ context, pagination }: { context: PageContext; pagination: Pagination }) {
  const { t } = context;
  return (
    <nav className="pager" aria-label={t('blog.pagination')}>
      {pagination.previous ? (
        <a href={pagination.previous} rel="prev">
          {t('blog.newer_posts')}
        </a>
      ) : (
        <span />
      )}
      <span>{t('blog.page_of', pagination.page, pagination.count)}</span>
      {pagination.next ? (
        <a href={pagination.next} rel="next">
          {t('blog.older_posts')}
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

export function GlossaryOverviewPage({ context, categories }: { context: PageContext; categories: CategorySummary[] }) {
  return (
    <section className="listing">
      <h1>{context.page.title}</h1>
      <p className="lead">{context.page.description}</p>
      <ul className="cards">
        {categories.map((category) => (
          <li key={category.category} className="card">
            <h2>
              <a href={category.href}>{category.title}</a>
            </h2>
            <p>{category.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function GlossaryCategoryPage({
  context,
  category,
  terms,
  isKeyTerms,
}: {
  context: PageContext;
  category: CategorySummary;
  terms: PostSummary[];
  isKeyTerms: boolean;
}) {
  const { t } = context;
  return (
    <section className="listing">
      <p className="pretitle">
        <a href={isKeyTerms ? category.href : context.shell.nav.glossary}>
          {isKeyTerms ? category.title : t('page.glossary.title')}
        </a>
      </p>
      <h1>{context.page.title}</h1>
      <p className="lead">{isKeyTerms ? context.page.description : category.description}</p>
      <div className="cards">
        {isKeyTerms ? null : (
          <article className="card">
            <h2>
              <a href={category.keyTermsHref}>{t('page.glossary_category.key_terms')}</a>
            </h2>
            <p>{category.keyTermsDescription}</p>
          </article>
        )}
        {terms.map((term) => (
          <PostCard key={term.href} post={term} context={context} />
        ))}
      </div>
    </section>
  );
}

export function CountriesPage({ context, countries }: { context: PageContext; countries: CountrySummary[] }) {
  const { t } = context;
  const displayNames = new Intl.DisplayNames([context.localeMeta.iso], { type: 'region' });
  const names = Object.fromEntries(
    context.shared.worldMap.countries.map((country) => [country.code, displayNames.of(country.code) ?? country.code]),
  );
  const nameOf = (code: string) => names[code] ?? displayNames.of(code) ?? code;
  const sorted = [...countries].sort((a, b) => nameOf(a.code).localeCompare(nameOf(b.code), context.localeMeta.iso));
  const researched = new Map(countries.map((country) => [country.code, country]));
  const countryInfo: CountryInfoProps = {
    readMore: t('countries.read_more'),
    statusLabels: {
      forbidden: t('countries.status.forbidden'),
      legal: t('countries.status.legal'),
      pending: t('countries.status.pending'),
      unknown: t('countries.status.unknown'),
    },
    countries: Object.fromEntries(
      context.shared.worldMap.countries
        .filter((country) => country.code !== '')
        .map((country) => {
          const known = researched.get(country.code);
          return [
            country.code,
            {
              name: nameOf(country.code),
              ...(known && known.status !== 'unknown' ? { status: known.status } : {}),
              ...(known?.href ? { href: known.href } : {}),
            },
          ];
        }),
    ),
  };
  const labels = {
    title: t('countries.map_title'),
    europe: t('countries.europe_inset'),
    countryStatus: t('countries.country_status'),
    // The statuses follow the colon of "{0}: {1}", so they are written as the language writes a word there.
    forbidden: formatWordAfterColon(t('countries.status.forbidden'), context.locale),
    legal: formatWordAfterColon(t('countries.status.legal'), context.locale),
    pending: formatWordAfterColon(t('countries.status.pending'), context.locale),
    unknown: formatWordAfterColon(t('countries.status.unknown'), context.locale),
  };
  return (
    <section className="listing">
      <h1>{context.page.title}</h1>
      <p className="lead">{context.page.description}</p>
      <WorldMap map={context.shared.worldMap} countries={countries} names={names} labels={labels} />
      <CountryInfo context={context} hint={t('countries.click_a_country')} props={countryInfo} />
      <h2>{t('countries.list_title')}</h2>
      <ul className="country-list">
        {sorted.map((country) => (
          <li key={country.code} className={`status-${country.status}`}>
            <span className="dot" aria-hidden="true" />
            {country.href ? <a href={country.href}>{nameOf(country.code)}</a> : nameOf(country.code)}
            <span className="status-label"> · {labels[country.status]}</span>
            {/* The name is in the page's language, the page it links to is not: the item says so. */}
            {country.href && country.isEnglishOnly ? (
              <span className="language-label">{t('list.in_english')}</span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
