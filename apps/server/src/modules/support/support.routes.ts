import {
  ArticleListQuerySchema,
  ArticleListSchema,
  ArticleQuerySchema,
  ArticleSchema,
  ArticleSlugSchema,
  StoresQuerySchema,
  StoresResponseSchema,
  SUPPORT_ARTICLES_PATH,
  SUPPORT_SEARCH_PATH,
  SUPPORT_STORES_PATH,
  SupportSearchQuerySchema,
  SupportSearchResultSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storesNear } from './stores';

/**
 * The help centre's routes (issue 21 items 1-2; spec §2.1: `/support`, `/page`, `/disclaimers`, `/search-results` are
 * open pages, so these answer anyone): articles by category, one article, the search; the stores near a ZIP code.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { support } = app.portal.services;
  const open = { access: 'public' } as const;
  app.get(
    SUPPORT_ARTICLES_PATH,
    {
      schema: { tags: ['support'], querystring: ArticleListQuerySchema, response: { 200: ArticleListSchema } },
      config: open,
    },
    async (request) => support.list(request.query),
  );
  app.get(
    `${SUPPORT_ARTICLES_PATH}/:slug`,
    {
      schema: {
        tags: ['support'],
        params: z.strictObject({ slug: ArticleSlugSchema }),
        querystring: ArticleQuerySchema,
        response: { 200: ArticleSchema },
      },
      config: open,
    },
    async (request) => support.article(request.params.slug, request.query.lang ?? 'en'),
  );
  app.get(
    SUPPORT_SEARCH_PATH,
    {
      schema: {
        tags: ['support'],
        querystring: SupportSearchQuerySchema,
        response: { 200: SupportSearchResultSchema },
      },
      config: open,
    },
    async (request) => support.search(request.query),
  );
  // issue 21 item 3: the stores nearest a ZIP code (Contact us)
  app.get(
    SUPPORT_STORES_PATH,
    {
      schema: { tags: ['support'], querystring: StoresQuerySchema, response: { 200: StoresResponseSchema } },
      config: open,
    },
    async (request) => storesNear(request.query.zip),
  );
};
