import {
  compareDates,
  type PaymentOptions,
  parseAmountToCents,
  type ScheduledPayment,
  validatePaymentAmount,
  validatePaymentDate,
} from '@vireo/shared';
import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { FIELD_ERROR, INPUT, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { IntentKey } from '../../../components/ui/idempotency-key';
import { TextField } from '../../../components/ui/text-field';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useDateFormat } from '../../../lib/date-format';
import type { MessageId } from '../../../messages';
import { useUpdateScheduledPayment } from '../api/update-scheduled-payment';
import { errorCode, fieldErrorsOf, isOutcomeUnknown } from '../utils/payment-errors';
import { expiresBefore, firstFutureDate, isSelectable } from '../utils/payment-methods';
import { PaymentDateField } from './payment-date-field';

export type Announce = (messageId: MessageId) => void;

type EditErrors = { amount?: string; date?: string; method?: string };

export function failureBody(error: unknown, fallback: MessageId): MessageId {
  if (errorCode(error) === 'PAYMENT_NOT_EDITABLE') return 'payments.scheduled.errors.notEditable';
  if (isOutcomeUnknown(error)) return 'payments.scheduled.errors.unknownOutcome';
  return fallback;
}

/** Editing a scheduled payment: amount, date and method (spec §5), checked by the shared rules before it is sent. */
export function EditScheduledForm({
  options,
  payment,
  onDone,
  onCancel,
}: {
  options: PaymentOptions;
  payment: ScheduledPayment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const dates = useDateFormat();
  const headingId = useId();
  const methodId = useId();
  const methodErrorId = useId();
  const update = useUpdateScheduledPayment();
  const intentKey = useRef(new IntentKey());
  const methods = options.methods.filter(isSelectable);
  const [amountText, setAmountText] = useState(() => (payment.amountCents / 100).toFixed(2));
  const [dateText, setDateText] = useState(() => dates.toInput(payment.paymentDate));
  const [methodChoice, setMethodChoice] = useState(
    () => methods.find((method) => method.id === payment.paymentMethodId)?.id ?? methods[0]?.id ?? '',
  );
  const [errors, setErrors] = useState<EditErrors>({});
  const [failure, setFailure] = useState<MessageId | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const methodRef = useRef<HTMLSelectElement>(null);
  const earliest = firstFutureDate(options);
  const editWindow = {
    earliest: options.today,
    latest: options.lastFuturePaymentDate,
    tomorrowBlocked: options.tomorrowBlocked,
    todayOnly: false,
  };

  const submit = () => {
    if (update.isPending) return;
    const found: EditErrors = {};
    const amountCents = parseAmountToCents(amountText);
    const amountRule =
      amountCents === null
        ? ({ ok: false, message: 'payments.amount.invalid' } as const)
        : validatePaymentAmount(amountCents, { minCents: options.minCents, maxCents: options.maxCents });
    if (!amountRule.ok) found.amount = format.rule(amountRule);
    const date = dates.parseInput(dateText);
    const method = methods.find((candidate) => candidate.id === methodChoice);
    if (!date) found.date = format.rule({ message: 'payments.date.format' });
    else if (compareDates(date, options.today) <= 0)
      found.date = format.rule({ message: 'payments.scheduled.date.future' });
    else {
      const dateRule = validatePaymentDate(date, editWindow);
      if (!dateRule.ok) found.date = format.rule(dateRule);
      else if (method && expiresBefore(method, date)) {
        found.date = format.rule({ message: 'payments.card.expiry.beforePaymentDate' });
      }
    }
    if (!method) found.method = intl.formatMessage({ id: 'payments.scheduled.method.required' });
    setErrors(found);
    if (found.amount) amountRef.current?.focus();
    else if (found.date) dateRef.current?.focus();
    else if (found.method) methodRef.current?.focus();
    if (found.amount || found.date || found.method || amountCents === null || !date || !method) return;

    setFailure(null);
    const request = { amountCents, paymentDate: date, paymentMethodId: method.id };
    update.mutate(
      { paymentId: payment.id, request, idempotencyKey: intentKey.current.for(request) },
      {
        onSuccess: () => {
          intentKey.current.reset();
          onDone();
        },
        onError: (error) => {
          if (!isOutcomeUnknown(error)) intentKey.current.reset();
          const fields = fieldErrorsOf(error);
          if (fields.length > 0) {
            const mapped: EditErrors = {};
            for (const field of fields) {
              const text = format.rule({ message: field.code });
              if (field.field === 'amountCents') mapped.amount = text;
              else if (field.field === 'paymentDate') mapped.date = text;
              else mapped.method = text;
            }
            setErrors(mapped);
            return;
          }
          setFailure(failureBody(error, 'payments.scheduled.errors.update.body'));
        },
      },
    );
  };

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="mt-4 space-y-4 rounded-lg border border-line p-4"
    >
      <h4 id={headingId} className="font-semibold text-navy-900">
        {intl.formatMessage({ id: 'payments.scheduled.edit.title' })}
      </h4>
      <FormAlerts>
        <FormErrorSummary show={Object.values(errors).some(Boolean)} />
        {failure ? (
          <ErrorPanel titleId="payments.scheduled.errors.update.title" bodyId={failure} headingLevel={4} />
        ) : null}
      </FormAlerts>
      <TextField
        label={intl.formatMessage({ id: 'payments.scheduled.edit.amount' })}
        value={amountText}
        onChange={(value) => {
          setAmountText(value);
          setErrors((current) => ({ ...current, amount: undefined }));
        }}
        error={errors.amount}
        inputRef={amountRef}
        inputMode="decimal"
        autoComplete="off"
        maxLength={15}
      />
      <PaymentDateField
        label={intl.formatMessage({ id: 'payments.date.label' })}
        hint={intl.formatMessage(
          { id: 'payments.date.hint' },
          { earliest: format.date(earliest), latest: format.date(options.lastFuturePaymentDate) },
        )}
        value={dateText}
        onChange={(value) => {
          setDateText(value);
          setErrors((current) => ({ ...current, date: undefined }));
        }}
        error={errors.date}
        inputRef={dateRef}
        min={earliest}
        max={options.lastFuturePaymentDate}
        pickerDescription={options.tomorrowBlocked ? intl.formatMessage({ id: 'payments.date.pastCutoff' }) : undefined}
      />
      <div>
        <label htmlFor={methodId} className={LABEL}>
          {intl.formatMessage({ id: 'payments.review.method' })}
        </label>
        <select
          id={methodId}
          ref={methodRef}
          value={methodChoice}
          onChange={(event) => {
            setMethodChoice(event.target.value);
            setErrors((current) => ({ ...current, method: undefined }));
          }}
          aria-invalid={errors.method ? true : undefined}
          aria-describedby={errors.method ? methodErrorId : undefined}
          className={INPUT}
        >
          {methods.map((method) => (
            <option key={method.id} value={method.id}>
              {format.method(method.label)}
            </option>
          ))}
        </select>
        {errors.method ? (
          <p id={methodErrorId} className={FIELD_ERROR}>
            {errors.method}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={update.isPending || undefined} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'payments.scheduled.edit.save' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
          {intl.formatMessage({ id: 'payments.scheduled.edit.discard' })}
        </button>
      </div>
    </form>
  );
}
