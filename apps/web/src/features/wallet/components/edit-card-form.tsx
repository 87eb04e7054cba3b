import {
  HOLDER_NAME_MAX_LENGTH,
  type IsoDate,
  validateEditedExpiry,
  validateHolderName,
  validateZip,
  type WalletMethod,
} from '@vireo/shared';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Form } from '../../../components/form/form';
import { fieldErrorsFor, useForm } from '../../../components/form/use-form';
import { errorCode, fieldErrorsOf, isOutcomeUnknown } from '../../../components/ui/api-errors';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { useIdempotentChange } from '../../../components/ui/use-idempotent-change';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { MessageId } from '../../../messages';
import { useUpdatePaymentMethod } from '../api/update-payment-method';

type Values = { nameOnCard: string; expiry: string; zip: string };
const FIELDS = ['nameOnCard', 'expiry', 'zip'] as const;

/** The card's expiry as `MMYY`. */
function currentExpiry(method: WalletMethod): string {
  if (method.expMonth === null || method.expYear === null) return '';
  return `${String(method.expMonth).padStart(2, '0')}${String(method.expYear).slice(-2)}`;
}

const expiryDigits = (value: string) => value.replace(/[\s/]/g, '');

type EditCardFormProps = {
  method: WalletMethod;
  today: IsoDate;
  onSaved: () => void;
  onCancel: () => void;
};

/**
 * spec §3 card edit: Name on Card, Expiration Date (MMYY) and ZIP Code. spec §5: the expiration date must change
 * ("Please enter a valid expiration date." otherwise), not be past, and be at most 20 years ahead.
 */
export function EditCardForm({ method, today, onSaved, onCancel }: EditCardFormProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const headingId = useId();
  const form = useForm<Values>({
    initial: { nameOnCard: method.nameOnCard ?? '', expiry: currentExpiry(method), zip: method.zip ?? '' },
    rules: {
      nameOnCard: (value) => validateHolderName(value, 'card'),
      expiry: (value) => validateEditedExpiry(expiryDigits(value), method, { today }),
      zip: (value) => validateZip(value.trim()),
    },
  });

  const update = useIdempotentChange(useUpdatePaymentMethod(), (error): MessageId | null => {
    const fields = fieldErrorsOf(error);
    if (fields.length > 0) {
      form.showErrors(fieldErrorsFor(fields, FIELDS, 'expiry'));
      return null;
    }
    if (isOutcomeUnknown(error)) return 'wallet.edit.unknownOutcome';
    return errorCode(error) === 'CARD_EXPIRED' ? 'payments.errors.cardExpired.body' : 'wallet.edit.failed';
  });

  const save = (values: Values) => {
    const request = {
      nameOnCard: values.nameOnCard.trim(),
      expiry: expiryDigits(values.expiry),
      zip: values.zip.trim(),
    };
    update.send({ paymentMethodId: method.id, request }, onSaved);
  };

  return (
    <Form
      form={form}
      labelledBy={headingId}
      onSubmit={() => {
        if (update.pending) return;
        update.clearFailure();
        form.submit(save);
      }}
      className="mt-4 space-y-4 rounded-lg border border-line p-4"
      heading={
        <h4 id={headingId} className="font-semibold text-navy-900">
          {intl.formatMessage({ id: 'wallet.edit.title' }, { method: format.method(method.label) })}
        </h4>
      }
      alerts={update.failure ? <ErrorPanel titleId="wallet.edit.failedTitle" bodyId={update.failure} /> : null}
    >
      <div className="grid max-w-md gap-4">
        <TextField
          {...form.field('nameOnCard')}
          label={intl.formatMessage({ id: 'payments.card.nameOnCard' })}
          autoComplete="cc-name"
          maxLength={HOLDER_NAME_MAX_LENGTH}
        />
        <TextField
          {...form.field('expiry')}
          label={intl.formatMessage({ id: 'payments.card.expiry' })}
          hint={intl.formatMessage({ id: 'payments.card.expiryHint' })}
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
        />
        <TextField
          {...form.field('zip')}
          label={intl.formatMessage({ id: 'payments.card.zip' })}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
        />
      </div>
      {update.pending ? (
        <p role="status" className="text-ink-muted">
          {intl.formatMessage({ id: 'autopay.manage.submitting' })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={update.pending || undefined} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'wallet.edit.save' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
          {intl.formatMessage({ id: 'payments.cancel' })}
        </button>
      </div>
    </Form>
  );
}
