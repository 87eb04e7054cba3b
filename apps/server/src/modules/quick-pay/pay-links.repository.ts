import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { payLinks, payLinkUses, users } from '../../db/schema';
import { type Cursor, instantKeyset } from '../../platform/keyset';

export type PayLinkRow = typeof payLinks.$inferSelect;
/** What a link has taken: its uses whose payment was not declined, and their amounts. */
export type PayLinkUsage = { usesCount: number; paidCents: number };

const usage = {
  usesCount: sql<number>`(select count(*)::int from ${payLinkUses} u where u.pay_link_id = ${payLinks.id} and u.released_at is null)`,
  paidCents: sql<number>`(select coalesce(sum(u.amount_cents), 0)::int from ${payLinkUses} u where u.pay_link_id = ${payLinks.id} and u.released_at is null)`,
};

/** Pay links and their uses (issue 17 item 7): a link is found by its token's SHA-256 only. */
export function createPayLinksRepository() {
  return {
    async insert(tx: Tx, values: Omit<typeof payLinks.$inferInsert, 'id'>) {
      const [row] = await tx.insert(payLinks).values(values).returning();
      return row as PayLinkRow;
    },

    /** The account's links, newest first, keyset-paged over (created_at, id), with their usage and creator's names. */
    async list(ex: Executor, accountId: string, window: { cursor: Cursor | null; limit: number }) {
      const k = instantKeyset({ at: payLinks.createdAt, id: payLinks.id }, window.cursor, [
        eq(payLinks.accountId, accountId),
      ]);
      const rows = await ex
        .select({ link: payLinks, ...usage, firstName: users.firstName, lastName: users.lastName })
        .from(payLinks)
        .leftJoin(users, eq(users.id, payLinks.createdByUserId))
        .where(k.where)
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const hasOtherSide = k.otherSide
        ? (await ex.select({ id: payLinks.id }).from(payLinks).where(k.otherSide).limit(1)).length > 0
        : false;
      return { rows, hasOtherSide };
    },

    /** One of the account's links with its usage, locked for the rest of the transaction when `tx` is one. */
    async find(ex: Executor, where: { accountId: string; id: string } | { tokenHash: string }, lock = false) {
      const condition =
        'tokenHash' in where
          ? eq(payLinks.tokenHash, where.tokenHash)
          : and(eq(payLinks.accountId, where.accountId), eq(payLinks.id, where.id));
      const query = ex
        .select({ link: payLinks, ...usage, firstName: users.firstName, lastName: users.lastName })
        .from(payLinks)
        .leftJoin(users, eq(users.id, payLinks.createdByUserId))
        .where(condition);
      const [row] = lock ? await query.for('update', { of: payLinks }) : await query;
      return row ?? null;
    },

    async revoke(tx: Tx, id: string, at: Date) {
      await tx
        .update(payLinks)
        .set({ revokedAt: at })
        .where(and(eq(payLinks.id, id), isNull(payLinks.revokedAt)));
    },

    async insertUse(tx: Tx, values: Omit<typeof payLinkUses.$inferInsert, 'id'>) {
      await tx.insert(payLinkUses).values(values);
    },

    /** A declined payment's use counts no more. */
    async releaseUse(tx: Tx, paymentId: string, at: Date) {
      await tx
        .update(payLinkUses)
        .set({ releasedAt: at })
        .where(and(eq(payLinkUses.paymentId, paymentId), isNull(payLinkUses.releasedAt)));
    },

    /**
     * Marks a paid use's notice as sent, once: the link and its creator's address when this call marked it, null when
     * an earlier one did (a replayed answer) or the payment made no use of a link.
     */
    async claimNotice(tx: Tx, paymentId: string, at: Date) {
      const [use] = await tx
        .update(payLinkUses)
        .set({ notifiedAt: at })
        .where(
          and(eq(payLinkUses.paymentId, paymentId), isNull(payLinkUses.notifiedAt), isNull(payLinkUses.releasedAt)),
        )
        .returning();
      if (!use) return null;
      const [row] = await tx
        .select({ link: payLinks, email: users.email, language: users.language, firstName: users.firstName })
        .from(payLinks)
        .leftJoin(users, eq(users.id, payLinks.createdByUserId))
        .where(eq(payLinks.id, use.payLinkId));
      return row ? { ...row, use } : null;
    },
  };
}

export type PayLinksRepository = ReturnType<typeof createPayLinksRepository>;
