import { Link } from '@tanstack/react-router';
import type { AutoPayChangeResponse, AutoPayScope } from '@vireo/shared';
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { NOTICE, PRIMARY_BUTTON, SECONDARY_BUTTON, STEP_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { MessageId } from '../../../messages';
import { SCOPE_NAMES, sortScopes } from '../utils/autopay-scopes';

export type ChangeKind = 'enroll' | 'method' | 'date' | 'cancel';

/** What a submitted change came to: the server's per-part answer, or a refusal with its code. */
export type ChangeOutcome =
  | { kind: 'response'; response: AutoPayChangeResponse }
  | { kind: 'error'; code: string | null; unknown: boolean };

export type ChangeContext = {
  change: ChangeKind;
  services: AutoPayScope[];
  paperless: boolean;
  methodLabel: string | null;
  debitDay: number | null;
};

const SUCCESS_TITLES: Record<ChangeKind, MessageId> = {
  enroll: 'autopay.result.enroll.title',
  method: 'autopay.result.method.title',
  date: 'autopay.result.date.title',
  cancel: 'autopay.result.cancel.title',
};

/** spec §8 titles of each change that failed. */
export const FAILURE_TITLES: Record<ChangeKind, MessageId> = {
  enroll: 'autopay.errors.enroll.title',
  method: 'autopay.errors.method.title',
  date: 'autopay.errors.date.title',
  cancel: 'autopay.errors.cancel.title',
};

const FAILURE_BODIES: Record<ChangeKind, MessageId> = {
  enroll: 'autopay.errors.enroll.body',
  method: 'autopay.errors.method.body',
  date: 'autopay.errors.date.body',
  cancel: 'autopay.errors.cancel.body',
};

/** The sentence under a failed change's title: the reason when the code names one. */
export function failureBody(change: ChangeKind, code: string | null, unknown = false): MessageId {
  if (unknown) return 'autopay.errors.unknownOutcome';
  if (code === 'AUTOPAY_INELIGIBLE') return 'autopay.errors.ineligible';
  if (code === 'AUTOPAY_NOT_CANCELLABLE') return 'autopay.errors.notCancellable';
  if (code === 'PAYMENT_METHOD_UNAVAILABLE') return 'payments.errors.methodUnavailable.body';
  if (code === 'FORBIDDEN') return 'billing.errors.forbidden';
  if (code === 'BILLING_SUPPRESSED') return 'billing.enterprise.body';
  return FAILURE_BODIES[change];
}

type PartView = {
  key: string;
  state: 'ok' | 'failed' | 'skipped';
  titleId?: MessageId;
  text: string;
  settings?: boolean;
};

function usePartViews(context: ChangeContext, response: AutoPayChangeResponse): PartView[] {
  const intl = useIntl();
  const format = usePaymentFormat();
  const method = context.methodLabel ? format.method(context.methodLabel) : '';
  const cancelled = response.parts.some((part) => part.part === 'cancel' && part.result === 'ok');
  const views: PartView[] = [];
  for (const { part, result } of response.parts) {
    const state = result === 'ok' ? 'ok' : result === 'skipped' ? 'skipped' : 'failed';
    if (part === 'core' || part === 'mobile') {
      if (!context.services.includes(part)) continue;
      const service = intl.formatMessage({ id: SCOPE_NAMES[part] });
      const values = { service, method, day: context.debitDay ?? 1 };
      const ids: Record<ChangeKind, { ok: MessageId; failed: MessageId }> = {
        enroll: { ok: 'autopay.part.enroll.ok', failed: 'autopay.part.enroll.failed' },
        method: {
          ok: 'autopay.part.method.ok',
          failed: cancelled ? 'autopay.part.method.failedAfterCancel' : 'autopay.part.method.failed',
        },
        date: { ok: 'autopay.part.date.ok', failed: 'autopay.part.date.failed' },
        cancel: {
          ok: 'autopay.part.cancelScope.ok',
          failed:
            result === 'AUTOPAY_NOT_CANCELLABLE' ? 'autopay.errors.notCancellable' : 'autopay.part.cancelScope.failed',
        },
      };
      const id =
        state === 'ok'
          ? ids[context.change].ok
          : state === 'failed'
            ? ids[context.change].failed
            : 'autopay.part.skipped.service';
      views.push({
        key: part,
        state,
        titleId: state === 'failed' ? FAILURE_TITLES[context.change] : undefined,
        text: intl.formatMessage({ id }, values),
      });
    } else if (part === 'paperless') {
      if (!context.paperless && state === 'skipped') continue;
      views.push({
        key: part,
        state,
        titleId: state === 'failed' ? 'autopay.errors.paperless.title' : undefined,
        text: intl.formatMessage({
          id:
            state === 'ok'
              ? 'autopay.part.paperless.ok'
              : state === 'failed'
                ? 'autopay.part.paperless.failed'
                : 'autopay.part.skipped.paperless',
        }),
        settings: state === 'failed',
      });
    } else if (part === 'pastDuePayment') {
      if (state === 'skipped') continue;
      views.push({
        key: part,
        state,
        titleId: state === 'failed' ? 'payments.errors.declined.title' : undefined,
        text: intl.formatMessage(
          { id: state === 'ok' ? 'autopay.part.pastDue.ok' : 'autopay.part.pastDue.failed' },
          { method },
        ),
      });
    } else if (part === 'cancel') {
      if (state === 'skipped') continue;
      views.push({
        key: part,
        state,
        titleId: state === 'failed' ? FAILURE_TITLES.method : undefined,
        text: intl.formatMessage({ id: state === 'ok' ? 'autopay.part.cancel.ok' : 'autopay.part.cancel.failed' }),
      });
    }
  }
  return views;
}

function Parts({ context, response }: { context: ChangeContext; response: AutoPayChangeResponse }) {
  const intl = useIntl();
  const views = usePartViews(context, response);
  if (views.length === 0) return null;
  return (
    <ul className="max-w-2xl space-y-3" data-testid="autopay-result-parts">
      {views.map((view) => (
        <li
          key={view.key}
          className={
            view.state === 'failed'
              ? 'rounded-lg border border-danger-700/40 bg-danger-50 p-4'
              : 'rounded-lg border border-line p-4'
          }
        >
          {view.titleId ? (
            <h4 className="font-semibold text-danger-700">{intl.formatMessage({ id: view.titleId })}</h4>
          ) : null}
          <p className="text-ink">
            <span aria-hidden="true" className="mr-2 font-semibold">
              {view.state === 'ok' ? '✓' : view.state === 'failed' ? '✕' : '–'}
            </span>
            {view.text}
          </p>
          {view.settings ? (
            <Link to="/billing" className={`${TEXT_LINK} mt-2 inline-block`}>
              {intl.formatMessage({ id: 'autopay.part.paperless.settings' })}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

type ChangeResultProps = {
  context: ChangeContext;
  outcome: ChangeOutcome;
  focusOnMount: boolean;
  onDone: () => void;
  /** Back to the form, keeping what was chosen (failures only). */
  onRetry?: () => void;
};

/**
 * The result of an Auto Pay change (spec §2.4 step 4/5, §4 combined flows): full success, partial failure or full
 * failure, with every part that was asked for and what became of it, so a partial result says exactly what failed.
 */
export function ChangeResult({ context, outcome, focusOnMount, onDone, onRetry }: ChangeResultProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  const result = outcome.kind === 'response' ? outcome.response.outcome : 'failure';
  const titleId =
    result === 'success'
      ? SUCCESS_TITLES[context.change]
      : result === 'partial'
        ? 'autopay.result.partial.title'
        : FAILURE_TITLES[context.change];
  const failed = result === 'failure';
  // A change that applies after a draft already on its way (product-decisions.md): say which draft still runs as before.
  const lockedDrafts =
    outcome.kind === 'response' && result !== 'failure' && context.change !== 'enroll'
      ? sortScopes(context.services).flatMap((scope) => {
          const enrollment = outcome.response.status.enrollments.find((candidate) => candidate.scope === scope);
          return enrollment?.changesApplyAfter ? [{ scope, date: enrollment.changesApplyAfter }] : [];
        })
      : [];

  return (
    <section aria-labelledby={headingId} className="space-y-4" data-testid="autopay-result">
      <div>
        <h3
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className={failed ? 'text-xl font-semibold text-danger-700 outline-none' : STEP_TITLE}
        >
          {intl.formatMessage({ id: titleId })}
        </h3>
        {result === 'partial' ? (
          <p className="mt-2 text-ink">{intl.formatMessage({ id: 'autopay.result.partial.body' })}</p>
        ) : null}
        {outcome.kind === 'error' ? (
          <p className="mt-2 text-ink">
            {intl.formatMessage({ id: failureBody(context.change, outcome.code, outcome.unknown) })}
          </p>
        ) : null}
      </div>
      {outcome.kind === 'response' ? <Parts context={context} response={outcome.response} /> : null}
      {lockedDrafts.map(({ scope, date }) => (
        <p key={scope} className={`${NOTICE} max-w-2xl`}>
          {intl.formatMessage(
            { id: 'autopay.changesApplyAfter' },
            { service: intl.formatMessage({ id: SCOPE_NAMES[scope] }), date: format.date(date) },
          )}
        </p>
      ))}
      <div className="flex flex-wrap gap-3">
        {failed && onRetry ? (
          <button type="button" className={PRIMARY_BUTTON} onClick={onRetry}>
            {intl.formatMessage({ id: 'payments.result.tryAgain' })}
          </button>
        ) : null}
        <button type="button" className={failed && onRetry ? SECONDARY_BUTTON : PRIMARY_BUTTON} onClick={onDone}>
          {intl.formatMessage({ id: 'autopay.result.done' })}
        </button>
      </div>
    </section>
  );
}
