import { useQueryClient } from '@tanstack/react-query';
import { type AutoPayScope, type AutoPayStatus, nextDraftDates, type Wallet, type WalletMethod } from '@vireo/shared';
import { useReducer, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '../../../components/form/use-form';
import { errorCode, isOutcomeUnknown } from '../../../components/ui/api-errors';
import {
  type AutoPayTerms as Terms,
  AutoPayTermsFields as TermsFields,
  termAccepted,
} from '../../../components/ui/auto-pay-terms';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormErrorSummary } from '../../../components/ui/form-alerts';
import { NOTICE, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { IntentKey } from '../../../components/ui/idempotency-key';
import { StepForm } from '../../../components/ui/step-form';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { autopayKeys, walletKeys } from '../../../entities/query-keys';
import { type EnrollAutoPayRequest, useChangeAutoPay } from '../api/autopay-changes';
import { SCOPE_NAMES } from '../utils/autopay-scopes';
import { enrollFlow, enrollStart } from '../utils/enroll-flow';
import { ChangeResult } from './change-result';
import { DebitDayForm } from './debit-day-form';
import { ScheduledBeforeDraftNotice } from './scheduled-before-draft';
import { ServicesMethodForm } from './services-method-form';

const TOTAL_STEPS = 3;

type EnrollFlowProps = {
  status: AutoPayStatus;
  wallet: Wallet;
  /** The services that may enrol (not enrolled yet). */
  availableScopes: AutoPayScope[];
  /** Called once a result is on screen, so the panel keeps this flow while the status changes under it. */
  onResult: () => void;
  onDone: () => void;
  /** Leaves the flow (only when something is enrolled already). */
  onCancel?: () => void;
  onChanged: () => void;
  /** The user opened this flow (from the manage view): its first heading takes focus. */
  focusFirstStep?: boolean;
};

function ReviewStep({
  status,
  services,
  method,
  day,
  paperless,
  onPaperlessChange,
  isSubmitting,
  retry,
  focusOnMount,
  onSubmit,
  onBack,
}: {
  status: AutoPayStatus;
  services: AutoPayScope[];
  method: WalletMethod;
  day: number;
  paperless: boolean;
  onPaperlessChange: (value: boolean) => void;
  isSubmitting: boolean;
  retry: boolean;
  focusOnMount: boolean;
  onSubmit: (terms: Terms) => void;
  onBack: () => void;
}) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const form = useForm<Terms>({
    initial: { electronic: false, service: false },
    rules: {
      electronic: (accepted) => termAccepted(accepted, 'electronic'),
      service: (accepted) => termAccepted(accepted, 'service'),
    },
  });
  const [firstDraft] = nextDraftDates(day, status.cycleDay, status.today, 1);
  const rows: [string, string][] = [
    [
      intl.formatMessage({ id: 'autopay.services.legend' }),
      services.map((scope) => intl.formatMessage({ id: SCOPE_NAMES[scope] })).join(', '),
    ],
    [intl.formatMessage({ id: 'payments.review.method' }), format.method(method.label)],
    [intl.formatMessage({ id: 'autopay.day.label' }), intl.formatMessage({ id: 'autopay.day.value' }, { day })],
  ];
  if (firstDraft) rows.push([intl.formatMessage({ id: 'autopay.review.firstDraft' }), format.date(firstDraft)]);

  const submit = () => {
    if (!isSubmitting) form.submit(onSubmit);
  };

  return (
    <StepForm
      title={intl.formatMessage({ id: 'autopay.review.title' })}
      step={{ current: 3, total: TOTAL_STEPS }}
      focusOnMount={focusOnMount}
      onSubmit={submit}
      alerts={
        <>
          <FormErrorSummary show={form.hasErrors} />
          {retry ? <ErrorPanel titleId="autopay.errors.enroll.title" bodyId="autopay.errors.unknownOutcome" /> : null}
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
      <p className={`${NOTICE} max-w-2xl`}>
        {intl.formatMessage({ id: 'autopay.review.discount' }, { amount: format.money(status.discountCents) })}
      </p>
      <p className="max-w-2xl text-ink">{intl.formatMessage({ id: 'autopay.review.draftAmount' })}</p>
      <ScheduledBeforeDraftNotice status={status} day={day} />
      <TermsFields electronic={form.field('electronic')} service={form.field('service')} />
      {status.paperless ? null : (
        <CheckboxField
          label={intl.formatMessage({ id: 'autopay.paperless.also' })}
          description={intl.formatMessage({ id: 'autopay.paperless.alsoDescription' })}
          checked={paperless}
          onChange={onPaperlessChange}
        />
      )}
      {isSubmitting ? (
        <p role="status" className="text-ink-muted">
          {intl.formatMessage({ id: 'autopay.review.submitting' })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={isSubmitting || undefined} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'autopay.review.submit' })}
        </button>
        <button
          type="button"
          aria-disabled={isSubmitting || undefined}
          onClick={() => {
            if (!isSubmitting) onBack();
          }}
          className={SECONDARY_BUTTON}
        >
          {intl.formatMessage({ id: 'payments.back' })}
        </button>
      </div>
    </StepForm>
  );
}

/** spec §2.4 Auto Pay enrol flow, 3 steps: services and method, debit day, review with the terms; then the result. */
export function EnrollFlow({
  status,
  wallet,
  availableScopes,
  onResult,
  onDone,
  onCancel,
  onChanged,
  focusFirstStep = false,
}: EnrollFlowProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(enrollFlow, enrollStart(availableScopes, focusFirstStep));
  const { step, navigated, services, method, day, paperless, outcome, retry } = state;
  const intentKey = useRef(new IntentKey());
  const submitting = useRef(false);
  const change = useChangeAutoPay();

  const enroll = (request: EnrollAutoPayRequest) => {
    if (submitting.current) return;
    submitting.current = true;
    dispatch({ type: 'sending' });
    change.mutate(
      { kind: 'enroll', request, idempotencyKey: intentKey.current.for(request) },
      {
        onSuccess: (response) => {
          intentKey.current.reset();
          queryClient.setQueryData(autopayKeys.status(), response.status);
          dispatch({ type: 'result', outcome: { kind: 'response', response } });
          onResult();
        },
        onError: (error) => {
          if (isOutcomeUnknown(error)) {
            // Nobody knows whether the enrolment happened: the same key again answers the first outcome.
            dispatch({ type: 'outcomeUnknown' });
            return;
          }
          intentKey.current.reset();
          dispatch({ type: 'result', outcome: { kind: 'error', code: errorCode(error), unknown: false } });
          onResult();
        },
        onSettled: () => {
          submitting.current = false;
          void queryClient.invalidateQueries({ queryKey: walletKeys.methods() });
          onChanged();
        },
      },
    );
  };

  if (step === 'result' && outcome && method && day !== null) {
    return (
      <ChangeResult
        context={{ change: 'enroll', services, paperless, methodLabel: method.label, debitDay: day }}
        outcome={outcome}
        focusOnMount={navigated}
        onDone={onDone}
        onRetry={() => dispatch({ type: 'startOver' })}
      />
    );
  }

  if (step === 'services' || !method) {
    return (
      <ServicesMethodForm
        title={intl.formatMessage({ id: 'autopay.enroll.servicesTitle' })}
        step={{ current: 1, total: TOTAL_STEPS }}
        focusOnMount={navigated}
        availableScopes={availableScopes}
        initialServices={services}
        initialMethodId={method?.id ?? null}
        wallet={wallet}
        today={status.today}
        submitLabel={intl.formatMessage({ id: 'payments.continue' })}
        onContinue={(choice) =>
          dispatch({ type: 'servicesAndMethod', services: choice.services, method: choice.method })
        }
        onBack={onCancel}
        backLabel={intl.formatMessage({ id: 'payments.cancel' })}
      />
    );
  }

  if (step === 'day' || day === null) {
    return (
      <DebitDayForm
        title={intl.formatMessage({ id: 'autopay.day.title' })}
        step={{ current: 2, total: TOTAL_STEPS }}
        focusOnMount={navigated}
        cycleDay={status.cycleDay}
        today={status.today}
        initialDay={day}
        dayNotes={(chosen) => <ScheduledBeforeDraftNotice status={status} day={chosen} />}
        submitLabel={intl.formatMessage({ id: 'payments.continue' })}
        onContinue={(next) => dispatch({ type: 'day', day: next })}
        onBack={() => dispatch({ type: 'back', to: 'services' })}
      />
    );
  }

  return (
    <ReviewStep
      status={status}
      services={services}
      method={method}
      day={day}
      paperless={paperless}
      onPaperlessChange={(next) => dispatch({ type: 'paperless', paperless: next })}
      isSubmitting={change.isPending}
      retry={retry}
      focusOnMount={navigated}
      onBack={() => dispatch({ type: 'back', to: 'day' })}
      onSubmit={() =>
        enroll({
          services,
          paymentMethodId: method.id,
          debitDay: day,
          acceptElectronicPaymentTerms: true,
          acceptTermsOfService: true,
          paperless: paperless && !status.paperless,
        })
      }
    />
  );
}
