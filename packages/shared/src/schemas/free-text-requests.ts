import { z } from 'zod';
import { HOLDER_NAME_MAX_LENGTH } from '../constants';
import { freeText } from './free-text';
import { BankAccountTypeSchema } from './payments';

/**
 * The request bodies with free-text fields (`freeText()`: no card number, issue 14 item 6): the card vault's
 * tokenize and online-banking requests and the wallet's card edit. In their own module, apart from payments.ts and
 * autopay.ts (in the web app's initial chunks): the web sends these bodies but never parses them (it names their types
 * only), so the card-number detector the rule applies stays with the server and the forms.
 */

/** spec §3 card edit fields: Name on Card, Card Number, Expiration Date (MMYY), ZIP Code, Security Code. */
export const TokenizeCardRequestSchema = z.strictObject({
  type: z.literal('card'),
  nameOnCard: freeText({ max: HOLDER_NAME_MAX_LENGTH }),
  cardNumber: z.string().max(23),
  /** MMYY */
  expiry: z.string().max(7),
  securityCode: z.string().max(4),
  zip: z.string().max(10),
});
export const TokenizeBankRequestSchema = z.strictObject({
  type: z.literal('bank'),
  nameOnAccount: freeText({ max: HOLDER_NAME_MAX_LENGTH }),
  accountType: BankAccountTypeSchema,
  routingNumber: z.string().max(9),
  accountNumber: z.string().max(17),
});
export const TokenizeRequestSchema = z.discriminatedUnion('type', [
  TokenizeCardRequestSchema,
  TokenizeBankRequestSchema,
]);
export type TokenizeRequest = z.infer<typeof TokenizeRequestSchema>;

export const OnlineBankingRequestSchema = z.strictObject({
  institution: freeText({ max: 100 }),
  username: freeText({ max: 100 }),
  /** A credential: sent to the bank only, never stored, echoed or logged (the one string here that is not free text). */
  password: z.string().max(100),
});

/** Card edit (spec §3): Name on Card, Expiration Date (MMYY, a changed value required), ZIP Code. */
export const EditCardRequestSchema = z.strictObject({
  nameOnCard: freeText({ max: HOLDER_NAME_MAX_LENGTH }),
  expiry: z.string().max(7),
  zip: z.string().max(10),
});
