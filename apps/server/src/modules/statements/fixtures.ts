import { BILLING_CATEGORIES, type BillingCategory, type LineKind, type StatementDetail } from '@vireo/shared';

/**
 * Statement fixtures for the document tests and the PDF bench (not used by the running server). Shapes follow
 * StatementDetailSchema; the tests parse them with it. Amounts follow the billing engine's arithmetic
 * (buildStatement): section totals are the sum of their lines, total due = previous balance - payments received
 * + adjustments + new charges.
 */

type Section = StatementDetail['sections'][number];
type Line = Section['lines'][number];
type Change = NonNullable<Line['change']>;

function section(
  category: BillingCategory,
  lines: Line[],
  previousTotalCents: number | null,
  removedLines: Section['removedLines'] = [],
): Section {
  return {
    category,
    totalCents: lines.reduce((total, line) => total + line.amountCents, 0),
    previousTotalCents,
    lines,
    removedLines,
  };
}

function line(
  id: string,
  kind: LineKind,
  description: string,
  amountCents: number,
  period: [string, string] | null,
  change: Change | null,
): Line {
  return {
    id,
    kind,
    description,
    amountCents,
    periodStart: period?.[0] ?? null,
    periodEnd: period?.[1] ?? null,
    change,
  };
}

const unchanged = (amountCents: number): Change => ({
  previousAmountCents: amountCents,
  differenceCents: 0,
  reason: null,
});

const PERIOD: [string, string] = ['2025-02-05', '2025-03-04'];

/**
 * Harbor Coffee Co. (demo-data.md): Internet + TV + Business Phone, $289.47 due. This month the internet promotion
 * ended mid-period, a one-time TV installation was billed, the phone plan went from 2 to 3 lines on Feb 19 and the
 * phone tax rate changed on Mar 1.
 */
export function harborStatement(): StatementDetail {
  const internet = section(
    'internet',
    [
      line('ln-101', 'monthly_service', 'Business Internet Premier', 9_999, PERIOD, unchanged(9_999)),
      line('ln-102', 'equipment', 'Static IP address', 1_499, PERIOD, unchanged(1_499)),
      line('ln-103', 'promotion', 'Business Internet promotion, 12 months', -714, ['2025-02-05', '2025-02-14'], {
        previousAmountCents: -2_000,
        differenceCents: 1_286,
        reason: {
          type: 'promotion_ended',
          occurredOn: '2025-02-14',
          description: 'Business Internet promotion, 12 months',
        },
      }),
      line('ln-104', 'taxes_fees', 'Taxes', 809, PERIOD, {
        previousAmountCents: 700,
        differenceCents: 109,
        reason: null,
      }),
    ],
    10_198,
  );
  const tv = section(
    'tv',
    [
      line('ln-201', 'monthly_service', 'Business TV Select', 4_999, PERIOD, unchanged(4_999)),
      line('ln-202', 'equipment', 'HD receiver', 999, PERIOD, unchanged(999)),
      line('ln-203', 'one_time', 'Professional installation, Business TV', 2_999, ['2025-02-20', '2025-02-20'], {
        previousAmountCents: null,
        differenceCents: 2_999,
        reason: {
          type: 'one_time_charge',
          occurredOn: '2025-02-20',
          description: 'Professional installation, Business TV',
        },
      }),
      line('ln-204', 'taxes_fees', 'Broadcast TV surcharge', 1_299, PERIOD, unchanged(1_299)),
      line('ln-205', 'taxes_fees', 'Taxes', 690, PERIOD, {
        previousAmountCents: 600,
        differenceCents: 90,
        reason: null,
      }),
    ],
    7_897,
  );
  const phone = section(
    'phone',
    [
      line('ln-301', 'proration', 'Business Voice, 2 lines', 3_000, ['2025-02-05', '2025-02-18'], {
        previousAmountCents: 5_999,
        differenceCents: -2_999,
        reason: { type: 'plan_change', occurredOn: '2025-02-19', description: 'Business Voice, 2 lines to 3 lines' },
      }),
      line('ln-302', 'proration', 'Business Voice, 3 lines', 4_000, ['2025-02-19', '2025-03-04'], {
        previousAmountCents: null,
        differenceCents: 4_000,
        reason: { type: 'plan_change', occurredOn: '2025-02-19', description: 'Business Voice, 2 lines to 3 lines' },
      }),
      line('ln-303', 'taxes_fees', 'Taxes', 581, PERIOD, {
        previousAmountCents: 450,
        differenceCents: 131,
        reason: { type: 'tax_change', occurredOn: '2025-03-01', description: 'Telecommunications tax rate' },
      }),
    ],
    6_449,
  );
  const account = section(
    'account',
    [line('ln-401', 'taxes_fees', 'Paper statement fee', 200, PERIOD, unchanged(200))],
    1_200,
    [
      {
        description: 'Late payment fee',
        previousAmountCents: 1_000,
        reason: { type: 'removed', occurredOn: null, description: 'Late payment fee' },
      },
    ],
  );
  const sections = [internet, tv, phone, account];
  const newChargesCents = sections.reduce((total, s) => total + s.totalCents, 0);
  const previousNewChargesCents = sections.reduce((total, s) => total + (s.previousTotalCents ?? 0), 0);
  const previousBalanceCents = 28_918;
  const paymentsReceivedCents = 28_918;
  // a service credit for an internet outage
  const adjustmentsCents = -1_413;
  return {
    id: 'stmt-harbor-2025-03',
    statementDate: '2025-03-05',
    dueDate: '2025-03-26',
    periodStart: PERIOD[0],
    periodEnd: PERIOD[1],
    newChargesCents,
    totalDueCents: previousBalanceCents - paymentsReceivedCents + adjustmentsCents + newChargesCents,
    accountNumber: '8260 1734 0091 2245',
    statementCode: '305127',
    companyName: 'Harbor Coffee Co.',
    billToAddress: { addressLine1: '214 Wharf Street, Suite 3', city: 'Portland', state: 'ME', zip: '04101' },
    previousBalanceCents,
    paymentsReceivedCents,
    adjustmentsCents,
    sections,
    comparison: {
      previousStatementId: 'stmt-harbor-2025-02',
      previousNewChargesCents,
      differenceCents: newChargesCents - previousNewChargesCents,
    },
  };
}

/** The same account's first statement: nothing to compare with. */
export function firstStatement(): StatementDetail {
  const statement = harborStatement();
  return {
    ...statement,
    sections: statement.sections.map((s) => ({
      ...s,
      previousTotalCents: null,
      removedLines: [],
      lines: s.lines.map((l) => ({ ...l, change: null })),
    })),
    comparison: null,
  };
}

const REASONS = [
  'promotion_ended',
  'plan_change',
  'new_service',
  'one_time_charge',
  'tax_change',
  'proration',
] as const;
const SERVICES: Record<BillingCategory, string[]> = {
  internet: ['Business Internet Gig', 'Static IP block (5 addresses)', 'Business WiFi Pro access point'],
  tv: ['Business TV Select', 'HD receiver', 'Music Choice for Business'],
  phone: ['Business Voice line', 'Hunt group', 'Toll-free number 1-800'],
  mobile: ['Business Mobile Unlimited line', 'Device instalment: Vireo Phone Pro 256 GB', 'International pass'],
  account: ['Paper statement fee', 'Regulatory recovery fee', 'Service credit'],
};

/**
 * A large multi-location statement with `lineCount` lines spread over every service (the quality bar's "200
 * lines"); every fifth line changed since last month and every 17th has a long description that wraps.
 */
export function largeStatement(lineCount = 200): StatementDetail {
  const base = harborStatement();
  const sections = BILLING_CATEGORIES.map((category, sectionIndex) => {
    const lines: Line[] = [];
    for (let i = sectionIndex; i < lineCount; i += BILLING_CATEGORIES.length) {
      const names = SERVICES[category];
      const name = names[i % names.length] ?? category;
      const amountCents = 500 + ((i * 7_919) % 15_000);
      const changed = i % 5 === 0;
      const reason = REASONS[i % REASONS.length] ?? 'new_line';
      const description =
        i % 17 === 0
          ? `${name} at location ${i + 1}, 1200 Industrial Parkway, Building C, loading dock entrance (includes installation)`
          : `${name} - location ${i + 1}`;
      lines.push(
        line(
          `ln-big-${i}`,
          i % 3 === 0 ? 'equipment' : 'monthly_service',
          description,
          amountCents,
          PERIOD,
          changed
            ? {
                previousAmountCents: amountCents - 1_000,
                differenceCents: 1_000,
                reason: { type: reason, occurredOn: '2025-02-20', description },
              }
            : unchanged(amountCents),
        ),
      );
    }
    return section(
      category,
      lines,
      lines.reduce((total, l) => total + (l.change?.previousAmountCents ?? 0), 0),
    );
  });
  const newChargesCents = sections.reduce((total, s) => total + s.totalCents, 0);
  const previousNewChargesCents = sections.reduce((total, s) => total + (s.previousTotalCents ?? 0), 0);
  return {
    ...base,
    id: 'stmt-large-2025-03',
    newChargesCents,
    totalDueCents: base.previousBalanceCents - base.paymentsReceivedCents + base.adjustmentsCents + newChargesCents,
    sections,
    comparison: {
      previousStatementId: 'stmt-large-2025-02',
      previousNewChargesCents,
      differenceCents: newChargesCents - previousNewChargesCents,
    },
  };
}

/** Number of lines in a statement. */
export function lineCountOf(statement: StatementDetail): number {
  return statement.sections.reduce((total, s) => total + s.lines.length, 0);
}
