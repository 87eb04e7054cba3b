import { useQueryClient } from '@tanstack/react-query';
import { type PaymentOptions, type ScheduledPayment } from '@vireo/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { PanelSkeleton } from '../../../components/ui/loading';
import { refusalBodyId } from '../../../components/ui/refusal';
import { useIdempotentChange } from '../../../components/ui/use-idempotent-change';
import { useInlineEdit } from '../../../components/ui/use-inline-edit';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { MessageId } from '../../../messages';
import { useDeleteScheduledPayment } from '../api/delete-scheduled-payment';
import { usePaymentOptions } from '../api/get-payment-options';
import { paymentKeys } from '../api/payment-keys';
import { isForbidden } from '../utils/payment-errors';
import { type Announce, EditScheduledForm, failureBody } from './edit-scheduled-form';

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
  const remove = useIdempotentChange(useDeleteScheduledPayment(), (error) =>
    failureBody(error, 'payments.scheduled.errors.cancel.body'),
  );
  const edit = useInlineEdit<'edit'>();
  // After an edit the list reloads, and a payment whose date changed moves: moving a focused element blurs it. Focus
  // goes back to Edit once the refreshed payment has rendered (and at once, for when nothing moves).
  const shown = `${payment.amountCents}|${payment.paymentDate}|${payment.methodLabel}`;
  const refocusFrom = useRef<string | null>(null);
  useEffect(() => {
    if (refocusFrom.current === null || refocusFrom.current === shown) return;
    refocusFrom.current = null;
    edit.buttons.current.edit?.focus();
  }, [shown, edit.buttons]);
  const amount = format.money(payment.amountCents);
  const date = format.date(payment.paymentDate);
  const method = format.method(payment.methodLabel);

  const cancelPayment = () =>
    remove.send({ paymentId: payment.id }, () => {
      announce('payments.scheduled.cancelled');
      onChanged();
    });

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
        edit.opened ? null : (
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              ref={edit.buttonRef('edit')}
              type="button"
              aria-describedby={titleId}
              className={SECONDARY_BUTTON}
              onClick={() => {
                remove.clearFailure();
                edit.open('edit');
              }}
            >
              {intl.formatMessage({ id: 'payments.scheduled.edit' })}
            </button>
            <button type="button" aria-describedby={titleId} className={SECONDARY_BUTTON} onClick={remove.ask}>
              {intl.formatMessage({ id: 'payments.scheduled.cancel' })}
            </button>
          </div>
        )
      ) : (
        <p className="mt-3 text-ink">{intl.formatMessage({ id: 'payments.scheduled.locked' })}</p>
      )}
      {edit.opened ? (
        <EditScheduledForm
          options={options}
          payment={payment}
          onDone={() => {
            edit.close();
            announce('payments.scheduled.updated');
            refocusFrom.current = shown;
            onChanged();
          }}
          onCancel={() => {
            edit.close();
          }}
        />
      ) : null}
      {remove.failure ? (
        <div className="mt-3">
          <ErrorPanel titleId="payments.scheduled.errors.cancel.title" bodyId={remove.failure} />
        </div>
      ) : null}
      <ConfirmDialog
        isOpen={remove.confirming}
        title={intl.formatMessage({ id: 'payments.scheduled.cancelDialog.title' })}
        confirmLabel={intl.formatMessage({ id: 'payments.scheduled.cancel' })}
        cancelLabel={intl.formatMessage({ id: 'payments.scheduled.cancelDialog.keep' })}
        isPending={remove.pending}
        onConfirm={cancelPayment}
        onCancel={remove.dismiss}
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
  if (!options.data) return <PanelSkeleton />;
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
