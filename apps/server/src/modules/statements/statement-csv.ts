import type {
  ActivityItemSchema,
  ChargeItemSchema,
  Locale,
  PaymentHistoryItemSchema,
  StatementDetail,
} from '@vireo/shared';
import type { z } from 'zod';
import { type MessageId, methodLabelIn, type Translate, translator } from '../../messages/intl';
import { type Cell, csv, type NumberCell } from '../../platform/csv';
import { centsToDecimal } from './format';

/**
 * CSV downloads of a statement and of the history lists (spec §3), written by platform/csv.ts (RFC 4180, a UTF-8 BOM
 * first, formulas neutralised). Headers are translated; amounts are plain decimal numbers and dates ISO so that the
 * files stay machine-readable in every language.
 */

export type ActivityItem = z.infer<typeof ActivityItemSchema>;
export type PaymentHistoryItem = z.infer<typeof PaymentHistoryItemSchema>;
export type ChargeItem = z.infer<typeof ChargeItemSchema>;
export type HistoryKind = 'activity' | 'payments' | 'charges';
export type HistoryRows = { activity: ActivityItem; payments: PaymentHistoryItem; charges: ChargeItem };

export { CSV_BOM, csvField } from '../../platform/csv';

const amount = (cents: number): NumberCell => ({ number: centsToDecimal(cents) });

const CATEGORY_MESSAGE: Record<StatementDetail['sections'][number]['category'], MessageId> = {
  internet: 'billing.category.internet',
  tv: 'billing.category.tv',
  phone: 'billing.category.phone',
  mobile: 'billing.category.mobile',
  account: 'billing.category.account',
};

/** One row per statement line: Section, Description, Period start, Period end, Amount. */
export function renderStatementCsv(statement: StatementDetail, locale: Locale): string {
  const t = translator(locale);
  const header = [
    t('csv.statement.section'),
    t('csv.statement.description'),
    t('csv.statement.periodStart'),
    t('csv.statement.periodEnd'),
    t('csv.statement.amount'),
  ];
  const rows: Cell[][] = [];
  for (const section of statement.sections) {
    const name = t(CATEGORY_MESSAGE[section.category]);
    for (const line of section.lines) {
      rows.push([name, line.description, line.periodStart ?? '', line.periodEnd ?? '', amount(line.amountCents)]);
    }
  }
  return csv(header, rows);
}

const ACTIVITY_TYPE: Record<ActivityItem['type'], MessageId> = {
  statement: 'activity.type.statement',
  payment: 'activity.type.payment',
  credit: 'activity.type.credit',
  adjustment: 'activity.type.adjustment',
  charge: 'activity.type.charge',
};

const PAYMENT_STATUS: Record<PaymentHistoryItem['status'], MessageId> = {
  scheduled: 'payment.status.scheduled',
  processing: 'payment.status.processing',
  pending: 'payment.status.pending',
  successful: 'payment.status.successful',
  failed: 'payment.status.failed',
  returned: 'payment.status.returned',
  cancelled: 'payment.status.cancelled',
};

const PAYMENT_CHANNEL: Record<PaymentHistoryItem['channel'], MessageId> = {
  online: 'payment.channel.online',
  phone: 'payment.channel.phone',
  'in-store': 'payment.channel.inStore',
  autoPay: 'payment.channel.autoPay',
  'agent-assisted': 'payment.channel.agentAssisted',
  'chat-assisted': 'payment.channel.chatAssisted',
};

type HistoryTable<K extends HistoryKind> = {
  header: MessageId[];
  row: (item: HistoryRows[K], t: Translate) => Cell[];
};

const HISTORY: { [K in HistoryKind]: HistoryTable<K> } = {
  activity: {
    header: ['csv.activity.date', 'csv.activity.type', 'csv.activity.description', 'csv.activity.amount'],
    row: (item, t) => [item.date, t(ACTIVITY_TYPE[item.type]), item.description, amount(item.amountCents)],
  },
  payments: {
    header: [
      'csv.payments.paymentDate',
      'csv.payments.status',
      'csv.payments.amount',
      'csv.payments.method',
      'csv.payments.channel',
      'csv.payments.confirmationNumber',
    ],
    row: (item, t) => [
      item.paymentDate,
      t(PAYMENT_STATUS[item.status]),
      amount(item.amountCents),
      methodLabelIn(t, item.methodLabel),
      t(PAYMENT_CHANNEL[item.channel]),
      item.confirmationNumber,
    ],
  },
  charges: {
    header: ['csv.charges.date', 'csv.charges.description', 'csv.charges.datePosted', 'csv.charges.amount'],
    row: (item) => [item.date, item.description, item.datePosted, amount(item.amountCents)],
  },
};

/** A history list as CSV: activity (Date, Type, Description, Amount), payments (spec §3) or charges (spec §3). */
export function renderHistoryCsv<K extends HistoryKind>(
  kind: K,
  rows: readonly HistoryRows[K][],
  locale: Locale,
): string {
  const t = translator(locale);
  const table: HistoryTable<K> = HISTORY[kind];
  return csv(
    table.header.map((id) => t(id)),
    rows.map((item) => table.row(item, t)),
  );
}
