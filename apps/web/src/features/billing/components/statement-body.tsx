import { Link } from '@tanstack/react-router';
import type { StatementDetail } from '@vireo/shared';
import { type ReactNode, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { CARD, SECONDARY_BUTTON, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import type { MessageId } from '../../../messages';
import { type BillingFormat, useBillingFormat } from '../hooks/use-billing-format';
import { changeReasonMessage, type LineChangeReason } from '../utils/change-reason';

type Section = StatementDetail['sections'][number];
type Line = Section['lines'][number];
type Category = Section['category'];

export const CATEGORY_NAMES: Record<Category, MessageId> = {
  internet: 'billing.category.internet',
  tv: 'billing.category.tv',
  phone: 'billing.category.phone',
  mobile: 'billing.category.mobile',
  account: 'billing.category.account',
};

/** "Promotion ended on Oct 14" and the like (product-decisions.md: every changed line is explained). */
function useReasonText() {
  const intl = useIntl();
  const format = useBillingFormat();
  return (reason: Pick<LineChangeReason, 'type' | 'occurredOn' | 'description'>) => {
    const message = changeReasonMessage(reason);
    return intl.formatMessage(
      { id: message.id },
      { date: message.date ? format.shortDate(message.date) : '', outage: reason.description },
    );
  };
}

/** "Up $10.00 from $49.99" / "Down …" / "Same as last month" / "New this month". */
function differenceText(
  intl: ReturnType<typeof useIntl>,
  format: BillingFormat,
  difference: number,
  previous: number | null,
): string {
  if (previous === null) return intl.formatMessage({ id: 'billing.change.new' });
  if (difference === 0) return intl.formatMessage({ id: 'billing.change.same' });
  return intl.formatMessage(
    { id: difference > 0 ? 'billing.change.up' : 'billing.change.down' },
    { amount: format.money(Math.abs(difference)), previous: format.money(previous) },
  );
}

function StatementHeader({ statement, format }: { statement: StatementDetail; format: BillingFormat }) {
  const intl = useIntl();
  const address = statement.billToAddress;
  const item = (labelId: MessageId, value: ReactNode, testId?: string) => (
    <div>
      <dt className="text-sm font-medium text-ink-muted">{intl.formatMessage({ id: labelId })}</dt>
      <dd className="mt-0.5 text-ink" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <dl className="grid gap-4 narrow:grid-cols-2 side-menu:grid-cols-3">
      {item('billing.statement.accountNumber', <span className="tabular-nums">{statement.accountNumber}</span>)}
      {item('billing.statement.company', statement.companyName)}
      {item(
        'billing.statement.billTo',
        <>
          {address.addressLine1}
          <br />
          {`${address.city}, ${address.state} ${address.zip}`}
        </>,
      )}
      {item(
        'billing.statement.period',
        intl.formatMessage(
          { id: 'billing.statement.periodRange' },
          { start: format.date(statement.periodStart), end: format.date(statement.periodEnd) },
        ),
      )}
      {item('billing.statement.statementDate', format.date(statement.statementDate))}
      {item('billing.statement.dueDate', format.date(statement.dueDate), 'statement-due-date')}
      {statement.statementCode === null ? null : (
        // issue 17 (wider-portal.md §1): the code that proves at Create account that one holds the bill
        <div className="narrow:col-span-2 side-menu:col-span-3">
          <dt className="text-sm font-medium text-ink-muted">
            {intl.formatMessage({ id: 'billing.statement.securityCode' })}
          </dt>
          <dd className="mt-0.5 text-ink">
            <span className="font-semibold tabular-nums" data-testid="statement-security-code">
              {statement.statementCode}
            </span>
            <span className="block text-sm text-ink-muted">
              {intl.formatMessage({ id: 'billing.statement.securityCodeHelp' })}
            </span>
          </dd>
        </div>
      )}
    </dl>
  );
}

/** previous balance − payments + adjustments + new charges = total (product-decisions.md, billing cycle). */
function TotalsTable({ statement, format }: { statement: StatementDetail; format: BillingFormat }) {
  const intl = useIntl();
  const rows: [MessageId, string, boolean?][] = [
    ['billing.statement.previousBalance', format.money(statement.previousBalanceCents)],
    ['billing.statement.paymentsReceived', format.money(-statement.paymentsReceivedCents)],
    ['billing.statement.adjustments', format.money(statement.adjustmentsCents)],
    ['billing.statement.newCharges', format.money(statement.newChargesCents)],
    ['billing.statement.totalDue', format.money(statement.totalDueCents), true],
  ];
  return (
    <table className="w-full max-w-md">
      <caption className="pb-2 text-left text-lg font-semibold text-navy-900">
        {intl.formatMessage({ id: 'billing.statement.summaryTitle' })}
      </caption>
      <tbody>
        {rows.map(([labelId, value, total]) => (
          <tr key={labelId} className={total ? 'border-t-2 border-navy-900 font-bold' : 'border-b border-line'}>
            <th scope="row" className="py-2 pr-4 text-left font-medium text-ink">
              {intl.formatMessage({ id: labelId })}
            </th>
            <td className="py-2 text-right text-ink tabular-nums" data-testid={total ? 'statement-total' : undefined}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Comparison({ statement, format }: { statement: StatementDetail; format: BillingFormat }) {
  const intl = useIntl();
  const comparison = statement.comparison;
  let text: string;
  if (!comparison) text = intl.formatMessage({ id: 'billing.comparison.first' });
  else {
    const values = {
      difference: format.money(Math.abs(comparison.differenceCents)),
      previous: format.money(comparison.previousNewChargesCents),
    };
    const id: MessageId =
      comparison.differenceCents > 0
        ? 'billing.comparison.higher'
        : comparison.differenceCents < 0
          ? 'billing.comparison.lower'
          : 'billing.comparison.same';
    text = intl.formatMessage({ id }, values);
  }
  return (
    <section aria-labelledby="statement-comparison-title">
      <h2 id="statement-comparison-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'billing.comparison.title' })}
      </h2>
      <p className="mt-2 text-ink" data-testid="statement-comparison">
        {text}
      </p>
      {comparison ? (
        <Link
          to="/billing/view-statements/$statementId"
          params={{ statementId: comparison.previousStatementId }}
          className={`${TEXT_LINK} mt-2 inline-block print:hidden`}
        >
          {intl.formatMessage({ id: 'billing.comparison.viewPrevious' })}
        </Link>
      ) : null}
    </section>
  );
}

function LineChange({ line, format }: { line: Line; format: BillingFormat }) {
  const intl = useIntl();
  const reasonText = useReasonText();
  const change = line.change;
  if (!change) return <span className="text-ink-muted">{intl.formatMessage({ id: 'billing.change.none' })}</span>;
  const changed = change.differenceCents !== 0 || change.previousAmountCents === null;
  return (
    <span className="block">
      <span className={changed ? 'font-medium text-ink' : 'text-ink-muted'}>
        {differenceText(intl, format, change.differenceCents, change.previousAmountCents)}
      </span>
      {change.reason ? (
        <span className="block text-sm text-ink-muted" data-testid="change-reason">
          {reasonText(change.reason)}
        </span>
      ) : null}
    </span>
  );
}

function SectionLines({ section, format }: { section: Section; format: BillingFormat }) {
  const intl = useIntl();
  const reasonText = useReasonText();
  const name = intl.formatMessage({ id: CATEGORY_NAMES[section.category] });
  const columns = [
    { label: intl.formatMessage({ id: 'billing.statement.lineDescription' }) },
    { label: intl.formatMessage({ id: 'billing.statement.lineChange' }) },
    { label: intl.formatMessage({ id: 'billing.statement.lineAmount' }), align: 'end' as const },
  ];
  return (
    <>
      <ResponsiveTable
        caption={<span className="sr-only">{intl.formatMessage({ id: 'billing.statement.linesOf' }, { name })}</span>}
        columns={columns}
      >
        {section.lines.map((line) => (
          <ResponsiveRow key={line.id}>
            <ResponsiveCell label={columns[0]?.label ?? ''}>
              {format.line(line)}
              {line.kind === 'proration' || line.kind === 'one_time' ? (
                line.periodStart && line.periodEnd ? (
                  <span className="block text-sm text-ink-muted">
                    {line.periodStart === line.periodEnd
                      ? format.date(line.periodStart)
                      : intl.formatMessage(
                          { id: 'billing.statement.periodRange' },
                          { start: format.date(line.periodStart), end: format.date(line.periodEnd) },
                        )}
                  </span>
                ) : null
              ) : null}
            </ResponsiveCell>
            <ResponsiveCell label={columns[1]?.label ?? ''}>
              <LineChange line={line} format={format} />
            </ResponsiveCell>
            <ResponsiveCell label={columns[2]?.label ?? ''} align="end">
              {format.money(line.amountCents)}
            </ResponsiveCell>
          </ResponsiveRow>
        ))}
      </ResponsiveTable>
      {section.removedLines.length > 0 ? (
        <div className="mt-4">
          <h4 className="font-semibold text-navy-900">{intl.formatMessage({ id: 'billing.statement.removed' })}</h4>
          <ul className="mt-2 list-disc space-y-1 pl-6" data-testid="removed-lines">
            {section.removedLines.map((line) => (
              <li key={`${line.description}-${line.previousAmountCents}`} className="text-ink">
                {intl.formatMessage(
                  { id: 'billing.statement.removedLine' },
                  {
                    description: line.description,
                    amount: format.money(line.previousAmountCents),
                    reason: reasonText(line.reason),
                  },
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </>
  );
}

type StatementSectionsProps = { statement: StatementDetail; format: BillingFormat };

/**
 * The charges per service, each collapsible, with Expand all / Collapse all. Plain buttons with aria-expanded and
 * aria-controls (the WAI-ARIA disclosure pattern). A collapsed panel is `hidden`; the print stylesheet shows every
 * `data-print-expand` panel, so a printout has all sections whatever the screen shows (styles.css).
 */
function StatementSections({ statement, format }: StatementSectionsProps) {
  const intl = useIntl();
  const baseId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<Category>>(() => new Set());
  const toggle = (category: Category) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(category)) next.delete(category);
      else next.add(category);
      return next;
    });
  return (
    <section aria-labelledby="statement-charges-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="statement-charges-title" className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'billing.statement.chargesTitle' })}
        </h2>
        <div className="flex gap-2 print:hidden">
          <button
            type="button"
            className={SECONDARY_BUTTON}
            onClick={() => setExpanded(new Set(statement.sections.map((section) => section.category)))}
          >
            {intl.formatMessage({ id: 'billing.statement.expandAll' })}
          </button>
          <button type="button" className={SECONDARY_BUTTON} onClick={() => setExpanded(new Set())}>
            {intl.formatMessage({ id: 'billing.statement.collapseAll' })}
          </button>
        </div>
      </div>
      <div className="mt-3 divide-y divide-line rounded-lg border border-line">
        {statement.sections.map((section) => {
          const isOpen = expanded.has(section.category);
          const panelId = `${baseId}-${section.category}`;
          const name = intl.formatMessage({ id: CATEGORY_NAMES[section.category] });
          const difference =
            section.previousTotalCents === null ? null : section.totalCents - section.previousTotalCents;
          return (
            <div key={section.category} className="break-inside-avoid">
              <h3>
                <button
                  type="button"
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => toggle(section.category)}
                  className="flex min-h-14 w-full cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-left hover:bg-surface-muted"
                >
                  <span
                    aria-hidden="true"
                    className={`text-ink-muted transition-transform print:hidden ${isOpen ? 'rotate-90' : ''}`}
                  >
                    ▶
                  </span>
                  <span className="flex-1 text-lg font-semibold text-navy-900">{name}</span>
                  {difference !== null ? (
                    <span className="text-sm text-ink-muted">
                      {differenceText(intl, format, difference, section.previousTotalCents)}
                    </span>
                  ) : null}
                  <span className="font-semibold text-ink tabular-nums">{format.money(section.totalCents)}</span>
                </button>
              </h3>
              <div id={panelId} hidden={!isOpen} data-print-expand className="px-4 pb-4">
                <SectionLines section={section} format={format} />
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** The digital statement (spec §2.4): header, the sum that makes the total, last month, charges per service. */
export function StatementBody({ statement }: { statement: StatementDetail }) {
  const format = useBillingFormat();
  return (
    <div className="space-y-8">
      <div className={CARD}>
        <StatementHeader statement={statement} format={format} />
      </div>
      <div className="grid gap-8 md:grid-cols-2">
        <TotalsTable statement={statement} format={format} />
        <Comparison statement={statement} format={format} />
      </div>
      <StatementSections statement={statement} format={format} />
    </div>
  );
}
