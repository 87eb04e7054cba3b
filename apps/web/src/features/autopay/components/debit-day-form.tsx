import { type AutoPayScope, debitDayCalendar, type IsoDate, nextDraftDates } from '@vireo/shared';
import { type ReactNode, useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '../../../components/form/use-form';
import { DayOfMonthPicker } from '../../../components/ui/day-of-month-picker';
import { NOTICE, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { StepForm } from '../../../components/ui/step-form';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { ServicesFieldset } from './services-fieldset';

type DebitDayFormProps = {
  title: string;
  step?: { current: number; total: number };
  focusOnMount: boolean;
  cycleDay: number;
  today: IsoDate;
  initialDay: number | null;
  /** The change of date chooses its services here too; the enrolment chose them in step 1. */
  services?: { available: AutoPayScope[]; initial: AutoPayScope[] };
  submitLabel: string;
  notes?: (services: AutoPayScope[]) => ReactNode;
  /** What the chosen day means beyond its dates (the enrolment: payments scheduled before its first draft). */
  dayNotes?: (day: number) => ReactNode;
  /** Page-level messages of the form (an unknown outcome): above the fields (StepForm `alerts`). */
  alerts?: ReactNode;
  onContinue: (day: number, services: AutoPayScope[]) => void;
  onBack: () => void;
  backLabel?: string;
  isSubmitting?: boolean;
  children?: ReactNode;
};

const SERVICES_REQUIRED = { ok: false, message: 'autopay.services.required' } as const;
const DAY_REQUIRED = { ok: false, message: 'autopay.day.required' } as const;

/** The next real draft dates for a day, as a list (the calendar comes from the shared rules: spec §5). */
export function NextDraftDates({ day, cycleDay, today }: { day: number; cycleDay: number; today: IsoDate }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const headingId = useId();
  const dates = nextDraftDates(day, cycleDay, today);
  return (
    <div>
      <p id={headingId} className="font-semibold text-ink">
        {intl.formatMessage({ id: 'autopay.day.nextDrafts' }, { count: dates.length })}
      </p>
      <ul aria-labelledby={headingId} className="mt-1 list-disc pl-6 text-ink" data-testid="next-draft-dates">
        {dates.map((date) => (
          <li key={date}>{format.date(date)}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Auto Pay step 2 (and the change of date): the debit day 1-31. Days that would make the payment late are disabled
 * and say why; days missing in some months say the draft then runs on the 1st of the next month (spec §5).
 */
export function DebitDayForm({
  title,
  step,
  focusOnMount,
  cycleDay,
  today,
  initialDay,
  services: servicesChoice,
  submitLabel,
  notes,
  dayNotes,
  alerts,
  onContinue,
  onBack,
  backLabel,
  isSubmitting = false,
  children,
}: DebitDayFormProps) {
  const intl = useIntl();
  const calendar = useMemo(() => debitDayCalendar(cycleDay, today), [cycleDay, today]);
  const form = useForm<{ services: AutoPayScope[]; day: number | null }>({
    initial: () => ({
      services: servicesChoice?.initial ?? [],
      day: initialDay !== null && calendar[initialDay - 1]?.allowed ? initialDay : null,
    }),
    rules: {
      // spec §5: at least one service; a day that keeps the payment on time
      services: (services) => (servicesChoice && services.length === 0 ? SERVICES_REQUIRED : null),
      day: (day) => (day === null || !calendar[day - 1]?.allowed ? DAY_REQUIRED : null),
    },
  });
  const { day, services } = form.values;
  const chosen = day === null ? null : calendar[day - 1];

  const submit = () => {
    if (isSubmitting) return;
    form.submit((values) => {
      if (values.day !== null) onContinue(values.day, values.services);
    });
  };

  return (
    <StepForm title={title} step={step} focusOnMount={focusOnMount} onSubmit={submit} alerts={alerts}>
      {servicesChoice ? <ServicesFieldset available={servicesChoice.available} {...form.field('services')} /> : null}
      <p className="max-w-2xl text-ink">{intl.formatMessage({ id: 'autopay.day.intro' })}</p>
      <DayOfMonthPicker
        legend={intl.formatMessage({ id: 'autopay.day.legend' })}
        days={calendar}
        {...form.field('day')}
        blockedReason={intl.formatMessage({ id: 'autopay.day.blocked' })}
        shortMonthNote={intl.formatMessage({ id: 'autopay.day.shortMonths' })}
      />
      {/* A live region present from the start, so that choosing a day reads out what it means. */}
      <div aria-live="polite" className="max-w-xl empty:hidden">
        {day !== null && chosen?.allowed ? (
          <div className={`${NOTICE} space-y-3`}>
            <p className="text-ink">{intl.formatMessage({ id: 'autopay.day.chosen' }, { day })}</p>
            {chosen.movesToFirst ? (
              <p className="text-ink" data-testid="short-month-note">
                {intl.formatMessage({ id: 'autopay.day.movesToFirst' }, { day })}
              </p>
            ) : null}
            <NextDraftDates day={day} cycleDay={cycleDay} today={today} />
          </div>
        ) : null}
        {day !== null && chosen?.allowed && dayNotes ? <div className="mt-3 empty:hidden">{dayNotes(day)}</div> : null}
      </div>
      {notes?.(servicesChoice ? services : [])}
      {children}
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={isSubmitting || undefined} className={PRIMARY_BUTTON}>
          {submitLabel}
        </button>
        <button type="button" onClick={onBack} className={SECONDARY_BUTTON}>
          {backLabel ?? intl.formatMessage({ id: 'payments.back' })}
        </button>
      </div>
    </StepForm>
  );
}
