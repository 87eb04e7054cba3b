import { randomInt } from 'node:crypto';
import {
  AppError,
  CORE_RESTORE_MINUTES,
  type ErrorCode,
  type IsoDate,
  isScheduledPaymentEditable,
  MAX_SAVED_METHODS,
  type MakePaymentResponse,
  MOBILE_RESTORE_MINUTES,
  paymentAmountBounds,
  paymentDateWindow,
  type RuleResult,
} from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { type IdempotencyStore, type StoredResponse } from '../../platform/idempotency';
import type { Jobs } from '../../platform/jobs';
import type { OutboxRepository } from '../../platform/outbox';
import type { AccountService } from '../account/account.service';
import type { BillingService } from '../billing/billing.service';
import { devicePlans } from '../billing/device-plans';
import type { NotificationsService } from '../notifications/notifications.service';
import type { CardVault } from '../pci-edge/vault.types';
import {
  type ChargeResult,
  type DeclineCode,
  type PaymentProcessor,
  ProcessorUnavailableError,
} from '../processor/processor.types';
import { isAllowed, isExpiredOn, methodValuesOf, type Restriction } from '../wallet/payment-methods';
import type { WalletService } from '../wallet/wallet.service';
import type { PaymentRow, PaymentsRepository } from './payments.repository';
import { createReceipts } from './receipts';

export type PaymentActor = { userId: string; accountId: string };
export type SaveOutcome = { methodSaved: boolean | null; saveError: string | null };

/** A processor that has not answered for this long is asked again by the reconciler (same payment id). */
export const RECONCILE_AFTER_MS = 60_000;
/** After this long without an answer a payment is given up as failed: the processor never recorded it. */
export const GIVE_UP_AFTER_MS = 30 * 60_000;
export const RESTORE_JOB = 'restore-service';
/**
 * issue 14: the failure code of a scheduled payment or an Auto Pay draft whose saved method was deleted: it fails
 * instead of charging the method, and the account is told by e-mail.
 */
export const METHOD_DELETED = 'method_deleted';
/** spec §9: mobile lines interrupted for non-payment come back 1-2 hours after the payment (product-decisions.md). */
export const MOBILE_RESTORE_JOB = 'restore-mobile-service';

/**
 * What a payment pays (ADR 011): the account's balance (the one-time payment flow), its mobile part (the mobile flow,
 * today only, at most the mobile balance), or a device's plan (its payoff exactly, or an extra payment up to it).
 */
export type PaymentTarget =
  | { kind: 'account' }
  | { kind: 'mobile' }
  | { kind: 'devicePayoff'; deviceId: string }
  | { kind: 'deviceExtra'; deviceId: string };

/** spec §8: what the user is told for each processor decline. */
export const DECLINE_ERRORS: Record<DeclineCode, ErrorCode> = {
  generic_decline: 'PAYMENT_DECLINED',
  insufficient_funds: 'PAYMENT_DECLINED',
  incorrect_cvc: 'SECURITY_CODE_MISMATCH',
  expired_card: 'CARD_EXPIRED',
};

export function fieldError(path: string, result: RuleResult): AppError | null {
  if (result.ok) return null;
  return new AppError('VALIDATION_FAILED', `${path}: ${result.message}`, {
    fields: [{ path: `body.${path}`, code: result.message }],
  });
}

export function throwIf(error: AppError | null) {
  if (error) throw error;
}

export function newConfirmationNumber(): string {
  return `VB${randomInt(100_000_000, 999_999_999)}${randomInt(0, 10)}`;
}
export type PaymentsServiceDeps = {
  db: Db;
  clock: Clock;
  billing: BillingService;
  vault: CardVault;
  processor: PaymentProcessor;
  brandName: string;
  repo: PaymentsRepository;
  wallet: Pick<WalletService, 'methods'>;
  accounts: Pick<AccountService, 'lock' | 'get' | 'setStatus'>;
  audit: AuditRepository;
  outbox: OutboxRepository;
  /** Payers who are users are told through their notifications matrix (issue 18 item 4). */
  notices: Pick<NotificationsService, 'notify'>;
  jobs: Pick<Jobs, 'enqueue' | 'register'>;
  idempotency: IdempotencyStore;
};

/**
 * One-time and scheduled payments (issue 5; spec §2.4, §4, §5; product-decisions.md, one-time payments).
 * Money-moving requests are idempotent (architecture.md): the key is claimed in the transaction that records the
 * payment; the processor is called outside any transaction with our payment id as its idempotency key; the outcome is
 * applied in a second transaction that also completes the key. A reconciler finishes payments left in progress.
 */
/**
 * What the payment services share (payments.service, scheduled-payments.service, settlement.service): the rules of an
 * account's payments, applying the processor's answer, receipts and notices, restoring service after posting.
 */
export function createPaymentEngine(deps: PaymentsServiceDeps) {
  const {
    db,
    clock,
    billing,
    vault,
    processor,
    brandName,
    repo,
    wallet,
    accounts,
    audit,
    outbox,
    notices,
    jobs,
    idempotency,
  } = deps;
  /** Amount bounds, date window and the reason the date is forced to today, for an account as it is now. */
  async function paymentRules(tx: Db | Tx, account: { id: string; status: string; timeZone: string }) {
    const summary = await billing.getSummary(account.id, tx);
    const todayOnlyReason =
      account.status !== 'active' ? ('inactive' as const) : summary.pastDueCents > 0 ? ('past_due' as const) : null;
    const window = paymentDateWindow({ now: clock.now(), timeZone: account.timeZone, todayOnly: !!todayOnlyReason });
    return { summary, todayOnlyReason, window, bounds: paymentAmountBounds(summary.amountDueCents) };
  }

  const receipts = createReceipts({ db, clock, brandName, repo, outbox, notices });
  const { receiptAddressOf, receiptOf, queueReceipt } = receipts;

  /** spec §4 combined flows: the payment and saving the method each succeed or fail on their own. */
  function responseOf(payment: PaymentRow, emailedTo: string | null, save: SaveOutcome): StoredResponse {
    const paid = payment.status !== 'failed' && payment.status !== 'returned' && payment.status !== 'processing';
    const paymentError = paid
      ? null
      : payment.failureCode && payment.failureCode in DECLINE_ERRORS
        ? DECLINE_ERRORS[payment.failureCode as DeclineCode]
        : 'BILL_PAY_UNAVAILABLE';
    const outcome = paid
      ? save.methodSaved === false
        ? 'partial'
        : 'success'
      : save.methodSaved === true
        ? 'partial'
        : 'failure';
    const body: MakePaymentResponse = {
      outcome,
      payment: receiptOf(payment, emailedTo),
      paymentError,
      methodSaved: save.methodSaved,
      saveError: save.saveError,
    };
    return { status: 200, body };
  }

  /** Applies the processor's answer to a payment still in progress; a payment already settled is left alone. */
  async function applyCharge(paymentId: string, result: ChargeResult): Promise<PaymentRow> {
    return db.transaction(async (tx) => {
      const payment = await repo.lockPayment(tx, paymentId, { skipLocked: false });
      if (!payment) throw new AppError('NOT_FOUND', `payment ${paymentId}`);
      if (payment.status !== 'processing') return payment;
      const now = clock.now();
      const updated = await repo.updatePayment(
        tx,
        paymentId,
        result.status === 'approved'
          ? { status: 'successful', postedAt: now, processorReference: result.reference }
          : result.status === 'pending'
            ? { status: 'pending', processorReference: result.reference }
            : { status: 'failed', processorReference: result.reference, failureCode: result.declineCode },
      );
      await audit.record(tx, {
        at: now,
        actorUserId: payment.enteredByUserId,
        accountId: payment.accountId,
        action: `payment.${updated.status}`,
        targetId: paymentId,
        data: {
          amountCents: payment.amountCents,
          method: payment.methodLabel,
          failureCode: updated.failureCode,
          // wider-portal.md §4: the audit log names a Quick Pay payer "Guest"
          ...(payment.guestEmail ? { actor: 'guest' } : {}),
        },
      });
      if (updated.status === 'successful') await afterPosting(tx, updated);
      if (updated.status === 'failed') await releaseDevice(tx, updated);
      if (updated.status !== 'failed') await queueReceipt(tx, updated);
      await finishHeldKey(tx, updated);
      return updated;
    });
  }

  /** The idempotency key that waited for this payment now answers its final response. */
  async function finishHeldKey(tx: Tx, payment: PaymentRow) {
    const held = await idempotency.findHeld(tx, payment.id);
    if (!held) return;
    const save = (held.responseBody as SaveOutcome | null) ?? { methodSaved: null, saveError: null };
    await idempotency.complete(tx, held.id, responseOf(payment, await receiptAddressOf(payment, tx), save));
  }

  /**
   * spec §4 / §9: paying a soft-disconnected account restores core service within minutes (a job), once the payment
   * is posted and nothing is past due any more.
   */
  async function afterPosting(tx: Tx, payment: PaymentRow) {
    // a device payment pays a plan, not what is past due
    if (payment.target === 'device') return;
    const account = await accounts.lock(tx, payment.accountId);
    if (!account) return;
    const restores = [
      account.status === 'soft_disconnected' ? { kind: RESTORE_JOB, minutes: CORE_RESTORE_MINUTES } : null,
      (await repo.hasInterruptedMobileLines(tx, account.id))
        ? { kind: MOBILE_RESTORE_JOB, minutes: MOBILE_RESTORE_MINUTES }
        : null,
    ];
    for (const restore of restores) {
      if (!restore) continue;
      await jobs.enqueue(tx, {
        kind: restore.kind,
        uniqueKey: `${restore.kind}:${payment.id}`,
        payload: { accountId: payment.accountId, paymentId: payment.id },
        runAt: new Date(clock.now().getTime() + restore.minutes * 60_000),
      });
    }
  }

  /** A device payment that failed or came back gives its amount back to the plan (ADR 011). */
  async function releaseDevice(tx: Tx, payment: PaymentRow) {
    if (payment.target !== 'device' || !payment.deviceId) return;
    await devicePlans.release(tx, payment.accountId, payment.deviceId, payment.amountCents);
  }

  /** Asks the processor to move the money (again: it is idempotent on our payment id). Null when it did not answer. */
  async function drive(payment: PaymentRow): Promise<PaymentRow | null> {
    // rows recorded before payments kept their token (or a deleted method's) fall back to the saved method's token;
    // with none at all the payment cannot be made, and fails like a decline instead of stopping the background work
    const vaultToken =
      payment.vaultToken ??
      (payment.paymentMethodId ? (await wallet.methods.getById(db, payment.paymentMethodId))?.vaultToken : undefined);
    if (!vaultToken)
      return applyCharge(payment.id, { status: 'declined', reference: 'none', declineCode: 'generic_decline' });
    let result: ChargeResult;
    try {
      result = await processor.charge({ paymentId: payment.id, vaultToken, amountCents: payment.amountCents });
    } catch (error) {
      if (error instanceof ProcessorUnavailableError) return null;
      throw error;
    }
    return applyCharge(payment.id, result);
  }

  /** A fresh vault token of this account, saved to the wallet when asked and allowed. */
  async function resolveNewMethod(tx: Tx, accountId: string, token: string, save: boolean) {
    const described = await vault.describe(accountId, token, tx);
    if (!described) throw new AppError('NOT_FOUND', 'vault token');
    const already = await wallet.methods.getByToken(tx, accountId, token);
    if (already) return { token: described, method: already, save: { methodSaved: true, saveError: null } };
    if (!save) return { token: described, method: null, save: { methodSaved: null, saveError: null } };
    // product-decisions.md: prepaid and gift cards pay once and are never saved; at most 10 saved methods
    if (described.funding === 'prepaid') {
      return { token: described, method: null, save: { methodSaved: false, saveError: 'PREPAID_NOT_SAVED' } };
    }
    // issue 14: one wallet entry per instrument; the payment still runs with the token
    if (await wallet.methods.findSameSaved(tx, accountId, token)) {
      return { token: described, method: null, save: { methodSaved: false, saveError: 'PAYMENT_METHOD_DUPLICATE' } };
    }
    if ((await wallet.methods.count(tx, accountId)) >= MAX_SAVED_METHODS) {
      return { token: described, method: null, save: { methodSaved: false, saveError: 'WALLET_FULL' } };
    }
    const method = await wallet.methods.insert(tx, {
      ...methodValuesOf(described, clock.now()),
      accountId,
      vaultToken: described.token,
    });
    return { token: described, method, save: { methodSaved: true, saveError: null } };
  }

  /** Checks a method against the account's restriction, its expiry and the payment date (spec §5). */
  function checkMethod(
    method: { type: 'card' | 'bank'; expMonth: number | null; expYear: number | null },
    restriction: Restriction,
    today: IsoDate,
    paymentDate: IsoDate,
  ) {
    if (!isAllowed(method.type, restriction)) throw new AppError('PAYMENT_METHOD_UNAVAILABLE', restriction);
    if (isExpiredOn(method, today)) throw new AppError('CARD_EXPIRED', 'expired card');
    if (isExpiredOn(method, paymentDate)) {
      throw fieldError('paymentDate', { ok: false, message: 'payments.card.expiry.beforePaymentDate' });
    }
  }

  /**
   * A scheduled payment of the actor's account that may still change (product-decisions.md: until the cut-off of the
   * day before it runs), with the account locked for the rest of the transaction.
   */
  async function lockChangeableScheduled(tx: Tx, actor: PaymentActor, paymentId: string) {
    const account = await accounts.lock(tx, actor.accountId);
    if (!account) throw new AppError('NOT_FOUND', 'account');
    const payment = await repo.getPayment(tx, account.id, paymentId);
    if (payment?.status !== 'scheduled') throw new AppError('NOT_FOUND', 'scheduled payment');
    if (!isScheduledPaymentEditable(payment.paymentDate, clock.now())) {
      throw new AppError('PAYMENT_NOT_EDITABLE', 'past the cut-off of the day before');
    }
    return { account, payment };
  }

  return {
    ...receipts,
    paymentRules,
    responseOf,
    applyCharge,
    finishHeldKey,
    afterPosting,
    releaseDevice,
    drive,
    resolveNewMethod,
    checkMethod,
    lockChangeableScheduled,
  };
}

export type PaymentEngine = ReturnType<typeof createPaymentEngine>;
