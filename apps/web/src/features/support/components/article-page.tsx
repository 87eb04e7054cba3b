import { Link, useParams } from '@tanstack/react-router';
import { AppError, LEGAL_CATEGORY } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, NOTICE, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { PanelSkeleton } from '../../../components/ui/loading';
import { formatCalendarDate, localeOf } from '../../../lib/dates';
import { useArticle } from '../api/support-api';
import { ArticleBody } from './article-body';
import { ArticleLink } from './article-link';
import { ContactOptions, categoryName } from './support-common';

/**
 * `/page/$slug` (issue 21 item 1; spec §2.1: open): one article in the page's language, or in the one it is written
 * in, said so; where it came from (its topic, or the legal pages), when it was last reviewed, and others of its topic.
 */
export function ArticlePage() {
  const intl = useIntl();
  const lang = localeOf(intl);
  const { slug } = useParams({ from: '/page/$slug' });
  const article = useArticle(lang, slug);
  if (article.isError) {
    const missing = AppError.is(article.error) && article.error.code === 'NOT_FOUND';
    return (
      <div className={PAGE}>
        <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.information' })}</h1>
        {missing ? (
          <>
            <p className="mt-4 text-ink">{intl.formatMessage({ id: 'support.article.notFound' })}</p>
            <ContactOptions />
          </>
        ) : (
          <ErrorNotice
            className="mt-4"
            titleId="support.errors.load.title"
            bodyId="support.errors.load.body"
            onRetry={() => void article.refetch()}
            isRetrying={article.isFetching}
          />
        )}
      </div>
    );
  }
  if (!article.data) {
    return (
      <div className={PAGE}>
        <PanelSkeleton label={intl.formatMessage({ id: 'support.loading' })} />
      </div>
    );
  }
  const { data } = article;
  const legal = data.category === LEGAL_CATEGORY;
  const foreign = data.lang !== lang;
  return (
    <div className={PAGE}>
      <nav aria-label={intl.formatMessage({ id: 'support.article.breadcrumb' })} className="mb-4 text-sm">
        <ol className="flex flex-wrap gap-2">
          <li>
            {legal ? (
              <Link to="/disclaimers" className={TEXT_LINK}>
                {intl.formatMessage({ id: 'pages.disclaimers' })}
              </Link>
            ) : (
              <Link to="/support" className={TEXT_LINK}>
                {intl.formatMessage({ id: 'pages.support' })}
              </Link>
            )}
          </li>
          {legal ? null : (
            <li className="before:me-2 before:content-['›']">
              <Link to="/support/category/$categoryId" params={{ categoryId: data.category }} className={TEXT_LINK}>
                {intl.formatMessage({ id: categoryName(data.category) })}
              </Link>
            </li>
          )}
        </ol>
      </nav>
      <article className="max-w-3xl" lang={foreign ? data.lang : undefined}>
        <h1 className={PAGE_TITLE}>{data.title}</h1>
        <p className="mt-2 text-sm text-ink-muted" lang={lang}>
          {intl.formatMessage({ id: 'support.article.updated' }, { date: formatCalendarDate(intl, data.updated) })}
        </p>
        {foreign ? (
          <p className={`${NOTICE} mt-4`} lang={lang}>
            {intl.formatMessage({ id: 'support.article.englishOnly' })}
          </p>
        ) : null}
        <div className="mt-6">
          <ArticleBody blocks={data.body} />
        </div>
      </article>
      {data.related.length > 0 ? (
        <section aria-labelledby="support-related" className={`${CARD} mt-10 max-w-3xl`}>
          <h2 id="support-related" className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'support.article.related' })}
          </h2>
          <ul className="mt-3 grid gap-2">
            {data.related.map((item) => (
              <li key={item.slug}>
                <ArticleLink article={item} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {legal ? null : <ContactOptions />}
    </div>
  );
}
