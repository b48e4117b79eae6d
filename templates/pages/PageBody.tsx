import type { PageData } from '../../pipeline/plan/page-plan.ts';
import type { PageContext } from '../page-context.ts';
import { ArticlePage } from './ArticlePage.tsx';
import { HomePage } from './HomePage.tsx';
import { BlogListPage, CountriesPage, GlossaryCategoryPage, GlossaryOverviewPage } from './ListPages.tsx';
import { PricingPage } from './PricingPage.tsx';
import { NotFoundPage, UtmGeneratorPage, VideoPage } from './SimplePages.tsx';

/** The template of each page type; the switch is exhaustive, so a page type without a template does not compile. */
export function PageBody({ context, data }: { context: PageContext; data: PageData }) {
  switch (data.template) {
    case 'home':
      return <HomePage context={context} latestPosts={data.latestPosts} />;
    case 'pricing':
      return <PricingPage context={context} />;
    case 'blog-list':
      return <BlogListPage context={context} posts={data.posts} pagination={data.pagination} />;
    case 'article':
      return <ArticlePage context={context} article={data.article} />;
    case 'glossary-overview':
      return <GlossaryOverviewPage context={context} categories={data.categories} />;
    case 'glossary-category':
      return <GlossaryCategoryPage context={context} category={data.category} terms={data.terms} isKeyTerms={false} />;
    case 'key-terms':
      return <GlossaryCategoryPage context={context} category={data.category} terms={data.terms} isKeyTerms />;
    case 'countries':
      return <CountriesPage context={context} countries={data.countries} />;
    case 'utm-generator':
      return <UtmGeneratorPage context={context} />;
    case 'video':
      return <VideoPage context={context} />;
    case 'not-found':
      return <NotFoundPage context={context} />;
  }
}
