import SchemaBuilder from '@pothos/core';
import { AppError, type Capability } from '@vireo/shared';
import type { z } from 'zod';
import type { AuthContext } from '../identity/identity.service';
import type { GraphContext } from './endpoint';

/** A root field's rule: the capability it needs, that of the REST route it mirrors (`METHOD /path`). */
export type FieldAccess = { access: Capability; mirrors: string };

/** A schema's builder: every field non-null unless it says otherwise. */
export function newBuilder() {
  return new SchemaBuilder<{ Context: GraphContext; DefaultFieldNullability: false }>({
    defaultFieldNullability: false,
  });
}
export type Builder = ReturnType<typeof newBuilder>;

/** The signed-in user, when their role has the field's capability (spec §6); else FORBIDDEN, nothing read. */
export function readerOf(context: GraphContext, { access }: FieldAccess): AuthContext {
  const { auth } = context;
  if (!auth) throw new AppError('UNAUTHENTICATED', 'sign-in required');
  if (!auth.capabilities.includes(access)) throw new AppError('FORBIDDEN', `needs ${access}`);
  return auth;
}

/**
 * A field's arguments read by the REST route's own schema (its rules, lengths and the card-number rule), so one input
 * means one thing on both; refused VALIDATION_FAILED with each argument's path. `names` renames the schema's keys to
 * the arguments' (the REST `cursor` is GraphQL's `after`).
 */
export function argsOf<S extends z.ZodType>(schema: S, raw: unknown, names: Record<string, string> = {}): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_FAILED', 'invalid arguments', {
    fields: parsed.error.issues.map((issue) => {
      const [first = '', ...rest] = issue.path.map(String);
      return { path: [names[first] ?? first, ...rest].join('.'), code: issue.code };
    }),
  });
}

/** Arguments as the REST query takes them: only those given (GraphQL's null and absent alike). */
export function given(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null && value !== undefined));
}

/** The REST page query's keys as GraphQL names them (`argsOf`'s `names`). */
export const PAGE_ARG_NAMES = { limit: 'first', cursor: 'after' };

export type PageInfo = { hasNextPage: boolean; endCursor: string | null };

/** A keyset page's `pageInfo` (the REST page's `nextCursor` is `endCursor`). */
export function pageInfoRef(builder: Builder) {
  const ref = builder.objectRef<PageInfo>('PageInfo');
  ref.implement({
    fields: (t) => ({
      hasNextPage: t.exposeBoolean('hasNextPage'),
      endCursor: t.exposeString('endCursor', { nullable: true }),
    }),
  });
  return ref;
}

export const pageInfoOf = (page: { nextCursor: string | null }): PageInfo => ({
  hasNextPage: page.nextCursor !== null,
  endCursor: page.nextCursor,
});
