import { useIntl } from 'react-intl';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { formatInstant } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import type { AuditEntry } from '../api/audit-log-api';
import { AREA_MESSAGES, actionMessage, actorMessage, RESULT_MESSAGES, ROLE_MESSAGES } from '../utils/audit-log-words';

/**
 * The entries of one page, newest first (wider-portal.md §4): who (name and role as they were, or Guest, or Vireo),
 * what (the action and its area in words), the target (a name or a method's label, and an amount; never an id),
 * when, from where (the truncated address and the browser) and the result in words.
 */
export function AuditLogTable({ entries, busy }: { entries: readonly AuditEntry[]; busy: boolean }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const columns = [
    { label: t('auditLog.table.who') },
    { label: t('auditLog.table.what') },
    { label: t('auditLog.table.target') },
    { label: t('auditLog.table.when') },
    { label: t('auditLog.table.where') },
    { label: t('auditLog.table.result') },
  ];
  return (
    <ResponsiveTable caption={t('auditLog.table.caption')} columns={columns} busy={busy}>
      {entries.map((entry) => {
        const who = actorMessage(entry.actor);
        const target = [
          // a payment method's label is kept as written ("Checking 6789"): said in the reader's language
          entry.target.label === null || entry.area === 'users'
            ? entry.target.label
            : format.method(entry.target.label),
          entry.target.amountCents === null ? null : format.money(entry.target.amountCents),
        ]
          .filter(Boolean)
          .join(' · ');
        const where = [entry.ipPrefix, entry.browser].filter(Boolean).join(' · ');
        return (
          <ResponsiveRow key={entry.id}>
            <ResponsiveCell label={columns[0]?.label ?? ''}>
              <span className="block font-medium text-ink">{'name' in who ? who.name : t(who.id)}</span>
              {entry.actor.role ? (
                <span className="block text-sm text-ink-muted">{t(ROLE_MESSAGES[entry.actor.role])}</span>
              ) : null}
            </ResponsiveCell>
            <ResponsiveCell label={columns[1]?.label ?? ''}>
              <span className="block text-ink">{t(actionMessage(entry.action))}</span>
              <span className="block text-sm text-ink-muted">{t(AREA_MESSAGES[entry.area])}</span>
            </ResponsiveCell>
            <ResponsiveCell label={columns[2]?.label ?? ''}>
              <span className="break-words">{target || t('auditLog.table.noTarget')}</span>
            </ResponsiveCell>
            <ResponsiveCell label={columns[3]?.label ?? ''}>
              {formatInstant(intl, new Date(entry.at), 'dateTime')}
            </ResponsiveCell>
            <ResponsiveCell label={columns[4]?.label ?? ''}>
              <span className="break-words">{where || t('auditLog.table.unknownPlace')}</span>
            </ResponsiveCell>
            <ResponsiveCell label={columns[5]?.label ?? ''}>
              <span className={entry.result === 'failed' ? 'font-semibold text-danger-700' : 'text-ink'}>
                {t(RESULT_MESSAGES[entry.result])}
              </span>
            </ResponsiveCell>
          </ResponsiveRow>
        );
      })}
    </ResponsiveTable>
  );
}
