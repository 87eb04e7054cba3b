import {
  AppError,
  detectCardBrand,
  HOLDER_NAME_MAX_LENGTH,
  type IsoDate,
  type RuleResult,
  type TokenizeRequest,
  validateBankAccountNumber,
  validateCardNumber,
  validateExpiry,
  validateHolderName,
  validateRoutingNumber,
  validateSecurityCode,
  validateZip,
} from '@vireo/shared';
import { type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../messages';
import { errorCode, fieldErrorsOf } from './api-errors';
import { CARD_ATTEMPT_FAILURES } from './card-attempt-failures';
import { CHOICE } from './form-styles';
import { TextField } from './text-field';
import { type PaymentFormat, usePaymentFormat } from './use-payment-format';

export type CardValues = { nameOnCard: string; cardNumber: string; expiry: string; zip: string; securityCode: string };
export type BankValues = {
  nameOnAccount: string;
  accountType: 'checking' | 'savings';
  routingNumber: string;
  accountNumber: string;
};
export type FieldErrors = Partial<Record<string, string>>;

export const EMPTY_CARD: CardValues = { nameOnCard: '', cardNumber: '', expiry: '', zip: '', securityCode: '' };
export const EMPTY_BANK: BankValues = {
  nameOnAccount: '',
  accountType: 'checking',
  routingNumber: '',
  accountNumber: '',
};

const digits = (value: string) => value.replace(/[\s-]/g, '');
/** An autofilled `MM/YY` or `MM / YY` is still MMYY. */
const expiryDigits = (value: string) => value.replace(/[\s/]/g, '');

function message(format: PaymentFormat, result: RuleResult): string | undefined {
  return result.ok ? undefined : format.rule(result);
}

/** The spec §5 card rules, the same ones the card vault applies (packages/shared/src/rules/payments.ts). */
export function validateCard(values: CardValues, today: IsoDate, format: PaymentFormat): FieldErrors {
  const brand = detectCardBrand(digits(values.cardNumber));
  return {
    nameOnCard: message(format, validateHolderName(values.nameOnCard, 'card')),
    cardNumber: message(format, validateCardNumber(digits(values.cardNumber))),
    expiry: message(format, validateExpiry(expiryDigits(values.expiry), { today })),
    zip: message(format, validateZip(values.zip.trim())),
    // spec §5: 4 digits for American Express, 3 otherwise; before the brand is known, 3 or 4.
    securityCode: message(format, validateSecurityCode(values.securityCode.trim(), brand ?? 'enrolment')),
  };
}

export function validateBank(values: BankValues, format: PaymentFormat): FieldErrors {
  return {
    nameOnAccount: message(format, validateHolderName(values.nameOnAccount, 'bank')),
    routingNumber: message(format, validateRoutingNumber(values.routingNumber.trim())),
    accountNumber: message(format, validateBankAccountNumber(digits(values.accountNumber))),
  };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export function cardRequest(values: CardValues): TokenizeRequest {
  return {
    type: 'card',
    nameOnCard: values.nameOnCard.trim(),
    cardNumber: digits(values.cardNumber),
    expiry: expiryDigits(values.expiry),
    securityCode: values.securityCode.trim(),
    zip: values.zip.trim(),
  };
}

export function bankRequest(values: BankValues): TokenizeRequest {
  return {
    type: 'bank',
    nameOnAccount: values.nameOnAccount.trim(),
    accountType: values.accountType,
    routingNumber: values.routingNumber.trim(),
    accountNumber: digits(values.accountNumber),
  };
}

export const CARD_FIELDS = ['nameOnCard', 'cardNumber', 'expiry', 'zip', 'securityCode'] as const;
export const BANK_FIELDS = ['nameOnAccount', 'routingNumber', 'accountNumber'] as const;

export type FieldRefs = Record<string, RefObject<HTMLInputElement | null>>;

export function useFieldRefs(names: readonly string[]): FieldRefs {
  const refs = useRef<FieldRefs>({});
  for (const name of names) refs.current[name] ??= { current: null };
  return refs.current;
}

type CardFormProps = {
  values: CardValues;
  errors: FieldErrors;
  onChange: (name: keyof CardValues, value: string) => void;
  refs: FieldRefs;
};

/** spec §3 card edit fields: Name on Card, Card Number, Expiration Date (MMYY), ZIP Code, Security Code. */
export function CardForm({ values, errors, onChange, refs }: CardFormProps) {
  const intl = useIntl();
  const brand = detectCardBrand(digits(values.cardNumber));
  return (
    <div className="grid max-w-md gap-4">
      <TextField
        label={intl.formatMessage({ id: 'payments.card.nameOnCard' })}
        value={values.nameOnCard}
        onChange={(value) => onChange('nameOnCard', value)}
        error={errors.nameOnCard}
        inputRef={refs.nameOnCard}
        autoComplete="cc-name"
        maxLength={HOLDER_NAME_MAX_LENGTH}
      />
      <TextField
        label={intl.formatMessage({ id: 'payments.card.cardNumber' })}
        value={values.cardNumber}
        onChange={(value) => onChange('cardNumber', value)}
        error={errors.cardNumber}
        inputRef={refs.cardNumber}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
      />
      <TextField
        label={intl.formatMessage({ id: 'payments.card.expiry' })}
        hint={intl.formatMessage({ id: 'payments.card.expiryHint' })}
        value={values.expiry}
        onChange={(value) => onChange('expiry', value)}
        error={errors.expiry}
        inputRef={refs.expiry}
        inputMode="numeric"
        autoComplete="cc-exp"
        maxLength={7}
      />
      <TextField
        label={intl.formatMessage({ id: 'payments.card.zip' })}
        value={values.zip}
        onChange={(value) => onChange('zip', value)}
        error={errors.zip}
        inputRef={refs.zip}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={10}
      />
      <TextField
        label={intl.formatMessage({ id: 'payments.card.securityCode' })}
        hint={intl.formatMessage({
          id: brand === 'amex' ? 'payments.card.securityCodeHint.amex' : 'payments.card.securityCodeHint',
        })}
        value={values.securityCode}
        onChange={(value) => onChange('securityCode', value)}
        error={errors.securityCode}
        inputRef={refs.securityCode}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
      />
    </div>
  );
}

type BankFormProps = {
  values: BankValues;
  errors: FieldErrors;
  onChange: <K extends keyof BankValues>(name: K, value: BankValues[K]) => void;
  refs: FieldRefs;
};

/** A bank account: Name on Account, checking or savings, Routing Number (ABA checksum), Account Number. */
export function BankForm({ values, errors, onChange, refs }: BankFormProps) {
  const intl = useIntl();
  const typeName = useId();
  return (
    <div className="grid max-w-md gap-4">
      <TextField
        label={intl.formatMessage({ id: 'payments.bank.nameOnAccount' })}
        value={values.nameOnAccount}
        onChange={(value) => onChange('nameOnAccount', value)}
        error={errors.nameOnAccount}
        inputRef={refs.nameOnAccount}
        autoComplete="name"
        maxLength={HOLDER_NAME_MAX_LENGTH}
      />
      <fieldset className="space-y-2">
        <legend className="mb-1 font-semibold text-ink">
          {intl.formatMessage({ id: 'payments.bank.accountType' })}
        </legend>
        {(['checking', 'savings'] as const).map((type) => (
          <label key={type} className={CHOICE}>
            <input
              type="radio"
              name={typeName}
              checked={values.accountType === type}
              onChange={() => onChange('accountType', type)}
              className="size-5 accent-brand-700"
            />
            <span className="text-ink">
              {intl.formatMessage({
                id: type === 'checking' ? 'payments.bank.accountType.checking' : 'payments.bank.accountType.savings',
              })}
            </span>
          </label>
        ))}
      </fieldset>
      <TextField
        label={intl.formatMessage({ id: 'payments.bank.routingNumber' })}
        hint={intl.formatMessage({ id: 'payments.bank.routingHint' })}
        value={values.routingNumber}
        onChange={(value) => onChange('routingNumber', value)}
        error={errors.routingNumber}
        inputRef={refs.routingNumber}
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
      />
      <TextField
        label={intl.formatMessage({ id: 'payments.bank.accountNumber' })}
        value={values.accountNumber}
        onChange={(value) => onChange('accountNumber', value)}
        error={errors.accountNumber}
        inputRef={refs.accountNumber}
        inputMode="numeric"
        autoComplete="off"
        maxLength={17}
      />
    </div>
  );
}

type SaveCheckboxProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Why the method cannot be saved (a prepaid card, a full wallet); the box is then off and disabled. */
  disabledReason?: string | null;
};

/** spec §3: the save-for-future option, on by default. */
export function SaveMethodCheckbox({ checked, onChange, disabledReason }: SaveCheckboxProps) {
  const intl = useIntl();
  const reasonId = useId();
  return (
    <div>
      <label className="flex min-h-11 items-center gap-3">
        <input
          type="checkbox"
          checked={disabledReason ? false : checked}
          disabled={Boolean(disabledReason)}
          aria-describedby={disabledReason ? reasonId : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="size-5 accent-brand-700"
        />
        <span className="text-ink">{intl.formatMessage({ id: 'payments.method.save' })}</span>
      </label>
      {disabledReason ? (
        <p id={reasonId} className="mt-1 text-sm text-ink">
          {disabledReason}
        </p>
      ) : null}
    </div>
  );
}

export type NewMethodForm = {
  /** The fields of the card or bank form. */
  fields: ReactNode;
  hasErrors: boolean;
  /** Checks the fields with the shared rules: the vault request, or null (errors shown, focus on the first). */
  request: () => TokenizeRequest | null;
  /** Shows a VALIDATION_FAILED of the vault at its fields; false when the error named none. */
  showServerErrors: (error: unknown) => boolean;
  /** Drops what was typed (card data leaves the page's state as soon as the vault holds it). */
  clear: () => void;
};

/**
 * The state of a new card or bank account form (spec §3 fields, spec §5 rules) for the screens that send it to the
 * card vault: the one-time payment, Auto Pay and the wallet. The vault call itself belongs to the screen.
 */
export function useNewMethodForm(kind: 'card' | 'bank', today: IsoDate): NewMethodForm {
  const format = usePaymentFormat();
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [bank, setBank] = useState<BankValues>(EMPTY_BANK);
  const [errors, setErrors] = useState<FieldErrors>({});
  const cardRefs = useFieldRefs(CARD_FIELDS);
  const bankRefs = useFieldRefs(BANK_FIELDS);
  const order = kind === 'card' ? CARD_FIELDS : BANK_FIELDS;
  const refs = kind === 'card' ? cardRefs : bankRefs;

  const show = (found: FieldErrors) => {
    setErrors(found);
    const first = order.find((name) => found[name]);
    if (first) refs[first]?.current?.focus();
  };

  return {
    fields:
      kind === 'card' ? (
        <CardForm
          values={card}
          errors={errors}
          refs={cardRefs}
          onChange={(name, value) => {
            setCard((current) => ({ ...current, [name]: value }));
            setErrors((current) => ({ ...current, [name]: undefined }));
          }}
        />
      ) : (
        <BankForm
          values={bank}
          errors={errors}
          refs={bankRefs}
          onChange={(name, value) => {
            setBank((current) => ({ ...current, [name]: value }));
            setErrors((current) => ({ ...current, [name]: undefined }));
          }}
        />
      ),
    hasErrors: hasErrors(errors),
    request: () => {
      const found = kind === 'card' ? validateCard(card, today, format) : validateBank(bank, format);
      if (hasErrors(found)) {
        show(found);
        return null;
      }
      setErrors({});
      return kind === 'card' ? cardRequest(card) : bankRequest(bank);
    },
    showServerErrors: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields.length === 0) return false;
      const mapped: FieldErrors = {};
      for (const field of fields) mapped[field.field] = format.rule({ message: field.code });
      show(mapped);
      return true;
    },
    clear: () => {
      setCard(EMPTY_CARD);
      setBank(EMPTY_BANK);
      setErrors({});
    },
  };
}

export type AddMethodFailure = {
  titleId: MessageId;
  bodyId: MessageId;
  /** PAYMENT_METHOD_DUPLICATE: the label of the saved method that is the same instrument. */
  existingLabel?: string;
  values?: Record<string, number>;
};

/** spec §8: why a new method could not be added to the wallet (the vault's or the wallet's refusal). */
export function addMethodFailure(code: string | null): AddMethodFailure {
  switch (code) {
    case 'WALLET_FULL':
      return { titleId: 'payments.errors.addMethod.title', bodyId: 'ui.addMethod.walletFull' };
    case 'PREPAID_NOT_SAVED':
      return { titleId: 'payments.errors.addMethod.title', bodyId: 'ui.addMethod.prepaid' };
    case 'PAYMENT_METHOD_UNAVAILABLE':
      return { titleId: 'payments.errors.methodUnavailable.title', bodyId: 'payments.errors.methodUnavailable.body' };
    case 'CARD_NOT_VERIFIED':
      return { titleId: 'payments.errors.cardNotVerified.title', bodyId: 'payments.errors.cardNotVerified.body' };
    case 'CARD_EXPIRED':
      return { titleId: 'payments.errors.cardExpired.title', bodyId: 'payments.errors.cardExpired.body' };
    // issue 14 item 11: declines in a row slowed, then paused, the account's card and bank attempts
    case 'CARD_ATTEMPTS_SLOWED':
    case 'CARD_ATTEMPTS_PAUSED':
      return CARD_ATTEMPT_FAILURES[code] as AddMethodFailure;
    case 'PAYMENT_METHOD_DUPLICATE':
      return { titleId: 'payments.errors.addMethod.title', bodyId: 'ui.addMethod.duplicateSaved' };
    default:
      return { titleId: 'payments.errors.addMethod.title', bodyId: 'payments.errors.addMethod.body' };
  }
}

/** The failure of a refused add, from the API's error: a duplicate names the saved method (issue 14). */
export function addMethodFailureOf(error: unknown): AddMethodFailure {
  const failure = addMethodFailure(errorCode(error));
  const existing = AppError.is(error) ? error.details?.method : undefined;
  return failure.bodyId === 'ui.addMethod.duplicateSaved' && existing
    ? { ...failure, bodyId: 'ui.addMethod.duplicate', existingLabel: existing }
    : failure;
}

/** The values of an add failure's message: the wallet's limit and, for a duplicate, the saved method's label. */
export function addMethodFailureValues(failure: AddMethodFailure, format: PaymentFormat, max: number) {
  return { max, method: failure.existingLabel ? format.method(failure.existingLabel) : '', ...failure.values };
}
