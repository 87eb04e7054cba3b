import { Link, useSearch } from '@tanstack/react-router';
import { SUPPORT_CATEGORIES } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECONDARY_BUTTON, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { localeOf } from '../../../lib/dates';
import { type SearchHit, useSupportSearch } from '../api/support-api';
import { PortalLink } from './article-body';
import { ArticleLink } from './article-link';
import { matchQuickLinks, quickLinkName, quickLinkWords } from './quick-links';
import { SearchForm } from './search-form';
import { ContactOptions, categoryName } from './support-common';

/**
 * `/search-results?q=` (issue 21 item 2, wider-portal.md §9; spec §2.1: open): the portal's pages the words name, then
 * the ranked articles in either language (one in the other language marked), their matched words highlighted, more on
 * request; when nothing holds every word, those holding some, said so; when nothing matches, topics and contacts.
 */
export function SearchResultsPage() {
  const intl = useIntl();
  const lang = localeOf(intl);
  const { q = '' } = useSearch({ from: '/search-results' });
  const query = q.trim();
  const results = useSupportSearch(lang, query);
  const pages = results.data?.pages ?? [];
  const hits = pages.flatMap((page) => page.items);
  const match = pages[0]?.match;
  const quick = matchQuickLinks(
    query,
    (link) => `${intl.formatMessage({ id: quickLinkName(link) })} ${intl.formatMessage({ id: quickLinkWords(link) })}`,
  );
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.searchResults' })}</h1>
      <div className="mt-6">
        <SearchForm key={query} initial={query} autoFocus={!query} />
      </div>
      {quick.length > 0 ? (
        <section aria-labelledby="search-quick" className="mt-8">
          <h2 id="search-quick" className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'support.quick.title' })}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-3">
            {quick.map((link) => (
              <li key={link.id}>
                <PortalLink href={link.to} className={SECONDARY_BUTTON}>
                  {intl.formatMessage({ id: quickLinkName(link) })}
                </PortalLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {query ? (
        <section aria-labelledby="search-articles" className="mt-8 max-w-3xl">
          <h2 id="search-articles" className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'support.search.articles' })}
          </h2>
          <p role="status" className="mt-1 text-ink-muted">
            {results.data && !results.isPlaceholderData
              ? match === 'none'
                ? intl.formatMessage({ id: 'support.search.none' }, { query })
                : intl.formatMessage({ id: 'support.search.count' }, { count: hits.length })
              : ''}
          </p>
          {results.isError ? (
            <ErrorNotice
              className="mt-4"
              titleId="support.errors.load.title"
              bodyId="support.errors.load.body"
              onRetry={() => void results.refetch()}
              isRetrying={results.isFetching}
            />
          ) : !results.data ? (
            <div className="mt-4">
              <ListSkeleton rows={3} label={intl.formatMessage({ id: 'support.loading' })} />
            </div>
          ) : match === 'none' ? (
            <NothingFound />
          ) : (
            <>
              {match === 'any' ? (
                <p className="mt-4 text-ink">{intl.formatMessage({ id: 'support.search.any' })}</p>
              ) : null}
              <ol className="mt-4 grid gap-4">
                {hits.map((hit) => (
                  <li key={hit.slug} className={CARD}>
                    <Hit hit={hit} />
                  </li>
                ))}
              </ol>
              {results.hasNextPage ? (
                <button
                  type="button"
                  className={`${SECONDARY_BUTTON} mt-4`}
                  aria-disabled={results.isFetchingNextPage || undefined}
                  onClick={() => {
                    if (!results.isFetchingNextPage) void results.fetchNextPage();
                  }}
                >
                  {intl.formatMessage({ id: 'support.search.more' })}
                </button>
              ) : null}
            </>
          )}
        </section>
      ) : null}
      <ContactOptions />
    </div>
  );
}

function Hit({ hit }: { hit: SearchHit }) {
  const intl = useIntl();
  return (
    <>
      <p className="text-sm text-ink-muted">{intl.formatMessage({ id: categoryName(hit.category) })}</p>
      <h3 className="mt-1 text-lg">
        <ArticleLink article={hit} />
      </h3>
      <p className="mt-2 text-ink" lang={hit.lang}>
        {hit.snippet.map((part, index) =>
          part.hit ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a snippet's parts are fixed text, never reordered
            <mark key={index} className="rounded bg-warning-50 px-0.5 font-semibold text-ink">
              {part.text}
            </mark>
          ) : (
            part.text
          ),
        )}
      </p>
    </>
  );
}

function NothingFound() {
  const intl = useIntl();
  return (
    <div className="mt-4">
      <p className="text-ink">{intl.formatMessage({ id: 'support.search.noneHelp' })}</p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        {SUPPORT_CATEGORIES.map((category) => (
          <li key={category}>
            <Link to="/support/category/$categoryId" params={{ categoryId: category }} className={TEXT_LINK}>
              {intl.formatMessage({ id: categoryName(category) })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
