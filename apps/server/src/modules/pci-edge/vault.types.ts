import type { TokenizeRequest, VaultToken } from '@vireo/shared';
import type { Executor } from '../../db/client';

/**
 * The card vault (architecture.md, card data): the only code that ever holds a card number, security code or full
 * bank account number. Everything else works with its opaque tokens and display data.
 */
export type CardVault = {
  /**
   * Validates (spec §5: Luhn and brand, security code 4 digits for American Express and 3 otherwise, expiry MMYY not
   * past and at most 20 years ahead, ZIP 5 digits; ABA routing checksum) and stores the number encrypted; the
   * security code is checked with the processor and dropped. Throws AppError VALIDATION_FAILED (fields whose `code`
   * is the rule's message id), CARD_NOT_VERIFIED or SECURITY_CODE_MISMATCH.
   */
  tokenize(accountId: string, request: TokenizeRequest): Promise<VaultToken>;
  /** Display data of a token of this account, or null (unknown token, or another account's). */
  describe(accountId: string, token: string, ex?: Executor): Promise<VaultToken | null>;
  /**
   * Updates a card token's display data when the card is edited (spec §3 card edit fields: expiry, ZIP, name on
   * card); the number stays as it is. Returns the updated display data, or null when this account has no such card
   * token. The caller validates the values (spec §5).
   */
  updateCard(
    accountId: string,
    token: string,
    card: { expMonth: number; expYear: number; zip: string; holderName: string },
    ex?: Executor,
  ): Promise<VaultToken | null>;
  /**
   * Which of `among` (tokens of this account) holds the same instrument as `token`: the same type and fingerprint
   * (a card's number; a bank's routing and account number), compared inside the vault, never by number. Null when
   * none does, or when `token` is not this account's.
   */
  findSameInstrument(accountId: string, token: string, among: readonly string[], ex?: Executor): Promise<string | null>;
  /** Decrypts a token's number: only the simulated processor calls this (it stands for the vault's forwarding). */
  reveal(token: string): Promise<{ number: string; type: 'card' | 'bank'; routingNumber: string | null } | null>;
};
