import {
  HOLDER_NAME_MAX_LENGTH,
  type IsoDate,
  validateEditedExpiry,
  validateHolderName,
  validateZip,
  type WalletMethod,
} from '@vireo/shared';
import { useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { errorCode, fieldErrorsOf, isOutcomeUnknown } from '../../../components/ui/api-errors';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { IntentKey } from '../../../components/ui/idempotency-key';
import { TextField } from '../../../components/ui/text-field';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { MessageId } from '../../../messages';
import { useUpdatePaymentMethod } from '../api/update-payment-method';

type Values = { nameOnCard: string; expiry: string; zip: string };
type Errors = Partial<Record<keyof Values, string>>;
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
  const update = useUpdatePaymentMethod();
  const intentKey = useRef(new IntentKey());
  const [values, setValues] = useState<Values>({
    nameOnCard: method.nameOnCard ?? '',
    expiry: currentExpiry(method),
    zip: method.zip ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<MessageId | null>(null);
  const refs = {
    nameOnCard: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    zip: useRef<HTMLInputElement>(null),
  };

  const show = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((name) => found[name]);
    if (first) refs[first].current?.focus();
  };

  const validate = (): Errors => {
    const found: Errors = {};
    const name = validateHolderName(values.nameOnCard, 'card');
    if (!name.ok) found.nameOnCard = format.rule(name);
    const expiry = expiryDigits(values.expiry);
    const rule = validateEditedExpiry(expiry, method, { today });
    if (!rule.ok) found.expiry = format.rule(rule);
    const zip = validateZip(values.zip.trim());
    if (!zip.ok) found.zip = format.rule(zip);
    return found;
  };

  const submit = () => {
    if (update.isPending) return;
    setFailure(null);
    const found = validate();
    if (Object.values(found).some(Boolean)) {
      show(found);
      return;
    }
    setErrors({});
    const request = {
      nameOnCard: values.nameOnCard.trim(),
      expiry: expiryDigits(values.expiry),
      zip: values.zip.trim(),
    };
    update.mutate(
      { paymentMethodId: method.id, request, idempotencyKey: intentKey.current.for(request) },
      {
        onSuccess: () => {
          intentKey.current.reset();
          onSaved();
        },
        onError: (error) => {
          if (!isOutcomeUnknown(error)) intentKey.current.reset();
          const fields = fieldErrorsOf(error);
          if (fields.length > 0) {
            const mapped: Errors = {};
            for (const field of fields) {
              const name = (FIELDS as readonly string[]).includes(field.field)
                ? (field.field as keyof Values)
                : 'expiry';
              mapped[name] = format.rule({ message: field.code });
            }
            show(mapped);
            return;
          }
          const code = errorCode(error);
          setFailure(
            isOutcomeUnknown(error)
              ? 'wallet.edit.unknownOutcome'
              : code === 'CARD_EXPIRED'
                ? 'payments.errors.cardExpired.body'
                : 'wallet.edit.failed',
          );
        },
      },
    );
  };

  const change = (name: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      className="mt-4 space-y-4 rounded-lg border border-line p-4"
    >
      <h4 id={headingId} className="font-semibold text-navy-900">
        {intl.formatMessage({ id: 'wallet.edit.title' }, { method: format.method(method.label) })}
      </h4>
      <FormAlerts>
        <FormErrorSummary show={Object.values(errors).some(Boolean)} />
        {failure ? <ErrorPanel titleId="wallet.edit.failedTitle" bodyId={failure} /> : null}
      </FormAlerts>
      <div className="grid max-w-md gap-4">
        <TextField
          label={intl.formatMessage({ id: 'payments.card.nameOnCard' })}
          value={values.nameOnCard}
          onChange={change('nameOnCard')}
          error={errors.nameOnCard}
          inputRef={refs.nameOnCard}
          autoComplete="cc-name"
          maxLength={HOLDER_NAME_MAX_LENGTH}
        />
        <TextField
          label={intl.formatMessage({ id: 'payments.card.expiry' })}
          hint={intl.formatMessage({ id: 'payments.card.expiryHint' })}
          value={values.expiry}
          onChange={change('expiry')}
          error={errors.expiry}
          inputRef={refs.expiry}
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
        />
        <TextField
          label={intl.formatMessage({ id: 'payments.card.zip' })}
          value={values.zip}
          onChange={change('zip')}
          error={errors.zip}
          inputRef={refs.zip}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
        />
      </div>
      {update.isPending ? (
        <p role="status" className="text-ink-muted">
          {intl.formatMessage({ id: 'autopay.manage.submitting' })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" aria-disabled={update.isPending || undefined} className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'wallet.edit.save' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onCancel}>
          {intl.formatMessage({ id: 'payments.cancel' })}
        </button>
      </div>
    </form>
  );
}
