import type { AuditEntry, Locale } from '@vireo/shared';
import { catalogs, type MessageId, methodLabelIn, translator } from '../../messages/intl';
import { type Cell, csv } from '../../platform/csv';

const HEADER: MessageId[] = [
  'csv.audit.time',
  'csv.audit.user',
  'csv.audit.role',
  'csv.audit.action',
  'csv.audit.area',
  'csv.audit.target',
  'csv.audit.amount',
  'csv.audit.result',
  'csv.audit.address',
  'csv.audit.browser',
];

const isMessageId = (id: string): id is MessageId => id in catalogs.en;

/** A code as a message key segment: `payment_method.added` -> `paymentMethod.added` (keys are camelCase). */
const keyOf = (code: string) => code.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** An action's words; an action this catalog does not know yet is "Other change", never its code. */
export function actionMessageId(action: string): MessageId {
  const id = `audit.action.${keyOf(action)}`;
  return isMessageId(id) ? id : 'audit.action.other';
}

/**
 * The audit log as CSV (issue 18 item 6): headers, actors, actions, areas and results in the reader's language; the
 * time as an ISO instant and amounts as plain decimals so that the file stays machine-readable. Names and labels are
 * user-influenced text: platform/csv.ts neutralises those a spreadsheet would run as a formula.
 */
export function renderAuditCsv(entries: readonly AuditEntry[], locale: Locale): string {
  const t = translator(locale);
  const rows: Cell[][] = entries.map((entry) => [
    entry.at,
    entry.actor.kind === 'user'
      ? (entry.actor.name ?? t('audit.actor.formerUser'))
      : t(entry.actor.kind === 'guest' ? 'audit.actor.guest' : 'audit.actor.system'),
    entry.actor.role ? t(`audit.role.${entry.actor.role}`) : '',
    t(actionMessageId(entry.action)),
    t(`audit.area.${keyOf(entry.area)}` as MessageId),
    // a payment method's kept label in the reader's language; a person's name as it is
    entry.target.label === null
      ? ''
      : entry.area === 'users'
        ? entry.target.label
        : methodLabelIn(t, entry.target.label),
    entry.target.amountCents === null ? '' : { number: (entry.target.amountCents / 100).toFixed(2) },
    t(`audit.result.${entry.result}`),
    entry.ipPrefix ?? '',
    entry.browser ?? '',
  ]);
  return csv(
    HEADER.map((id) => t(id)),
    rows,
  );
}
