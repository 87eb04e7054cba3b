import {
  type CardBrand,
  detectCardBrand,
  type FieldError,
  type IsoDate,
  parseExpiry,
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

/** Spaces and dashes a person types into a card number. */
export const normalizeCardNumber = (number: string) => number.replace(/[\s-]/g, '');

export type ValidatedCard = {
  type: 'card';
  number: string;
  brand: CardBrand;
  expMonth: number;
  expYear: number;
  zip: string;
  holderName: string;
  securityCode: string;
};
export type ValidatedBank = {
  type: 'bank';
  number: string;
  routingNumber: string;
  accountType: 'checking' | 'savings';
  holderName: string;
};

/**
 * Every rule of spec §5 on a tokenize request at once: the fields that fail (path `body.<field>`, code the rule's
 * message id), or the normalized instrument.
 */
export function validateTokenizeRequest(
  request: TokenizeRequest,
  today: IsoDate,
): { ok: true; value: ValidatedCard | ValidatedBank } | { ok: false; fields: FieldError[] } {
  const fields: FieldError[] = [];
  const check = (field: string, result: RuleResult) => {
    if (!result.ok) fields.push({ path: `body.${field}`, code: result.message });
  };
  if (request.type === 'card') {
    check('nameOnCard', validateHolderName(request.nameOnCard, 'card'));
    const number = normalizeCardNumber(request.cardNumber);
    check('cardNumber', validateCardNumber(number));
    const brand = detectCardBrand(number);
    // without a known brand the code can only be checked for the lengths any brand allows
    check('securityCode', validateSecurityCode(request.securityCode, brand ?? 'enrolment'));
    check('expiry', validateExpiry(request.expiry, { today }));
    check('zip', validateZip(request.zip));
    const expiry = parseExpiry(request.expiry);
    if (fields.length > 0 || !brand || !expiry) return { ok: false, fields };
    return {
      ok: true,
      value: {
        type: 'card',
        number,
        brand,
        expMonth: expiry.month,
        expYear: expiry.year,
        zip: request.zip,
        holderName: request.nameOnCard,
        securityCode: request.securityCode,
      },
    };
  }
  check('nameOnAccount', validateHolderName(request.nameOnAccount, 'bank'));
  check('routingNumber', validateRoutingNumber(request.routingNumber));
  check('accountNumber', validateBankAccountNumber(request.accountNumber));
  if (fields.length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      type: 'bank',
      number: request.accountNumber,
      routingNumber: request.routingNumber,
      accountType: request.accountType,
      holderName: request.nameOnAccount,
    },
  };
}
