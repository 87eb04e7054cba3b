import { z } from 'zod';
import { LOCALES } from '../constants';
import { BillingAccountNumberSchema, EmailAddressSchema, ServiceZipSchema } from './account-access';
import { TokenizeBankRequestSchema, TokenizeCardRequestSchema } from './free-text-requests';
import { VaultTokenTextSchema } from './payments';

/**
 * Quick Pay (issue 17 item 6, wider-portal.md §1 `/wg/pay-bill`): a guest without a sign-in pays a bill with the
 * account number and the service ZIP, with a new card or bank account, never the saved wallet, never the account's
 * details. Public routes, each POST with the visitor's anti-forgery pair (`GET …/session/v1/csrf`).
 *
 * 1. `QUICK_PAY_LOOKUP_PATH` {billingAccount, zip} -> the amount due, the company masked ("Ha*** Co***") and a
 *    Quick Pay token (20 minutes, bound to the account; 5 lookups per 10 minutes per client address).
 * 2. `PCI_QUICK_PAY_TOKENIZE_PATH` (the card vault) {quickPayToken, ...the signed-in tokenize body} -> a vault token.
 * 3. `QUICK_PAY_PAYMENTS_PATH` with an Idempotency-Key {quickPayToken, amountCents, methodToken, email, language} ->
 *    the receipt, e-mailed to the address typed.
 */
const BASE = '/api/pub/billing/v1/quick-pay';
export const QUICK_PAY_LOOKUP_PATH = `${BASE}/lookup`;
export const QUICK_PAY_PAYMENTS_PATH = `${BASE}/payments`;
/** The card vault's guest door: tokenizes a card or bank account for the account a Quick Pay token is bound to. */
export const PCI_QUICK_PAY_TOKENIZE_PATH = '/api/pub/pciedge/pci/v1/quick-pay/payments';

/** A Quick Pay token: 32 random bytes in base64url (43 characters); the server keeps its SHA-256 only. */
export const QuickPayTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a Quick Pay token');

export const QuickPayLookupRequestSchema = z.strictObject({
  billingAccount: BillingAccountNumberSchema,
  zip: ServiceZipSchema,
});
export type QuickPayLookupRequest = z.infer<typeof QuickPayLookupRequestSchema>;

export const QuickPayLookupResponseSchema = z.object({
  quickPayToken: z.string(),
  /** When the token stops working (ISO instant): the guest looks the account up again. */
  expiresAt: z.iso.datetime({ offset: true }),
  /** wider-portal.md §1: each word's first two characters, then `***` ("Ha*** Co*** Co***"). */
  company: z.string(),
  amountDueCents: z.number().int(),
  /** The latest statement's due date; null before the first statement. */
  dueDate: z.iso.date().nullable(),
  pastDueCents: z.number().int(),
  /** The one-time payment's bounds (spec §5, product-decisions.md): the same as a signed-in payment's. */
  minCents: z.number().int(),
  maxCents: z.number().int(),
  /** product-decisions.md restrictions: `card` refuses cards, `bank` bank accounts (`both` is refused at lookup). */
  restriction: z.enum(['none', 'card', 'bank']),
  /** The payment's date: Quick Pay pays today (the account's time zone). */
  today: z.iso.date(),
});
export type QuickPayLookupResponse = z.infer<typeof QuickPayLookupResponseSchema>;

/** The vault's tokenize body of a signed-in payment, with the guest's Quick Pay token beside it. */
export const QuickPayTokenizeRequestSchema = z.discriminatedUnion('type', [
  TokenizeCardRequestSchema.extend({ quickPayToken: QuickPayTokenSchema }),
  TokenizeBankRequestSchema.extend({ quickPayToken: QuickPayTokenSchema }),
]);
export type QuickPayTokenizeRequest = z.infer<typeof QuickPayTokenizeRequestSchema>;

export const QuickPayPaymentRequestSchema = z.strictObject({
  quickPayToken: QuickPayTokenSchema,
  amountCents: z.number().int().positive(),
  /** The vault token `PCI_QUICK_PAY_TOKENIZE_PATH` answered for this Quick Pay session's account. */
  methodToken: VaultTokenTextSchema,
  /** Where the receipt goes (wider-portal.md §1: "e-mailed to the address typed"). */
  email: EmailAddressSchema,
  /** The receipt e-mail's language (the page's). */
  language: z.enum(LOCALES),
});
export type QuickPayPaymentRequest = z.infer<typeof QuickPayPaymentRequestSchema>;

/** The receipt of a Quick Pay payment: nothing of the account, the method as its brand or bank type and last four. */
export const QuickPayReceiptSchema = z.object({
  confirmationNumber: z.string(),
  amountCents: z.number().int(),
  /** "Visa 4242", "Checking 6789". */
  methodLabel: z.string(),
  paymentDate: z.iso.date(),
  /** A card is `successful` when approved; a bank debit `pending` until it settles (product-decisions.md). */
  status: z.enum(['pending', 'successful']),
  /** When the payment was made (ISO instant). */
  entryDate: z.iso.datetime({ offset: true }),
  emailedTo: z.string().nullable(),
});
export type QuickPayReceipt = z.infer<typeof QuickPayReceiptSchema>;

/**
 * 200 for every payment the processor answered: `success` with the receipt, or `failure` with the spec §8 code
 * (PAYMENT_DECLINED, SECURITY_CODE_MISMATCH, CARD_EXPIRED) and no receipt. A replay of the Idempotency-Key answers
 * the same.
 */
export const QuickPayPaymentResponseSchema = z.object({
  outcome: z.enum(['success', 'failure']),
  receipt: z.nullable(QuickPayReceiptSchema),
  paymentError: z.string().nullable(),
});
export type QuickPayPaymentResponse = z.infer<typeof QuickPayPaymentResponseSchema>;

/** wider-portal.md §1: "Ha*** Co***": each word's first two characters and `***`; a word without a letter or digit stays. */
export function maskCompanyName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word) => (/[\p{L}\p{N}]/u.test(word) ? `${Array.from(word).slice(0, 2).join('')}***` : word))
    .join(' ');
}
