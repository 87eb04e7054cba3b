import type { MobileServiceBilling } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { CARD, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatPhoneNumber } from '../../../lib/formatters';
import { LINE_STATUS_NAMES } from '../utils/mobile-state';

/** The account's mobile lines: label, number, plan and each line's state (spec §4). */
export function MobileLinesCard({ lines }: { lines: MobileServiceBilling['lines'] }) {
  const intl = useIntl();
  const columns = [
    { label: intl.formatMessage({ id: 'mobile.lines.line' }) },
    { label: intl.formatMessage({ id: 'mobile.lines.number' }) },
    { label: intl.formatMessage({ id: 'mobile.lines.plan' }) },
    { label: intl.formatMessage({ id: 'mobile.lines.status' }) },
  ];
  const label = (index: number) => columns[index]?.label ?? '';
  return (
    <section aria-labelledby="mobile-lines-title" className={CARD}>
      <h2 id="mobile-lines-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'mobile.lines.title' })}
      </h2>
      <div className="mt-3">
        {lines.length === 0 ? (
          <p className="text-ink">{intl.formatMessage({ id: 'mobile.lines.empty' })}</p>
        ) : (
          <ResponsiveTable
            caption={intl.formatMessage({ id: 'mobile.lines.caption' }, { count: lines.length })}
            columns={columns}
          >
            {lines.map((line) => (
              <ResponsiveRow key={line.id}>
                <ResponsiveCell label={label(0)}>{line.label}</ResponsiveCell>
                <ResponsiveCell label={label(1)}>{formatPhoneNumber(line.phoneNumber)}</ResponsiveCell>
                <ResponsiveCell label={label(2)}>{line.planName}</ResponsiveCell>
                <ResponsiveCell label={label(3)}>
                  {intl.formatMessage({ id: LINE_STATUS_NAMES[line.status] })}
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </ResponsiveTable>
        )}
      </div>
    </section>
  );
}
