import { z } from 'zod';
import { LOCALES } from '../constants';
import { ServiceZipSchema } from './account-access';
import { freeText } from './free-text';

/**
 * Help yourself (issue 21 items 1-2, wider-portal.md §9; spec §2.1: `/support`, `/page`, `/disclaimers` and
 * `/search-results` are open): the help articles, kept as Markdown in the repository in English and Spanish, and
 * their full-text search (PostgreSQL's, on both databases, accents folded).
 */
export const SUPPORT_ARTICLES_PATH = '/api/pub/support/v1/articles';
/** GET `?q=&lang=&cursor=`: ranked articles with highlighted snippets, in either language. */
export const SUPPORT_SEARCH_PATH = '/api/pub/support/v1/search';

/** wider-portal.md §9: the help centre's categories, in the order /support shows them. */
export const SUPPORT_CATEGORIES = [
  'billing',
  'payments',
  'internet',
  'tv',
  'voice',
  'mobile',
  'account',
  'outages',
  'self-install',
] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
/** The legal pages of `/disclaimers` (wider-portal.md §9): articles of their own category, outside the help centre. */
export const LEGAL_CATEGORY = 'legal';
export const ARTICLE_CATEGORIES = [...SUPPORT_CATEGORIES, LEGAL_CATEGORY] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
/** The legal pages in the order `/disclaimers` lists them; `electronic-payment-terms` is the one Auto Pay links to. */
export const LEGAL_PAGES = ['terms-of-service', 'electronic-payment-terms', 'privacy', 'cpni-notice'] as const;

/** An article's address: lower-case words joined by hyphens (`/page/$slug`). */
export const ARTICLE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ArticleSlugSchema = z.string().max(80).regex(ARTICLE_SLUG);

/** Search results per page, and the longest query (websearch syntax: words, "phrases", or, -not). */
export const SUPPORT_SEARCH_PAGE = 10;
export const SUPPORT_QUERY_MAX = 200;

/** An article's text as data, never as HTML: the page renders it with its own elements (no markup from content). */
export type ArticleInline =
  | { t: 'text'; v: string }
  | { t: 'strong' | 'em'; c: ArticleInline[] }
  | { t: 'code'; v: string }
  | { t: 'link'; href: string; c: ArticleInline[] };
export type ArticleBlock =
  | { t: 'h2' | 'h3'; id: string; c: ArticleInline[] }
  | { t: 'p'; c: ArticleInline[] }
  | { t: 'ul' | 'ol'; items: ArticleBlock[][] }
  | { t: 'quote'; c: ArticleBlock[] }
  | { t: 'hr' };

/** The response schemas leave a block's shape to `ArticleBlock`: the blocks are the server's own rendering of repository content. */
const BlockSchema = z.record(z.string(), z.unknown());

export const ArticleSummarySchema = z.object({
  slug: z.string(),
  /** The language of this text: the one asked for, or the other when the article has no text in it. */
  lang: z.enum(LOCALES),
  category: z.enum(ARTICLE_CATEGORIES),
  title: z.string(),
  summary: z.string(),
  /** The day the text was last reviewed (YYYY-MM-DD). */
  updated: z.iso.date(),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const ArticleSchema = ArticleSummarySchema.extend({
  body: z.array(BlockSchema),
  /** The languages the article is written in. */
  languages: z.array(z.enum(LOCALES)),
  /** Other articles of its category, for "related articles". */
  related: z.array(ArticleSummarySchema),
});
export type Article = Omit<z.infer<typeof ArticleSchema>, 'body'> & { body: ArticleBlock[] };

export const ArticleListSchema = z.object({ items: z.array(ArticleSummarySchema) });
export type ArticleList = z.infer<typeof ArticleListSchema>;

export const ArticleListQuerySchema = z.strictObject({
  category: z.enum(ARTICLE_CATEGORIES).optional(),
  lang: z.enum(LOCALES).optional(),
});
export const ArticleQuerySchema = z.strictObject({ lang: z.enum(LOCALES).optional() });

export const SupportSearchQuerySchema = z.strictObject({
  q: freeText({ max: SUPPORT_QUERY_MAX }),
  lang: z.enum(LOCALES).optional(),
  cursor: z.string().max(200).optional(),
});

export const SearchHitSchema = ArticleSummarySchema.extend({
  /** Where the words were found, in order: the parts the query matched are `hit`. */
  snippet: z.array(z.object({ text: z.string(), hit: z.boolean() })),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SupportSearchResultSchema = z.object({
  items: z.array(SearchHitSchema),
  nextCursor: z.string().nullable(),
  /**
   * `all`: every word matched; `any`: nothing held every word, so these hold some of them (the page says so);
   * `none`: nothing matched at all (the page offers categories and contact options).
   */
  match: z.enum(['all', 'any', 'none']),
});
export type SupportSearchResult = z.infer<typeof SupportSearchResultSchema>;

/** GET `?zip=`: the stores nearest a ZIP code (issue 21 item 3, wider-portal.md §9 Contact us). */
export const SUPPORT_STORES_PATH = '/api/pub/support/v1/stores';
/** How many stores the page lists, and how far it looks. */
export const STORES_SHOWN = 3;
export const STORES_WITHIN_MILES = 100;
export const STORE_SERVICES = ['sales', 'equipment', 'payments'] as const;

export const StoresQuerySchema = z.strictObject({ zip: ServiceZipSchema });

export const StoreSchema = z.object({
  id: z.string(),
  name: z.string(),
  addressLine1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  /** Straight-line distance from the ZIP code's centre, in tenths of a mile (integer: no float on the wire). */
  distanceTenthsOfMile: z.number().int(),
  /** Opening hours on the store's clock: weekdays, Saturday, Sunday (`null`: closed). */
  hours: z.object({
    weekdays: z.object({ opens: z.string(), closes: z.string() }),
    saturday: z.object({ opens: z.string(), closes: z.string() }).nullable(),
    sunday: z.object({ opens: z.string(), closes: z.string() }).nullable(),
  }),
  services: z.array(z.enum(STORE_SERVICES)),
});
export type Store = z.infer<typeof StoreSchema>;

export const StoresResponseSchema = z.object({
  /** Where the ZIP code is; `null` when no such ZIP code exists. */
  place: z.object({ zip: z.string(), city: z.string(), state: z.string() }).nullable(),
  stores: z.array(StoreSchema),
});
export type StoresResponse = z.infer<typeof StoresResponseSchema>;
