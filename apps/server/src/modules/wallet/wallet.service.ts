import {
  AppError,
  type AuditAction,
  type AutoPayScope,
  type EditCardRequestSchema,
  type FieldError,
  MAX_SAVED_METHODS,
  parseExpiry,
  paymentMethodLabel,
  validateEditedExpiry,
  validateHolderName,
  validateZip,
  type Wallet,
  type WalletMethod,
} from '@vireo/shared';
import type { z } from 'zod';
import type { Db, Executor, Tx } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { type IdempotencyStore, type IdempotentRequest, type StoredResponse } from '../../platform/idempotency';
import type { AccountService } from '../account/account.service';
import type { CardVault } from '../pci-edge/vault.types';
import {
  describeMethod,
  duplicateMethodError,
  isAllowed,
  isExpiredOn,
  methodValuesOf,
  type Restriction,
} from './payment-methods';
import type { PaymentMethodRow, WalletRepository } from './wallet.repository';

export type WalletActor = {
  userId: string;
  accountId: string;
  requestId?: string;
  /** Throws STEP_UP_REQUIRED unless the user signed in or stepped up lately (wider-portal.md §3). */
  requireRecentSignIn: () => void;
};
export type EditCardRequest = z.infer<typeof EditCardRequestSchema>;

/** spec §5 "on edit a changed value is required": the new expiry equals the card's current one. */
/** The field code of an unchanged expiry (spec §5: on edit a changed value is required). */
export const EXPIRY_UNCHANGED = 'payments.card.expiry.unchanged';

export type WalletServiceDeps = {
  db: Db;
  clock: Clock;
  vault: CardVault;
  repo: WalletRepository;
  accounts: Pick<AccountService, 'lock' | 'get'>;
  audit: AuditRepository;
  idempotency: Pick<IdempotencyStore, 'claim' | 'complete'>;
};

type AccountRow = NonNullable<Awaited<ReturnType<AccountService['get']>>>;

/** A wallet entry: the payment screens' view plus name on card, ZIP and what uses it (Auto Pay, payments to come). */
function walletMethodOf(
  method: PaymentMethodRow,
  restriction: Restriction,
  today: string,
  uses: { autoPayScopes: AutoPayScope[]; upcomingPayments: WalletMethod['upcomingPayments'] },
): WalletMethod {
  return {
    ...describeMethod(method, restriction, today),
    nameOnCard: method.nameOnCard,
    zip: method.zip,
    ...uses,
  };
}

/** product-decisions.md, spec §6: enterprise accounts are billed on the enterprise site. */
function billable(account: AccountRow | null): AccountRow {
  if (!account) throw new AppError('NOT_FOUND', 'account');
  if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
  return account;
}

/**
 * The wallet (issue 6; product-decisions.md, wallet; spec §3, §5, §8): list, save a vault token, edit a card, delete
 * a method. Changes are idempotent requests (ADR 009): the key is claimed in the transaction that locks the account
 * row, checks and changes; a failure rolls the claim back so the user can correct and resend with the same key.
 */
export function createWalletService(deps: WalletServiceDeps) {
  const { db, clock, vault, repo, accounts, audit: auditLog, idempotency } = deps;
  /**
   * The account's saved method (not deleted) that is the same instrument as the vault token `token`, or null (issue 14:
   * one wallet entry per instrument). The vault compares its fingerprints: a card's number, a bank's routing and
   * account number; no number leaves it.
   */
  async function findSameSavedMethod(ex: Executor, accountId: string, token: string): Promise<PaymentMethodRow | null> {
    const saved = (await repo.listMethods(ex, accountId)).filter((method) => method.vaultToken !== token);
    if (saved.length === 0) return null;
    const same = await vault.findSameInstrument(
      accountId,
      token,
      saved.map((method) => method.vaultToken),
      ex,
    );
    return saved.find((method) => method.vaultToken === same) ?? null;
  }

  const todayOf = (account: AccountRow) => clock.today(account.timeZone);

  /** What uses a method: Auto Pay enrolments and payments still to charge it (issue 14). */
  async function usesOf(ex: Db | Tx, accountId: string, methodId: string) {
    const autoPayScopes = (await repo.enrolledScopes(ex, accountId)).get(methodId) ?? [];
    const upcomingPayments = (await repo.upcomingPayments(ex, accountId)).get(methodId) ?? [];
    return { autoPayScopes, upcomingPayments };
  }

  async function describeOne(tx: Tx, account: AccountRow, method: PaymentMethodRow): Promise<WalletMethod> {
    return walletMethodOf(
      method,
      account.paymentRestriction,
      todayOf(account),
      await usesOf(tx, account.id, method.id),
    );
  }

  /** Claims the key, locks the account and runs `work`; a finished key answers its stored response. */
  function idempotent(
    actor: WalletActor,
    key: IdempotentRequest,
    work: (tx: Tx, account: AccountRow) => Promise<StoredResponse & { resourceId: string }>,
  ): Promise<StoredResponse> {
    return db.transaction(async (tx) => {
      const claim = await idempotency.claim(tx, key, clock.now());
      if (!claim.claimed) return claim.replay;
      const account = billable(await accounts.lock(tx, actor.accountId));
      const { resourceId, ...response } = await work(tx, account);
      await idempotency.complete(tx, claim.id, response, resourceId);
      return response;
    });
  }

  async function audit(
    tx: Tx,
    actor: WalletActor,
    action: AuditAction,
    targetId: string,
    data: Record<string, unknown>,
  ) {
    await auditLog.record(tx, {
      at: clock.now(),
      actorUserId: actor.userId,
      accountId: actor.accountId,
      action,
      targetId,
      requestId: actor.requestId ?? null,
      data,
    });
  }

  return {
    /**
     * The saved payment methods, for the modules that pay with them (payments, Auto Pay): the wallet owns them, and
     * nothing else queries them.
     */
    methods: {
      list: repo.listMethods,
      get: repo.getMethod,
      getById: repo.getMethodById,
      getByToken: repo.getMethodByToken,
      lockLive: repo.lockLiveMethod,
      count: repo.countMethods,
      insert: repo.insertMethod,
      findSameSaved: findSameSavedMethod,
    },
    /** The saved methods (not deleted), in the payment screens' order, with the limit and the restriction. */
    async getWallet(actor: WalletActor): Promise<Wallet> {
      const account = billable(await accounts.get(db, actor.accountId));
      const today = todayOf(account);
      const [methods, scopes, upcoming] = await Promise.all([
        repo.listMethods(db, account.id),
        repo.enrolledScopes(db, account.id),
        repo.upcomingPayments(db, account.id),
      ]);
      return {
        methods: methods.map((m) =>
          walletMethodOf(m, account.paymentRestriction, today, {
            autoPayScopes: scopes.get(m.id) ?? [],
            upcomingPayments: upcoming.get(m.id) ?? [],
          }),
        ),
        maxMethods: MAX_SAVED_METHODS,
        restriction: account.paymentRestriction,
      };
    },

    /**
     * Saves a vault token of this account: 201 with the new method, 200 with the method when the token is saved
     * already. 404 for an unknown token or another account's; PREPAID_NOT_SAVED, PAYMENT_METHOD_UNAVAILABLE (the
     * restriction), CARD_EXPIRED, PAYMENT_METHOD_DUPLICATE (the same card or bank account is saved already: details
     * name it), WALLET_FULL (counted under the account's row lock).
     */
    saveMethod(actor: WalletActor, token: string, key: IdempotentRequest): Promise<StoredResponse> {
      return idempotent(actor, key, async (tx, account) => {
        const described = await vault.describe(account.id, token, tx);
        if (!described) throw new AppError('NOT_FOUND', 'vault token');
        const existing = await repo.findByToken(tx, account.id, token);
        if (existing && !existing.deletedAt) {
          return { status: 200, body: await describeOne(tx, account, existing), resourceId: existing.id };
        }
        // product-decisions.md: prepaid and gift cards pay once and are never saved
        if (described.funding === 'prepaid') throw new AppError('PREPAID_NOT_SAVED', 'prepaid card');
        if (!isAllowed(described.type, account.paymentRestriction)) {
          throw new AppError('PAYMENT_METHOD_UNAVAILABLE', account.paymentRestriction);
        }
        if (isExpiredOn(described, todayOf(account))) throw new AppError('CARD_EXPIRED', 'expired card');
        // issue 14: one entry per instrument; the refusal names the one saved already
        const same = await findSameSavedMethod(tx, account.id, described.token);
        if (same) throw duplicateMethodError(same);
        if ((await repo.countMethods(tx, account.id)) >= MAX_SAVED_METHODS) {
          throw new AppError('WALLET_FULL', `at most ${MAX_SAVED_METHODS} saved methods`);
        }
        // wider-portal.md §3: adding a bank account needs a recent sign-in (after the refusals, so a step-up is not
        // asked for a save that would be refused anyway); the rollback frees the key for the retry after it
        if (described.type === 'bank') actor.requireRecentSignIn();
        const values = methodValuesOf(described, clock.now());
        // a deleted method comes back (the token is unique): with the vault's display data, added now
        const method = existing
          ? await repo.updateMethod(tx, account.id, existing.id, { ...values, isDefault: false, deletedAt: null })
          : await repo.insertMethod(tx, { ...values, accountId: account.id, vaultToken: described.token });
        const body = await describeOne(tx, account, method);
        await audit(tx, actor, 'payment_method.added', method.id, { method: body.label, type: method.type });
        return { status: 201, body, resourceId: method.id };
      });
    },

    /**
     * Edits a card (spec §3 card edit fields; §5): name on card, expiry MMYY (valid on today in the account's time
     * zone and on the last scheduled payment charging it, and different from the current one), ZIP. Updates the
     * method and the vault entry. A bank account is 404: there is no card with that id.
     */
    editCard(actor: WalletActor, id: string, body: EditCardRequest, key: IdempotentRequest): Promise<StoredResponse> {
      return idempotent(actor, key, async (tx, account) => {
        const method = await repo.getMethod(tx, account.id, id);
        if (method?.type !== 'card') throw new AppError('NOT_FOUND', 'card');
        const lastScheduled = await repo.lastScheduledDate(tx, account.id, method.id);
        const fields: FieldError[] = [];
        const nameRule = validateHolderName(body.nameOnCard, 'card');
        if (!nameRule.ok) fields.push({ path: 'body.nameOnCard', code: nameRule.message });
        const expiryRule = validateEditedExpiry(body.expiry, method, {
          today: todayOf(account),
          ...(lastScheduled ? { paymentDate: lastScheduled } : {}),
        });
        const expiry = parseExpiry(body.expiry);
        if (!expiryRule.ok) fields.push({ path: 'body.expiry', code: expiryRule.message });
        const zipRule = validateZip(body.zip);
        if (!zipRule.ok) fields.push({ path: 'body.zip', code: zipRule.message });
        if (fields.length > 0 || !expiry) {
          throw new AppError('VALIDATION_FAILED', 'The card details are not valid', { fields });
        }

        const card = { expMonth: expiry.month, expYear: expiry.year, zip: body.zip, holderName: body.nameOnCard };
        if (!(await vault.updateCard(account.id, method.vaultToken, card, tx))) {
          throw new AppError('NOT_FOUND', 'vault token');
        }
        const updated = await repo.updateMethod(tx, account.id, method.id, {
          nameOnCard: card.holderName,
          expMonth: card.expMonth,
          expYear: card.expYear,
          zip: card.zip,
        });
        const changed = [
          method.nameOnCard !== updated.nameOnCard ? 'nameOnCard' : null,
          'expiry',
          method.zip !== updated.zip ? 'zip' : null,
        ].filter((field) => field !== null);
        const response = await describeOne(tx, account, updated);
        await audit(tx, actor, 'payment_method.edited', method.id, {
          method: response.label,
          changed,
          from: { expMonth: method.expMonth, expYear: method.expYear },
          to: { expMonth: updated.expMonth, expYear: updated.expYear },
        });
        return { status: 200, body: response, resourceId: method.id };
      });
    },

    /**
     * Removes a method (soft delete: history keeps its label). A method in use cannot silently vanish (the roadblock,
     * whose uses the wallet lists): the current Auto Pay method (spec §5) is AUTOPAY_METHOD_NOT_DELETABLE, one a
     * scheduled payment or a payment in progress will charge PAYMENT_METHOD_IN_USE (issue 14). Both are checked under
     * the account's row lock, which scheduling, editing a scheduled payment and Auto Pay changes also take.
     */
    deleteMethod(actor: WalletActor, id: string, key: IdempotentRequest): Promise<StoredResponse> {
      return idempotent(actor, key, async (tx, account) => {
        const method = await repo.getMethod(tx, account.id, id);
        if (!method) throw new AppError('NOT_FOUND', 'payment method');
        const { autoPayScopes, upcomingPayments } = await usesOf(tx, account.id, method.id);
        if (autoPayScopes.length > 0) {
          throw new AppError('AUTOPAY_METHOD_NOT_DELETABLE', `Auto Pay (${autoPayScopes.join(', ')}) uses it`);
        }
        if (upcomingPayments.length > 0) {
          throw new AppError('PAYMENT_METHOD_IN_USE', `${upcomingPayments.length} payment(s) to come use it`);
        }
        // wider-portal.md §3: removing a bank account needs a recent sign-in
        if (method.type === 'bank') actor.requireRecentSignIn();
        await repo.updateMethod(tx, account.id, method.id, { deletedAt: clock.now() });
        await audit(tx, actor, 'payment_method.deleted', method.id, {
          method: paymentMethodLabel(method),
          type: method.type,
        });
        return { status: 200, body: { id: method.id }, resourceId: method.id };
      });
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;

export type { PaymentMethodRow } from './wallet.repository';
