import { AppError, type IsoDate } from '@vireo/shared';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { DatePickerDialog } from '../../../components/ui/date-picker-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlerts } from '../../../components/ui/form-alerts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { formatCalendarDate } from '../../../lib/dates';
import type { Appointment, Availability } from '../api/appointments-api';
import { useVisitAvailability, useVisitChange } from '../api/visit-access';
import { hoursText } from './visit-words';

type Day = Availability['days'][number];

/**
 * Moves a visit (wider-portal.md §7): a day from the calendar (only days with a free window can be chosen), a window
 * of that day (full ones shown, not choosable), then one button. The current window stays booked until dispatch has
 * booked the new one; a window taken meanwhile is said, the windows read again and another can be chosen.
 */
export function ReschedulePanel({
  visit,
  onDone,
  onClose,
}: {
  visit: Appointment;
  onDone: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const availability = useVisitAvailability(visit.id);
  const change = useVisitChange();
  const [day, setDay] = useState<IsoDate | null>(null);
  const [window, setWindow] = useState('');
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [error, setError] = useState<'choose' | 'full' | 'failed' | null>(null);

  if (availability.isError) {
    return (
      <ErrorNotice
        className="mt-4"
        headingLevel={3}
        titleId="appointments.errors.windows.title"
        bodyId="appointments.errors.windows.body"
        onRetry={() => void availability.refetch()}
        isRetrying={availability.isFetching}
      />
    );
  }
  if (!availability.data) {
    return (
      <div className="mt-4">
        <ListSkeleton rows={2} label={intl.formatMessage({ id: 'appointments.windows.loading' })} />
      </div>
    );
  }
  const open = availability.data.days.filter((each) => each.windows.some((w) => w.available));
  const chosen: Day | undefined = open.find((each) => each.date === day) ?? open[0];
  const first = availability.data.days[0]?.date as IsoDate;
  const last = availability.data.days.at(-1)?.date as IsoDate;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    if (!window) {
      setError('choose');
      return;
    }
    setError(null);
    change.mutate(
      { id: visit.id, change: { kind: 'reschedule', request: { windowStart: window } } },
      {
        onSuccess: onDone,
        onError: (failure) => {
          const full = AppError.is(failure) && failure.fields?.some((f) => f.code === 'appointments.window.full');
          setError(full ? 'full' : 'failed');
          if (full) {
            setWindow('');
            void availability.refetch();
          }
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-label={intl.formatMessage({ id: 'appointments.reschedule.title' })}
      className="mt-4 border-t border-line pt-4"
      onSubmit={onSubmit}
    >
      <FormAlerts>
        {error ? (
          <p role="alert" className="font-semibold text-danger-700">
            {intl.formatMessage({ id: `appointments.reschedule.error.${error}` })}
          </p>
        ) : null}
      </FormAlerts>
      <p className="mt-2 text-ink">{intl.formatMessage({ id: 'appointments.reschedule.keep' })}</p>
      {chosen ? (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <p className="font-semibold text-ink">{formatCalendarDate(intl, chosen.date, 'fullDate')}</p>
            <button type="button" className={SECONDARY_BUTTON} onClick={() => setCalendarOpen(true)}>
              {intl.formatMessage({ id: 'appointments.reschedule.otherDay' })}
            </button>
          </div>
          {calendarOpen ? (
            <DatePickerDialog
              isOpen
              title={intl.formatMessage({ id: 'appointments.reschedule.calendarTitle' })}
              value={chosen.date as IsoDate}
              min={first}
              max={last}
              isDateUnavailable={(date) => !open.some((each) => each.date === date)}
              description={intl.formatMessage({ id: 'appointments.reschedule.calendarNote' })}
              onSelect={(date) => {
                setDay(date);
                setWindow('');
                setCalendarOpen(false);
              }}
              onClose={() => setCalendarOpen(false)}
            />
          ) : null}
          <RadioGroup
            className="mt-4 max-w-md space-y-2"
            legend={intl.formatMessage({ id: 'appointments.reschedule.window' })}
            options={chosen.windows.map((each) => ({
              value: each.start,
              label: hoursText(intl, each, visit.timeZone),
              disabled: !each.available,
              ...(each.available ? {} : { description: intl.formatMessage({ id: 'appointments.reschedule.full' }) }),
            }))}
            value={window}
            onChange={(value) => {
              setWindow(value);
              setError(null);
            }}
          />
        </>
      ) : (
        <p className="mt-4 text-ink">{intl.formatMessage({ id: 'appointments.reschedule.none' })}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {chosen ? (
          <button type="submit" className={PRIMARY_BUTTON} aria-disabled={change.isPending || undefined}>
            {intl.formatMessage({ id: 'appointments.reschedule.submit' })}
          </button>
        ) : null}
        <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
          {intl.formatMessage({ id: 'appointments.reschedule.cancel' })}
        </button>
      </div>
    </form>
  );
}
