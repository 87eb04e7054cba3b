import { CALL_DIRECTIONS, CALL_HISTORY_DAYS } from '@vireo/shared';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { DateField } from '../../../components/form/date-field';
import { SelectField } from '../../../components/form/select-field';
import { useForm } from '../../../components/form/use-form';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PRIMARY_BUTTON, SECONDARY_BUTTON, TEXT_LINK } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { ListSkeleton } from '../../../components/ui/loading';
import { type DateRangeMessages, dateRangeRules, validateDateRange } from '../../../lib/date-range';
import { localeOf } from '../../../lib/dates';
import { type CallDirection, type CallFilter, callLogsExportUrl, useCallLogs, type VoiceLine } from '../api/voice-api';
import { CallTable } from './call-table';
import { LineFrame } from './line-frame';

type Values = { direction: string; from: string; to: string };

const RANGE_MESSAGES: DateRangeMessages = {
  invalidDate: 'voice.calls.filter.invalidDate',
  order: 'voice.calls.filter.order',
};

/**
 * `/voice/call-logs` (issue 19 item 5, wider-portal.md §6): a line's calls of the last 90 days, newest first, by
 * direction (incoming, outgoing, missed, blocked with the reason) and From-To days of the account's calendar, a keyset
 * page at a time, and the same calls as a CSV (formula-safe: the server's export).
 */
export function CallLogsPage() {
  return (
    <LineFrame titleId="pages.callLogs" introId="voice.calls.intro">
      {(line) => <LineCalls line={line} />}
    </LineFrame>
  );
}

function LineCalls({ line }: { line: VoiceLine }) {
  const intl = useIntl();
  const locale = localeOf(intl);
  const [filter, setFilter] = useState<CallFilter>({});
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const calls = useCallLogs(line.id, filter, cursor);
  const form = useForm<Values>({
    initial: { direction: '', from: '', to: '' },
    rules: dateRangeRules(locale, RANGE_MESSAGES),
  });
  const apply = (next: CallFilter) => {
    setFilter(next);
    setCursor(undefined);
  };
  const dateField = (name: 'from' | 'to') => (
    <DateField form={form} name={name} label={intl.formatMessage({ id: `voice.calls.filter.${name}` })} />
  );
  const page = calls.data;

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit((values) => {
            const checked = validateDateRange(values.from, values.to, locale, RANGE_MESSAGES);
            if (!checked.ok) return;
            apply({
              direction: (values.direction || undefined) as CallDirection | undefined,
              from: checked.from,
              to: checked.to,
            });
          });
        }}
      >
        <fieldset className="rounded-lg border border-line bg-surface p-4">
          <legend className="px-1 font-semibold text-navy-900">
            {intl.formatMessage({ id: 'voice.calls.filter.legend' }, { days: CALL_HISTORY_DAYS })}
          </legend>
          <div className="grid gap-4 md:grid-cols-3">
            <SelectField
              label={intl.formatMessage({ id: 'voice.calls.filter.direction' })}
              options={[
                { value: '', label: intl.formatMessage({ id: 'voice.calls.filter.every' }) },
                ...CALL_DIRECTIONS.map((direction) => ({
                  value: direction,
                  label: intl.formatMessage({ id: `voice.calls.direction.${direction}` }),
                })),
              ]}
              {...form.field('direction')}
            />
            {dateField('from')}
            {dateField('to')}
          </div>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="submit" className={PRIMARY_BUTTON}>
              {intl.formatMessage({ id: 'voice.calls.filter.apply' })}
            </button>
            {filter.direction || filter.from || filter.to ? (
              <button
                type="button"
                className={SECONDARY_BUTTON}
                onClick={() => {
                  form.reset({ direction: '', from: '', to: '' });
                  apply({});
                }}
              >
                {intl.formatMessage({ id: 'voice.calls.filter.clear' })}
              </button>
            ) : null}
          </div>
        </fieldset>
      </form>

      <div className="mt-6">
        {calls.isError && !page ? (
          <ErrorNotice
            headingLevel={2}
            titleId="voice.errors.load.title"
            bodyId="voice.errors.load.body"
            onRetry={() => void calls.refetch()}
            isRetrying={calls.isFetching}
          />
        ) : !page ? (
          <ListSkeleton rows={5} label={intl.formatMessage({ id: 'voice.calls.loading' })} />
        ) : page.items.length === 0 ? (
          <p className={CARD}>{intl.formatMessage({ id: 'voice.calls.empty' })}</p>
        ) : (
          <>
            <a
              href={callLogsExportUrl(line.id, filter, locale)}
              download
              className={`${TEXT_LINK} mb-4 inline-flex items-center gap-2`}
            >
              <Download aria-hidden="true" className="size-4" />
              {intl.formatMessage({ id: 'voice.calls.export' })}
            </a>
            <CallTable
              calls={page.items}
              caption={intl.formatMessage(
                { id: 'voice.calls.caption' },
                { line: line.label, direction: filter.direction ?? 'every' },
              )}
              busy={calls.isFetching}
            />
            <KeysetPager
              labelId="voice.calls.pages"
              previousCursor={page.previousCursor}
              nextCursor={page.nextCursor}
              onPage={setCursor}
              isBusy={calls.isFetching}
            />
          </>
        )}
      </div>
    </>
  );
}
