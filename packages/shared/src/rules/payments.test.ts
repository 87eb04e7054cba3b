import { describe, expect, it } from 'vitest';
import { validateHolderName } from './holder-name';
import {
  bankLabelParts,
  cardDeclineWait,
  detectCardBrand,
  isExpiringSoon,
  isLuhnValid,
  isRoutingNumberValid,
  isScheduledPaymentEditable,
  parseShortUsDate,
  paymentAmountBounds,
  paymentDateWindow,
  paymentMethodLabel,
  validateAmountText,
  validateBankAccountNumber,
  validateCardNumber,
  validateEditedExpiry,
  validateExpiry,
  validatePaymentAmount,
  validatePaymentDate,
  validateRoutingNumber,
  validateSecurityCode,
  validateZip,
} from './payments';

// demo-data.md: the simulator's test instruments
describe('card numbers', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa'],
    ['5555 5555 5555 4444', 'mc'],
    ['3782 822463 10005', 'amex'],
    ['6011 1111 1111 1117', 'discover'],
    ['4000 0000 0000 0002', 'visa'],
    ['4000 0000 0000 9995', 'visa'],
    ['4000 0000 0000 0127', 'visa'],
    ['4000 0566 5566 5556', 'visa'],
    ['4000 0000 0000 0069', 'visa'],
    ['2223 0031 2200 3222', 'mc'],
  ] as const)('%s is a valid %s', (number, brand) => {
    expect(isLuhnValid(number)).toBe(true);
    expect(detectCardBrand(number)).toBe(brand);
    expect(validateCardNumber(number)).toEqual({ ok: true });
  });

  it.each(['4242 4242 4242 4241', '1234 5678 9012 3456', '4242', '', 'abcd efgh ijkl mnop', '9999 9999 9999 9995'])(
    'refuses %j',
    (number) => expect(validateCardNumber(number)).toEqual({ ok: false, message: 'payments.card.number.invalid' }),
  );
});

describe('security code (spec §5)', () => {
  it.each([
    ['123', 'visa', true],
    ['1234', 'visa', false],
    ['1234', 'amex', true],
    ['123', 'amex', false],
    ['12a', 'mc', false],
    ['123', 'enrolment', true],
    ['1234', 'enrolment', true],
    ['12', 'enrolment', false],
  ] as const)('%s for %s: %s', (code, brand, valid) => expect(validateSecurityCode(code, brand).ok).toBe(valid));

  it('names the length the brand needs', () => {
    expect(validateSecurityCode('123', 'amex')).toEqual({
      ok: false,
      message: 'payments.card.securityCode.length',
      values: { length: 4 },
    });
  });
});

describe('names on cards and bank accounts', () => {
  it.each([
    ['Harbor Freight Co.', 'card', 'ok'],
    ['  José Núñez-O’Brien  ', 'bank', 'ok'],
    ['山田 太郎', 'card', 'ok'],
    ['   ', 'card', 'payments.card.name.required'],
    ['', 'bank', 'payments.bank.name.required'],
    ['Harbor\tFreight', 'card', 'payments.holderName.controlCharacters'],
    ['Harbor\r\nX-Injected: 1', 'bank', 'payments.holderName.controlCharacters'],
    ['Harbor\u0000', 'card', 'payments.holderName.controlCharacters'],
    ['Harbor\u0085', 'card', 'payments.holderName.controlCharacters'],
    ['Harbor\u007f', 'card', 'payments.holderName.controlCharacters'],
    // issue 14 item 6: a card number typed as the name
    ['6011111111111117', 'card', 'text.cardNumberRefused'],
    ['4242-4242-4242-4242', 'bank', 'text.cardNumberRefused'],
    ['Harbor 5555 5555 5555 4444', 'card', 'text.cardNumberRefused'],
    ['x'.repeat(100), 'card', 'ok'],
    ['x'.repeat(101), 'card', 'payments.holderName.tooLong'],
  ] as const)('%j (%s): %s', (name, kind, expected) => {
    const result = validateHolderName(name, kind);
    expect(result.ok ? 'ok' : result.message).toBe(expected);
  });

  it('says how long a name may be', () => {
    expect(validateHolderName('x'.repeat(101), 'card')).toEqual({
      ok: false,
      message: 'payments.holderName.tooLong',
      values: { max: 100 },
    });
  });
});

describe('ZIP, expiry and routing numbers', () => {
  it.each([
    ['04101', true],
    ['1234', false],
    ['123456', false],
    ['0410a', false],
  ])('ZIP %s: %s', (zip, valid) => expect(validateZip(zip).ok).toBe(valid));

  it.each([
    ['1126', 'ok'],
    ['1026', 'payments.card.expiry.expired'],
    ['0846', 'ok'],
    ['0147', 'payments.card.expiry.tooFar'],
    ['1326', 'payments.card.expiry.invalid'],
    ['11/26', 'payments.card.expiry.invalid'],
  ])('expiry %s on 2026-11-21: %s', (expiry, outcome) => {
    const result = validateExpiry(expiry, { today: '2026-11-21' });
    expect(result.ok ? 'ok' : result.message).toBe(outcome);
  });

  it('refuses a card that expires before the scheduled payment date', () => {
    expect(validateExpiry('1126', { today: '2026-11-21', paymentDate: '2026-12-01' })).toMatchObject({
      message: 'payments.card.expiry.beforePaymentDate',
    });
    expect(validateExpiry('1226', { today: '2026-11-21', paymentDate: '2026-12-31' }).ok).toBe(true);
  });

  it('calls a card expiring this month or next "expiring soon"', () => {
    expect(isExpiringSoon(11, 2026, '2026-11-21')).toBe(true);
    expect(isExpiringSoon(12, 2026, '2026-11-21')).toBe(true);
    expect(isExpiringSoon(1, 2027, '2026-12-05')).toBe(true);
    expect(isExpiringSoon(1, 2027, '2026-11-21')).toBe(false);
    expect(isExpiringSoon(10, 2026, '2026-11-21')).toBe(false);
  });

  it('checks the ABA routing checksum', () => {
    expect(isRoutingNumberValid('110000000')).toBe(true);
    expect(isRoutingNumberValid('021000021')).toBe(true);
    expect(isRoutingNumberValid('110000001')).toBe(false);
    expect(isRoutingNumberValid('11000000')).toBe(false);
  });
});

describe('amounts (spec §5, product-decisions.md)', () => {
  it('is between $1.00 and $25,000.00, or from the amount due when that is under a dollar', () => {
    expect(paymentAmountBounds(28_947)).toEqual({ minCents: 100, maxCents: 2_500_000 });
    expect(paymentAmountBounds(0)).toEqual({ minCents: 100, maxCents: 2_500_000 });
    expect(paymentAmountBounds(50)).toEqual({ minCents: 50, maxCents: 2_500_000 });
    expect(paymentAmountBounds(28_947, 12_000)).toEqual({ minCents: 100, maxCents: 12_000 });
    const bounds = paymentAmountBounds(28_947);
    expect(validatePaymentAmount(50, bounds)).toEqual({
      ok: false,
      message: 'payments.amount.range',
      values: { minCents: 100, maxCents: 2_500_000 },
    });
    expect(validatePaymentAmount(100, bounds).ok).toBe(true);
    expect(validatePaymentAmount(2_500_001, bounds).ok).toBe(false);
    expect(validatePaymentAmount(1.5, bounds)).toEqual({ ok: false, message: 'payments.amount.invalid' });
  });

  it('reads a typed amount, then applies the bounds', () => {
    const bounds = { minCents: 100, maxCents: 2_500_000 };
    expect(validateAmountText('12.50', bounds).ok).toBe(true);
    expect(validateAmountText('12.505', bounds)).toEqual({ ok: false, message: 'payments.amount.invalid' });
    expect(validateAmountText('', bounds)).toEqual({ ok: false, message: 'payments.amount.invalid' });
    expect(validateAmountText('0.99', bounds)).toEqual({
      ok: false,
      message: 'payments.amount.range',
      values: { minCents: 100, maxCents: 2_500_000 },
    });
  });
});

describe('payment dates (spec §5)', () => {
  it('reads MM/DD/YY', () => {
    expect(parseShortUsDate('12/01/26')).toBe('2026-12-01');
    expect(parseShortUsDate('02/29/28')).toBe('2028-02-29');
    expect(parseShortUsDate('02/29/27')).toBeNull();
    expect(parseShortUsDate('2026-12-01')).toBeNull();
  });

  it('allows today to 60 days ahead, and not tomorrow after 8:00 PM in New York', () => {
    const morning = paymentDateWindow({
      now: new Date('2026-11-21T15:00:00Z'),
      timeZone: 'America/New_York',
      todayOnly: false,
    });
    expect(morning).toEqual({ earliest: '2026-11-21', latest: '2027-01-20', tomorrowBlocked: false, todayOnly: false });
    expect(validatePaymentDate('2026-11-22', morning).ok).toBe(true);
    expect(validatePaymentDate('2027-01-21', morning)).toMatchObject({ message: 'payments.date.outOfRange' });
    expect(validatePaymentDate('2026-11-20', morning)).toMatchObject({ message: 'payments.date.outOfRange' });
    // 8:05 PM in New York (01:05 UTC next day)
    const evening = paymentDateWindow({
      now: new Date('2026-11-22T01:05:00Z'),
      timeZone: 'America/New_York',
      todayOnly: false,
    });
    expect(evening.tomorrowBlocked).toBe(true);
    expect(validatePaymentDate('2026-11-22', evening)).toEqual({ ok: false, message: 'payments.date.pastCutoff' });
    expect(validatePaymentDate('2026-11-23', evening).ok).toBe(true);
  });

  it('forces today for a past-due balance or an inactive account', () => {
    const window = paymentDateWindow({
      now: new Date('2026-11-21T15:00:00Z'),
      timeZone: 'America/Chicago',
      todayOnly: true,
    });
    expect(validatePaymentDate('2026-11-21', window).ok).toBe(true);
    expect(validatePaymentDate('2026-11-22', window)).toEqual({ ok: false, message: 'payments.date.todayOnly' });
  });
});

describe('isScheduledPaymentEditable (product-decisions.md: until the cut-off of the day before)', () => {
  it.each([
    // 8:00 PM New York is 01:00Z the next day in November (EST, UTC-5)
    ['two days before', '2026-11-23', '2026-11-21T15:00:00Z', true],
    ['the day before, before the cut-off', '2026-11-23', '2026-11-22T23:59:00Z', true],
    ['the day before, at the cut-off', '2026-11-23', '2026-11-23T01:00:00Z', false],
    ['the day itself', '2026-11-23', '2026-11-23T15:00:00Z', false],
    ['after the day', '2026-11-23', '2026-11-25T15:00:00Z', false],
  ])('%s', (_name, paymentDate, now, editable) => {
    expect(isScheduledPaymentEditable(paymentDate, new Date(now))).toBe(editable);
  });
});

describe('bank account rules (ABA routing checksum; 4-17 digit account number)', () => {
  it.each([
    ['110000000', true],
    ['021000021', true],
    ['110000001', false],
    ['11000000', false],
    [' 110000000', false],
  ])('routing %s → %s', (routing, valid) => {
    expect(validateRoutingNumber(routing).ok).toBe(valid);
  });

  it.each([
    ['000123456789', true],
    ['1234', true],
    ['12345678901234567', true],
    ['123', false],
    ['123456789012345678', false],
    ['0001-2345', false],
  ])('account %s → %s', (account, valid) => {
    expect(validateBankAccountNumber(account)).toEqual(
      valid ? { ok: true } : { ok: false, message: 'payments.bank.account.invalid', values: undefined },
    );
  });
});

describe('validateEditedExpiry (spec §5: on edit a changed value is required)', () => {
  const current = { expMonth: 8, expYear: 2029 };
  it.each([
    ['0829', 'payments.card.expiry.unchanged'],
    ['0930', null],
    ['0125', 'payments.card.expiry.expired'],
    ['13/29', 'payments.card.expiry.invalid'],
  ])('%s → %s', (text, message) => {
    const result = validateEditedExpiry(text, current, { today: '2026-11-21' });
    expect(result.ok ? null : result.message).toBe(message);
  });
});

// issue 14 item 11: consecutive declines slow, then pause, card and bank attempts
describe('cardDeclineWait', () => {
  it.each([
    [0, { kind: 'none' }],
    [4, { kind: 'none' }],
    [5, { kind: 'slowed', seconds: 30 }],
    [6, { kind: 'slowed', seconds: 60 }],
    [9, { kind: 'slowed', seconds: 480 }],
    [10, { kind: 'paused', seconds: 1800 }],
    [40, { kind: 'paused', seconds: 1800 }],
  ] as const)('%i declines in a row: %j', (declines, wait) => {
    expect(cardDeclineWait(declines)).toEqual(wait);
  });
});

describe('bankLabelParts', () => {
  it('reads back the label paymentMethodLabel writes for a bank account, and nothing else', () => {
    for (const bankAccountType of ['checking', 'savings'] as const) {
      const label = paymentMethodLabel({ cardBrand: null, bankAccountType, lastFour: '6789' });
      expect(bankLabelParts(label)).toEqual({ accountType: bankAccountType, lastFour: '6789' });
    }
    expect(bankLabelParts(paymentMethodLabel({ cardBrand: 'visa', bankAccountType: null, lastFour: '4242' }))).toBe(
      null,
    );
    expect(bankLabelParts('Checking ****6789')).toBe(null);
  });
});
