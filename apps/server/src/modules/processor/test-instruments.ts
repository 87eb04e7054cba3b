import type { DeclineCode } from './processor.types';

/**
 * The test payment instruments of shared/design/demo-data.md and how this simulator treats them. Any other valid
 * card is approved; any other valid bank account is debited and settles.
 */
export const TEST_CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  discover: '6011111111111117',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  incorrectCvc: '4000000000000127',
  prepaid: '4000056655665556',
  expired: '4000000000000069',
} as const;

/** Card numbers the processor declines, and why. */
export const CARD_DECLINES: Readonly<Record<string, DeclineCode>> = {
  [TEST_CARDS.declined]: 'generic_decline',
  [TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [TEST_CARDS.incorrectCvc]: 'incorrect_cvc',
  [TEST_CARDS.expired]: 'expired_card',
};

/** Prepaid cards (one-time payments only, spec §5). */
export const PREPAID_CARDS: ReadonlySet<string> = new Set([TEST_CARDS.prepaid]);

/** Cards whose security-code check always fails ("Unable to Complete Request"). */
export const SECURITY_CODE_FAILS: ReadonlySet<string> = new Set([TEST_CARDS.incorrectCvc]);

export const TEST_BANK = {
  routingNumber: '110000000',
  /** Debited, settles after the posting delay. */
  approvedAccount: '000123456789',
  /** Debited, then returned for insufficient funds after the posting delay. */
  returnedAccount: '000111111116',
} as const;

/** Bank accounts whose debit is returned, and why. */
export const BANK_RETURNS: Readonly<Record<string, DeclineCode>> = {
  [TEST_BANK.returnedAccount]: 'insufficient_funds',
};

/** The simulated online bank (the 5-step "sign in to your bank" variant). */
export const TEST_ONLINE_BANK = {
  institution: 'Vireo Test Bank',
  username: 'user_good',
  password: 'pass_good',
  account: {
    accountType: 'checking' as const,
    routingNumber: TEST_BANK.routingNumber,
    accountNumber: TEST_BANK.approvedAccount,
  },
};
