import { MAX_SAVED_METHODS, type SavedPaymentMethod, validateSecurityCode } from '@vireo/shared';
import { useEffect, useReducer, useRef } from 'react';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { useForm } from '../../../components/form/use-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormErrorSummary } from '../../../components/ui/form-alerts';
import { NOTICE, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { SaveMethodCheckbox, useNewMethodForm } from '../../../components/ui/payment-method-forms';
import { StepForm } from '../../../components/ui/step-form';
import { TextField } from '../../../components/ui/text-field';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useTokenizePaymentMethod } from '../../../entities/api/tokenize-payment-method';
import { useVerifySecurityCode } from '../api/verify-security-code';
import { type MethodSelection, methodStepFlow, methodStepStart, stepFailure } from '../utils/method-step-flow';
import { type ChosenMethod, canAddBank, canAddCard, isSelectable, type MethodOptions } from '../utils/payment-methods';

type MethodStepProps = {
  options: MethodOptions;
  step: { current: number; total: number };
  focusOnMount: boolean;
  /** The choice made before (coming back to this step), or null. */
  chosen: ChosenMethod | null;
  /** A selection to start with (the online-banking failure's "enter bank info manually" or "add a card"). */
  preset?: MethodSelection | null;
  /** Saved cards whose security code was checked in this flow. */
  verifiedIds: ReadonlySet<string>;
  onVerified: (paymentMethodId: string) => void;
  onSelectionChange: (selection: MethodSelection | null) => void;
  onContinue: (chosen: ChosenMethod) => void;
  /** "Sign in to your bank": the extra step of the 5-step variant; without it, the choice is not offered. */
  onOnlineBanking?: () => void;
  onBack: () => void;
};

function initialSelection(
  options: MethodOptions,
  chosen: ChosenMethod | null,
  preset: MethodSelection | null,
): MethodSelection | null {
  if (preset) return preset;
  if (chosen?.kind === 'saved') return { kind: 'saved', id: chosen.method.id };
  if (chosen?.kind === 'new') return { kind: chosen.via };
  const usable = options.methods.filter(isSelectable);
  const method = usable.find((candidate) => candidate.isDefault) ?? usable[0];
  if (method) return { kind: 'saved', id: method.id };
  if (canAddCard(options)) return { kind: 'card' };
  if (canAddBank(options)) return { kind: 'bank' };
  return null;
}

const selectionKey = (selection: MethodSelection) =>
  selection.kind === 'saved' ? `saved:${selection.id}` : selection.kind;

/** Step 2: a saved method (with the security-code check for cards), a new card or bank account, or online banking. */
export function MethodStep({
  options,
  step,
  focusOnMount,
  chosen,
  preset = null,
  verifiedIds,
  onVerified,
  onSelectionChange,
  onContinue,
  onOnlineBanking,
  onBack,
}: MethodStepProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const [flow, dispatch] = useReducer(methodStepFlow, chosen, methodStepStart);
  const { token, expiring, failure } = flow;
  const tokenSummaryRef = useRef<HTMLParagraphElement>(null);
  // Focus moves to the prepaid summary once it is rendered (an effect after the commit, not a frame that may come first).
  useEffect(() => {
    if (!flow.focusSummary || !tokenSummaryRef.current) return;
    tokenSummaryRef.current.focus();
    dispatch({ type: 'summaryFocused' });
  });
  const verify = useVerifySecurityCode();
  const tokenize = useTokenizePaymentMethod();
  const busy = verify.isPending || tokenize.isPending;

  const restriction = options.restriction;
  const walletFull = options.methods.length >= MAX_SAVED_METHODS;
  const savedOf = (choice: MethodSelection | null) =>
    choice?.kind === 'saved' ? (options.methods.find((method) => method.id === choice.id) ?? null) : null;
  const needsCode = (method: SavedPaymentMethod) => method.type === 'card' && !verifiedIds.has(method.id);
  const form = useForm<{ selection: MethodSelection | null; securityCode: string; save: boolean }>({
    initial: () => ({
      selection: initialSelection(options, chosen, preset),
      securityCode: '',
      save: chosen?.kind === 'new' ? chosen.save : true,
    }),
    rules: {
      securityCode: (value, values) => {
        const method = savedOf(values.selection);
        return method && needsCode(method) ? validateSecurityCode(value.trim(), method.brand ?? 'enrolment') : null;
      },
    },
  });
  const { selection, save } = form.values;
  const newMethod = useNewMethodForm(selection?.kind === 'bank' ? 'bank' : 'card', options.today);
  const selected = savedOf(selection);
  const tokenMatches =
    token !== null && (selection?.kind === 'card' || selection?.kind === 'bank') && token.type === selection.kind;
  const saveBlockedReason =
    tokenMatches && token?.funding === 'prepaid'
      ? intl.formatMessage({ id: 'payments.method.prepaid' })
      : walletFull
        ? intl.formatMessage({ id: 'payments.method.walletFull' }, { max: MAX_SAVED_METHODS })
        : null;

  const choose = (next: MethodSelection) => {
    form.set('selection', next);
    onSelectionChange(next);
    dispatch({ type: 'retry' });
    form.clearErrors();
    newMethod.clearErrors();
  };

  const continueWithSaved = (method: SavedPaymentMethod, soonConfirmed: boolean) => {
    if (needsCode(method) && !form.validate()) return;
    // product-decisions.md: a card expiring this month or next asks for confirmation.
    if (method.expiringSoon && !soonConfirmed && flow.confirmedSoon !== method.id) {
      dispatch({ type: 'askExpiring', method });
      return;
    }
    if (needsCode(method)) {
      verify.mutate(
        { paymentMethodId: method.id, securityCode: form.values.securityCode.trim() },
        {
          onSuccess: () => {
            form.set('securityCode', '');
            onVerified(method.id);
            onContinue({ kind: 'saved', method });
          },
          onError: (error) => {
            form.set('securityCode', '');
            dispatch({
              type: 'failed',
              failure: stepFailure(error, {
                titleId: 'payments.errors.securityCode.title',
                bodyId: 'payments.errors.retryLater',
              }),
            });
          },
        },
      );
      return;
    }
    onContinue({ kind: 'saved', method });
  };

  const continueWithNew = (kind: 'card' | 'bank') => {
    if (token && token.type === kind) {
      onContinue({ kind: 'new', token, save: saveBlockedReason ? false : save, via: kind });
      return;
    }
    const request = newMethod.request();
    if (!request) return;
    tokenize.mutate(request, {
      onSuccess: (result) => {
        // Card data leaves the page's state as soon as the vault holds it.
        newMethod.clear();
        dispatch({ type: 'tokenized', token: result });
        if (result.funding === 'prepaid') {
          // spec §5: prepaid and gift cards pay once; say so before going on.
          form.set('save', false);
          return;
        }
        onContinue({ kind: 'new', token: result, save: walletFull ? false : save, via: kind });
      },
      onError: (error) => {
        if (newMethod.showServerErrors(error)) return;
        dispatch({
          type: 'failed',
          failure: stepFailure(error, {
            titleId: 'payments.errors.addMethod.title',
            bodyId: 'payments.errors.addMethod.body',
          }),
        });
      },
    });
  };

  const submit = () => {
    if (busy || !selection) return;
    dispatch({ type: 'retry' });
    if (selection.kind === 'saved') {
      if (selected && isSelectable(selected)) continueWithSaved(selected, false);
      return;
    }
    if (selection.kind === 'online') {
      onOnlineBanking?.();
      return;
    }
    continueWithNew(selection.kind);
  };

  const methodDescription = (method: SavedPaymentMethod): string[] => {
    const notes: string[] = [];
    if (method.isDefault) notes.push(intl.formatMessage({ id: 'payments.method.default' }));
    if (method.expired) notes.push(intl.formatMessage({ id: 'payments.method.expired' }));
    else if (method.expiringSoon) notes.push(intl.formatMessage({ id: 'payments.method.expiringSoon' }));
    if (!method.allowed) notes.push(intl.formatMessage({ id: 'payments.method.notAccepted' }));
    if (method.expMonth !== null && method.expYear !== null && !method.expired) {
      notes.push(
        intl.formatMessage(
          { id: 'payments.method.expires' },
          { date: `${String(method.expMonth).padStart(2, '0')}/${String(method.expYear).slice(-2)}` },
        ),
      );
    }
    return notes;
  };

  const rows: { selection: MethodSelection; label: string; description: string[]; disabled?: boolean }[] = [
    ...options.methods.map((method) => ({
      selection: { kind: 'saved', id: method.id } as const,
      label: format.method(method.label),
      description: methodDescription(method),
      disabled: !isSelectable(method),
    })),
    ...(canAddCard(options)
      ? [
          {
            selection: { kind: 'card' } as const,
            label: intl.formatMessage({ id: 'payments.method.addCard' }),
            description: [],
          },
        ]
      : []),
    ...(canAddBank(options)
      ? [
          {
            selection: { kind: 'bank' } as const,
            label: intl.formatMessage({ id: 'payments.method.addBank' }),
            description: [],
          },
        ]
      : []),
    ...(canAddBank(options) && onOnlineBanking
      ? [
          {
            selection: { kind: 'online' } as const,
            label: intl.formatMessage({ id: 'payments.method.online' }),
            description: [intl.formatMessage({ id: 'payments.method.onlineDescription' })],
          },
        ]
      : []),
  ];

  const nothingAllowed = restriction === 'both';

  return (
    <StepForm
      title={intl.formatMessage({ id: 'payments.method.title' })}
      step={step}
      focusOnMount={focusOnMount}
      onSubmit={submit}
      alerts={
        <>
          {nothingAllowed ? (
            <ErrorPanel
              titleId="payments.errors.methodUnavailable.title"
              bodyId="payments.errors.methodUnavailable.both"
            />
          ) : null}
          <FormErrorSummary show={newMethod.hasErrors} />
          {failure ? <ErrorPanel titleId={failure.titleId} bodyId={failure.bodyId} values={failure.values} /> : null}
        </>
      }
    >
      {nothingAllowed ? null : restriction === 'card' ? (
        <p className={NOTICE}>{intl.formatMessage({ id: 'payments.method.restricted.card' })}</p>
      ) : restriction === 'bank' ? (
        <p className={NOTICE}>{intl.formatMessage({ id: 'payments.method.restricted.bank' })}</p>
      ) : null}
      <RadioGroup
        legend={intl.formatMessage({ id: 'payments.method.legend' })}
        className="max-w-xl space-y-2"
        value={selection === null ? null : selectionKey(selection)}
        onChange={(value) => {
          const row = rows.find((candidate) => selectionKey(candidate.selection) === value);
          if (row) choose(row.selection);
        }}
        options={rows.map((row) => ({
          value: selectionKey(row.selection),
          label: row.label,
          description: row.description.join(' · '),
          disabled: row.disabled,
        }))}
      />

      {selected && needsCode(selected) && isSelectable(selected) ? (
        <TextField
          label={intl.formatMessage({ id: 'payments.card.securityCode' })}
          hint={intl.formatMessage(
            {
              id:
                selected.brand === 'amex' ? 'payments.method.securityCodeFor.amex' : 'payments.method.securityCodeFor',
            },
            { method: format.method(selected.label) },
          )}
          {...form.field('securityCode')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
        />
      ) : null}

      {(selection?.kind === 'card' || selection?.kind === 'bank') && tokenMatches && token ? (
        <div className="max-w-md space-y-3">
          <p ref={tokenSummaryRef} tabIndex={-1} className={`${NOTICE} outline-none`}>
            {intl.formatMessage({ id: 'payments.method.newSummary' }, { method: format.methodOf(token) })}
          </p>
          <button
            type="button"
            className={SECONDARY_BUTTON}
            onClick={() => {
              dispatch({ type: 'discardToken' });
              form.set('save', true);
            }}
          >
            {intl.formatMessage({
              id: selection.kind === 'card' ? 'payments.method.otherCard' : 'payments.method.otherBank',
            })}
          </button>
        </div>
      ) : selection?.kind === 'card' || selection?.kind === 'bank' ? (
        newMethod.fields
      ) : null}

      {selection?.kind === 'card' || selection?.kind === 'bank' ? (
        <SaveMethodCheckbox
          checked={save}
          onChange={(next) => form.set('save', next)}
          disabledReason={saveBlockedReason}
        />
      ) : null}

      {busy ? (
        <p role="status" className="text-ink-muted">
          {intl.formatMessage({ id: 'payments.method.verifying' })}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {nothingAllowed ? null : (
          <button type="submit" aria-disabled={busy || selection === null || undefined} className={PRIMARY_BUTTON}>
            {intl.formatMessage({ id: 'payments.continue' })}
          </button>
        )}
        <button type="button" onClick={onBack} className={SECONDARY_BUTTON}>
          {intl.formatMessage({ id: 'payments.back' })}
        </button>
      </div>

      <ConfirmDialog
        isOpen={expiring !== null}
        title={intl.formatMessage({ id: 'payments.method.expiringSoon.title' })}
        confirmLabel={intl.formatMessage({ id: 'payments.method.expiringSoon.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'payments.method.expiringSoon.cancel' })}
        initialFocus="confirm"
        onConfirm={() => {
          if (!expiring) return;
          dispatch({ type: 'confirmExpiring' });
          continueWithSaved(expiring, true);
        }}
        onCancel={() => dispatch({ type: 'dismissExpiring' })}
      >
        <p>
          {intl.formatMessage(
            { id: 'payments.method.expiringSoon.body' },
            {
              method: format.method(expiring?.label ?? ''),
              date: `${String(expiring?.expMonth ?? '').padStart(2, '0')}/${String(expiring?.expYear ?? '').slice(-2)}`,
            },
          )}
        </p>
      </ConfirmDialog>
    </StepForm>
  );
}
