import { AppError, BILLING_CATEGORIES, type BillingCategory, type StatementDetail } from '@vireo/shared';
import { and, asc, desc, eq, gt, inArray, lt, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountEvents, accounts, addresses, statementLines, statements } from '../../db/schema';

type Line = typeof statementLines.$inferSelect;
type Event = typeof accountEvents.$inferSelect;
type Reason = NonNullable<StatementDetail['sections'][number]['lines'][number]['change']>['reason'];

/** Lines are the same charge month to month by their source; taxes and discounts (no source) by what they are. */
function lineKey(line: Line): string {
  return line.sourceId ?? `${line.category}|${line.kind}|${line.description}`;
}

type Period = { start: string; end: string };

/** A line that covered only part of its statement's period: a proration, whatever its kind. */
function isPartial(line: Line | undefined, period: Period | undefined): boolean {
  if (!line || !period || !line.periodStart || !line.periodEnd || line.kind === 'one_time') return false;
  return line.periodStart > period.start || line.periodEnd < period.end;
}

function reasonFor(
  line: Line,
  events: Event[],
  previous: Line | undefined,
  bySource: Map<string, Event[]>,
  periods: { current: Period; previous: Period | undefined },
): Reason {
  const own = line.sourceId ? (bySource.get(line.sourceId) ?? []) : [];
  const pick = (type: Event['type']) => own.find((event) => event.type === type);
  const describe = (event: Event) => ({
    type: event.type,
    occurredOn: event.occurredOn,
    description: String(event.data.description ?? line.description),
  });
  for (const type of ['promotion_ended', 'plan_change', 'new_service', 'one_time_charge', 'outage_credit'] as const) {
    const event = pick(type);
    if (event) return describe(event);
  }
  if (line.kind === 'taxes_fees' && line.sourceId === null) {
    const change = events.find((event) => event.type === 'tax_change');
    if (change) return describe(change);
  }
  if (isPartial(line, periods.current)) {
    return { type: 'proration', occurredOn: line.periodStart, description: line.description };
  }
  if (isPartial(previous, periods.previous)) {
    // last month billed part of a period; this month bills all of it
    return { type: 'proration', occurredOn: previous?.periodStart ?? null, description: line.description };
  }
  if (!previous) return { type: 'new_line', occurredOn: null, description: line.description };
  return null;
}

/**
 * A statement with each line compared to last month's statement (product-decisions.md: every changed line is
 * explained by the account event that caused it). Throws NOT_FOUND for another account's statement.
 */
export async function getStatementDetail(
  ex: Executor,
  accountId: string,
  statementId: string,
  visibleOn: string,
): Promise<StatementDetail> {
  const [statement] = await ex
    .select()
    .from(statements)
    .where(
      and(
        eq(statements.id, statementId),
        eq(statements.accountId, accountId),
        lte(statements.statementDate, visibleOn),
      ),
    );
  if (!statement) throw new AppError('NOT_FOUND', 'statement');
  const [[account], [billTo], [previous]] = await Promise.all([
    ex.select().from(accounts).where(eq(accounts.id, accountId)),
    ex
      .select()
      .from(addresses)
      .where(and(eq(addresses.accountId, accountId), eq(addresses.kind, 'bill_to'))),
    ex
      .select()
      .from(statements)
      .where(and(eq(statements.accountId, accountId), lt(statements.statementDate, statement.statementDate)))
      .orderBy(desc(statements.statementDate))
      .limit(1),
  ]);
  if (!account || !billTo) throw new AppError('INTERNAL', `account ${accountId} is incomplete`);
  const [lines, previousLines, events] = await Promise.all([
    ex
      .select()
      .from(statementLines)
      .where(eq(statementLines.statementId, statement.id))
      .orderBy(asc(statementLines.position)),
    previous
      ? ex
          .select()
          .from(statementLines)
          .where(eq(statementLines.statementId, previous.id))
          .orderBy(asc(statementLines.position))
      : Promise.resolve([] as Line[]),
    // events that happened in the period this statement bills, and those of the one-time charges it bills: a charge
    // posted after its period's statement was made (on the statement day, after the run) is billed on this one, and
    // its event still explains it
    ex
      .select()
      .from(accountEvents)
      .where(
        and(
          eq(accountEvents.accountId, accountId),
          lte(accountEvents.occurredOn, statement.statementDate),
          or(
            gt(accountEvents.occurredOn, previous?.statementDate ?? statement.periodStart),
            inArray(
              accountEvents.sourceId,
              ex
                .select({ id: statementLines.sourceId })
                .from(statementLines)
                .where(and(eq(statementLines.statementId, statement.id), eq(statementLines.kind, 'one_time'))),
            ),
          ),
        ),
      ),
  ]);
  const bySource = new Map<string, Event[]>();
  for (const event of events) {
    if (!event.sourceId) continue;
    bySource.set(event.sourceId, [...(bySource.get(event.sourceId) ?? []), event]);
  }
  const previousByKey = new Map(previousLines.map((line) => [lineKey(line), line]));
  const periods = {
    current: { start: statement.periodStart, end: statement.periodEnd },
    previous: previous ? { start: previous.periodStart, end: previous.periodEnd } : undefined,
  };
  const currentKeys = new Set(lines.map(lineKey));

  const sections = BILLING_CATEGORIES.flatMap((category: BillingCategory) => {
    const own = lines.filter((line) => line.category === category);
    const before = previousLines.filter((line) => line.category === category);
    if (own.length === 0 && before.length === 0) return [];
    return [
      {
        category,
        totalCents: own.reduce((total, line) => total + line.amountCents, 0),
        previousTotalCents: previous ? before.reduce((total, line) => total + line.amountCents, 0) : null,
        lines: (() => {
          const compared = own.map((line) => {
            const last = previousByKey.get(lineKey(line));
            const differenceCents = line.amountCents - (last?.amountCents ?? 0);
            const reason = differenceCents === 0 && last ? null : reasonFor(line, events, last, bySource, periods);
            return { line, last, differenceCents, reason };
          });
          // Taxes follow the charges they are computed on: without a rate change, a changed tax line takes the reason
          // of the changed taxable line of its section.
          const taxableReason = compared.find(
            (c) => c.reason && !(c.line.kind === 'taxes_fees' && c.line.sourceId === null),
          )?.reason;
          return compared.map(({ line, last, differenceCents, reason }) => ({
            id: line.id,
            kind: line.kind,
            description: line.description,
            amountCents: line.amountCents,
            periodStart: line.periodStart,
            periodEnd: line.periodEnd,
            change: previous
              ? {
                  previousAmountCents: last?.amountCents ?? null,
                  differenceCents,
                  reason: reason ?? (differenceCents !== 0 ? (taxableReason ?? null) : null),
                }
              : null,
          }));
        })(),
        removedLines: before
          .filter((line) => !currentKeys.has(lineKey(line)))
          .map((line) => {
            const ended = line.sourceId ? bySource.get(line.sourceId)?.[0] : undefined;
            const planChange = events.find((event) => event.type === 'plan_change');
            const reason = ended ?? (line.kind === 'monthly_service' ? planChange : undefined);
            return {
              description: line.description,
              previousAmountCents: line.amountCents,
              reason: reason
                ? {
                    type: reason.type,
                    occurredOn: reason.occurredOn,
                    description: String(reason.data.description ?? line.description),
                  }
                : { type: 'removed' as const, occurredOn: null, description: line.description },
            };
          }),
      },
    ];
  });

  return {
    id: statement.id,
    statementDate: statement.statementDate,
    dueDate: statement.dueDate,
    periodStart: statement.periodStart,
    periodEnd: statement.periodEnd,
    totalDueCents: statement.totalDueCents,
    newChargesCents: statement.newChargesCents,
    accountNumber: account.accountNumber,
    // issue 17: the code that proves at Create account that one holds the bill, from the account's own row
    statementCode: account.statementCode,
    companyName: account.companyName,
    billToAddress: { addressLine1: billTo.addressLine1, city: billTo.city, state: billTo.state, zip: billTo.zip },
    previousBalanceCents: statement.previousBalanceCents,
    paymentsReceivedCents: statement.paymentsReceivedCents,
    adjustmentsCents: statement.adjustmentsCents,
    sections,
    comparison: previous
      ? {
          previousStatementId: previous.id,
          previousNewChargesCents: previous.newChargesCents,
          differenceCents: statement.newChargesCents - previous.newChargesCents,
        }
      : null,
  };
}
