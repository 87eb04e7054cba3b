import { useQueryClient } from '@tanstack/react-query';
import type { AutoPayScope, IsoDate, VaultToken, Wallet, WalletMethod } from '@vireo/shared';
import { type ReactNode, useState } from 'react';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { useForm } from '../../../components/form/use-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormErrorSummary } from '../../../components/ui/form-alerts';
import { NOTICE, PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import {
  addMethodFailure,
  addMethodFailureValues,
  useNewMethodForm,
} from '../../../components/ui/payment-method-forms';
import { StepForm } from '../../../components/ui/step-form';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useAddPaymentMethod } from '../../../entities/api/add-payment-method';
import { walletQueryOptions } from '../../../entities/api/get-wallet';
import { savedMethodIdOf } from '../../../entities/api/save-payment-method';
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

const key = (selection: Selection) => (selection.kind === 'saved' ? `saved:${selection.id}` : selection.kind);
/** The method row's value back as a selection. */
function selectionOf(value: string | null): Selection | null {
  if (value === 'card' || value === 'bank') return { kind: value };
  return value?.startsWith('saved:') ? { kind: 'saved', id: value.slice('saved:'.length) } : null;
}
const SERVICES_REQUIRED = { ok: false, message: 'autopay.services.required' } as const;
const METHOD_REQUIRED = { ok: false, message: 'autopay.method.required' } as const;

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
  const form = useForm<{ services: AutoPayScope[]; method: string | null }>({
    initial: () => {
      const services = initialServices ?? availableScopes;
      const initial = wallet.methods.find((method) => method.id === initialMethodId);
      return {
        services,
        method:
          initial && methodBlockers(initial, services).length === 0 ? key({ kind: 'saved', id: initial.id }) : null,
      };
    },
    rules: {
      // spec §5: at least one service, and a method every chosen service accepts
      services: (services) => (services.length === 0 ? SERVICES_REQUIRED : null),
      method: (method, { services }) => {
        const selection = selectionOf(method);
        if (!selection) return METHOD_REQUIRED;
        if (selection.kind !== 'saved') return null;
        const saved = wallet.methods.find((candidate) => candidate.id === selection.id);
        return !saved || methodBlockers(saved, services).length > 0 ? METHOD_REQUIRED : null;
      },
    },
  });
  const { services } = form.values;
  const selection = selectionOf(form.values.method);
  const [expiring, setExpiring] = useState<WalletMethod | null>(null);
  const card = useNewMethodForm('card', today);
  const bank = useNewMethodForm('bank', today);
  const adding = useAddPaymentMethod();
  const { failure } = adding;
  const busy = adding.busy || isSubmitting;

  const walletFull = wallet.methods.length >= wallet.maxMethods;
  const mobileChosen = services.includes('mobile');
  const nothingAllowed = wallet.restriction === 'both';

  const changeServices = (next: AutoPayScope[]) => {
    form.set('services', next);
    // A choice the new services refuse (a bank account once Mobile is on) is dropped, so nothing hidden is sent.
    if (selection?.kind === 'saved') {
      const method = wallet.methods.find((candidate) => candidate.id === selection.id);
      if (method && methodBlockers(method, next).length > 0) form.set('method', null);
    }
    if (selection?.kind === 'bank' && next.includes('mobile')) form.set('method', null);
  };

  const choose = (next: string) => {
    form.set('method', next);
    adding.clearFailure();
  };

  const addNew = (kind: 'card' | 'bank') => {
    const before = wallet.methods.map((method) => method.id);
    return adding.add(kind === 'card' ? card : bank, async ({ token, body }) => {
      await queryClient.invalidateQueries({ queryKey: walletKeys.methods() });
      const fresh = await queryClient.fetchQuery(walletQueryOptions());
      const saved = findSaved(fresh, savedMethodIdOf(body), before, token);
      if (!saved) {
        adding.fail(addMethodFailure(null));
        return;
      }
      form.set('method', key({ kind: 'saved', id: saved.id }));
      onContinue({ services, method: saved });
    });
  };

  const submit = () => {
    if (busy) return;
    adding.clearFailure();
    form.submit(({ services, method: chosen }) => {
      const selection = selectionOf(chosen);
      if (selection?.kind === 'card' || selection?.kind === 'bank') {
        void addNew(selection.kind);
        return;
      }
      const method = wallet.methods.find((candidate) => candidate.id === selection?.id);
      if (!method) return;
      // product-decisions.md: a card expiring this month or next asks for confirmation.
      if (method.expiringSoon) setExpiring(method);
      else onContinue({ services, method });
    });
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

  const addReasons = (kind: 'card' | 'bank'): MessageId[] => {
    const reasons: MessageId[] = [];
    if (walletFull) reasons.push('autopay.method.walletFull');
    if (kind === 'bank' && mobileChosen) reasons.push('autopay.method.cardsOnlyForMobile');
    return reasons;
  };
  const reasonText = (reasons: MessageId[]) =>
    reasons.map((reason) => intl.formatMessage({ id: reason }, { max: wallet.maxMethods }));

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
      <ServicesFieldset available={availableScopes} {...form.field('services')} onChange={changeServices} />

      {nothingAllowed ? null : wallet.restriction === 'card' ? (
        <p className={NOTICE}>{intl.formatMessage({ id: 'autopay.method.restricted.card' })}</p>
      ) : wallet.restriction === 'bank' ? (
        <p className={NOTICE}>{intl.formatMessage({ id: 'autopay.method.restricted.bank' })}</p>
      ) : null}

      {nothingAllowed ? null : (
        <RadioGroup
          {...form.field('method')}
          onChange={choose}
          className="max-w-xl space-y-2"
          legend={intl.formatMessage({ id: 'autopay.method.legend' })}
          note={mobileChosen ? intl.formatMessage({ id: 'autopay.method.mobileNote' }) : null}
          options={[
            ...wallet.methods.map((method) => ({
              value: key({ kind: 'saved', id: method.id }),
              label: format.method(method.label),
              description: describe(method).join(' · '),
              disabled: methodBlockers(method, services).length > 0,
            })),
            ...(['card', 'bank'] as const)
              .filter((kind) => (kind === 'card' ? canAddCard : canAddBank)(wallet.restriction))
              .map((kind) => ({
                value: kind,
                label: intl.formatMessage({
                  id: kind === 'card' ? 'payments.method.addCard' : 'payments.method.addBank',
                }),
                description: reasonText(addReasons(kind)).join(' · '),
                disabled: addReasons(kind).length > 0,
              })),
          ]}
        />
      )}

      {/* A card whose saving has no answer yet is sent again as it was: its fields are gone (the vault holds it). */}
      {selection?.kind === 'card' && !adding.pending ? card.fields : null}
      {selection?.kind === 'bank' && !adding.pending ? bank.fields : null}

      {notes?.(services)}

      {adding.busy ? (
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
