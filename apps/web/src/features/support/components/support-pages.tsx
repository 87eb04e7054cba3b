import { Link, useParams } from '@tanstack/react-router';
import { LEGAL_CATEGORY, LEGAL_PAGES, SUPPORT_CATEGORIES } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton, SkeletonLine } from '../../../components/ui/loading';
import { localeOf } from '../../../lib/dates';
import { type ArticleSummary, useArticles } from '../api/support-api';
import { ArticleLink } from './article-link';
import { SearchForm } from './search-form';
import { ContactOptions, categoryAbout, categoryName, isSupportCategory } from './support-common';

export { ArticlePage } from './article-page';
export { ContactPage } from './contact-page';
export { SearchResultsPage } from './search-results-page';
export { SupportFormsPage } from './support-forms-page';

/**
 * `/support` (issue 21 item 1, wider-portal.md §9; spec §2.1: open): the search, the topics with their first articles,
 * and the ways to reach a person.
 */
export function SupportPage() {
  const intl = useIntl();
  const articles = useArticles(localeOf(intl));
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.support' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'support.home.intro' })}</p>
      <div className="mt-6">
        <SearchForm />
      </div>
      <section aria-labelledby="support-topics" className="mt-10">
        <h2 id="support-topics" className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'support.categories.title' })}
        </h2>
        {articles.isError ? (
          <ErrorNotice
            className="mt-4"
            titleId="support.errors.load.title"
            bodyId="support.errors.load.body"
            onRetry={() => void articles.refetch()}
            isRetrying={articles.isFetching}
          />
        ) : !articles.data ? (
          <p role="status" className="sr-only">
            {intl.formatMessage({ id: 'support.loading' })}
          </p>
        ) : null}
        {/* the topics are known before the articles arrive: each card keeps its place, its articles fill it */}
        <ul className="mt-4 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {SUPPORT_CATEGORIES.map((category) => {
            const own = articles.data?.filter((item) => item.category === category);
            return (
              <li key={category} className={CARD}>
                <h3 className="text-lg font-semibold text-navy-900">
                  <Link to="/support/category/$categoryId" params={{ categoryId: category }} className={TEXT_LINK}>
                    {intl.formatMessage({ id: categoryName(category) })}
                  </Link>
                </h3>
                <p className="mt-1 text-sm text-ink-muted">{intl.formatMessage({ id: categoryAbout(category) })}</p>
                <p className="mt-1 min-h-5 text-sm text-ink-muted">
                  {own ? (
                    intl.formatMessage({ id: 'support.category.articles' }, { count: own.length })
                  ) : (
                    <SkeletonLine className="w-20" />
                  )}
                </p>
                <ul className="mt-3 grid min-h-24 content-start gap-2">
                  {own
                    ? own.slice(0, 3).map((item) => (
                        <li key={item.slug}>
                          <ArticleLink article={item} />
                        </li>
                      ))
                    : [0, 1, 2].map((line) => (
                        <li key={line} aria-hidden="true">
                          <SkeletonLine className={line === 1 ? 'w-40' : 'w-52'} />
                        </li>
                      ))}
                </ul>
              </li>
            );
          })}
        </ul>
      </section>
      <ContactOptions />
    </div>
  );
}

/** `/support/category/$categoryId`: a topic's articles, each with what it answers. */
export function SupportCategoryPage() {
  const intl = useIntl();
  const { categoryId } = useParams({ from: '/support/category/$categoryId' });
  const known = isSupportCategory(categoryId);
  const articles = useArticles(localeOf(intl), known ? categoryId : undefined);
  if (!known) {
    return (
      <div className={PAGE}>
        <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.supportCategory' })}</h1>
        <p className="mt-4 text-ink">{intl.formatMessage({ id: 'support.category.notFound' })}</p>
        <p className="mt-4">
          <Link to="/support" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'pages.support' })}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: categoryName(categoryId) })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: categoryAbout(categoryId) })}</p>
      <ArticlesLoaded query={articles}>{(items) => <ArticleList items={items} />}</ArticlesLoaded>
      <ContactOptions />
    </div>
  );
}

/** `/disclaimers` (wider-portal.md §9): the legal pages, in the order LEGAL_PAGES names them. */
export function DisclaimersPage() {
  const intl = useIntl();
  const articles = useArticles(localeOf(intl), LEGAL_CATEGORY);
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.disclaimers' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'support.disclaimers.intro' })}</p>
      <ArticlesLoaded query={articles}>
        {(items) => (
          <ArticleList items={LEGAL_PAGES.flatMap((slug) => items.find((item) => item.slug === slug) ?? [])} />
        )}
      </ArticlesLoaded>
    </div>
  );
}

function ArticleList({ items }: { items: ArticleSummary[] }) {
  return (
    <ul className="mt-6 grid max-w-3xl gap-4">
      {items.map((item) => (
        <li key={item.slug} className={CARD}>
          <ArticleLink article={item} />
          <p className="mt-1 text-ink-muted" lang={item.lang}>
            {item.summary}
          </p>
        </li>
      ))}
    </ul>
  );
}

function ArticlesLoaded({
  query,
  children,
}: {
  query: ReturnType<typeof useArticles>;
  children: (items: ArticleSummary[]) => React.ReactNode;
}) {
  const intl = useIntl();
  if (query.isError) {
    return (
      <ErrorNotice
        className="mt-4"
        titleId="support.errors.load.title"
        bodyId="support.errors.load.body"
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (!query.data) {
    return (
      <div className="mt-4">
        <ListSkeleton rows={3} label={intl.formatMessage({ id: 'support.loading' })} />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
