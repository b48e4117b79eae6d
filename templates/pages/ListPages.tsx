import type { CategorySummary, CountrySummary, PostSummary } from '../../pipeline/plan/page-plan.ts';
import type { PageContext } from '../page-context.ts';
import { PostCard } from '../posts/PostCard.tsx';

export function BlogListPage({ context, posts }: { context: PageContext; posts: PostSummary[] }) {
  return (
    <section className="listing">
      <h1>{context.page.title}</h1>
      <p className="lead">{context.page.description}</p>
      {posts.length === 0 ? (
        <p>{context.t('blog.no_posts')}</p>
      ) : (
        <div className="cards">
          {posts.map((post) => (
            <PostCard key={post.href} post={post} context={context} />
          ))}
        </div>
      )}
    </section>
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

export function GlossaryCategoryPage({ context, category, terms, isKeyTerms }: { context: PageContext; category: CategorySummary; terms: PostSummary[]; isKeyTerms: boolean }) {
  const { t } = context;
  return (
    <section className="listing">
      <p className="pretitle">
        <a href={isKeyTerms ? category.href : context.shell.nav.glossary}>{isKeyTerms ? category.title : t('page.glossary.title')}</a>
      </p>
      <h1>{context.page.title}</h1>
      <p className="lead">{isKeyTerms ? context.page.description : category.description}</p>
      <div className="cards">
        {isKeyTerms ? null : (
          <article className="card">
            <h2>
              <a href={category.keyTermsHref}>{t('page.glossary_category.key_terms')}</a>
            </h2>
            <p>{t('page.glossary_category.key_terms_description', category.title)}</p>
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
  const names = new Intl.DisplayNames([context.localeMeta.iso], { type: 'region' });
  return (
    <section className="listing">
      <h1>{context.page.title}</h1>
      <p className="lead">{context.page.description}</p>
      <ul className="country-list">
        {countries.map((country) => (
          <li key={country.code} data-status={country.status}>
            {country.href ? <a href={country.href}>{names.of(country.code)}</a> : names.of(country.code)}
          </li>
        ))}
      </ul>
    </section>
  );
}
