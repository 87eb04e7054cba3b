import { type IsoDate, paymentMethodLabel, type Wallet } from '@vireo/shared';
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { addMethodFailureValues, useNewMethodForm } from '../../../components/ui/payment-method-forms';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useAddPaymentMethod } from '../../../entities/api/add-payment-method';

type AddMethodFormProps = {
  kind: 'card' | 'bank';
  wallet: Wallet;
  today: IsoDate;
  /** The method was saved: its display label (e.g. "Visa 1111"). */
  onAdded: (label: string) => void;
  onCancel: () => void;
};

/**
 * Add a card or bank account (spec §2.4 saved payment methods: add). The card data goes to the card vault only; the
 * wallet receives the vault's token. Prepaid and gift cards are never saved (spec §5).
 */
export function AddMethodForm({ kind, wallet, today, onAdded, onCancel }: AddMethodFormProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useNewMethodForm(kind, today);
  const adding = useAddPaymentMethod();
  const { failure, busy } = adding;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const submit = () =>
    adding.add(form, ({ token }) =>
      onAdded(
        paymentMethodLabel({
          cardBrand: token.brand,
          bankAccountType: token.bankAccountType,
          lastFour: token.lastFour,
        }),
      ),
    );

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="space-y-4 rounded-lg border border-line p-4"
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={`${SECTION_TITLE} outline-none`}>
        {intl.formatMessage({ id: kind === 'card' ? 'payments.method.addCard' : 'payments.method.addBank' })}
      </h2>
      <FormAlerts>
        <FormErrorSummary show={form.hasErrors} />
        {failure ? (
          <ErrorPanel
            titleId={failure.titleId}
            bodyId={failure.bodyId}
            headingLevel={3}
            values={addMethodFailureValues(failure, format, wallet.maxMethods)}
          />
        ) : null}
      </FormAlerts>
      {adding.pending ? null : form.fields}
      {busy ? (
        <p role="status" className="text-ink-muted">
          {intl.formatMessage({ id: 'autopay.method.adding' })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={busy || undefined} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: kind === 'card' ? 'wallet.add.saveCard' : 'wallet.add.saveBank' })}
        </button>
        <button type="button" onClick={onCancel} className={SECONDARY_BUTTON}>
          {intl.formatMessage({ id: 'payments.cancel' })}
        </button>
      </div>
    </form>
  );
}
