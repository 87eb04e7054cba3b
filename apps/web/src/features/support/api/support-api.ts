import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type Article,
  ArticleListSchema,
  ArticleSchema,
  type ArticleSummary,
  type Locale,
  PARTNER_SUPPORT_ADDRESS_PATH,
  PartnerLocationResponseSchema,
  type SearchHit,
  StoresResponseSchema,
  SUPPORT_ARTICLES_PATH,
  SUPPORT_SEARCH_PATH,
  SUPPORT_STORES_PATH,
  type SupportCategory,
  SupportSearchResultSchema,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';

export type { Article, ArticleSummary, SearchHit };

const supportKeys = {
  articles: (lang: Locale, category: SupportCategory | 'legal' | undefined) =>
    ['support', 'articles', lang, category ?? 'all'] as const,
  article: (lang: Locale, slug: string) => ['support', 'article', lang, slug] as const,
  search: (lang: Locale, q: string) => ['support', 'search', lang, q] as const,
  stores: (zip: string) => ['support', 'stores', zip] as const,
  serviceArea: (addressLine1: string, zipcode: string) => ['support', 'service-area', zipcode, addressLine1] as const,
};
/** Articles change with a release only. */
const STALE_MS = 10 * 60_000;

/** The articles of a category (every category without one), in `lang` or the language each is written in. */
export function useArticles(lang: Locale, category?: SupportCategory | 'legal') {
  return useQuery({
    queryKey: supportKeys.articles(lang, category),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(SUPPORT_ARTICLES_PATH, { category, lang }), { schema: ArticleListSchema, signal }),
    select: (list) => list.items,
    staleTime: STALE_MS,
  });
}

export function useArticle(lang: Locale, slug: string) {
  return useQuery({
    queryKey: supportKeys.article(lang, slug),
    queryFn: async ({ signal }) =>
      (await apiRequest(withQuery(`${SUPPORT_ARTICLES_PATH}/${encodeURIComponent(slug)}`, { lang }), {
        schema: ArticleSchema,
        signal,
      })) as Article,
    staleTime: STALE_MS,
    retry: false,
  });
}

/** The search's pages (issue 21 item 2): ranked, keyset-paged; none while there are no words. */
export function useSupportSearch(lang: Locale, q: string) {
  return useInfiniteQuery({
    queryKey: supportKeys.search(lang, q),
    queryFn: ({ signal, pageParam }) =>
      apiRequest(withQuery(SUPPORT_SEARCH_PATH, { q, lang, cursor: pageParam }), {
        schema: SupportSearchResultSchema,
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: q.length > 0,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** The stores nearest a ZIP code (issue 21 item 3); none asked while there is no ZIP code. */
export function useStores(zip: string | null) {
  return useQuery({
    queryKey: supportKeys.stores(zip ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(withQuery(SUPPORT_STORES_PATH, { zip: zip ?? '' }), { schema: StoresResponseSchema, signal }),
    enabled: zip !== null,
    staleTime: STALE_MS,
  });
}

export type ServiceAreaAddress = { addressLine1: string; zipcode: string };

/**
 * Whether the network serves an address, and whose footprint it is in (issue 23 item 6: spec §7.1's partner check by
 * address, its support/ variant for the contact page); the ZIP code is carried over into the data cookie. None asked
 * while there is no address.
 */
export function useServiceArea(address: ServiceAreaAddress | null) {
  return useQuery({
    queryKey: supportKeys.serviceArea(address?.addressLine1 ?? '', address?.zipcode ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(
        withQuery(PARTNER_SUPPORT_ADDRESS_PATH.replace(':flow', 'contact'), {
          addressLine1: address?.addressLine1,
          zipcode: address?.zipcode,
          'carryover-zipcode': 'true',
        }),
        { schema: PartnerLocationResponseSchema, signal },
      ),
    enabled: address !== null,
    staleTime: STALE_MS,
  });
}
