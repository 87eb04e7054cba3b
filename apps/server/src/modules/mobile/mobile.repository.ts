import { and, asc, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  jobs,
  mobileDevices,
  mobileLines,
  mobileOrders,
  recurringCharges,
  statementLines,
  statements,
  streamingSubscriptions,
} from '../../db/schema';

export type SubscriptionRow = typeof streamingSubscriptions.$inferSelect;

/** Queries of the mobile module; every one scoped to the caller's account. */
/** Mobile lines, devices, orders and subscriptions (app.ts creates it for the mobile service). */
export function createMobileRepository() {
  return {
    lines(ex: Executor, accountId: string) {
      return ex
        .select()
        .from(mobileLines)
        .where(eq(mobileLines.accountId, accountId))
        .orderBy(asc(mobileLines.phoneNumber));
    },

    devices(ex: Executor, accountId: string) {
      return ex
        .select({ device: mobileDevices, line: mobileLines })
        .from(mobileDevices)
        .innerJoin(mobileLines, eq(mobileLines.id, mobileDevices.lineId))
        .where(eq(mobileDevices.accountId, accountId))
        .orderBy(asc(mobileDevices.purchasedOn), asc(mobileDevices.id));
    },

    /** The mobile charges that the next statement bills (plans and instalments; ended ones drop out). */
    async nextMobileChargesCents(ex: Executor, accountId: string, from: string) {
      const [row] = await ex
        .select({ total: sql<number>`coalesce(sum(${recurringCharges.amountCents}), 0)`.mapWith(Number) })
        .from(recurringCharges)
        .where(
          and(
            eq(recurringCharges.accountId, accountId),
            eq(recurringCharges.category, 'mobile'),
            or(isNull(recurringCharges.endsOn), gte(recurringCharges.endsOn, from)),
          ),
        );
      return row?.total ?? 0;
    },

    /** When the queued mobile restore job of this account runs, if there is one (spec §9: 1-2 hours). */
    async pendingRestore(ex: Executor, accountId: string, kind: string) {
      const [row] = await ex
        .select({ runAt: jobs.runAt })
        .from(jobs)
        .where(and(eq(jobs.kind, kind), eq(jobs.status, 'queued'), sql`${jobs.payload}->>'accountId' = ${accountId}`))
        .orderBy(desc(jobs.runAt))
        .limit(1);
      return row?.runAt ?? null;
    },

    orders(ex: Executor, accountId: string) {
      return ex
        .select()
        .from(mobileOrders)
        .where(eq(mobileOrders.accountId, accountId))
        .orderBy(desc(mobileOrders.placedOn), desc(mobileOrders.id));
    },

    async order(ex: Executor, accountId: string, orderId: string) {
      const [row] = await ex
        .select()
        .from(mobileOrders)
        .where(and(eq(mobileOrders.accountId, accountId), eq(mobileOrders.id, orderId)));
      return row;
    },

    subscriptions(ex: Executor, accountId: string) {
      return ex
        .select()
        .from(streamingSubscriptions)
        .where(eq(streamingSubscriptions.accountId, accountId))
        .orderBy(asc(streamingSubscriptions.startedOn), asc(streamingSubscriptions.id));
    },

    async lockSubscription(ex: Executor, accountId: string, id: string) {
      const [row] = await ex
        .select()
        .from(streamingSubscriptions)
        .where(and(eq(streamingSubscriptions.accountId, accountId), eq(streamingSubscriptions.id, id)))
        .for('update');
      return row;
    },

    async cancelSubscription(ex: Executor, id: string, at: Date) {
      const [row] = await ex
        .update(streamingSubscriptions)
        .set({ status: 'cancelled', cancelledAt: at, nextChargeOn: null })
        .where(eq(streamingSubscriptions.id, id))
        .returning();
      return row as SubscriptionRow;
    },

    async latestStatementDate(ex: Executor, accountId: string) {
      const [row] = await ex
        .select({ statementDate: statements.statementDate })
        .from(statements)
        .where(eq(statements.accountId, accountId))
        .orderBy(desc(statements.statementDate))
        .limit(1);
      return row?.statementDate ?? null;
    },

    /** The statement lines a recurring charge made (streaming transactions), newest first, visible statements only. */
    chargesOf(ex: Executor, accountId: string, chargeId: string, visibleOn: string) {
      return ex
        .select({
          statementId: statements.id,
          statementDate: statements.statementDate,
          amountCents: statementLines.amountCents,
        })
        .from(statementLines)
        .innerJoin(statements, eq(statements.id, statementLines.statementId))
        .where(
          and(
            eq(statements.accountId, accountId),
            eq(statementLines.sourceId, chargeId),
            lte(statements.statementDate, visibleOn),
          ),
        )
        .orderBy(desc(statements.statementDate));
    },
  };
}

export type MobileRepository = ReturnType<typeof createMobileRepository>;
