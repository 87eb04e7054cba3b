import {
  compareDates,
  type PaymentOptions,
  parseAmountToCents,
  type ScheduledPayment,
  validateAmountText,
  validatePaymentDate,
} from '@vireo/shared';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { SelectField } from '../../../components/form/select-field';
import { fieldErrorsFor, useForm } from '../../../components/form/use-form';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { useIdempotentChange } from '../../../components/ui/use-idempotent-change';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useDateFormat } from '../../../lib/date-format';
import type { MessageId } from '../../../messages';
import { useUpdateScheduledPayment } from '../api/update-scheduled-payment';
import { errorCode, fieldErrorsOf, isOutcomeUnknown } from '../utils/payment-errors';
import { expiresBefore, firstFutureDate, isSelectable } from '../utils/payment-methods';
import { PaymentDateField } from './payment-date-field';

export type Announce = (messageId: MessageId) => void;

type EditValues = { amount: string; date: string; method: string };
/** The API's field names, as this form's. */
const SERVER_FIELDS: Record<string, string> = { amountCents: 'amount', paymentDate: 'date', paymentMethodId: 'method' };

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
  const methods = options.methods.filter(isSelectable);
  const earliest = firstFutureDate(options);
  const editWindow = {
    earliest: options.today,
    latest: options.lastFuturePaymentDate,
    tomorrowBlocked: options.tomorrowBlocked,
    todayOnly: false,
  };
  const methodOf = (id: string) => methods.find((candidate) => candidate.id === id);
  const form = useForm<EditValues>({
    initial: () => ({
      amount: (payment.amountCents / 100).toFixed(2),
      date: dates.toInput(payment.paymentDate),
      method: methods.find((method) => method.id === payment.paymentMethodId)?.id ?? methods[0]?.id ?? '',
    }),
    rules: {
      amount: (text) => validateAmountText(text, { minCents: options.minCents, maxCents: options.maxCents }),
      date: (text, values) => {
        const date = dates.parseInput(text);
        if (!date) return { ok: false, message: 'payments.date.format' };
        if (compareDates(date, options.today) <= 0) return { ok: false, message: 'payments.scheduled.date.future' };
        const rule = validatePaymentDate(date, editWindow);
        if (!rule.ok) return rule;
        const method = methodOf(values.method);
        return method && expiresBefore(method, date)
          ? { ok: false, message: 'payments.card.expiry.beforePaymentDate' }
          : null;
      },
      method: (id) => (methodOf(id) ? null : { ok: false, message: 'payments.scheduled.method.required' }),
    },
  });
  const update = useIdempotentChange(useUpdateScheduledPayment(), (error) => {
    const fields = fieldErrorsOf(error);
    if (fields.length === 0) return failureBody(error, 'payments.scheduled.errors.update.body');
    const named = fields.map(({ field, code }) => ({ field: SERVER_FIELDS[field] ?? field, code }));
    form.showErrors(fieldErrorsFor(named, ['amount', 'date', 'method'], 'method'));
    return null;
  });

  const save = (values: EditValues) => {
    const amountCents = parseAmountToCents(values.amount);
    const date = dates.parseInput(values.date);
    const method = methodOf(values.method);
    if (amountCents === null || !date || !method) return;
    const request = { amountCents, paymentDate: date, paymentMethodId: method.id };
    update.send({ paymentId: payment.id, request }, onDone);
  };

  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (!update.pending) form.submit(save);
      }}
      className="mt-4 space-y-4 rounded-lg border border-line p-4"
      heading={
        <h4 id={headingId} className="font-semibold text-navy-900">
          {intl.formatMessage({ id: 'payments.scheduled.edit.title' })}
        </h4>
      }
      alerts={
        update.failure ? (
          <ErrorPanel titleId="payments.scheduled.errors.update.title" bodyId={update.failure} headingLevel={4} />
        ) : null
      }
    >
      <TextField
        {...form.field('amount')}
        label={intl.formatMessage({ id: 'payments.scheduled.edit.amount' })}
        inputMode="decimal"
        autoComplete="off"
        maxLength={15}
      />
      <PaymentDateField
        {...form.field('date')}
        label={intl.formatMessage({ id: 'payments.date.label' })}
        hint={intl.formatMessage(
          { id: 'payments.date.hint' },
          { earliest: format.date(earliest), latest: format.date(options.lastFuturePaymentDate) },
        )}
        min={earliest}
        max={options.lastFuturePaymentDate}
        pickerDescription={options.tomorrowBlocked ? intl.formatMessage({ id: 'payments.date.pastCutoff' }) : undefined}
      />
      <SelectField
        {...form.field('method')}
        label={intl.formatMessage({ id: 'payments.review.method' })}
        options={methods.map((method) => ({ value: method.id, label: format.method(method.label) }))}
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={update.pending || undefined} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'payments.scheduled.edit.save' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
          {intl.formatMessage({ id: 'payments.scheduled.edit.discard' })}
        </button>
      </div>
    </Form>
  );
}
