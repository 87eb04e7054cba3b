import { useQueryClient } from '@tanstack/react-query';
import { ANALYTICS_EVENT_TYPES, ANALYTICS_PATTERNS, parseSupportCode } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { SelectField } from '../../../components/form/select-field';
import { useForm } from '../../../components/form/use-form';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { ListSkeleton } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import {
  type AnalyticsEventType,
  analyticsViewerKeys,
  type EventFilter,
  useAnalyticsEvents,
} from '../api/analytics-events-api';
import { AnalyticsEventTable, TYPE_MESSAGES } from './analytics-event-table';
import { SupportLogLines } from './support-log-lines';

type Values = { type: string; traceId: string; supportCode: string };

/**
 * The filters: a kind of event, a trace id (checked on Apply against the API's pattern) and a support code (item 4:
 * as a person reads it out; its log lines are shown too), each optional.
 */
function EventFilters({ filter, onApply }: { filter: EventFilter; onApply: (filter: EventFilter) => void }) {
  const intl = useIntl();
  const form = useForm<Values>({
    initial: () => ({ type: filter.type ?? '', traceId: filter.traceId ?? '', supportCode: filter.supportCode ?? '' }),
    rules: {
      traceId: (value) =>
        value.trim() === '' || ANALYTICS_PATTERNS.traceId.test(value.trim())
          ? null
          : { ok: false, message: 'analyticsViewer.filter.traceIdInvalid' },
      supportCode: (value) =>
        value.trim() === '' || parseSupportCode(value) !== null
          ? null
          : { ok: false, message: 'analyticsViewer.filter.supportCodeInvalid' },
    },
  });
  const types = [
    { value: '', label: intl.formatMessage({ id: 'analyticsViewer.filter.everyType' }) },
    ...ANALYTICS_EVENT_TYPES.map((type) => ({ value: type, label: intl.formatMessage({ id: TYPE_MESSAGES[type] }) })),
  ];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        form.submit((values) =>
          onApply({
            type: (values.type || undefined) as AnalyticsEventType | undefined,
            traceId: values.traceId.trim() || undefined,
            supportCode: parseSupportCode(values.supportCode) ?? undefined,
          }),
        );
      }}
    >
      <fieldset className="rounded-lg border border-line bg-surface p-4">
        <legend className="px-1 font-semibold text-navy-900">
          {intl.formatMessage({ id: 'analyticsViewer.filter.legend' })}
        </legend>
        <div className="grid gap-4 md:grid-cols-2">
          <SelectField
            label={intl.formatMessage({ id: 'analyticsViewer.filter.type' })}
            options={types}
            {...form.field('type')}
          />
          <TextField
            {...form.field('traceId')}
            label={intl.formatMessage({ id: 'analyticsViewer.filter.traceId' })}
            hint={intl.formatMessage({ id: 'analyticsViewer.filter.traceIdHint' })}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
          />
          <TextField
            {...form.field('supportCode')}
            label={intl.formatMessage({ id: 'analyticsViewer.filter.supportCode' })}
            hint={intl.formatMessage({ id: 'analyticsViewer.filter.supportCodeHint' })}
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className={PRIMARY_BUTTON}>
            {intl.formatMessage({ id: 'analyticsViewer.filter.apply' })}
          </button>
          {filter.type || filter.traceId || filter.supportCode ? (
            <button
              type="button"
              className={SECONDARY_BUTTON}
              onClick={() => {
                form.reset({ type: '', traceId: '', supportCode: '' });
                onApply({});
              }}
            >
              {intl.formatMessage({ id: 'analyticsViewer.filter.clear' })}
            </button>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}

/**
 * `/dev/analytics` (issue 23 item 2, wider-portal.md §11; outside production only: its route's `nonProduction`
 * guard): what the analytics ingest kept, newest first, a keyset page at a time, by kind or by trace id, for
 * developers and browser tests. Refresh asks for the page again: browsers send while it is open.
 */
export function AnalyticsViewerPage() {
  const intl = useIntl();
  const [filter, setFilter] = useState<EventFilter>({});
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const events = useAnalyticsEvents(filter, cursor);
  const queryClient = useQueryClient();
  const page = events.data;
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'analyticsViewer.title' })}</h1>
      <p className="mt-3 max-w-3xl leading-relaxed text-ink">{intl.formatMessage({ id: 'analyticsViewer.intro' })}</p>
      <div className="mt-6 space-y-4">
        <EventFilters
          key={JSON.stringify(filter)}
          filter={filter}
          onApply={(next) => {
            setFilter(next);
            setCursor(undefined);
          }}
        />
        <button
          type="button"
          className={SECONDARY_BUTTON}
          aria-disabled={events.isFetching || undefined}
          onClick={() => {
            if (!events.isFetching) void queryClient.invalidateQueries({ queryKey: analyticsViewerKeys.all });
          }}
        >
          {intl.formatMessage({ id: 'analyticsViewer.refresh' })}
        </button>
        {filter.supportCode ? (
          <section className="min-w-0">
            <SupportLogLines supportCode={filter.supportCode} />
          </section>
        ) : null}
        <section className="min-w-0">
          {events.isError && !page ? (
            <ErrorNotice
              headingLevel={2}
              titleId="analyticsViewer.errors.load.title"
              bodyId="analyticsViewer.errors.load.body"
              onRetry={() => void events.refetch()}
              isRetrying={events.isFetching}
            />
          ) : !page ? (
            <ListSkeleton rows={5} label={intl.formatMessage({ id: 'analyticsViewer.loading' })} />
          ) : page.items.length === 0 ? (
            <div className={CARD}>
              <h2 className="text-lg font-semibold text-navy-900">
                {intl.formatMessage({ id: 'analyticsViewer.empty.title' })}
              </h2>
              <p className="mt-2 max-w-3xl text-ink">{intl.formatMessage({ id: 'analyticsViewer.empty.body' })}</p>
            </div>
          ) : (
            <>
              <AnalyticsEventTable items={page.items} busy={events.isFetching} />
              <KeysetPager
                labelId="analyticsViewer.pages"
                previousCursor={page.previousCursor}
                nextCursor={page.nextCursor}
                onPage={setCursor}
                isBusy={events.isFetching}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
