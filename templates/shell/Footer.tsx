import type { PageContext } from '../page-context.ts';

export function Footer({ context }: { context: PageContext }) {
  const { shell, shared, t, locale } = context;
  const links = shared.links;
  return (
    <footer className="site-footer">
      <section>
        <h2>{t('footer.privacy')}</h2>
        <ul>
          <li>
            <a href={links.whatWeCollect}>What we collect</a>
          </li>
          <li>
            <a href={links.privacyPolicy}>Privacy policy</a>
          </li>
          <li>
            <a href={locale === 'nl' ? links.termsNl : links.terms}>Terms</a>
          </li>
        </ul>
      </section>
      <section>
        <h2>{t('footer.learn')}</h2>
        <ul>
          <li>
            <a href={links.docs}>{t('nav.docs')}</a>
          </li>
          <li>
            <a href={shell.nav.blog}>{t('nav.blog')}</a>
          </li>
          <li>
            <a href={shell.nav.pricing}>{t('nav.pricing')}</a>
          </li>
        </ul>
      </section>
      <section>
        <h2>{t('nav.blog')}</h2>
        {shell.latestPosts.length === 0 ? (
          <p>{t('blog.could_not_connect')}</p>
        ) : (
          <ul>
            {shell.latestPosts.map((post) => (
              <li key={post.href}>
                <a href={post.href}>{post.title}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <a href={links.companyDetails}>{t('footer.company_details')}</a>
      </p>
    </footer>
  );
}
