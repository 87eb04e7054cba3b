import { useQueryClient } from '@tanstack/react-query';
import {
  compareDates,
  type PaymentOptions,
  parseAmountToCents,
  type ScheduledPayment,
  validatePaymentAmount,
  validatePaymentDate,
} from '@vireo/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { FIELD_ERROR, INPUT, LABEL, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { IntentKey } from '../../../components/ui/idempotency-key';
import { refusalBodyId } from '../../../components/ui/refusal';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useDateFormat } from '../../../lib/date-format';
import type { MessageId } from '../../../messages';
import { useDeleteScheduledPayment } from '../api/delete-scheduled-payment';
import { usePaymentOptions } from '../api/get-payment-options';
import { paymentKeys } from '../api/payment-keys';
import { useUpdateScheduledPayment } from '../api/update-scheduled-payment';
import { errorCode, fieldErrorsOf, isForbidden, isOutcomeUnknown } from '../utils/payment-errors';
import { expiresBefore, firstFutureDate, isSelectable } from '../utils/payment-methods';
import { PaymentDateField } from './payment-date-field';

type Announce = (messageId: MessageId) => void;

type EditErrors = { amount?: string; date?: string; method?: string };

function failureBody(error: unknown, fallback: MessageId): MessageId {
  if (errorCode(error) === 'PAYMENT_NOT_EDITABLE') return 'payments.scheduled.errors.notEditable';
  if (isOutcomeUnknown(error)) return 'payments.scheduled.errors.unknownOutcome';
  return fallback;
}

function EditScheduledForm({
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

function ScheduledPaymentItem({
  options,
  payment,
  announce,
  onChanged,
}: {
  options: PaymentOptions;
  payment: ScheduledPayment;
  announce: Announce;
  onChanged: () => void;
}) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const titleId = useId();
  const remove = useDeleteScheduledPayment();
  const intentKey = useRef(new IntentKey());
  const editRef = useRef<HTMLButtonElement>(null);
  // After an edit the list reloads, and a payment whose date changed moves: moving a focused element blurs it. Focus
  // goes back to Edit once the refreshed payment has rendered (and at once, for when nothing moves).
  const shown = `${payment.amountCents}|${payment.paymentDate}|${payment.methodLabel}`;
  const refocusFrom = useRef<string | null>(null);
  useEffect(() => {
    if (refocusFrom.current === null || refocusFrom.current === shown) return;
    refocusFrom.current = null;
    editRef.current?.focus();
  }, [shown]);
  const [editing, setEditing] = useState(false);
  // Edit is not rendered while the form is open: focus goes back to it once it is (an effect runs after the commit).
  const [refocusEdit, setRefocusEdit] = useState(false);
  useEffect(() => {
    if (editing || !refocusEdit) return;
    setRefocusEdit(false);
    editRef.current?.focus();
  }, [editing, refocusEdit]);
  const [confirming, setConfirming] = useState(false);
  const [cancelFailure, setCancelFailure] = useState<MessageId | null>(null);
  const amount = format.money(payment.amountCents);
  const date = format.date(payment.paymentDate);
  const method = format.method(payment.methodLabel);

  const cancelPayment = () => {
    if (remove.isPending) return;
    setCancelFailure(null);
    remove.mutate(
      { paymentId: payment.id, idempotencyKey: intentKey.current.for({ cancel: payment.id }) },
      {
        onSuccess: () => {
          intentKey.current.reset();
          setConfirming(false);
          announce('payments.scheduled.cancelled');
          onChanged();
        },
        onError: (error) => {
          if (!isOutcomeUnknown(error)) intentKey.current.reset();
          setConfirming(false);
          setCancelFailure(failureBody(error, 'payments.scheduled.errors.cancel.body'));
        },
      },
    );
  };

  const rows: [string, string][] = [
    [intl.formatMessage({ id: 'payments.review.amount' }), amount],
    [intl.formatMessage({ id: 'payments.review.method' }), method],
    [intl.formatMessage({ id: 'payments.scheduled.debitDate' }), date],
    [intl.formatMessage({ id: 'payments.result.confirmationNumber' }), payment.confirmationNumber],
  ];

  return (
    <li className="rounded-lg border border-line p-4">
      <h3 id={titleId} className="font-semibold text-navy-900">
        {intl.formatMessage({ id: 'payments.scheduled.itemTitle' }, { amount, date })}
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 narrow:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-muted">{term}</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {payment.editable ? (
        editing ? null : (
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              ref={editRef}
              type="button"
              aria-describedby={titleId}
              className={SECONDARY_BUTTON}
              onClick={() => {
                setCancelFailure(null);
                setEditing(true);
              }}
            >
              {intl.formatMessage({ id: 'payments.scheduled.edit' })}
            </button>
            <button
              type="button"
              aria-describedby={titleId}
              className={SECONDARY_BUTTON}
              onClick={() => setConfirming(true)}
            >
              {intl.formatMessage({ id: 'payments.scheduled.cancel' })}
            </button>
          </div>
        )
      ) : (
        <p className="mt-3 text-ink">{intl.formatMessage({ id: 'payments.scheduled.locked' })}</p>
      )}
      {editing ? (
        <EditScheduledForm
          options={options}
          payment={payment}
          onDone={() => {
            setEditing(false);
            setRefocusEdit(true);
            announce('payments.scheduled.updated');
            refocusFrom.current = shown;
            onChanged();
          }}
          onCancel={() => {
            setEditing(false);
            setRefocusEdit(true);
          }}
        />
      ) : null}
      {cancelFailure ? (
        <div className="mt-3">
          <ErrorPanel titleId="payments.scheduled.errors.cancel.title" bodyId={cancelFailure} />
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        title={intl.formatMessage({ id: 'payments.scheduled.cancelDialog.title' })}
        confirmLabel={intl.formatMessage({ id: 'payments.scheduled.cancel' })}
        cancelLabel={intl.formatMessage({ id: 'payments.scheduled.cancelDialog.keep' })}
        isPending={remove.isPending}
        onConfirm={cancelPayment}
        onCancel={() => setConfirming(false)}
      >
        <p>{intl.formatMessage({ id: 'payments.scheduled.cancelDialog.body' }, { amount, date, method })}</p>
      </ConfirmDialog>
    </li>
  );
}

/** spec §2.2 `open=fdp`: the future-dated payments, each editable and cancellable until the cut-off of the day before. */
export function ScheduledPaymentsPanel({ onChanged }: { onChanged?: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const options = usePaymentOptions();
  const [announcement, setAnnouncement] = useState<MessageId | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  // After a cancellation, the dialog gives focus back to its Cancel button, whose item leaves the list when the list
  // refreshes: focus would be lost with it. Once the list has changed, the count takes focus instead.
  const focusSummaryOnChange = useRef(false);
  const scheduledIds = options.data?.scheduled.map((payment) => payment.id).join(' ');
  useEffect(() => {
    if (scheduledIds === undefined || !focusSummaryOnChange.current) return;
    focusSummaryOnChange.current = false;
    summaryRef.current?.focus();
  }, [scheduledIds]);

  if (options.isError && !options.data) {
    return (
      <ErrorNotice
        headingLevel={3}
        titleId="payments.errors.options.title"
        bodyId={refusalBodyId(options.error) ?? 'payments.errors.options.body'}
        onRetry={isForbidden(options.error) ? undefined : () => void options.refetch()}
        isRetrying={options.isFetching}
      />
    );
  }
  if (!options.data) return <Spinner className="min-h-40" />;
  const data = options.data;

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    onChanged?.();
  };

  return (
    <div className="space-y-4">
      <p ref={summaryRef} tabIndex={-1} className="font-semibold text-ink outline-none">
        {intl.formatMessage(
          { id: 'payments.scheduled.count' },
          { count: data.scheduled.length, max: data.maxScheduled },
        )}
      </p>
      <p role="status" className="text-ink empty:hidden">
        {announcement ? intl.formatMessage({ id: announcement }) : ''}
      </p>
      {data.scheduled.length === 0 ? (
        <p className="text-ink">{intl.formatMessage({ id: 'payments.scheduled.empty' })}</p>
      ) : (
        <ul className="space-y-4" aria-label={intl.formatMessage({ id: 'billing.payBill.scheduledPayments' })}>
          {data.scheduled.map((payment) => (
            <ScheduledPaymentItem
              key={payment.id}
              options={data}
              payment={payment}
              onChanged={changed}
              announce={(messageId) => {
                setAnnouncement(messageId);
                if (messageId === 'payments.scheduled.cancelled') {
                  focusSummaryOnChange.current = true;
                  summaryRef.current?.focus();
                }
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
