import { LOCALES, SUPPORT_SEARCH_PATH, SupportSearchQuerySchema } from '@vireo/shared';
import type { GraphQLSchema } from 'graphql';
import type { SupportService } from '../support/support.service';
import { argsOf, given, newBuilder, PAGE_ARG_NAMES } from './fields';

/** Each field of `/selfservice/graphauxiliary` (no sign-in, spec §7.2) with the REST route it mirrors. */
export const AUXILIARY_FIELDS = {
  supportSearch: { access: 'public', mirrors: `GET ${SUPPORT_SEARCH_PATH}` },
} as const;

/** The unauthenticated endpoint's schema: the help centre's search (issue 21), as anyone may run it. */
export function buildAuxiliarySchema({ support }: { support: SupportService }): GraphQLSchema {
  const builder = newBuilder();
  const Lang = builder.enumType('Lang', { values: LOCALES });

  type Hit = Awaited<ReturnType<SupportService['search']>>['items'][number];
  const SearchHit = builder.objectRef<Hit>('SearchHit');
  SearchHit.implement({
    fields: (t) => ({
      slug: t.exposeString('slug'),
      lang: t.field({ type: Lang, resolve: (hit) => hit.lang }),
      category: t.exposeString('category'),
      title: t.exposeString('title'),
      summary: t.exposeString('summary'),
      updated: t.exposeString('updated'),
    }),
  });
  const SearchResult = builder.objectRef<Awaited<ReturnType<SupportService['search']>>>('SupportSearchResult');
  SearchResult.implement({
    fields: (t) => ({
      items: t.expose('items', { type: [SearchHit] }),
      nextCursor: t.exposeString('nextCursor', { nullable: true }),
      /** all: every word matched; any: some words; none: nothing (as the REST route). */
      match: t.exposeString('match'),
    }),
  });

  builder.queryType({
    fields: (t) => ({
      supportSearch: t.field({
        type: SearchResult,
        args: {
          q: t.arg.string({ required: true }),
          lang: t.arg({ type: Lang, required: false }),
          after: t.arg.string({ required: false }),
        },
        resolve: (_root, args) => {
          // the REST route's own rules (free text: no card numbers, its length; a cursor's length)
          return support.search(
            argsOf(SupportSearchQuerySchema, given({ q: args.q, lang: args.lang, cursor: args.after }), PAGE_ARG_NAMES),
          );
        },
      }),
    }),
  });
  return builder.toSchema();
}
