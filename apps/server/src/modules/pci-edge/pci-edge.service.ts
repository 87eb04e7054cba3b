import { AppError, type TokenizeRequest, validateSecurityCode } from '@vireo/shared';
import type { Db } from '../../db/client';
import type { AccountService } from '../account/account.service';
import { type PaymentProcessor, ProcessorUnavailableError } from '../processor/processor.types';
import type { SimulatedProcessor } from '../processor/simulated-processor';
import type { CardVault } from './vault.types';

/** A saved method as the security-code check needs it; the wallet owns them (app.ts passes `wallet.methods.get`). */
type SavedMethods = {
  get(
    ex: Db,
    accountId: string,
    id: string,
  ): Promise<{ type: string; vaultToken: string; cardBrand: string | null } | null>;
};

/**
 * Quick Pay's guests (issue 17 item 6): the account a Quick Pay token is bound to, or QUICK_PAY_SESSION_EXPIRED. A
 * port (app.ts passes the quick-pay service's), so the vault imports nothing of the module that opens the sessions.
 */
export type GuestSessions = { accountOf(quickPayToken: string): Promise<string> };

export type PciEdgeServiceDeps = {
  db: Db;
  guests: GuestSessions;
  vault: CardVault;
  processor: PaymentProcessor & Pick<SimulatedProcessor, 'onlineBankingLogin'>;
  savedMethods: SavedMethods;
  accounts: Pick<AccountService, 'get'>;
};

/**
 * The card vault's edge (spec §7.1 card capture): tokenizing, a saved card's security-code check, and the online bank's
 * account. The routes add the transport's guards (rate limits, card-testing slow-downs) around these.
 */
export function createPciEdgeService({ db, guests, vault, processor, savedMethods, accounts }: PciEdgeServiceDeps) {
  return {
    tokenize: (accountId: string, request: TokenizeRequest) => vault.tokenize(accountId, request),

    /** The account a Quick Pay guest tokenizes for (wider-portal.md §1): its session's, while the session lasts. */
    guestAccountOf: (quickPayToken: string) => guests.accountOf(quickPayToken),

    /** The saved card whose code is to be checked, with the code's format checked for its brand (spec §5). */
    async cardToVerify(accountId: string, paymentMethodId: string, securityCode: string) {
      const method = await savedMethods.get(db, accountId, paymentMethodId);
      // another account's method, a deleted one and a bank account are all "no such card"
      if (method?.type !== 'card' || !method.cardBrand) throw new AppError('NOT_FOUND', 'No such card');
      const format = validateSecurityCode(securityCode, method.cardBrand as Parameters<typeof validateSecurityCode>[1]);
      if (!format.ok) {
        throw new AppError('VALIDATION_FAILED', 'Security code format', {
          fields: [{ path: 'body.securityCode', code: format.message }],
        });
      }
      return method.vaultToken;
    },

    /** The processor's check of a saved card's code: SECURITY_CODE_MISMATCH, or CARD_NOT_VERIFIED when it is down. */
    async verifySecurityCode(vaultToken: string, securityCode: string): Promise<void> {
      let verified: boolean;
      try {
        verified = await processor.verifySecurityCode(vaultToken, securityCode);
      } catch (error) {
        if (error instanceof ProcessorUnavailableError) {
          throw new AppError('CARD_NOT_VERIFIED', `security-code check: processor ${error.kind}`, { cause: error });
        }
        throw error;
      }
      if (!verified) throw new AppError('SECURITY_CODE_MISMATCH', 'The security code check failed');
    },

    /** Signs in at the (simulated) online bank; ONLINE_BANKING_UNAVAILABLE when it refuses. */
    signInAtBank: (credentials: Parameters<SimulatedProcessor['onlineBankingLogin']>[0]) =>
      processor.onlineBankingLogin(credentials),

    /** Tokenizes the account the bank returned, in the name of the business that signed in to its bank. */
    async tokenizeBankAccount(
      accountId: string,
      bankAccount: Awaited<ReturnType<SimulatedProcessor['onlineBankingLogin']>>,
    ) {
      const account = await accounts.get(db, accountId);
      return vault.tokenize(accountId, {
        type: 'bank',
        nameOnAccount: account?.companyName ?? 'Account holder',
        ...bankAccount,
      });
    },
  };
}

export type PciEdgeService = ReturnType<typeof createPciEdgeService>;
