import type { IsoDate, PaymentOptions } from '@vireo/shared';
import { type ReactNode, type Ref, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  type AutoPayTermsErrors,
  AutoPayTermsFields,
  useAutoPayTermsCheck,
} from '../../../components/ui/auto-pay-terms';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormErrorSummary } from '../../../components/ui/form-alerts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { StepForm } from '../../../components/ui/step-form';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { AutoPayOffer, Extras } from '../utils/combined-flow';
import type { ChosenMethod } from '../utils/payment-methods';

type ReviewStepProps = {
  options: Pick<PaymentOptions, 'today' | 'receiptEmail'>;
  step: { current: number; total: number };
  focusOnMount: boolean;
  amountCents: number;
  chosen: ChosenMethod;
  date: IsoDate;
  isSubmitting: boolean;
  /** A failure after which the outcome is unknown: retrying sends the same Idempotency-Key. */
  retryCode: string | null;
  onPay: () => void;
  onBack: () => void;
  /** spec §4 combined flows: Auto Pay with this method, offered when the account is not enrolled (else null). */
  autoPayOffer?: AutoPayOffer | null;
  /** Paperless billing, offered when it is not on. */
  paperlessOffer?: boolean;
  extras?: Extras;
  onExtrasChange?: (extras: Extras) => void;
  /** Rows shown before the amount: what the payment pays (the mobile payment of issue 7). */
  leadRows?: readonly (readonly [string, string])[];
  /** Shown under the summary: what the payment will change (a device payment's effect on the next bill). */
  children?: ReactNode;
};

/** The combined-flow choices: Auto Pay with this method (with the terms) and paperless billing. */
function ExtrasFields({
  offer,
  paperlessOffer,
  extras,
  errors,
  electronicRef,
  serviceRef,
  methodLabel,
  onChange,
}: {
  offer: AutoPayOffer | null;
  paperlessOffer: boolean;
  extras: Extras;
  errors: AutoPayTermsErrors;
  electronicRef: Ref<HTMLInputElement>;
  serviceRef: Ref<HTMLInputElement>;
  methodLabel: string;
  onChange: (extras: Extras) => void;
}) {
  const intl = useIntl();
  const format = usePaymentFormat();
  return (
    <fieldset className="max-w-2xl space-y-3 rounded-lg border border-line p-4">
      <legend className="px-1 font-semibold text-ink">{intl.formatMessage({ id: 'payments.combined.legend' })}</legend>
      {offer ? (
        <CheckboxField
          label={intl.formatMessage({ id: 'payments.combined.autoPay.offer' })}
          description={intl.formatMessage(
            { id: 'payments.combined.autoPay.description' },
            {
              day: offer.debitDay,
              date: offer.firstDraft ? format.date(offer.firstDraft) : '',
              method: methodLabel,
              discount: format.money(offer.discountCents),
            },
          )}
          checked={extras.autoPay}
          onChange={(autoPay) => onChange({ ...extras, autoPay })}
        />
      ) : null}
      {offer && extras.autoPay ? (
        <AutoPayTermsFields
          terms={extras.terms}
          errors={errors}
          electronicRef={electronicRef}
          serviceRef={serviceRef}
          onChange={(terms) => onChange({ ...extras, terms })}
        />
      ) : null}
      {paperlessOffer ? (
        <CheckboxField
          label={intl.formatMessage({ id: 'autopay.paperless.also' })}
          description={intl.formatMessage({ id: 'autopay.paperless.alsoDescription' })}
          checked={extras.paperless}
          onChange={(paperless) => onChange({ ...extras, paperless })}
        />
      ) : null}
    </fieldset>
  );
}

export function methodLabelOf(chosen: ChosenMethod, format: ReturnType<typeof usePaymentFormat>): string {
  return chosen.kind === 'saved' ? format.method(chosen.method.label) : format.methodOf(chosen.token);
}

/** The last step: what will happen, and the one button that makes it happen. */
export function ReviewStep({
  options,
  step,
  focusOnMount,
  amountCents,
  chosen,
  date,
  isSubmitting,
  retryCode,
  onPay,
  onBack,
  autoPayOffer = null,
  paperlessOffer = false,
  extras,
  onExtrasChange,
  leadRows = [],
  children,
}: ReviewStepProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const checkTerms = useAutoPayTermsCheck();
  const [termErrors, setTermErrors] = useState<AutoPayTermsErrors>({});
  const electronicRef = useRef<HTMLInputElement>(null);
  const serviceRef = useRef<HTMLInputElement>(null);
  const offersShown = extras !== undefined && onExtrasChange !== undefined && (autoPayOffer !== null || paperlessOffer);

  const pay = () => {
    if (isSubmitting) return;
    // spec §5: enrolling needs both terms accepted; the payment waits until they are.
    if (autoPayOffer && extras?.autoPay) {
      const found = checkTerms(extras.terms);
      setTermErrors(found);
      if (found.electronic) electronicRef.current?.focus();
      else if (found.service) serviceRef.current?.focus();
      if (found.electronic || found.service) return;
    }
    onPay();
  };
  const isToday = date === options.today;
  const rows: (readonly [string, string])[] = [
    ...leadRows,
    [intl.formatMessage({ id: 'payments.review.amount' }), format.money(amountCents)],
    [intl.formatMessage({ id: 'payments.review.method' }), methodLabelOf(chosen, format)],
    [
      intl.formatMessage({ id: 'payments.review.date' }),
      isToday ? intl.formatMessage({ id: 'payments.review.today' }, { date: format.date(date) }) : format.date(date),
    ],
    [
      intl.formatMessage({ id: 'payments.review.email' }),
      options.receiptEmail ?? intl.formatMessage({ id: 'payments.review.noEmail' }),
    ],
  ];
  if (chosen.kind === 'new') {
    rows.push([
      intl.formatMessage({ id: 'payments.review.save' }),
      intl.formatMessage({ id: chosen.save ? 'payments.review.save.yes' : 'payments.review.save.no' }),
    ]);
  }
  return (
    <StepForm
      title={intl.formatMessage({ id: 'payments.review.title' })}
      step={step}
      focusOnMount={focusOnMount}
      onSubmit={pay}
      alerts={
        <>
          <FormErrorSummary show={Boolean(termErrors.electronic || termErrors.service)} />
          {retryCode ? (
            <ErrorPanel
              titleId="payments.errors.unknownOutcome.title"
              bodyId={
                retryCode === 'IDEMPOTENCY_KEY_IN_PROGRESS'
                  ? 'payments.errors.inProgress.body'
                  : 'payments.errors.unknownOutcome.body'
              }
            />
          ) : null}
        </>
      }
    >
      <dl className="grid max-w-xl gap-x-6 gap-y-3 narrow:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-semibold text-ink-muted">{term}</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {isToday ? null : (
        <p className="text-ink">
          {intl.formatMessage(
            { id: 'payments.review.scheduledNote' },
            { date: format.date(date), amount: format.money(amountCents) },
          )}
        </p>
      )}
      {children}
      {offersShown && extras && onExtrasChange ? (
        <ExtrasFields
          offer={autoPayOffer}
          paperlessOffer={paperlessOffer}
          extras={extras}
          errors={termErrors}
          electronicRef={electronicRef}
          serviceRef={serviceRef}
          methodLabel={methodLabelOf(chosen, format)}
          onChange={(next) => {
            onExtrasChange(next);
            setTermErrors((current) =>
              next.autoPay
                ? {
                    electronic: next.terms.electronic ? undefined : current.electronic,
                    service: next.terms.service ? undefined : current.service,
                  }
                : {},
            );
          }}
        />
      ) : null}
      {isSubmitting ? (
        <p role="status" className="text-ink-muted">
          {intl.formatMessage({ id: isToday ? 'payments.review.submitting' : 'payments.review.scheduling' })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={isSubmitting || undefined} className={PRIMARY_BUTTON}>
          {/* A future date makes a scheduled payment (product-decisions: one-time payments): the button says so. */}
          {intl.formatMessage(
            { id: isToday ? 'payments.review.pay' : 'payments.review.schedule' },
            { amount: format.money(amountCents), date: format.date(date) },
          )}
        </button>
        <button
          type="button"
          onClick={() => {
            if (!isSubmitting) onBack();
          }}
          aria-disabled={isSubmitting || undefined}
          className={SECONDARY_BUTTON}
        >
          {intl.formatMessage({ id: 'payments.back' })}
        </button>
      </div>
    </StepForm>
  );
}
