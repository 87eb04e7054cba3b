import {
  addDays,
  compareDates,
  type IsoDate,
  type PaymentDateWindow,
  type PaymentOptions,
  validatePaymentDate,
} from '@vireo/shared';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '../../../components/form/use-form';
import {
  FIELD_ERROR,
  INPUT,
  LABEL,
  NOTICE,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
} from '../../../components/ui/form-styles';
import { StepForm } from '../../../components/ui/step-form';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useDateFormat } from '../../../lib/date-format';
import { type ChosenMethod, chosenExpiry, expiresBefore } from '../utils/payment-methods';
import { PaymentDateField } from './payment-date-field';

type DateStepProps = {
  options: PaymentOptions;
  step: { current: number; total: number };
  focusOnMount: boolean;
  initial: IsoDate | null;
  chosen: ChosenMethod | null;
  onContinue: (date: IsoDate) => void;
  onBack: () => void;
};

export function dateWindow(options: PaymentOptions): PaymentDateWindow {
  return {
    earliest: options.today,
    latest: options.todayOnlyReason ? options.today : options.lastFuturePaymentDate,
    tomorrowBlocked: options.tomorrowBlocked,
    todayOnly: options.todayOnlyReason !== null,
  };
}

export function scheduleLimitReached(options: PaymentOptions): boolean {
  return options.scheduled.length >= options.maxScheduled;
}

/**
 * The date's problems, as a rule failure: format, window (spec §5), cut-off, the two-future-payments limit (spec §9)
 * and a card that expires before it.
 */
export function checkPaymentDate(
  date: IsoDate | null,
  options: PaymentOptions,
  chosen: ChosenMethod | null,
): { ok: true; date: IsoDate } | { ok: false; message: string; values?: Record<string, string | number> } {
  // the typed text, read in the language's format (lib/dates.ts); null when it is not a date
  if (!date) return { ok: false, message: 'payments.date.format' };
  const rule = validatePaymentDate(date, dateWindow(options));
  if (!rule.ok) return rule;
  if (compareDates(date, options.today) > 0 && scheduleLimitReached(options)) {
    return { ok: false, message: 'payments.date.scheduleLimit', values: { max: options.maxScheduled } };
  }
  if (chosen && expiresBefore(chosenExpiry(chosen), date)) {
    return { ok: false, message: 'payments.card.expiry.beforePaymentDate' };
  }
  return { ok: true, date };
}

/** Step 3 (4 with online banking): today or a later date, within the account's window (spec §5). */
export function DateStep({ options, step, focusOnMount, initial, chosen, onContinue, onBack }: DateStepProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const dates = useDateFormat();
  const readOnlyId = useId();
  const reasonId = useId();
  const todayOnly = options.todayOnlyReason !== null;
  const check = (text: string) => checkPaymentDate(todayOnly ? options.today : dates.parseInput(text), options, chosen);
  const form = useForm<{ date: string }>({
    initial: () => ({ date: dates.toInput(initial ?? options.today) }),
    rules: { date: (text) => check(text) },
  });
  const error = form.error('date');
  const limitReached = scheduleLimitReached(options);
  const tomorrow = addDays(options.today, 1);

  const submit = () =>
    form.submit(({ date }) => {
      const result = check(date);
      if (result.ok) onContinue(result.date);
    });

  const cutoff = intl.formatMessage({ id: 'payments.date.pastCutoff' });
  const limit = intl.formatMessage({ id: 'payments.date.scheduleLimit' }, { max: options.maxScheduled });
  const hint = [
    intl.formatMessage(
      { id: 'payments.date.hint' },
      { earliest: format.date(options.today), latest: format.date(options.lastFuturePaymentDate) },
    ),
    options.tomorrowBlocked ? cutoff : null,
    limitReached ? limit : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <StepForm
      title={intl.formatMessage({ id: 'payments.date.title' })}
      step={step}
      focusOnMount={focusOnMount}
      onSubmit={submit}
    >
      {todayOnly ? (
        <div className="max-w-md">
          <label htmlFor={readOnlyId} className={LABEL}>
            {intl.formatMessage({ id: 'payments.date.label' })}
          </label>
          <input
            id={readOnlyId}
            readOnly
            value={dates.toInput(options.today)}
            aria-describedby={reasonId}
            className={INPUT}
          />
          <p id={reasonId} className={`${NOTICE} mt-2`}>
            {intl.formatMessage({
              id:
                options.todayOnlyReason === 'inactive'
                  ? 'payments.date.todayOnly.inactive'
                  : 'payments.date.todayOnly.pastDue',
            })}
          </p>
          {error ? (
            <p role="alert" className={FIELD_ERROR}>
              {error}
            </p>
          ) : null}
        </div>
      ) : (
        <PaymentDateField
          label={intl.formatMessage({ id: 'payments.date.label' })}
          hint={hint}
          {...form.field('date')}
          min={options.today}
          max={options.lastFuturePaymentDate}
          isDateUnavailable={(date) =>
            (options.tomorrowBlocked && date === tomorrow) || (limitReached && date !== options.today)
          }
          pickerDescription={
            [options.tomorrowBlocked ? cutoff : null, limitReached ? limit : null].filter(Boolean).join(' ') ||
            undefined
          }
        />
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'payments.continue' })}
        </button>
        <button type="button" onClick={onBack} className={SECONDARY_BUTTON}>
          {intl.formatMessage({ id: 'payments.back' })}
        </button>
      </div>
    </StepForm>
  );
}
