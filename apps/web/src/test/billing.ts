import type { BillingSummaryResponse, StatementDetail } from '@vireo/shared';
import type { ActivityPage } from '../features/billing/api/find-activity';
import type { ChargesPage } from '../features/billing/api/find-charges';
import type { PaymentHistoryPage } from '../features/billing/api/find-payment-history';
import type { StatementsPage } from '../features/billing/api/find-statements';

/** Harbor Coffee Co. (demo-data.md): $289.47 due, nothing past due, no Auto Pay, not paperless. */
export function harborSummary(overrides: Partial<BillingSummaryResponse> = {}): BillingSummaryResponse {
  return {
    amountDueCents: 28_947,
    pastDueCents: 0,
    pendingPaymentCents: 0,
    isDelinquent: false,
    daysPastDue: 0,
    delinquencyCode: null,
    delinquencyState: 'current',
    latestStatement: { id: 'st-2026-11', statementDate: '2026-11-10', dueDate: '2026-12-01', totalDueCents: 28_947 },
    autoPay: { enrolled: false, methodLabel: null, debitDay: null },
    paperless: false,
    hasMobile: false,
    scheduledPayments: { count: 0, nextDate: null, nextAmountCents: 0, totalCents: 0 },
    ...overrides,
  };
}

/** Pinecrest Dental (demo-data.md): $412.10 past due, 47 days, code 43. */
export function pinecrestSummary(overrides: Partial<BillingSummaryResponse> = {}): BillingSummaryResponse {
  return harborSummary({
    amountDueCents: 61_210,
    pastDueCents: 41_210,
    isDelinquent: true,
    daysPastDue: 47,
    delinquencyCode: 43,
    delinquencyState: 'suspension_warning',
    ...overrides,
  });
}

/** Statements `st-2026-MM` of 2026, dated the 10th of month MM, in the order given. */
export function statementsPage(
  ids: string[],
  cursors: { nextCursor?: string | null; previousCursor?: string | null } = {},
): StatementsPage {
  return {
    items: ids.map((id, index) => {
      const monthNumber = Number(id.slice(-2));
      const month = String(monthNumber).padStart(2, '0');
      return {
        id,
        statementDate: `2026-${month}-10`,
        dueDate: `2026-${month}-28`,
        periodStart: `2026-${String(monthNumber - 1).padStart(2, '0')}-10`,
        periodEnd: `2026-${month}-09`,
        totalDueCents: 28_947 - index * 100,
        newChargesCents: 28_947 - index * 100,
      };
    }),
    nextCursor: cursors.nextCursor ?? null,
    previousCursor: cursors.previousCursor ?? null,
  };
}

/** A statement with every kind of change reason, a removed line and a comparison with last month. */
export function harborStatement(overrides: Partial<StatementDetail> = {}): StatementDetail {
  return {
    id: 'st-2026-11',
    statementDate: '2026-11-10',
    dueDate: '2026-12-01',
    periodStart: '2026-10-10',
    periodEnd: '2026-11-09',
    totalDueCents: 28_947,
    newChargesCents: 28_947,
    accountNumber: '8260123456789012',
    statementCode: '305127',
    companyName: 'Harbor Coffee Co.',
    billToAddress: { addressLine1: '12 Wharf St', city: 'Boston', state: 'MA', zip: '02110' },
    previousBalanceCents: 25_000,
    paymentsReceivedCents: 25_000,
    adjustmentsCents: 0,
    sections: [
      {
        category: 'internet',
        totalCents: 12_999,
        previousTotalCents: 9_999,
        lines: [
          {
            id: 'l-1',
            kind: 'monthly_service',
            description: 'Business Internet 500',
            amountCents: 12_999,
            periodStart: '2026-10-10',
            periodEnd: '2026-11-09',
            change: {
              previousAmountCents: 9_999,
              differenceCents: 3_000,
              reason: { type: 'promotion_ended', occurredOn: '2026-10-14', description: 'Promo ended' },
            },
          },
        ],
        removedLines: [],
      },
      {
        category: 'tv',
        totalCents: 8_450,
        previousTotalCents: 7_000,
        lines: [
          {
            id: 'l-2',
            kind: 'proration',
            description: 'Business TV Select',
            amountCents: 4_450,
            periodStart: '2026-10-20',
            periodEnd: '2026-11-09',
            change: {
              previousAmountCents: 3_000,
              differenceCents: 1_450,
              reason: { type: 'plan_change', occurredOn: '2026-10-20', description: 'Plan change' },
            },
          },
          {
            id: 'l-3',
            kind: 'one_time',
            description: 'Installation',
            amountCents: 4_000,
            periodStart: '2026-10-21',
            periodEnd: '2026-10-21',
            change: {
              previousAmountCents: null,
              differenceCents: 4_000,
              reason: { type: 'one_time_charge', occurredOn: null, description: 'Installation' },
            },
          },
        ],
        removedLines: [
          {
            description: 'Sports package',
            previousAmountCents: 4_000,
            reason: { type: 'removed', occurredOn: '2026-10-01', description: 'Removed' },
          },
        ],
      },
      {
        category: 'phone',
        totalCents: 7_498,
        previousTotalCents: 7_301,
        lines: [
          {
            id: 'l-4',
            kind: 'taxes_fees',
            description: 'Taxes',
            amountCents: 1_498,
            periodStart: '2026-10-10',
            periodEnd: '2026-11-09',
            change: {
              previousAmountCents: 1_301,
              differenceCents: 197,
              reason: { type: 'tax_change', occurredOn: '2026-11-01', description: 'Tax' },
            },
          },
          {
            id: 'l-5',
            kind: 'monthly_service',
            description: 'Business Voice line',
            amountCents: 6_000,
            periodStart: '2026-10-10',
            periodEnd: '2026-11-09',
            change: { previousAmountCents: 6_000, differenceCents: 0, reason: null },
          },
        ],
        removedLines: [],
      },
    ],
    comparison: { previousStatementId: 'st-2026-10', previousNewChargesCents: 24_300, differenceCents: 4_647 },
    ...overrides,
  };
}

export function activityPage(cursors: { nextCursor?: string | null; previousCursor?: string | null } = {}) {
  return {
    items: [
      {
        id: 'a-1',
        type: 'statement',
        date: '2026-11-10',
        description: 'Statement issued',
        amountCents: 28_947,
        referenceId: 'st-2026-11',
      },
      {
        id: 'a-2',
        type: 'payment',
        date: '2026-10-25',
        description: 'Payment, Visa 4242',
        amountCents: -25_000,
        referenceId: 'p-1',
      },
    ],
    nextCursor: cursors.nextCursor ?? null,
    previousCursor: cursors.previousCursor ?? null,
  } satisfies ActivityPage;
}

export function paymentsPage(cursors: { nextCursor?: string | null; previousCursor?: string | null } = {}) {
  return {
    items: [
      {
        id: 'p-1',
        paymentDate: '2026-10-25',
        status: 'successful',
        amountCents: 25_000,
        methodLabel: 'Visa 4242',
        channel: 'online',
        confirmationNumber: 'VB-100234',
      },
      {
        id: 'p-2',
        paymentDate: '2026-11-12',
        status: 'pending',
        amountCents: 5_000,
        methodLabel: 'Checking 6789',
        channel: 'autoPay',
        confirmationNumber: 'VB-100301',
      },
    ],
    nextCursor: cursors.nextCursor ?? null,
    previousCursor: cursors.previousCursor ?? null,
  } satisfies PaymentHistoryPage;
}

export function chargesPage() {
  return {
    items: [
      {
        id: 'c-1',
        date: '2026-10-21',
        description: 'Installation',
        datePosted: '2026-10-22',
        amountCents: 4_000,
        kind: 'one_time',
      },
    ],
    nextCursor: null,
    previousCursor: null,
  } satisfies ChargesPage;
}
