import type { PostSummary } from '../../pipeline/plan/page-plan.ts';
import type { PageContext } from '../page-context.ts';
import { PostCard } from '../posts/PostCard.tsx';

export function HomePage({ context, latestPosts }: { context: PageContext; latestPosts: PostSummary[] }) {
  const { t, shared } = context;
  return (
    <>
      <section className="hero">
        <h1>{context.page.title}</h1>
        <p className="lead">{t('page.index.lead')}</p>
        <p>
          <a className="button" href={shared.links.signup}>
            {t('nav.signup')}
          </a>
        </p>
      </section>
      <section className="listing">
        <h2>{t('nav.blog')}</h2>
        <div className="cards">
          {latestPosts.map((post) => (
            <PostCard key={post.href} post={post} context={context} />
          ))}
        </div>
      </section>
    </>
  );
}

export function TitledPage({ context }: { context: PageContext }) {
  return (
    <section className="listing">
      <h1>{context.page.title}</h1>
      <p className="lead">{context.page.description}</p>
    </section>
  );
}

export function NotFoundPage({ context }: { context: PageContext }) {
  const { t } = context;
  return (
    <section className="listing">
      <h1>{t('page.not_found.title')}</h1>
      <p>
        {t('page.not_found.text', '')}
        <code data-path="">{''}</code>
      </p>
      <p>
        <a href={context.shell.nav.home}>{t('page.not_found.home')}</a>
      </p>
    </section>
  );
}
