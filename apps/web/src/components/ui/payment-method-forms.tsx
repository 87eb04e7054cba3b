import {
  AppError,
  detectCardBrand,
  HOLDER_NAME_MAX_LENGTH,
  type IsoDate,
  type TokenizeRequest,
  validateBankAccountNumber,
  validateCardNumber,
  validateExpiry,
  validateHolderName,
  validateRoutingNumber,
  validateSecurityCode,
  validateZip,
} from '@vireo/shared';
import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../messages';
import { RadioGroup } from '../form/radio-group';
import { type FormKit, type FormRules, fieldErrorsFor, useForm } from '../form/use-form';
import { errorCode, fieldErrorsOf } from './api-errors';
import { CARD_ATTEMPT_FAILURES } from './card-attempt-failures';
import { TextField } from './text-field';
import { type PaymentFormat } from './use-payment-format';

export type CardValues = { nameOnCard: string; cardNumber: string; expiry: string; zip: string; securityCode: string };
export type BankValues = {
  nameOnAccount: string;
  accountType: 'checking' | 'savings';
  routingNumber: string;
  accountNumber: string;
};

const EMPTY_CARD: CardValues = { nameOnCard: '', cardNumber: '', expiry: '', zip: '', securityCode: '' };
const EMPTY_BANK: BankValues = {
  nameOnAccount: '',
  accountType: 'checking',
  routingNumber: '',
  accountNumber: '',
};

const digits = (value: string) => value.replace(/[\s-]/g, '');
/** An autofilled `MM/YY` or `MM / YY` is still MMYY. */
const expiryDigits = (value: string) => value.replace(/[\s/]/g, '');

/** The spec §5 card rules, the same ones the card vault applies (packages/shared/src/rules/payments.ts). */
function cardRules(today: IsoDate): FormRules<CardValues> {
  return {
    nameOnCard: (value) => validateHolderName(value, 'card'),
    cardNumber: (value) => validateCardNumber(digits(value)),
    expiry: (value) => validateExpiry(expiryDigits(value), { today }),
    zip: (value) => validateZip(value.trim()),
    // spec §5: 4 digits for American Express, 3 otherwise; before the brand is known, 3 or 4.
    securityCode: (value, values) =>
      validateSecurityCode(value.trim(), detectCardBrand(digits(values.cardNumber)) ?? 'enrolment'),
  };
}

const BANK_RULES: FormRules<BankValues> = {
  nameOnAccount: (value) => validateHolderName(value, 'bank'),
  routingNumber: (value) => validateRoutingNumber(value.trim()),
  accountNumber: (value) => validateBankAccountNumber(digits(value)),
};

function cardRequest(values: CardValues): TokenizeRequest {
  return {
    type: 'card',
    nameOnCard: values.nameOnCard.trim(),
    cardNumber: digits(values.cardNumber),
    expiry: expiryDigits(values.expiry),
    securityCode: values.securityCode.trim(),
    zip: values.zip.trim(),
  };
}

function bankRequest(values: BankValues): TokenizeRequest {
  return {
    type: 'bank',
    nameOnAccount: values.nameOnAccount.trim(),
    accountType: values.accountType,
    routingNumber: values.routingNumber.trim(),
    accountNumber: digits(values.accountNumber),
  };
}

const CARD_FIELDS = ['nameOnCard', 'cardNumber', 'expiry', 'zip', 'securityCode'] as const;
const BANK_FIELDS = ['nameOnAccount', 'accountType', 'routingNumber', 'accountNumber'] as const;

/** spec §3 card edit fields: Name on Card, Card Number, Expiration Date (MMYY), ZIP Code, Security Code. */
function CardForm({ form }: { form: FormKit<CardValues> }) {
  const intl = useIntl();
  const brand = detectCardBrand(digits(form.values.cardNumber));
  return (
    <div className="grid max-w-md gap-4">
      <TextField
        {...form.field('nameOnCard')}
        label={intl.formatMessage({ id: 'payments.card.nameOnCard' })}
        autoComplete="cc-name"
        maxLength={HOLDER_NAME_MAX_LENGTH}
      />
      <TextField
        {...form.field('cardNumber')}
        label={intl.formatMessage({ id: 'payments.card.cardNumber' })}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
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
      <TextField
        {...form.field('securityCode')}
        label={intl.formatMessage({ id: 'payments.card.securityCode' })}
        hint={intl.formatMessage({
          id: brand === 'amex' ? 'payments.card.securityCodeHint.amex' : 'payments.card.securityCodeHint',
        })}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={4}
      />
    </div>
  );
}

/** A bank account: Name on Account, checking or savings, Routing Number (ABA checksum), Account Number. */
function BankForm({ form }: { form: FormKit<BankValues> }) {
  const intl = useIntl();
  return (
    <div className="grid max-w-md gap-4">
      <TextField
        {...form.field('nameOnAccount')}
        label={intl.formatMessage({ id: 'payments.bank.nameOnAccount' })}
        autoComplete="name"
        maxLength={HOLDER_NAME_MAX_LENGTH}
      />
      <RadioGroup
        {...form.field('accountType')}
        legend={intl.formatMessage({ id: 'payments.bank.accountType' })}
        legendClassName="mb-1 font-semibold text-ink"
        className="space-y-2"
        options={[
          { value: 'checking', label: intl.formatMessage({ id: 'payments.bank.accountType.checking' }) },
          { value: 'savings', label: intl.formatMessage({ id: 'payments.bank.accountType.savings' }) },
        ]}
      />
      <TextField
        {...form.field('routingNumber')}
        label={intl.formatMessage({ id: 'payments.bank.routingNumber' })}
        hint={intl.formatMessage({ id: 'payments.bank.routingHint' })}
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
      />
      <TextField
        {...form.field('accountNumber')}
        label={intl.formatMessage({ id: 'payments.bank.accountNumber' })}
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
  clearErrors: () => void;
  /** Drops what was typed (card data leaves the page's state as soon as the vault holds it). */
  clear: () => void;
};

/**
 * A new card or bank account (spec §3 fields, spec §5 rules) on the form kit (ADR 020), for the screens that send it
 * to the card vault: the one-time payment, Auto Pay and the wallet. The vault call itself belongs to the screen. Both
 * forms keep what was typed while the other kind is chosen.
 */
export function useNewMethodForm(kind: 'card' | 'bank', today: IsoDate): NewMethodForm {
  const card = useForm<CardValues>({ initial: EMPTY_CARD, rules: cardRules(today) });
  const bank = useForm<BankValues>({ initial: EMPTY_BANK, rules: BANK_RULES });
  const clearErrors = () => {
    card.clearErrors();
    bank.clearErrors();
  };
  return {
    fields: kind === 'card' ? <CardForm form={card} /> : <BankForm form={bank} />,
    hasErrors: kind === 'card' ? card.hasErrors : bank.hasErrors,
    request: () => {
      if (kind === 'card') return card.validate() ? cardRequest(card.values) : null;
      return bank.validate() ? bankRequest(bank.values) : null;
    },
    showServerErrors: (error) => {
      const fields = fieldErrorsOf(error);
      if (fields.length === 0) return false;
      if (kind === 'card') card.showErrors(fieldErrorsFor(fields, CARD_FIELDS, 'cardNumber'));
      else bank.showErrors(fieldErrorsFor(fields, BANK_FIELDS, 'accountNumber'));
      return true;
    },
    clearErrors,
    clear: () => {
      card.reset();
      bank.reset();
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
    // not the server's: the wallet's answer did not arrive (entities/api/add-payment-method.ts keeps the token and key)
    case 'OUTCOME_UNKNOWN':
      return { titleId: 'payments.errors.addMethod.title', bodyId: 'ui.addMethod.unknownOutcome' };
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
