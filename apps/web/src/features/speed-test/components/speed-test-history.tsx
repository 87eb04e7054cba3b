import { useIntl } from 'react-intl';
import { SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatInstant } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import { type SpeedTestResult, useSpeedTestHistory } from '../api/speed-test-api';

export const VERDICT_SHORT: Record<SpeedTestResult['verdict'], MessageId> = {
  planIsTheLimit: 'speedTest.verdict.short.planIsTheLimit',
  belowPlan: 'speedTest.verdict.short.belowPlan',
  noPlan: 'speedTest.verdict.short.noPlan',
};

/** Megabits per second as the page shows them ("950 Mb/s"): whole above 100, one decimal below. */
export function useMbps() {
  const intl = useIntl();
  return (kbps: number) =>
    intl.formatNumber(kbps / 1000, {
      style: 'unit',
      unit: 'megabit-per-second',
      maximumFractionDigits: kbps >= 100_000 ? 0 : 1,
    });
}

/** Milliseconds ("12 ms"). */
export function useMs() {
  const intl = useIntl();
  return (value: number) => intl.formatNumber(value, { style: 'unit', unit: 'millisecond' });
}

/** The user's tests, newest first, more on request (keyset). */
export function SpeedTestHistory() {
  const intl = useIntl();
  const history = useSpeedTestHistory();
  const mbps = useMbps();
  const ms = useMs();
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const columns = [
    intl.formatMessage({ id: 'speedTest.history.when' }),
    intl.formatMessage({ id: 'speedTest.download' }),
    intl.formatMessage({ id: 'speedTest.upload' }),
    intl.formatMessage({ id: 'speedTest.latency' }),
    intl.formatMessage({ id: 'speedTest.history.verdict' }),
  ] as const;
  return (
    <section aria-labelledby="speed-test-history" className="mt-10 max-w-4xl">
      <h2 id="speed-test-history" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'speedTest.history.title' })}
      </h2>
      {history.isPending ? (
        <ListSkeleton rows={3} />
      ) : history.isError ? (
        <p className="mt-2 text-ink-muted">{intl.formatMessage({ id: 'speedTest.history.failed' })}</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-ink-muted">{intl.formatMessage({ id: 'speedTest.history.empty' })}</p>
      ) : (
        <div className="mt-3">
          <ResponsiveTable
            caption={intl.formatMessage({ id: 'speedTest.history.caption' })}
            columns={[
              { label: columns[0] },
              { label: columns[1], align: 'end' },
              { label: columns[2], align: 'end' },
              { label: columns[3], align: 'end' },
              { label: columns[4] },
            ]}
            busy={history.isFetchingNextPage}
          >
            {items.map((test) => (
              <ResponsiveRow key={test.id}>
                <ResponsiveCell label={columns[0]}>{formatInstant(intl, new Date(test.at), 'dateTime')}</ResponsiveCell>
                <ResponsiveCell label={columns[1]} align="end">
                  {mbps(test.downloadKbps)}
                </ResponsiveCell>
                <ResponsiveCell label={columns[2]} align="end">
                  {mbps(test.uploadKbps)}
                </ResponsiveCell>
                <ResponsiveCell label={columns[3]} align="end">
                  {ms(test.idleLatencyMs)}
                </ResponsiveCell>
                <ResponsiveCell label={columns[4]}>
                  {intl.formatMessage({ id: VERDICT_SHORT[test.verdict] })}
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </ResponsiveTable>
          {history.hasNextPage ? (
            <button
              type="button"
              className={`${SECONDARY_BUTTON} mt-4`}
              aria-disabled={history.isFetchingNextPage || undefined}
              onClick={() => {
                if (!history.isFetchingNextPage) void history.fetchNextPage();
              }}
            >
              {intl.formatMessage({ id: 'speedTest.history.more' })}
            </button>
          ) : null}
        </div>
      )}
    </section>
  );
}
