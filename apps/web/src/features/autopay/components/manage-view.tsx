import { useQueryClient } from '@tanstack/react-query';
import type { AutoPayEnrollment, AutoPayScope, AutoPayStatus } from '@vireo/shared';
import { useEffect, useId, useReducer, useRef } from 'react';
import { useIntl } from 'react-intl';
import { errorCode, isOutcomeUnknown } from '../../../components/ui/api-errors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NOTICE, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { IntentKey } from '../../../components/ui/idempotency-key';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { autopayKeys, walletKeys } from '../../../entities/query-keys';
import { type AutoPayChange, useChangeAutoPay } from '../api/autopay-changes';
import { enrollmentOf, SCOPE_NAMES, sortScopes } from '../utils/autopay-scopes';
import { MANAGE_START, type ManageChange, type ManageScreen, manageFlow } from '../utils/manage-flow';
import { type ChangeContext, ChangeResult } from './change-result';
import { DebitDayForm } from './debit-day-form';
import { ServicesMethodForm } from './services-method-form';
import { WalletGate } from './wallet-gate';

type ManageViewProps = {
  status: AutoPayStatus;
  /** Called once a result is on screen, so the panel keeps this view while the status changes under it. */
  onResult: () => void;
  onDone: () => void;
  /** Starts the enrolment of services not enrolled yet. */
  onEnroll: (scopes: AutoPayScope[]) => void;
  onChanged: () => void;
};

/** product-decisions.md: a change within 2 days of a draft applies after it; every change screen says which one. */
function LockedDraftNotes({ status, services }: { status: AutoPayStatus; services: readonly AutoPayScope[] }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const locked = sortScopes(services).flatMap((scope) => {
    const date = enrollmentOf(status, scope)?.changesApplyAfter;
    return date ? [{ scope, date }] : [];
  });
  if (locked.length === 0) return null;
  return (
    <div className="max-w-2xl space-y-2">
      {locked.map(({ scope, date }) => (
        <p key={scope} className={NOTICE} data-testid="changes-apply-after">
          {intl.formatMessage(
            { id: 'autopay.changesApplyAfter' },
            { service: intl.formatMessage({ id: SCOPE_NAMES[scope] }), date: format.date(date) },
          )}
        </p>
      ))}
    </div>
  );
}

function EnrollmentCard({
  enrollment,
  onCancel,
}: {
  enrollment: AutoPayEnrollment;
  onCancel: (scope: AutoPayScope) => void;
}) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const titleId = useId();
  const rows: [string, string][] = [
    [intl.formatMessage({ id: 'payments.review.method' }), format.method(enrollment.methodLabel)],
    [
      intl.formatMessage({ id: 'autopay.day.label' }),
      intl.formatMessage({ id: 'autopay.day.value' }, { day: enrollment.debitDay }),
    ],
    [
      intl.formatMessage({ id: 'autopay.manage.nextDraft' }),
      enrollment.nextDraftDate
        ? format.date(enrollment.nextDraftDate)
        : intl.formatMessage({ id: 'autopay.manage.noDraft' }),
    ],
    [
      intl.formatMessage({ id: 'autopay.manage.nextAmount' }),
      enrollment.nextDraftAmountCents > 0
        ? format.money(enrollment.nextDraftAmountCents)
        : intl.formatMessage({ id: 'autopay.manage.nothingDue' }, { amount: format.money(0) }),
    ],
  ];
  return (
    <li className="rounded-lg border border-line p-4" data-testid={`autopay-enrollment-${enrollment.scope}`}>
      <h3 id={titleId} className="text-lg font-semibold text-navy-900">
        {intl.formatMessage({ id: SCOPE_NAMES[enrollment.scope] })}
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 narrow:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-ink-muted">{term}</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {enrollment.changesApplyAfter ? (
        <p className="mt-3 text-sm text-ink">
          {intl.formatMessage({ id: 'autopay.manage.locked' }, { date: format.date(enrollment.changesApplyAfter) })}
        </p>
      ) : null}
      {enrollment.cancellable ? (
        <button
          type="button"
          aria-describedby={titleId}
          className={`${SECONDARY_BUTTON} mt-3`}
          onClick={() => onCancel(enrollment.scope)}
        >
          {intl.formatMessage({ id: 'autopay.cancel.button' })}
        </button>
      ) : (
        <p className="mt-3 text-sm text-ink" data-testid="autopay-not-cancellable">
          {intl.formatMessage({ id: 'autopay.manage.mobileRequired' })}
        </p>
      )}
    </li>
  );
}

/** spec §2.4 manage Auto Pay: summary, change method (mass-manage), change date, cancel. */
export function ManageView({ status, onResult, onDone, onEnroll, onChanged }: ManageViewProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(manageFlow, MANAGE_START);
  const { view, navigated, cancelScope, retry } = state;
  const keys = useRef({ method: new IntentKey(), date: new IntentKey(), cancel: new IntentKey() });
  const submitting = useRef(false);
  const change = useChangeAutoPay();
  const changeMethodRef = useRef<HTMLButtonElement>(null);
  // The summary is not rendered on the result page: focus goes to "Change method" once it is (after the commit).
  useEffect(() => {
    if (view.kind !== 'summary' || !state.refocusChange) return;
    dispatch({ type: 'refocused' });
    changeMethodRef.current?.focus();
  }, [view.kind, state.refocusChange]);

  const enrolledScopes = sortScopes(status.enrollments.map((enrollment) => enrollment.scope));
  const notEnrolled = sortScopes(
    status.services.filter((scope) => !enrolledScopes.includes(scope) && status.ineligibleReason === null),
  );

  const goTo = (next: Exclude<ManageScreen, { kind: 'result' }>) => dispatch({ type: 'go', view: next });

  const submit = (
    request: Omit<AutoPayChange, 'idempotencyKey'>,
    context: ChangeContext,
    back: 'summary' | 'method' | 'date',
  ) => {
    if (submitting.current) return;
    submitting.current = true;
    dispatch({ type: 'sending' });
    const intent = keys.current[request.kind as ManageChange];
    const full = { ...request, idempotencyKey: intent.for(request.request) } as AutoPayChange;
    change.mutate(full, {
      onSuccess: (response) => {
        intent.reset();
        queryClient.setQueryData(autopayKeys.status(), response.status);
        onResult();
        dispatch({ type: 'result', view: { kind: 'result', context, outcome: { kind: 'response', response }, back } });
      },
      onError: (error) => {
        if (isOutcomeUnknown(error)) {
          // Nobody knows whether the change happened: the same key again answers the first outcome.
          dispatch({ type: 'outcomeUnknown', change: request.kind as ManageChange });
          return;
        }
        intent.reset();
        onResult();
        dispatch({
          type: 'result',
          view: { kind: 'result', context, outcome: { kind: 'error', code: errorCode(error), unknown: false }, back },
        });
      },
      onSettled: () => {
        submitting.current = false;
        void queryClient.invalidateQueries({ queryKey: walletKeys.methods() });
        onChanged();
      },
    });
  };

  if (view.kind === 'result') {
    return (
      <ChangeResult
        context={view.context}
        outcome={view.outcome}
        focusOnMount={navigated}
        onDone={() => {
          dispatch({ type: 'done' });
          onDone();
        }}
        onRetry={
          view.back === 'summary'
            ? () => {
                dispatch({ type: 'summary' });
                onDone();
              }
            : () => goTo({ kind: view.back as 'method' | 'date' })
        }
      />
    );
  }

  const unknownNote = (kind: 'method' | 'date') =>
    retry === kind ? (
      <p role="alert" className="max-w-2xl font-semibold text-danger-700">
        {intl.formatMessage({ id: 'autopay.errors.unknownOutcome' })}
      </p>
    ) : null;

  if (view.kind === 'method') {
    return (
      <WalletGate>
        {(wallet) => (
          <ServicesMethodForm
            title={intl.formatMessage({ id: 'autopay.changeMethod.title' })}
            focusOnMount={navigated}
            availableScopes={enrolledScopes}
            wallet={wallet}
            today={status.today}
            currentMethodIds={status.enrollments.map((enrollment) => enrollment.paymentMethodId)}
            submitLabel={intl.formatMessage({ id: 'autopay.changeMethod.submit' })}
            isSubmitting={change.isPending}
            alerts={unknownNote('method')}
            notes={(services) => (
              <>
                <p className="max-w-2xl text-ink">{intl.formatMessage({ id: 'autopay.changeMethod.pastDueNote' })}</p>
                <LockedDraftNotes status={status} services={services} />
                {change.isPending ? (
                  <p role="status" className="text-ink-muted">
                    {intl.formatMessage({ id: 'autopay.manage.submitting' })}
                  </p>
                ) : null}
              </>
            )}
            onContinue={({ services, method }) =>
              submit(
                { kind: 'method', request: { services, paymentMethodId: method.id } },
                { change: 'method', services, paperless: false, methodLabel: method.label, debitDay: null },
                'method',
              )
            }
            onBack={() => goTo({ kind: 'summary' })}
            backLabel={intl.formatMessage({ id: 'payments.cancel' })}
          />
        )}
      </WalletGate>
    );
  }

  if (view.kind === 'date') {
    const first = status.enrollments[0];
    return (
      <DebitDayForm
        title={intl.formatMessage({ id: 'autopay.changeDate.title' })}
        focusOnMount={navigated}
        cycleDay={status.cycleDay}
        today={status.today}
        initialDay={first?.debitDay ?? null}
        services={{ available: enrolledScopes, initial: enrolledScopes }}
        submitLabel={intl.formatMessage({ id: 'autopay.changeDate.submit' })}
        isSubmitting={change.isPending}
        alerts={unknownNote('date')}
        notes={(services) => (
          <>
            <LockedDraftNotes status={status} services={services} />
            {change.isPending ? (
              <p role="status" className="text-ink-muted">
                {intl.formatMessage({ id: 'autopay.manage.submitting' })}
              </p>
            ) : null}
          </>
        )}
        onContinue={(debitDay, services) =>
          submit(
            { kind: 'date', request: { services, debitDay } },
            { change: 'date', services, paperless: false, methodLabel: null, debitDay },
            'date',
          )
        }
        onBack={() => goTo({ kind: 'summary' })}
        backLabel={intl.formatMessage({ id: 'payments.cancel' })}
      />
    );
  }

  const cancelling = cancelScope ? enrollmentOf(status, cancelScope) : null;
  return (
    <div className="space-y-5">
      <p className="text-ink">
        {intl.formatMessage({ id: 'autopay.manage.intro' }, { amount: format.money(status.discountCents) })}
      </p>
      <ul className="grid gap-4 md:grid-cols-2" aria-label={intl.formatMessage({ id: 'autopay.manage.listLabel' })}>
        {sortScopes(enrolledScopes).map((scope) => {
          const enrollment = enrollmentOf(status, scope);
          return enrollment ? (
            <EnrollmentCard
              key={scope}
              enrollment={enrollment}
              onCancel={(which) => dispatch({ type: 'askCancel', scope: which })}
            />
          ) : null;
        })}
      </ul>
      <div className="flex flex-wrap gap-3">
        <button ref={changeMethodRef} type="button" className={PRIMARY_BUTTON} onClick={() => goTo({ kind: 'method' })}>
          {intl.formatMessage({ id: 'autopay.changeMethod.button' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={() => goTo({ kind: 'date' })}>
          {intl.formatMessage({ id: 'autopay.changeDate.button' })}
        </button>
        {notEnrolled.map((scope) => (
          <button key={scope} type="button" className={SECONDARY_BUTTON} onClick={() => onEnroll([scope])}>
            {intl.formatMessage(
              { id: 'autopay.manage.enrollOther' },
              { service: intl.formatMessage({ id: SCOPE_NAMES[scope] }) },
            )}
          </button>
        ))}
      </div>
      <ConfirmDialog
        isOpen={cancelling !== null}
        title={intl.formatMessage({ id: 'autopay.cancel.title' })}
        confirmLabel={intl.formatMessage({ id: 'autopay.cancel.button' })}
        cancelLabel={intl.formatMessage({ id: 'autopay.cancel.keep' })}
        isPending={change.isPending}
        onConfirm={() => {
          if (!cancelling) return;
          const services = [cancelling.scope];
          submit(
            { kind: 'cancel', request: { services } },
            { change: 'cancel', services, paperless: false, methodLabel: cancelling.methodLabel, debitDay: null },
            'summary',
          );
        }}
        onCancel={() => dispatch({ type: 'closeCancel' })}
      >
        {cancelling ? (
          <>
            <p>
              {intl.formatMessage(
                { id: 'autopay.cancel.body' },
                {
                  service: intl.formatMessage({ id: SCOPE_NAMES[cancelling.scope] }),
                  amount: format.money(status.discountCents),
                },
              )}
            </p>
            {cancelling.changesApplyAfter ? (
              <p>
                {intl.formatMessage(
                  { id: 'autopay.changesApplyAfter' },
                  {
                    service: intl.formatMessage({ id: SCOPE_NAMES[cancelling.scope] }),
                    date: format.date(cancelling.changesApplyAfter),
                  },
                )}
              </p>
            ) : null}
            {change.isPending ? <p role="status">{intl.formatMessage({ id: 'autopay.manage.submitting' })}</p> : null}
            {retry === 'cancel' ? (
              <p role="alert" className="font-semibold text-danger-700">
                {intl.formatMessage({ id: 'autopay.errors.unknownOutcome' })}
              </p>
            ) : null}
          </>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
