import {
  type Agreement,
  type AgreementProperty,
  type AllPropertiesRampLedger,
  AppError,
  addDays,
  dateInZone,
  type PropertyRampLedger,
  RAMP_PROJECTED_MONTHS,
  type YearMonth,
} from '@vireo/shared';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { AccountService } from '../account/account.service';
import { BillingSystemError } from '../billing-system/billing-system';
import type { BillingSchedule, BulkBill, BulkBilling, ProjectedBill } from '../billing-system/bulk-billing';
import { scheduleOf } from './monthly-bills';
import { firstDayOf, fullFrom, monthOf, monthsBetween, type RampStep, rampUnitsIn } from './months';
import { latestBill, ledgerMonths, propertyMonths, rampFlags, sumMonths, type UnitState } from './ramp-ledger';
import type { AgreementRecord, TechAmenitiesRepository } from './tech-amenities.repository';

/** A property as the community module knows it (its properties and units are its own; app.ts gives these reads). */
export type PropertyInfo = { id: string; name: string; addressLine1: string; city: string; state: string; zip: string };
export type CommunityReads = {
  properties(ex: Executor, accountId: string): Promise<PropertyInfo[]>;
  property(ex: Executor, accountId: string, propertyId: string): Promise<PropertyInfo | null>;
  unitStates(ex: Executor, accountId: string, propertyIds: readonly string[]): Promise<UnitState[]>;
};

/** The agreement's figures for one property: its record, steps and rate (every service's rate added). */
type Covered = { info: PropertyInfo; units: number; steps: RampStep[]; rateCents: number };

/**
 * Contract details and the ramp ledger of the community variant (issue 22 item 6, wider-portal.md §10): the account's
 * bulk agreement (spec §2.3; the portal's record, read-only), and per property and for all properties the ramp against
 * what the billing engine billed (bulk-billing.ts) and the units activated (the community module's units), with the
 * flags. When the billing engine does not answer, the ledger still shows the portal's own figures (`billing:
 * 'unavailable'`). Every read is the account's own; another account's property is not found.
 */
export function createTechAmenitiesService(deps: {
  db: Db;
  clock: Clock;
  repo: TechAmenitiesRepository;
  accounts: Pick<AccountService, 'get'>;
  community: CommunityReads;
  bulkBilling: Pick<BulkBilling, 'statement'>;
}) {
  const { db, clock, repo, accounts, community, bulkBilling } = deps;

  /** Today in the account's time zone (the seed and the billing engine count months on the same calendar). */
  async function todayOf(accountId: string) {
    const account = await accounts.get(db, accountId);
    if (!account) throw new AppError('NOT_FOUND', 'account');
    return { account, today: dateInZone(clock.now(), account.timeZone) };
  }

  function coveredOf(record: AgreementRecord, infos: PropertyInfo[]): Covered[] {
    return infos.flatMap((info) => {
      const row = record.properties.find((each) => each.propertyId === info.id);
      if (!row) return [];
      return [{ info, units: row.unitsContracted, ...scheduleOf(record, info.id) }];
    });
  }

  const termOf = (record: AgreementRecord) => ({
    start: monthOf(record.agreement.termStart),
    end: monthOf(record.agreement.termEnd),
  });

  /**
   * The billing engine's bills of the term so far and its projections of the coming months for `covered`, grouped by
   * property and month; null when the engine did not answer (its failure is the page's notice, not an error).
   */
  async function billingOf(
    accountId: string,
    covered: Covered[],
    months: { billed: YearMonth[]; projected: YearMonth[] },
  ): Promise<{
    bills: Map<string, Map<YearMonth, BulkBill>>;
    projected: Map<string, Map<YearMonth, ProjectedBill>>;
  } | null> {
    const schedule: BillingSchedule = covered.flatMap((property) =>
      months.projected.map((month) => ({
        propertyId: property.info.id,
        month,
        units: rampUnitsIn(property.steps, month),
        rateCents: property.rateCents,
      })),
    );
    const from = months.billed[0];
    const through = months.billed.at(-1);
    try {
      const statement = await bulkBilling.statement(
        db,
        accountId,
        from && through ? { from, through } : null,
        schedule,
      );
      const group = <T extends { propertyId: string; month: YearMonth }>(rows: T[]) => {
        const map = new Map<string, Map<YearMonth, T>>();
        for (const row of rows) {
          const of = map.get(row.propertyId) ?? new Map<YearMonth, T>();
          of.set(row.month, row);
          map.set(row.propertyId, of);
        }
        return map;
      };
      return { bills: group(statement.bills), projected: group(statement.projected) };
    } catch (error) {
      if (error instanceof BillingSystemError) return null;
      throw error;
    }
  }

  /** Each covered property's ledger rows, units activated today and flags against its latest bill. */
  async function ledgersOf(accountId: string, record: AgreementRecord, covered: Covered[], thisMonth: YearMonth) {
    const months = ledgerMonths(termOf(record), thisMonth, RAMP_PROJECTED_MONTHS);
    const first = months.billed[0] ?? thisMonth;
    const [billing, units, recorded] = await Promise.all([
      billingOf(accountId, covered, months),
      community.unitStates(
        db,
        accountId,
        covered.map((property) => property.info.id),
      ),
      repo.activations(db, accountId, firstDayOf(first), firstDayOf(thisMonth)),
    ]);
    return {
      billing,
      ledgers: covered.map((property) => {
        const own = units.filter((unit) => unit.propertyId === property.info.id);
        const activated = own.filter((unit) => unit.access === 'active').length;
        const bills = billing ? (billing.bills.get(property.info.id) ?? new Map()) : null;
        const projections = billing ? (billing.projected.get(property.info.id) ?? new Map()) : null;
        const latest = latestBill(bills, thisMonth);
        return {
          property,
          activated,
          rows: propertyMonths({
            months,
            thisMonth,
            steps: property.steps,
            bills,
            projections,
            activated,
            recorded: new Map(
              recorded
                .filter((row) => row.propertyId === property.info.id)
                .map((row) => [monthOf(row.month), row.activatedUnits]),
            ),
          }),
          flags: latest ? { month: latest.month, ...rampFlags(latest, own) } : null,
        };
      }),
    };
  }

  return {
    /** The account's bulk agreement (spec §2.3; wider-portal.md §10 contract details), or null when it has none. */
    async agreement(
      accountId: string,
    ): Promise<{ agreement: Agreement | null; companyName: string; accountNumber: string; timeZone: string }> {
      const { account, today } = await todayOf(accountId);
      const names = {
        companyName: account.companyName,
        accountNumber: account.accountNumber,
        timeZone: account.timeZone,
      };
      const record = await repo.agreement(db, accountId);
      if (!record) return { agreement: null, ...names };
      const thisMonth = monthOf(today);
      const covered = coveredOf(record, await community.properties(db, accountId));
      const { agreement: row } = record;
      const termMonths = monthsBetween(monthOf(row.termStart), monthOf(row.termEnd)) + 1;
      const elapsed = monthsBetween(monthOf(row.termStart), thisMonth) + 1;
      const renewalDate = addDays(row.termEnd, 1);
      const properties = covered.map(
        (property): AgreementProperty => ({
          id: property.info.id,
          name: property.info.name,
          address: {
            line1: property.info.addressLine1,
            city: property.info.city,
            state: property.info.state,
            zip: property.info.zip,
          },
          unitsContracted: property.units,
          services: record.rates
            .filter((rate) => rate.propertyId === property.info.id)
            .map((rate) => ({ service: rate.service, rateCents: rate.rateCents })),
          rateCents: property.rateCents,
          fullMonthCents: property.units * property.rateCents,
          rampUnits: rampUnitsIn(property.steps, thisMonth),
          fullFrom: fullFrom(property.steps, property.units),
          ramp: property.steps,
        }),
      );
      return {
        ...names,
        agreement: {
          reference: row.reference,
          termStart: row.termStart,
          termEnd: row.termEnd,
          termMonths,
          termMonth: elapsed >= 1 && elapsed <= termMonths ? elapsed : null,
          renewal: {
            date: renewalDate,
            autoRenews: row.autoRenews,
            termMonths: row.renewalTermMonths,
            noticeDays: row.noticeDays,
            noticeBy: addDays(renewalDate, -row.noticeDays),
          },
          properties,
          unitsContracted: properties.reduce((sum, each) => sum + each.unitsContracted, 0),
          thisMonthCents: properties.reduce((sum, each) => sum + each.rampUnits * each.rateCents, 0),
          fullMonthCents: properties.reduce((sum, each) => sum + each.fullMonthCents, 0),
        },
      };
    },

    /** One property's ramp ledger with its flags; another account's property, or an unknown one, is not found. */
    async propertyLedger(accountId: string, propertyId: string): Promise<PropertyRampLedger> {
      const info = await community.property(db, accountId, propertyId);
      if (!info) throw new AppError('NOT_FOUND', 'property');
      const { today } = await todayOf(accountId);
      const record = await repo.agreement(db, accountId);
      const covered = record ? coveredOf(record, [info]) : [];
      const property = { id: info.id, name: info.name };
      if (!record || covered.length === 0) {
        const outside = { inAgreement: false, unitsContracted: 0, rateCents: 0, months: [], flags: null };
        return { property, ...outside, billing: 'available' };
      }
      const { billing, ledgers } = await ledgersOf(accountId, record, covered, monthOf(today));
      const [ledger] = ledgers;
      return {
        property,
        inAgreement: true,
        unitsContracted: covered[0]?.units ?? 0,
        rateCents: covered[0]?.rateCents ?? 0,
        billing: billing ? 'available' : 'unavailable',
        months: ledger?.rows ?? [],
        flags: ledger?.flags ?? null,
      };
    },

    /** Every property of the agreement this month, and the months of all of them added together. */
    async allPropertiesLedger(accountId: string): Promise<AllPropertiesRampLedger> {
      const { today } = await todayOf(accountId);
      const thisMonth = monthOf(today);
      const record = await repo.agreement(db, accountId);
      if (!record) return { billing: 'available', month: thisMonth, properties: [], months: [] };
      const covered = coveredOf(record, await community.properties(db, accountId));
      const { billing, ledgers } = await ledgersOf(accountId, record, covered, thisMonth);
      return {
        billing: billing ? 'available' : 'unavailable',
        month: thisMonth,
        properties: ledgers.map(({ property, activated, rows, flags }) => {
          const current = rows.find((row) => row.kind === 'current');
          return {
            id: property.info.id,
            name: property.info.name,
            unitsContracted: property.units,
            rampUnits: rampUnitsIn(property.steps, thisMonth),
            billedUnits: current?.billedUnits ?? null,
            activatedUnits: activated,
            amountCents: current?.amountCents ?? null,
            billedNotActive: flags ? flags.billedNotActive.length : null,
            activeNotBilled: flags ? flags.activeNotBilled.length : null,
          };
        }),
        months: sumMonths(ledgers.map((ledger) => ledger.rows)),
      };
    },
  };
}

export type TechAmenitiesService = ReturnType<typeof createTechAmenitiesService>;
