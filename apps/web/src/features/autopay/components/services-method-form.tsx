import { useQueryClient } from '@tanstack/react-query';
import type { AutoPayScope, IsoDate, VaultToken, Wallet, WalletMethod } from '@vireo/shared';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormErrorSummary } from '../../../components/ui/form-alerts';
import { CHOICE, NOTICE, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { IntentKey } from '../../../components/ui/idempotency-key';
import {
  type AddMethodFailure,
  addMethodFailure,
  addMethodFailureOf,
  addMethodFailureValues,
  useNewMethodForm,
} from '../../../components/ui/payment-method-forms';
import { StepForm } from '../../../components/ui/step-form';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { walletQueryOptions } from '../../../entities/api/get-wallet';
import { savedMethodIdOf, useSavePaymentMethod } from '../../../entities/api/save-payment-method';
import { useTokenizePaymentMethod } from '../../../entities/api/tokenize-payment-method';
import { walletKeys } from '../../../entities/query-keys';
import type { MessageId } from '../../../messages';
import { canAddBank, canAddCard, methodBlockers } from '../utils/autopay-scopes';
import { ServicesFieldset } from './services-fieldset';

type Selection = { kind: 'saved'; id: string } | { kind: 'card' } | { kind: 'bank' };

export type ServicesAndMethod = { services: AutoPayScope[]; method: WalletMethod };

type ServicesMethodFormProps = {
  title: string;
  step?: { current: number; total: number };
  focusOnMount: boolean;
  /** The services the user may choose from (all of them checked at first unless `initialServices` says otherwise). */
  availableScopes: AutoPayScope[];
  initialServices?: AutoPayScope[];
  initialMethodId?: string | null;
  /** The method each enrolment uses now (change of method): it is marked "current". */
  currentMethodIds?: readonly string[];
  wallet: Wallet;
  today: IsoDate;
  submitLabel: string;
  /** Notes above the buttons (e.g. which draft still runs the old way). */
  notes?: (services: AutoPayScope[]) => ReactNode;
  /** Page-level messages of the form (an unknown outcome): above the fields (StepForm `alerts`). */
  alerts?: ReactNode;
  onContinue: (choice: ServicesAndMethod) => void;
  onBack?: () => void;
  backLabel?: string;
  isSubmitting?: boolean;
};

const key = (selection: Selection | null) =>
  selection === null ? '' : selection.kind === 'saved' ? `saved:${selection.id}` : selection.kind;

/** The new method among the wallet read again: the id the server answered, or the one that was not there before. */
function findSaved(wallet: Wallet, id: string | null, before: readonly string[], token: VaultToken) {
  if (id) return wallet.methods.find((method) => method.id === id) ?? null;
  return (
    wallet.methods.find(
      (method) => !before.includes(method.id) && method.lastFour === token.lastFour && method.type === token.type,
    ) ?? null
  );
}

/**
 * Auto Pay step 1 (and the change of method, mass-manage: one method for every chosen service): the services and the
 * payment method, a saved one or a new card or bank account that goes to the card vault and then into the wallet.
 */
export function ServicesMethodForm({
  title,
  step,
  focusOnMount,
  availableScopes,
  initialServices,
  initialMethodId = null,
  currentMethodIds = [],
  wallet,
  today,
  submitLabel,
  notes,
  alerts,
  onContinue,
  onBack,
  backLabel,
  isSubmitting = false,
}: ServicesMethodFormProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const queryClient = useQueryClient();
  const groupName = useId();
  const [services, setServices] = useState<AutoPayScope[]>(initialServices ?? availableScopes);
  const [servicesError, setServicesError] = useState<string | null>(null);
  const [selection, setSelection] = useState<Selection | null>(() => {
    const initial = wallet.methods.find((method) => method.id === initialMethodId);
    if (initial && methodBlockers(initial, initialServices ?? availableScopes).length === 0) {
      return { kind: 'saved', id: initial.id };
    }
    return null;
  });
  const [methodError, setMethodError] = useState<string | null>(null);
  const [failure, setFailure] = useState<AddMethodFailure | null>(null);
  const [expiring, setExpiring] = useState<WalletMethod | null>(null);
  const firstServiceRef = useRef<HTMLInputElement>(null);
  const firstMethodRef = useRef<HTMLInputElement>(null);
  const card = useNewMethodForm('card', today);
  const bank = useNewMethodForm('bank', today);
  const tokenize = useTokenizePaymentMethod();
  const save = useSavePaymentMethod();
  const saveKey = useRef(new IntentKey());
  const [adding, setAdding] = useState(false);
  const busy = adding || isSubmitting;

  const walletFull = wallet.methods.length >= wallet.maxMethods;
  const mobileChosen = services.includes('mobile');
  const nothingAllowed = wallet.restriction === 'both';

  const changeServices = (next: AutoPayScope[]) => {
    setServices(next);
    setServicesError(null);
    // A choice the new services refuse (a bank account once Mobile is on) is dropped, so nothing hidden is sent.
    if (selection?.kind === 'saved') {
      const method = wallet.methods.find((candidate) => candidate.id === selection.id);
      if (method && methodBlockers(method, next).length > 0) setSelection(null);
    }
    if (selection?.kind === 'bank' && next.includes('mobile')) setSelection(null);
  };

  const choose = (next: Selection) => {
    setSelection(next);
    setMethodError(null);
    setFailure(null);
  };

  const addNew = async (kind: 'card' | 'bank') => {
    const form = kind === 'card' ? card : bank;
    const request = form.request();
    if (!request) return;
    setAdding(true);
    setFailure(null);
    const before = wallet.methods.map((method) => method.id);
    try {
      let token: VaultToken;
      try {
        token = await tokenize.mutateAsync(request);
      } catch (error) {
        if (!form.showServerErrors(error)) setFailure(addMethodFailureOf(error));
        return;
      }
      form.clear();
      // spec §5: prepaid and gift cards pay once; they are never saved or used for Auto Pay.
      if (token.funding === 'prepaid') {
        setFailure(addMethodFailure('PREPAID_NOT_SAVED'));
        return;
      }
      let body: unknown;
      try {
        body = await save.mutateAsync({ token: token.token, idempotencyKey: saveKey.current.for(token.token) });
      } catch (error) {
        saveKey.current.reset();
        setFailure(addMethodFailureOf(error));
        return;
      }
      saveKey.current.reset();
      await queryClient.invalidateQueries({ queryKey: walletKeys.methods() });
      const fresh = await queryClient.fetchQuery(walletQueryOptions());
      const saved = findSaved(fresh, savedMethodIdOf(body), before, token);
      if (!saved) {
        setFailure(addMethodFailure(null));
        return;
      }
      setSelection({ kind: 'saved', id: saved.id });
      onContinue({ services, method: saved });
    } catch {
      setFailure(addMethodFailure(null));
    } finally {
      setAdding(false);
    }
  };

  const submit = () => {
    if (busy) return;
    setFailure(null);
    if (services.length === 0) {
      setServicesError(intl.formatMessage({ id: 'autopay.services.required' }));
      firstServiceRef.current?.focus();
      return;
    }
    if (!selection) {
      setMethodError(intl.formatMessage({ id: 'autopay.method.required' }));
      firstMethodRef.current?.focus();
      return;
    }
    if (selection.kind === 'card' || selection.kind === 'bank') {
      void addNew(selection.kind);
      return;
    }
    const method = wallet.methods.find((candidate) => candidate.id === selection.id);
    if (!method || methodBlockers(method, services).length > 0) {
      setMethodError(intl.formatMessage({ id: 'autopay.method.required' }));
      firstMethodRef.current?.focus();
      return;
    }
    // product-decisions.md: a card expiring this month or next asks for confirmation.
    if (method.expiringSoon) {
      setExpiring(method);
      return;
    }
    onContinue({ services, method });
  };

  const describe = (method: WalletMethod): string[] => {
    const notes: string[] = [];
    if (currentMethodIds.includes(method.id)) notes.push(intl.formatMessage({ id: 'autopay.method.current' }));
    for (const reason of methodBlockers(method, services)) notes.push(intl.formatMessage({ id: reason }));
    if (!method.expired && method.expiringSoon) notes.push(intl.formatMessage({ id: 'payments.method.expiringSoon' }));
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

  let firstEnabledAssigned = false;
  const radio = (value: Selection, label: string, description: string[], disabled: boolean) => {
    const id = key(value);
    const labelId = `${groupName}-${id}-label`;
    const descriptionId = `${groupName}-${id}-description`;
    const isFirst = !disabled && !firstEnabledAssigned;
    if (isFirst) firstEnabledAssigned = true;
    return (
      <label key={id} className={CHOICE}>
        <input
          ref={isFirst ? firstMethodRef : undefined}
          type="radio"
          name={groupName}
          checked={key(selection) === id}
          disabled={disabled}
          aria-labelledby={labelId}
          aria-describedby={description.length > 0 ? descriptionId : undefined}
          onChange={() => choose(value)}
          className="size-5 accent-brand-700"
        />
        <span id={labelId} className="font-semibold text-ink">
          {label}
        </span>
        {description.length > 0 ? (
          <span id={descriptionId} className="ml-auto text-right text-sm text-ink-muted">
            {description.join(' · ')}
          </span>
        ) : null}
      </label>
    );
  };

  const addReasons = (kind: 'card' | 'bank'): MessageId[] => {
    const reasons: MessageId[] = [];
    if (walletFull) reasons.push('autopay.method.walletFull');
    if (kind === 'bank' && mobileChosen) reasons.push('autopay.method.cardsOnlyForMobile');
    return reasons;
  };
  const reasonText = (reasons: MessageId[]) =>
    reasons.map((reason) => intl.formatMessage({ id: reason }, { max: wallet.maxMethods }));

  const methodLegendError = methodError;

  return (
    <StepForm
      title={title}
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
          <FormErrorSummary
            show={(selection?.kind === 'card' && card.hasErrors) || (selection?.kind === 'bank' && bank.hasErrors)}
          />
          {failure ? (
            <ErrorPanel
              titleId={failure.titleId}
              bodyId={failure.bodyId}
              values={addMethodFailureValues(failure, format, wallet.maxMethods)}
            />
          ) : null}
          {alerts}
        </>
      }
    >
      <ServicesFieldset
        available={availableScopes}
        value={services}
        onChange={changeServices}
        error={servicesError}
        firstRef={firstServiceRef}
      />

      {nothingAllowed ? null : wallet.restriction === 'card' ? (
        <p className={NOTICE}>{intl.formatMessage({ id: 'autopay.method.restricted.card' })}</p>
      ) : wallet.restriction === 'bank' ? (
        <p className={NOTICE}>{intl.formatMessage({ id: 'autopay.method.restricted.bank' })}</p>
      ) : null}

      {nothingAllowed ? null : (
        <fieldset
          className="max-w-xl space-y-2"
          aria-describedby={
            [mobileChosen ? `${groupName}-mobile` : '', methodLegendError ? `${groupName}-error` : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
        >
          <legend className="mb-2 font-semibold text-ink">{intl.formatMessage({ id: 'autopay.method.legend' })}</legend>
          {mobileChosen ? (
            <p id={`${groupName}-mobile`} className="text-sm text-ink-muted">
              {intl.formatMessage({ id: 'autopay.method.mobileNote' })}
            </p>
          ) : null}
          {wallet.methods.map((method) =>
            radio(
              { kind: 'saved', id: method.id },
              format.method(method.label),
              describe(method),
              methodBlockers(method, services).length > 0,
            ),
          )}
          {canAddCard(wallet.restriction)
            ? radio(
                { kind: 'card' },
                intl.formatMessage({ id: 'payments.method.addCard' }),
                reasonText(addReasons('card')),
                addReasons('card').length > 0,
              )
            : null}
          {canAddBank(wallet.restriction)
            ? radio(
                { kind: 'bank' },
                intl.formatMessage({ id: 'payments.method.addBank' }),
                reasonText(addReasons('bank')),
                addReasons('bank').length > 0,
              )
            : null}
          {methodLegendError ? (
            <p id={`${groupName}-error`} className="mt-1 text-sm font-semibold text-danger-700">
              {methodLegendError}
            </p>
          ) : null}
        </fieldset>
      )}

      {selection?.kind === 'card' ? card.fields : null}
      {selection?.kind === 'bank' ? bank.fields : null}

      {notes?.(services)}

      {adding ? (
        <p role="status" className="text-ink-muted">
          {intl.formatMessage({ id: 'autopay.method.adding' })}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {nothingAllowed ? null : (
          <button type="submit" aria-disabled={busy || undefined} className={PRIMARY_BUTTON}>
            {submitLabel}
          </button>
        )}
        {onBack ? (
          <button type="button" onClick={onBack} className={SECONDARY_BUTTON}>
            {backLabel ?? intl.formatMessage({ id: 'payments.back' })}
          </button>
        ) : null}
      </div>

      <ConfirmDialog
        isOpen={expiring !== null}
        title={intl.formatMessage({ id: 'payments.method.expiringSoon.title' })}
        confirmLabel={intl.formatMessage({ id: 'payments.method.expiringSoon.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'payments.method.expiringSoon.cancel' })}
        initialFocus="confirm"
        onConfirm={() => {
          const method = expiring;
          setExpiring(null);
          if (method) onContinue({ services, method });
        }}
        onCancel={() => setExpiring(null)}
      >
        <p>
          {intl.formatMessage(
            { id: 'autopay.method.expiringSoon.body' },
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
