import { AppError, compareDates, isIsoDate, type PageQuery } from '@vireo/shared';
import type { Db } from '../../db/client';
import { decodeCursor, toPage } from '../../platform/keyset';
import type { BillingRepository } from './billing.repository';
import { findHistory, type HistoryRow } from './history.repository';

/** A list query plus the last statement date the account may see (`statementsVisibleOn`). */
export type HistoryQuery = PageQuery & { visibleOn: string };

const DEFAULT_LIMIT = { statements: 12, other: 25 } as const;

function checkRange(query: HistoryQuery) {
  // the schema's ISO format lets through dates no calendar has (year 0): refused here, not by the database
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isIsoDate(value)) {
      throw new AppError('VALIDATION_FAILED', `${field} is not a calendar date`, {
        fields: [{ path: `querystring.${field}`, code: 'invalid_date' }],
      });
    }
  }
  if (query.from && query.to && compareDates(query.from, query.to) > 0) {
    throw new AppError('VALIDATION_FAILED', 'from is after to', {
      fields: [{ path: 'querystring.from', code: 'too_big' }],
    });
  }
}

/** Orders rows fetched by id back into the page's order. */
function inOrderOf<T extends { id: string }>(ids: HistoryRow[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((row) => byId.get(row.id)).filter((row): row is T => row !== undefined);
}

/** The keyset-paginated history lists of an account, newest first (spec §2.4 statements, activity, history, charges). */
export function createBillingHistory(db: Db, repo: BillingRepository) {
  async function page<T extends { id: string }>(
    sources: Parameters<typeof findHistory>[1],
    accountId: string,
    query: HistoryQuery,
    limit: number,
    load: (rows: HistoryRow[]) => Promise<T[]>,
    dateOf: (row: T) => string,
  ) {
    checkRange(query);
    const cursor = decodeCursor(query.cursor);
    const { rows, hasOtherSide } = await findHistory(db, sources, accountId, {
      filter: { from: query.from, to: query.to },
      cursor,
      limit: query.limit ?? limit,
      visibleOn: query.visibleOn,
    });
    const items = await load(rows);
    return toPage(items, { limit: query.limit ?? limit, cursor, dateOf, hasOtherSide });
  }

  return {
    statements: (accountId: string, query: HistoryQuery) =>
      page(
        ['statements'],
        accountId,
        query,
        DEFAULT_LIMIT.statements,
        async (rows) =>
          inOrderOf(
            rows,
            await repo.findStatementsByIds(
              db,
              rows.map((row) => row.id),
            ),
          ).map((s) => ({
            id: s.id,
            statementDate: s.statementDate,
            dueDate: s.dueDate,
            periodStart: s.periodStart,
            periodEnd: s.periodEnd,
            totalDueCents: s.totalDueCents,
            newChargesCents: s.newChargesCents,
          })),
        (row) => row.statementDate,
      ),

    payments: (accountId: string, query: HistoryQuery) =>
      page(
        ['paymentHistory'],
        accountId,
        query,
        DEFAULT_LIMIT.other,
        async (rows) =>
          inOrderOf(
            rows,
            await repo.findPaymentsByIds(
              db,
              rows.map((row) => row.id),
            ),
          ).map((p) => ({
            id: p.id,
            paymentDate: p.paymentDate,
            status: p.status,
            amountCents: p.amountCents,
            methodLabel: p.methodLabel,
            channel: p.channel,
            confirmationNumber: p.confirmationNumber,
          })),
        (row) => row.paymentDate,
      ),

    charges: (accountId: string, query: HistoryQuery) =>
      page(
        ['charges'],
        accountId,
        query,
        DEFAULT_LIMIT.other,
        async (rows) =>
          inOrderOf(
            rows,
            await repo.findChargesByIds(
              db,
              rows.map((row) => row.id),
            ),
          ).map((c) => ({
            id: c.id,
            date: c.chargedOn,
            description: c.description,
            datePosted: c.postedOn,
            amountCents: c.amountCents,
            kind: c.kind,
          })),
        (row) => row.datePosted,
      ),

    /** Mobile transactions (issue 7): All, Payments or Refunds. */
    mobileTransactions: (accountId: string, query: HistoryQuery, type: 'all' | 'payments' | 'refunds') =>
      page(
        type === 'payments'
          ? ['mobilePayments']
          : type === 'refunds'
            ? ['mobileRefunds']
            : ['mobilePayments', 'mobileRefunds'],
        accountId,
        query,
        DEFAULT_LIMIT.other,
        async (rows) => {
          const paymentRows = await repo.findPaymentsByIds(
            db,
            rows.filter((row) => row.type === 'payment').map((row) => row.id),
          );
          const refundRows = await repo.findRefundsByIds(
            db,
            rows.filter((row) => row.type === 'refund').map((row) => row.id),
          );
          const devices = await repo.findDevicesByIds(
            db,
            paymentRows.flatMap((p) => (p.deviceId ? [p.deviceId] : [])),
          );
          const model = new Map(devices.map((d) => [d.id, d.model]));
          const items = [
            ...paymentRows.map((p) => ({
              id: p.id,
              kind: 'payment' as const,
              date: p.paymentDate,
              amountCents: p.amountCents,
              purpose: p.target === 'device' ? ('device' as const) : ('balance' as const),
              description: (p.deviceId && model.get(p.deviceId)) || '',
              methodLabel: p.methodLabel,
              status: p.status as 'pending' | 'successful' | 'failed' | 'returned' | 'processing',
              reference: p.confirmationNumber,
            })),
            ...refundRows.map((r) => ({
              id: r.id,
              kind: 'refund' as const,
              date: r.refundedOn,
              amountCents: r.amountCents,
              purpose: 'refund' as const,
              description: r.description,
              methodLabel: r.methodLabel,
              status: 'successful' as const,
              reference: r.reference,
            })),
          ];
          return inOrderOf(rows, items);
        },
        (row) => row.date,
      ),

    activity: (accountId: string, query: HistoryQuery) =>
      page(
        ['statements', 'payments', 'charges'],
        accountId,
        query,
        DEFAULT_LIMIT.other,
        async (rows) =>
          rows.map((row) => ({
            id: row.id,
            // the activity's sources make no refunds
            type: row.type as Exclude<HistoryRow['type'], 'refund'>,
            date: row.date,
            description: row.description ?? (row.type === 'statement' ? 'Statement' : ''),
            amountCents: row.amount_cents,
            referenceId: row.reference_id,
          })),
        (row) => row.date,
      ),
  };
}
