import { useIntl } from 'react-intl';
import { BADGE } from '../../../components/ui/form-styles';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { statementLineText } from '../../../lib/statement-line';
import type { ChangePreview } from '../api/services-api';

type Line = ChangePreview['proposed']['lines'][number];
const keyOf = (line: Line) =>
  `${line.category}|${line.kind}|${line.description}|${line.amountCents}|${line.periodStart}`;

/**
 * The next statement with the change (issue 19 item 2: "the exact effect on the next statement"): its lines as the
 * billing engine will print them, each line the change adds or alters marked, the lines it takes off listed, and the
 * statement's new charges and a whole month's, now and with the change.
 */
export function PreviewTable({ preview }: { preview: ChangePreview }) {
  const intl = useIntl();
  const { money, date } = usePaymentFormat();
  const before = new Set(preview.current.lines.map(keyOf));
  const after = new Set(preview.proposed.lines.map(keyOf));
  const removed = preview.current.lines.filter((line) => !after.has(keyOf(line)));
  const columns = ['charge', 'period', 'amount'] as const;
  const label = (column: (typeof columns)[number]) => intl.formatMessage({ id: `services.preview.column.${column}` });
  const period = (line: Line) =>
    line.periodStart && line.periodEnd
      ? intl.formatMessage(
          { id: 'services.preview.period' },
          { start: date(line.periodStart), end: date(line.periodEnd) },
        )
      : '';

  return (
    <div className="mt-4">
      <p>
        {intl.formatMessage(
          { id: 'services.preview.effective' },
          { effective: date(preview.effectiveOn), statement: date(preview.statementDate) },
        )}
      </p>
      <div className="mt-4">
        <ResponsiveTable
          caption={intl.formatMessage({ id: 'services.preview.caption' }, { date: date(preview.statementDate) })}
          columns={columns.map((column) => ({ label: label(column), align: column === 'amount' ? 'end' : 'start' }))}
        >
          {preview.proposed.lines.map((line) => (
            <ResponsiveRow key={keyOf(line)}>
              <ResponsiveCell label={label('charge')}>
                {statementLineText(intl, line)}
                {before.has(keyOf(line)) ? null : (
                  <span className={`${BADGE} ms-2 border-brand-700/40 bg-brand-50 text-brand-900`}>
                    {intl.formatMessage({ id: 'services.preview.changed' })}
                  </span>
                )}
              </ResponsiveCell>
              <ResponsiveCell label={label('period')}>{period(line)}</ResponsiveCell>
              <ResponsiveCell label={label('amount')} align="end">
                {money(line.amountCents)}
              </ResponsiveCell>
            </ResponsiveRow>
          ))}
        </ResponsiveTable>
      </div>
      {removed.length > 0 ? (
        <div className="mt-4">
          <h3 className="font-semibold text-navy-900">{intl.formatMessage({ id: 'services.preview.removed' })}</h3>
          <ul className="mt-1 list-disc ps-6">
            {removed.map((line) => (
              <li key={keyOf(line)}>
                {statementLineText(intl, line)}: {money(line.amountCents)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="mt-6 grid gap-2 md:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{intl.formatMessage({ id: 'services.preview.newCharges' })}</dt>
        <dd>
          {intl.formatMessage(
            { id: 'services.preview.fromTo' },
            { now: money(preview.current.newChargesCents), changed: money(preview.proposed.newChargesCents) },
          )}
        </dd>
        <dt className="font-semibold">{intl.formatMessage({ id: 'services.preview.monthly' })}</dt>
        <dd>
          {intl.formatMessage(
            { id: 'services.preview.fromTo' },
            { now: money(preview.monthly.currentCents), changed: money(preview.monthly.proposedCents) },
          )}
        </dd>
      </dl>
      {preview.installation ? (
        <p className="mt-4">{intl.formatMessage({ id: 'services.preview.installation' })}</p>
      ) : null}
    </div>
  );
}
