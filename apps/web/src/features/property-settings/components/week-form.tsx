import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checkIntervals, type DayHours, type HoursInterval, type RuleResult } from '@vireo/shared';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { type FormErrors, useForm } from '../../../components/form/use-form';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FieldError } from '../../../components/ui/field-notes';
import { CARD, PRIMARY_BUTTON, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { type BusinessHours, saveBusinessHours, useBusinessHours } from '../api/business-hours-api';
import { propertySettingsKeys } from '../api/property-settings-keys';
import {
  faultMessage,
  fieldFaults,
  intervalsText,
  timeOptions,
  WEEK_ORDER,
  weekdayName,
} from '../utils/settings-words';
import { LoadFailure } from './settings-frame';

type Day = { open: boolean; intervals: HoursInterval[] };
type WeekValues = Record<`d${number}`, Day>;

const DEFAULT_INTERVAL: HoursInterval = { opens: '09:00', closes: '17:00' };
const BREAK_INTERVAL: HoursInterval = { opens: '18:00', closes: '20:00' };

/** The form's values, Monday first (the order focus follows to the first day in error). */
function valuesOf(hours: BusinessHours): WeekValues {
  const values = {} as WeekValues;
  for (const weekday of WEEK_ORDER) {
    const intervals = hours.week.find((day) => day.weekday === weekday)?.intervals ?? [];
    values[`d${weekday}`] = {
      open: intervals.length > 0,
      intervals: intervals.length > 0 ? intervals : [DEFAULT_INTERVAL],
    };
  }
  return values;
}

/** A day's check (the shared rule the server applies): its fault's words, on the day. */
function dayRule(day: Day): RuleResult | null {
  if (!day.open) return null;
  const fault = checkIntervals(day.intervals);
  return fault ? { ok: false, ...faultMessage(fault.code) } : null;
}

function weekOf(values: WeekValues): DayHours[] {
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => {
    const day = values[`d${weekday}`] as Day;
    return { weekday, intervals: day.open ? day.intervals : [] };
  });
}

/**
 * The week (wider-portal.md §10): a group per day, Monday first: open or closed, and when open its hours, on the
 * 15-minute grid of the selects, with a second opening after a break if the property has one. The shared rule checks
 * each day before sending; the server's refusals land on their day. Saved whole (one audit entry on the server).
 */
function WeekForm({ hours, propertyId }: { hours: BusinessHours; propertyId: string }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [saved, setSaved] = useState(false);
  const times = timeOptions(intl);
  const rules = Object.fromEntries(WEEK_ORDER.map((weekday) => [`d${weekday}`, dayRule]));
  const form = useForm<WeekValues>({ initial: () => valuesOf(hours), rules });
  const save = useMutation({ mutationFn: (week: DayHours[]) => saveBusinessHours(propertyId, { week }) });
  const submit = (values: WeekValues) => {
    setSaved(false);
    save.mutate(weekOf(values), {
      onSuccess: (next) => {
        queryClient.setQueryData(propertySettingsKeys.hours(propertyId), next);
        form.reset(valuesOf(next));
        setSaved(true);
      },
      onError: (error) => {
        const errors: FormErrors<WeekValues> = {};
        for (const fault of fieldFaults(error)) {
          const weekday = /^week\.(\d)/.exec(fault.path)?.[1];
          if (weekday !== undefined) errors[`d${Number(weekday)}`] = faultMessage(fault.code);
        }
        if (Object.keys(errors).length > 0) form.showErrors(errors);
      },
    });
  };
  const onField = fieldFaults(save.error).length > 0;
  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (!save.isPending) form.submit(submit);
      }}
      heading={
        <h2 id={headingId} className={SECTION_TITLE}>
          {intl.formatMessage({ id: 'propertySettings.hours.week' })}
        </h2>
      }
      alerts={
        save.isError && !onField ? (
          <ErrorPanel
            titleId="propertySettings.errors.save.title"
            bodyId="propertySettings.errors.save.body"
            headingLevel={3}
          />
        ) : null
      }
      className="space-y-4"
    >
      <p className="text-ink-muted">
        {intl.formatMessage({ id: 'propertySettings.hours.timeZone' }, { timeZone: hours.timeZone })}
      </p>
      <div className="grid gap-4 xl:grid-cols-2">
        {WEEK_ORDER.map((weekday) => {
          const binding = form.field(`d${weekday}`);
          const day = binding.value;
          const set = (next: Partial<Day>) => binding.onChange({ ...day, ...next });
          const setInterval = (index: number, part: keyof HoursInterval, value: string) =>
            set({ intervals: day.intervals.map((each, i) => (i === index ? { ...each, [part]: value } : each)) });
          const errorId = `${headingId}-d${weekday}-error`;
          return (
            <fieldset
              key={weekday}
              aria-describedby={binding.error ? errorId : undefined}
              className="space-y-3 rounded-lg border border-line p-4"
            >
              <legend className="px-1 font-semibold text-ink">{weekdayName(intl, weekday)}</legend>
              <CheckboxField
                label={intl.formatMessage({ id: 'propertySettings.hours.open' })}
                checked={day.open}
                onChange={(open) => set({ open })}
              />
              {day.open
                ? day.intervals.map((interval, index) => (
                    // the first opening and the one after the break: a position, not an item that moves
                    // biome-ignore lint/suspicious/noArrayIndexKey: at most two, never reordered
                    <div key={index} className="grid grid-cols-2 gap-3">
                      <SelectField
                        label={intl.formatMessage({
                          id: index === 0 ? 'propertySettings.hours.opens' : 'propertySettings.hours.opensAgain',
                        })}
                        options={times}
                        value={interval.opens}
                        onChange={(value) => setInterval(index, 'opens', value)}
                        inputRef={index === 0 ? binding.inputRef : undefined}
                      />
                      <SelectField
                        label={intl.formatMessage({
                          id: index === 0 ? 'propertySettings.hours.closes' : 'propertySettings.hours.closesAgain',
                        })}
                        options={times}
                        value={interval.closes}
                        onChange={(value) => setInterval(index, 'closes', value)}
                      />
                    </div>
                  ))
                : null}
              {day.open && day.intervals.length === 1 ? (
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  onClick={() => set({ intervals: [...day.intervals, BREAK_INTERVAL] })}
                >
                  {intl.formatMessage({ id: 'propertySettings.hours.addBreak' })}
                </button>
              ) : null}
              {day.open && day.intervals.length > 1 ? (
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  onClick={() => set({ intervals: day.intervals.slice(0, 1) })}
                >
                  {intl.formatMessage({ id: 'propertySettings.hours.removeBreak' })}
                </button>
              ) : null}
              <FieldError id={errorId} error={binding.error} />
            </fieldset>
          );
        })}
      </div>
      <p role="status" className="font-semibold text-ink empty:hidden">
        {saved ? intl.formatMessage({ id: 'propertySettings.hours.saved' }) : ''}
      </p>
      <button type="submit" aria-disabled={save.isPending || undefined} className={PRIMARY_BUTTON}>
        {intl.formatMessage({ id: 'propertySettings.hours.save' })}
      </button>
    </Form>
  );
}

/** The week as text, for a reader who may not change it. */
function WeekSummary({ hours }: { hours: BusinessHours }) {
  const intl = useIntl();
  return (
    <div>
      <h2 className={SECTION_TITLE}>{intl.formatMessage({ id: 'propertySettings.hours.week' })}</h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5">
        {WEEK_ORDER.map((weekday) => (
          <div key={weekday} className="contents">
            <dt className="text-ink-muted">{weekdayName(intl, weekday)}</dt>
            <dd className="text-ink">
              {intervalsText(intl, hours.week.find((day) => day.weekday === weekday)?.intervals ?? [])}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function WeekSection({ propertyId, canManage }: { propertyId: string; canManage: boolean }) {
  const intl = useIntl();
  const hours = useBusinessHours(propertyId);
  return (
    <section className={CARD}>
      {hours.isError ? (
        <LoadFailure onRetry={() => void hours.refetch()} isRetrying={hours.isFetching} />
      ) : !hours.data ? (
        <ListSkeleton rows={7} label={intl.formatMessage({ id: 'propertySettings.loading' })} />
      ) : canManage ? (
        <WeekForm hours={hours.data} propertyId={propertyId} />
      ) : (
        <WeekSummary hours={hours.data} />
      )}
    </section>
  );
}
