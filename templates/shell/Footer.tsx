import type { PageContext } from '../page-context.ts';

/** The footer's content: the same on every page of a locale (rendered once per locale and build). */
export function Footer({ context }: { context: PageContext }) {
  const { shell, shared, t, locale } = context;
  const links = shared.links;
  const [first, ...rest] = shell.latestPosts;
  return (
    <>
      <div className="footer-columns">
        <div>
          <h2>{t('footer.privacy')}</h2>
          <ul>
            <li>
              <a href={links.whatWeCollect}>{t('footer.what_we_collect')}</a>
            </li>
            <li>
              <a href={links.weDontTrackYou}>{t('footer.we_dont_track_you')}</a>
            </li>
            <li>
              <a href={links.privacyPolicy}>{t('footer.privacy_policy')}</a>
            </li>
            <li>
              <a href={links.cookieStatement}>{t('footer.cookie_statement')}</a>
            </li>
            <li>
              <a href={locale === 'nl' ? links.termsNl : links.terms}>{t('footer.terms')}</a>
            </li>
          </ul>
        </div>
        <div>
          <h2>{t('footer.learn')}</h2>
          <ul>
            <li>
              <a href={links.docs}>{t('footer.documentation')}</a>
            </li>
            <li>
              <a href={shell.nav.blog}>{t('nav.blog')}</a>
            </li>
            <li>
              <a href={links.roadmap}>{t('footer.roadmap')}</a>
            </li>
            <li>
              <a href={shell.nav.pricing}>{t('nav.pricing')}</a>
            </li>
            <li>
              <a href={links.status}>{t('footer.status')}</a>
            </li>
            <li>
              <a href={shell.nav.utmGenerator}>{t('page.utm.title')}</a>
            </li>
            <li>
              <a href={shell.nav.video}>{t('page.video.title')}</a>
            </li>
          </ul>
        </div>
        <div>
          <h2>{t('footer.comparisons')}</h2>
          <ul>
            {shell.comparisons.map((comparison) => (
              <li key={comparison.href}>
                <a href={comparison.href}>{t('footer.versus', comparison.product)}</a>
                {comparison.isEnglishOnly ? <span className="language-label">{t('list.in_english')}</span> : null}
              </li>
            ))}
          </ul>
        </div>
        <div className="footer-posts">
          <h2>{t('nav.recent_posts')}</h2>
          {first === undefined ? (
            <p>
              {t('blog.could_not_connect')} <a href={shell.nav.blog}>{t('nav.view_all_posts')}</a>
            </p>
          ) : (
            <ul>
              {[first, ...rest].map((post) => (
                <li key={post.href}>
                  <a href={post.href} lang={post.textLocale === locale ? undefined : context.isoOf(post.textLocale)}>
                    {post.title}
                  </a>
                  {post.textLocale === locale ? null : <span className="language-label">{t('list.in_english')}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {locale === 'en' ? null : <p className="footer-note">{t('footer.mostly_english')}</p>}
      <p className="footer-bottom">
        <span>
          © {shared.product} · {t('footer.made_in_eu')}
        </span>
        <a href={links.companyDetails}>{t('footer.company_details')}</a>
      </p>
    </>
  );
}
