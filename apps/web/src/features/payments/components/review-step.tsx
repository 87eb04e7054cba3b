import type { IsoDate, PaymentOptions } from '@vireo/shared';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '../../../components/form/use-form';
import { AutoPayTermsFields, termAccepted } from '../../../components/ui/auto-pay-terms';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormErrorSummary } from '../../../components/ui/form-alerts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { StepForm } from '../../../components/ui/step-form';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { type AutoPayOffer, type Extras, NO_EXTRAS } from '../utils/combined-flow';
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

/** The review step's own fields: the combined-flow choices and the Auto Pay terms, as the form kit holds them. */
type ExtrasValues = { autoPay: boolean; paperless: boolean; electronic: boolean; service: boolean };

const flatExtras = ({ autoPay, paperless, terms }: Extras): ExtrasValues => ({ autoPay, paperless, ...terms });
const nestedExtras = ({ autoPay, paperless, electronic, service }: ExtrasValues): Extras => ({
  autoPay,
  paperless,
  terms: { electronic, service },
});

type ExtrasBinding = ReturnType<ReturnType<typeof useForm<ExtrasValues>>['field']>;

/** The combined-flow choices: Auto Pay with this method (with the terms) and paperless billing. */
function ExtrasFields({
  offer,
  paperlessOffer,
  bind,
  methodLabel,
}: {
  offer: AutoPayOffer | null;
  paperlessOffer: boolean;
  bind: (name: keyof ExtrasValues) => ExtrasBinding;
  methodLabel: string;
}) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const autoPay = bind('autoPay');
  const paperless = bind('paperless');
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
          checked={autoPay.value}
          onChange={autoPay.onChange}
        />
      ) : null}
      {offer && autoPay.value ? <AutoPayTermsFields electronic={bind('electronic')} service={bind('service')} /> : null}
      {paperlessOffer ? (
        <CheckboxField
          label={intl.formatMessage({ id: 'autopay.paperless.also' })}
          description={intl.formatMessage({ id: 'autopay.paperless.alsoDescription' })}
          checked={paperless.value}
          onChange={paperless.onChange}
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
  const offersShown = extras !== undefined && onExtrasChange !== undefined && (autoPayOffer !== null || paperlessOffer);
  const form = useForm<ExtrasValues>({
    initial: () => flatExtras(extras ?? NO_EXTRAS),
    rules: {
      // spec §5: enrolling needs both terms accepted; the payment waits until they are
      electronic: (accepted, values) => (autoPayOffer && values.autoPay ? termAccepted(accepted, 'electronic') : null),
      service: (accepted, values) => (autoPayOffer && values.autoPay ? termAccepted(accepted, 'service') : null),
    },
  });
  /** A choice changes in the form and in the flow (which keeps it when the user goes back and comes again). */
  const bind = (name: keyof ExtrasValues): ExtrasBinding => ({
    ...form.field(name),
    onChange: (value) => {
      form.set(name, value);
      if (name === 'autoPay' && !value) form.clearErrors();
      onExtrasChange?.(nestedExtras({ ...form.values, [name]: value }));
    },
  });

  const pay = () => {
    if (!isSubmitting) form.submit(() => onPay());
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
          <FormErrorSummary show={form.hasErrors} />
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
      {offersShown ? (
        <ExtrasFields
          offer={autoPayOffer}
          paperlessOffer={paperlessOffer}
          bind={bind}
          methodLabel={methodLabelOf(chosen, format)}
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
