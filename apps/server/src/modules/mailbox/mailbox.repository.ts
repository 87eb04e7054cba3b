import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { outboxEmails, outboxTexts } from '../../db/schema';
import { type Cursor, instantKeyset } from '../../platform/keyset';

export type MailboxWindow = { to: string | undefined; cursor: Cursor | null; limit: number };

/** The keyset conditions over (created_at, id), for one recipient when `to` is given. */
function keyset(columns: { createdAt: PgColumn; id: PgColumn; to: PgColumn }, window: MailboxWindow) {
  const filter = window.to === undefined ? [] : [eq(columns.to, window.to)];
  return instantKeyset({ at: columns.createdAt, id: columns.id }, window.cursor, filter);
}

/**
 * The mailbox's queries (non-production): the outbox's e-mails and texts, newest first, keyset-paged over the
 * `(created_at desc, id desc)` indexes; one extra row tells whether there is a next page.
 */
export function createMailboxRepository() {
  return {
    async emails(ex: Executor, window: MailboxWindow) {
      const k = keyset({ createdAt: outboxEmails.createdAt, id: outboxEmails.id, to: outboxEmails.toAddress }, window);
      const rows = await ex
        .select()
        .from(outboxEmails)
        .where(k.where)
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const hasOtherSide = k.otherSide
        ? (await ex.select({ id: outboxEmails.id }).from(outboxEmails).where(k.otherSide).limit(1)).length > 0
        : false;
      return { rows, hasOtherSide };
    },
    async emailById(ex: Executor, id: string) {
      const [row] = await ex.select().from(outboxEmails).where(eq(outboxEmails.id, id));
      return row ?? null;
    },
    async texts(ex: Executor, window: MailboxWindow) {
      const k = keyset({ createdAt: outboxTexts.createdAt, id: outboxTexts.id, to: outboxTexts.toNumber }, window);
      const rows = await ex
        .select()
        .from(outboxTexts)
        .where(k.where)
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const hasOtherSide = k.otherSide
        ? (await ex.select({ id: outboxTexts.id }).from(outboxTexts).where(k.otherSide).limit(1)).length > 0
        : false;
      return { rows, hasOtherSide };
    },
  };
}

export type MailboxRepository = ReturnType<typeof createMailboxRepository>;
