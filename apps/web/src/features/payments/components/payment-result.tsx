import { Link } from '@tanstack/react-router';
import { MAX_SAVED_METHODS, PAYMENT_POSTING_HOURS, type PaymentReceipt } from '@vireo/shared';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { ruleMessage } from '../../../components/form/rule-message';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, STEP_TITLE, WARNING } from '../../../components/ui/form-styles';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { AppPath } from '../../../lib/app-path';
import { browserPrint } from '../../../lib/browser-files';
import type { MessageId } from '../../../messages';
import { paymentFailureMessage } from '../utils/payment-errors';
import { type PaymentOutcome, RECEIPT_STATUS_NAMES, SAVE_ERRORS } from '../utils/payment-outcome';

type PaymentResultProps = {
  outcome: PaymentOutcome;
  focusOnMount: boolean;
  /** Back to choosing a method, keeping the amount. */
  onTryAgain: () => void;
  onNewPayment: () => void;
  /** What became of the other parts asked for with the payment (spec §4 combined flows), shown above the buttons. */
  summary?: ReactNode;
  /** The failure's spec §8 title when the flow has its own ("Unable to Process Mobile Payment"); the reason stays. */
  failureTitleId?: MessageId;
  /** Receipt rows after the standard ones (what a mobile payment paid for). */
  receiptRows?: readonly (readonly [string, string])[];
  /** Where the way back leads (default: the billing home); null: no way back (the result is shown on that page). */
  back?: BackLink | null;
};

export type BackLink = { to: AppPath; labelId: MessageId };

const BACK_TO_BILLING: BackLink = { to: '/billing', labelId: 'payments.result.backToBilling' };

function useFocusOnMount(focusOnMount: boolean) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return ref;
}

function BackLinkButton({ back }: { back: BackLink | null }) {
  const intl = useIntl();
  if (!back) return null;
  return (
    <Link to={back.to} className={SECONDARY_BUTTON}>
      {intl.formatMessage({ id: back.labelId })}
    </Link>
  );
}

function successTitle(payment: ReceiptView): MessageId {
  if (payment.status === 'scheduled') return 'payments.result.scheduled.title';
  if (payment.status === 'successful') return 'payments.result.success.title';
  return 'payments.result.pending.title';
}

/** What a receipt shows: a signed-in payment's or a guest's (Quick Pay), whose answer names neither ids nor channel. */
export type ReceiptView = Pick<
  PaymentReceipt,
  'confirmationNumber' | 'amountCents' | 'methodLabel' | 'paymentDate' | 'status' | 'emailedTo'
>;

export function Receipt({
  payment,
  methodSaved,
  saveError,
  focusOnMount,
  onNewPayment,
  summary,
  extraRows,
  back,
}: {
  payment: ReceiptView;
  methodSaved: boolean | null;
  saveError: string | null;
  focusOnMount: boolean;
  onNewPayment: () => void;
  summary?: ReactNode;
  extraRows: readonly (readonly [string, string])[];
  back: BackLink | null;
}) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const headingRef = useFocusOnMount(focusOnMount);
  const headingId = useId();
  const amount = format.money(payment.amountCents);
  const date = format.date(payment.paymentDate);
  const sentence =
    payment.status === 'scheduled'
      ? intl.formatMessage({ id: 'payments.result.scheduled.body' }, { amount, date })
      : payment.status === 'successful'
        ? intl.formatMessage({ id: 'payments.result.success.body' }, { amount })
        : intl.formatMessage({ id: 'payments.result.pending.body' }, { amount, hours: PAYMENT_POSTING_HOURS });
  const rows: (readonly [string, string])[] = [
    [intl.formatMessage({ id: 'payments.result.confirmationNumber' }), payment.confirmationNumber],
    [intl.formatMessage({ id: 'payments.review.amount' }), amount],
    [intl.formatMessage({ id: 'payments.review.method' }), format.method(payment.methodLabel)],
    [intl.formatMessage({ id: 'payments.review.date' }), date],
    [
      intl.formatMessage({ id: 'payments.result.status' }),
      intl.formatMessage({ id: RECEIPT_STATUS_NAMES[payment.status] }),
    ],
    ...extraRows,
  ];
  return (
    <section aria-labelledby={headingId} data-print-receipt="" className="space-y-5">
      <div>
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className={STEP_TITLE}>
          {intl.formatMessage({ id: successTitle(payment) })}
        </h3>
        <p className="mt-2 text-ink">{sentence}</p>
      </div>
      <dl className="grid max-w-xl gap-x-6 gap-y-3 narrow:grid-cols-[max-content_1fr]" data-testid="payment-receipt">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-ink-muted">{term}</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {payment.emailedTo ? (
        <p className="text-ink">
          {intl.formatMessage({ id: 'payments.result.emailed' }, { email: payment.emailedTo })}
        </p>
      ) : null}
      {methodSaved === false ? (
        <div role="status" className={`${WARNING} print:hidden`}>
          <h4 className="font-semibold text-warning-700">
            {intl.formatMessage({ id: 'payments.result.notSaved.title' })}
          </h4>
          <p className="mt-1">
            {intl.formatMessage(
              { id: (saveError && SAVE_ERRORS[saveError]) || 'payments.result.notSaved.body' },
              { method: format.method(payment.methodLabel), max: MAX_SAVED_METHODS },
            )}
          </p>
        </div>
      ) : null}
      {methodSaved === true ? (
        <p className="text-ink">
          {intl.formatMessage({ id: 'payments.result.saved' }, { method: format.method(payment.methodLabel) })}
        </p>
      ) : null}
      {summary}
      <div className="flex flex-wrap gap-3 print:hidden">
        <button type="button" className={PRIMARY_BUTTON} onClick={() => browserPrint.print()}>
          {intl.formatMessage({ id: 'payments.result.print' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onNewPayment}>
          {intl.formatMessage({ id: 'payments.result.another' })}
        </button>
        <BackLinkButton back={back} />
      </div>
    </section>
  );
}

export function Failure({
  code,
  fieldMessages,
  savedMethod,
  focusOnMount,
  onTryAgain,
  summary,
  titleId,
  back,
}: {
  code: string | null;
  fieldMessages: string[];
  /** The new method's label when it was saved although the payment failed (spec §4: each succeeds on its own). */
  savedMethod: string | null;
  focusOnMount: boolean;
  onTryAgain: () => void;
  summary?: ReactNode;
  titleId: MessageId | undefined;
  back: BackLink | null;
}) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const headingRef = useFocusOnMount(focusOnMount);
  const headingId = useId();
  const message = paymentFailureMessage(code);
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-danger-700/40 bg-danger-50 p-4"
      data-testid="payment-failure"
    >
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-danger-700 outline-none">
        {intl.formatMessage({ id: titleId ?? message.titleId })}
      </h3>
      <p className="text-ink">{intl.formatMessage({ id: message.bodyId }, message.values)}</p>
      {fieldMessages.length > 0 ? (
        <ul className="list-disc pl-6 text-ink">
          {fieldMessages.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      {/* The processor being down leaves the outcome to the server's reconciler: no promise that nothing moved. */}
      {code && code !== 'BILL_PAY_UNAVAILABLE' ? (
        <p className="text-ink">{intl.formatMessage({ id: 'payments.result.notCharged' })}</p>
      ) : null}
      {savedMethod ? (
        <p className="text-ink">
          {intl.formatMessage({ id: 'payments.result.saved' }, { method: format.method(savedMethod) })}
        </p>
      ) : null}
      {summary}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={PRIMARY_BUTTON} onClick={onTryAgain}>
          {intl.formatMessage({ id: 'payments.result.tryAgain' })}
        </button>
        <BackLinkButton back={back} />
      </div>
    </section>
  );
}

/** Step 4/5 of the spec: full success, partial failure (paid, method not saved) or full failure (spec §4, §8). */
export function PaymentResult({
  outcome,
  focusOnMount,
  onTryAgain,
  onNewPayment,
  summary,
  failureTitleId,
  receiptRows = [],
  back = BACK_TO_BILLING,
}: PaymentResultProps) {
  const intl = useIntl();
  // A declined payment whose new method was saved is `partial` too, with its paymentError: it is a failure to show.
  if (
    outcome.kind === 'response' &&
    outcome.response.outcome !== 'failure' &&
    outcome.response.paymentError === null &&
    outcome.response.payment
  ) {
    return (
      <Receipt
        payment={outcome.response.payment}
        methodSaved={outcome.response.methodSaved}
        saveError={outcome.response.saveError}
        focusOnMount={focusOnMount}
        onNewPayment={onNewPayment}
        summary={summary}
        extraRows={receiptRows}
        back={back}
      />
    );
  }
  const code = outcome.kind === 'response' ? outcome.response.paymentError : outcome.code;
  const fieldMessages =
    outcome.kind === 'error' ? outcome.fields.map((field) => ruleMessage(intl, { message: field.code })) : [];
  const savedMethod =
    outcome.kind === 'response' && outcome.response.methodSaved === true
      ? (outcome.response.payment?.methodLabel ?? null)
      : null;
  return (
    <Failure
      code={code}
      fieldMessages={fieldMessages}
      savedMethod={savedMethod}
      focusOnMount={focusOnMount}
      onTryAgain={onTryAgain}
      summary={summary}
      titleId={failureTitleId}
      back={back}
    />
  );
}
