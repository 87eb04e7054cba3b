import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accounts,
  bulkAgreementProperties,
  bulkAgreementRampSteps,
  bulkAgreementRates,
  bulkAgreements,
  rampActivations,
} from '../../db/schema';

export type AgreementRow = typeof bulkAgreements.$inferSelect;
export type AgreementPropertyRow = typeof bulkAgreementProperties.$inferSelect;
export type RateRow = typeof bulkAgreementRates.$inferSelect;
export type RampStepRow = typeof bulkAgreementRampSteps.$inferSelect;

/**
 * The portal's record of each account's bulk agreement (issue 22 item 6, wider-portal.md §10; spec §2.3): read-only
 * here, every read scoped by the account (another account's agreement or property is simply not there).
 */
export function createTechAmenitiesRepository() {
  return {
    /** The account's agreement with its properties, their rates and ramp steps; null when it has none. */
    async agreement(ex: Executor, accountId: string) {
      const [agreement] = await ex.select().from(bulkAgreements).where(eq(bulkAgreements.accountId, accountId));
      if (!agreement) return null;
      const [properties, rates, steps] = await Promise.all([
        ex.select().from(bulkAgreementProperties).where(eq(bulkAgreementProperties.accountId, accountId)),
        ex
          .select()
          .from(bulkAgreementRates)
          .where(eq(bulkAgreementRates.accountId, accountId))
          .orderBy(asc(bulkAgreementRates.service)),
        ex
          .select()
          .from(bulkAgreementRampSteps)
          .where(eq(bulkAgreementRampSteps.accountId, accountId))
          .orderBy(asc(bulkAgreementRampSteps.startsOn)),
      ]);
      return {
        agreement,
        properties: properties.filter((row) => row.agreementId === agreement.id),
        rates,
        steps,
      };
    },

    /** Records this month's units activated at each property (a later pass in the month replaces the count). */
    async recordActivations(
      ex: Executor,
      rows: { propertyId: string; accountId: string; month: string; activatedUnits: number; recordedAt: Date }[],
    ): Promise<void> {
      if (rows.length === 0) return;
      await ex
        .insert(rampActivations)
        .values(rows)
        .onConflictDoUpdate({
          target: [rampActivations.propertyId, rampActivations.month],
          set: { activatedUnits: sql`excluded.activated_units`, recordedAt: sql`excluded.recorded_at` },
        });
    },

    /** The account's recorded units activated of the months `from` to `through` (first days), by property. */
    activations(ex: Executor, accountId: string, from: string, through: string) {
      return ex
        .select({
          propertyId: rampActivations.propertyId,
          month: rampActivations.month,
          activatedUnits: rampActivations.activatedUnits,
        })
        .from(rampActivations)
        .where(
          and(
            eq(rampActivations.accountId, accountId),
            gte(rampActivations.month, from),
            lte(rampActivations.month, through),
          ),
        );
    },

    /** Every account with a bulk agreement, with its time zone (the engine's monthly bills). */
    agreementAccounts(ex: Executor) {
      return ex
        .select({ accountId: bulkAgreements.accountId, timeZone: accounts.timeZone })
        .from(bulkAgreements)
        .innerJoin(accounts, eq(accounts.id, bulkAgreements.accountId));
    },

    /** Every account's agreement whose last day to give notice falls in `[from, to]` (the contract's notices). */
    agreementsWithNoticeBy(ex: Executor, from: string, to: string) {
      // the notice is due by the day before the renewal date minus the notice period: term_end + 1 - notice_days
      const noticeBy = sql`${bulkAgreements.termEnd} + 1 - ${bulkAgreements.noticeDays}`;
      return ex
        .select({ agreement: bulkAgreements, timeZone: accounts.timeZone })
        .from(bulkAgreements)
        .innerJoin(accounts, eq(accounts.id, bulkAgreements.accountId))
        .where(and(sql`${noticeBy} >= ${from}::date`, sql`${noticeBy} <= ${to}::date`));
    },
  };
}

export type TechAmenitiesRepository = ReturnType<typeof createTechAmenitiesRepository>;
export type AgreementRecord = NonNullable<Awaited<ReturnType<TechAmenitiesRepository['agreement']>>>;
