import { randomInt } from 'node:crypto';
import {
  AppError,
  addDays,
  CORE_RESTORE_MINUTES,
  compareDates,
  devicePaymentBounds,
  type EditScheduledPaymentRequestSchema,
  type ErrorCode,
  type IsoDate,
  isScheduledPaymentEditable,
  type Locale,
  MAX_FUTURE_PAYMENTS,
  MAX_SAVED_METHODS,
  type MakePaymentRequest,
  type MakePaymentResponse,
  MOBILE_RESTORE_MINUTES,
  mobileLineStateFor,
  mobilePaymentBounds,
  type PaymentOptions,
  type PaymentReceipt,
  paymentAmountBounds,
  paymentDateWindow,
  paymentMethodLabel,
  payoffCents,
  type RuleResult,
  type VaultToken,
  validatePaymentAmount,
  validatePaymentDate,
} from '@vireo/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { INTL_LOCALE_TAGS, translator } from '../../messages/intl';
import type { BillingService } from '../billing/billing.service';
import type { Clock } from '../clock/clock';
import { devicePlans } from '../mobile/device-plans';
import type { CardVault } from '../pci-edge/vault.types';
import {
  type ChargeResult,
  type DeclineCode,
  type PaymentProcessor,
  ProcessorUnavailableError,
} from '../processor/processor.types';
import { formatCalendarDate } from '../statements/format';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  findHeldKey,
  holdIdempotencyKey,
  type IdempotentRequest,
  type StoredResponse,
} from './idempotency';
import { describeMethod, findSameSavedMethod, isAllowed, isExpiredOn, type Restriction } from './payment-methods';
import { type PaymentMethodRow, type PaymentRow, paymentsRepository as repo } from './payments.repository';

export type PaymentActor = { userId: string; accountId: string };
type SaveOutcome = { methodSaved: boolean | null; saveError: string | null };

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
const DECLINE_ERRORS: Record<DeclineCode, ErrorCode> = {
  generic_decline: 'PAYMENT_DECLINED',
  insufficient_funds: 'PAYMENT_DECLINED',
  incorrect_cvc: 'SECURITY_CODE_MISMATCH',
  expired_card: 'CARD_EXPIRED',
};

function fieldError(path: string, result: RuleResult): AppError | null {
  if (result.ok) return null;
  return new AppError('VALIDATION_FAILED', `${path}: ${result.message}`, {
    fields: [{ path: `body.${path}`, code: result.message }],
  });
}

function throwIf(error: AppError | null) {
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
};

/**
 * One-time and scheduled payments (issue 5; spec §2.4, §4, §5; product-decisions.md, one-time payments).
 * Money-moving requests are idempotent (architecture.md): the key is claimed in the transaction that records the
 * payment; the processor is called outside any transaction with our payment id as its idempotency key; the outcome is
 * applied in a second transaction that also completes the key. A reconciler finishes payments left in progress.
 */
export function createPaymentsService({ db, clock, billing, vault, processor, brandName }: PaymentsServiceDeps) {
  /** Amount bounds, date window and the reason the date is forced to today, for an account as it is now. */
  async function paymentRules(tx: Db | Tx, account: { id: string; status: string; timeZone: string }) {
    const summary = await billing.getSummary(account.id, tx);
    const todayOnlyReason =
      account.status !== 'active' ? ('inactive' as const) : summary.pastDueCents > 0 ? ('past_due' as const) : null;
    const window = paymentDateWindow({ now: clock.now(), timeZone: account.timeZone, todayOnly: !!todayOnlyReason });
    return { summary, todayOnlyReason, window, bounds: paymentAmountBounds(summary.amountDueCents) };
  }

  /** The address receipts go to (the payer's e-mail). Inside a transaction, pass it: PGlite has one connection. */
  async function receiptEmailOf(userId: string | null, ex: Db | Tx = db) {
    if (!userId) return null;
    return (await repo.getUser(ex, userId))?.email ?? null;
  }

  function receiptOf(payment: PaymentRow, emailedTo: string | null): PaymentReceipt {
    return {
      id: payment.id,
      confirmationNumber: payment.confirmationNumber,
      amountCents: payment.amountCents,
      methodLabel: payment.methodLabel,
      paymentMethodId: payment.paymentMethodId,
      paymentDate: payment.paymentDate,
      status: payment.status,
      channel: payment.channel,
      entryDate: payment.entryDate.toISOString(),
      emailedTo: payment.status === 'failed' ? null : emailedTo,
    };
  }

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

  /** The receipt e-mail (product-decisions.md: e-mailed and printable), in the payer's language, via the outbox. */
  async function queueReceipt(tx: Tx, payment: PaymentRow) {
    if (!payment.enteredByUserId) return;
    const user = await repo.getUser(tx, payment.enteredByUserId);
    if (!user) return;
    const locale: Locale = user.language === 'es' ? 'es' : 'en';
    const t = translator(locale);
    const money = new Intl.NumberFormat(locale === 'es' ? 'es-US' : 'en-US', { style: 'currency', currency: 'USD' });
    const values = {
      brand: brandName,
      confirmationNumber: payment.confirmationNumber,
      amount: money.format(payment.amountCents / 100),
      method: payment.methodLabel,
      // issue 14: the date as the portal shows it in this language, never ISO
      date: formatCalendarDate(payment.paymentDate, locale, 'medium'),
      status: t(`payment.status.${payment.status}` as Parameters<typeof t>[0]),
    };
    await repo.queueEmail(tx, {
      toAddress: user.email,
      subject: t(payment.status === 'scheduled' ? 'receipt.subject.scheduled' : 'receipt.subject.paid', values),
      body: t('receipt.body', values),
      createdAt: clock.now(),
    });
  }

  /** issue 14: a scheduled payment not made because its method was deleted is e-mailed to its payer, in their language. */
  async function queueMethodDeletedNotice(tx: Tx, payment: PaymentRow) {
    if (!payment.enteredByUserId) return;
    const user = await repo.getUser(tx, payment.enteredByUserId);
    if (!user) return;
    const locale: Locale = user.language === 'es' ? 'es' : 'en';
    const t = translator(locale);
    const money = new Intl.NumberFormat(INTL_LOCALE_TAGS[locale], { style: 'currency', currency: 'USD' });
    const values = {
      brand: brandName,
      amount: money.format(payment.amountCents / 100),
      method: payment.methodLabel,
      date: formatCalendarDate(payment.paymentDate, locale),
    };
    await repo.queueEmail(tx, {
      toAddress: user.email,
      subject: t('payment.methodDeleted.subject', values),
      body: t('payment.methodDeleted.body', values),
      createdAt: clock.now(),
    });
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
      await repo.audit(tx, {
        at: now,
        actorUserId: payment.enteredByUserId,
        accountId: payment.accountId,
        action: `payment.${updated.status}`,
        targetId: paymentId,
        data: { amountCents: payment.amountCents, method: payment.methodLabel, failureCode: updated.failureCode },
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
    const held = await findHeldKey(tx, payment.id);
    if (!held) return;
    const save = (held.responseBody as SaveOutcome | null) ?? { methodSaved: null, saveError: null };
    await completeIdempotencyKey(
      tx,
      held.id,
      responseOf(payment, await receiptEmailOf(payment.enteredByUserId, tx), save),
    );
  }

  /**
   * spec §4 / §9: paying a soft-disconnected account restores core service within minutes (a job), once the payment
   * is posted and nothing is past due any more.
   */
  async function afterPosting(tx: Tx, payment: PaymentRow) {
    // a device payment pays a plan, not what is past due
    if (payment.target === 'device') return;
    const account = await repo.lockAccount(tx, payment.accountId);
    if (!account) return;
    const restores = [
      account.status === 'soft_disconnected' ? { kind: RESTORE_JOB, minutes: CORE_RESTORE_MINUTES } : null,
      (await repo.hasInterruptedMobileLines(tx, account.id))
        ? { kind: MOBILE_RESTORE_JOB, minutes: MOBILE_RESTORE_MINUTES }
        : null,
    ];
    for (const restore of restores) {
      if (!restore) continue;
      await repo.enqueueJob(tx, {
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
      (payment.paymentMethodId ? (await repo.getMethodById(db, payment.paymentMethodId))?.vaultToken : undefined);
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
    const already = await repo.getMethodByToken(tx, accountId, token);
    if (already) return { token: described, method: already, save: { methodSaved: true, saveError: null } };
    if (!save) return { token: described, method: null, save: { methodSaved: null, saveError: null } };
    // product-decisions.md: prepaid and gift cards pay once and are never saved; at most 10 saved methods
    if (described.funding === 'prepaid') {
      return { token: described, method: null, save: { methodSaved: false, saveError: 'PREPAID_NOT_SAVED' } };
    }
    // issue 14: one wallet entry per instrument; the payment still runs with the token
    if (await findSameSavedMethod(tx, vault, accountId, token)) {
      return { token: described, method: null, save: { methodSaved: false, saveError: 'PAYMENT_METHOD_DUPLICATE' } };
    }
    if ((await repo.countMethods(tx, accountId)) >= MAX_SAVED_METHODS) {
      return { token: described, method: null, save: { methodSaved: false, saveError: 'WALLET_FULL' } };
    }
    const method = await repo.insertMethod(tx, methodFromToken(accountId, described, clock.now()));
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
    const account = await repo.lockAccount(tx, actor.accountId);
    if (!account) throw new AppError('NOT_FOUND', 'account');
    const payment = await repo.getPayment(tx, account.id, paymentId);
    if (payment?.status !== 'scheduled') throw new AppError('NOT_FOUND', 'scheduled payment');
    if (!isScheduledPaymentEditable(payment.paymentDate, clock.now())) {
      throw new AppError('PAYMENT_NOT_EDITABLE', 'past the cut-off of the day before');
    }
    return { account, payment };
  }

  return {
    /** What the payment screens need (spec §2.4, §5). */
    async getOptions(actor: PaymentActor): Promise<PaymentOptions> {
      const account = await repo.getAccount(db, actor.accountId);
      if (!account) throw new AppError('NOT_FOUND', 'account');
      if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
      const rules = await paymentRules(db, account);
      const today = rules.window.earliest;
      const [methods, scheduled, email] = await Promise.all([
        repo.listMethods(db, account.id),
        repo.listScheduled(db, account.id),
        receiptEmailOf(actor.userId),
      ]);
      const now = clock.now();
      return {
        amountDueCents: rules.summary.amountDueCents,
        pastDueCents: rules.summary.pastDueCents,
        minCents: rules.bounds.minCents,
        maxCents: rules.bounds.maxCents,
        restriction: account.paymentRestriction,
        todayOnlyReason: rules.todayOnlyReason,
        today,
        lastFuturePaymentDate: rules.window.latest,
        tomorrowBlocked: rules.window.tomorrowBlocked,
        methods: methods.map((m) => describeMethod(m, account.paymentRestriction, today)),
        scheduled: scheduled.map((p) => ({
          id: p.id,
          amountCents: p.amountCents,
          paymentDate: p.paymentDate,
          methodLabel: p.methodLabel,
          paymentMethodId: p.paymentMethodId,
          confirmationNumber: p.confirmationNumber,
          editable: isScheduledPaymentEditable(p.paymentDate, now),
        })),
        maxScheduled: MAX_FUTURE_PAYMENTS,
        receiptEmail: email,
      };
    },

    /**
     * A one-time payment, today or on a future date (spec §2.4). Answers the stored response for a replayed key.
     * Throws BILL_PAY_UNAVAILABLE when the processor does not answer: the key stays in progress (409 on a retry)
     * until the reconciler learns the outcome.
     */
    async makePayment(
      actor: PaymentActor,
      request: MakePaymentRequest | Omit<MakePaymentRequest, 'paymentDate'>,
      key: IdempotentRequest,
      target: PaymentTarget = { kind: 'account' },
    ): Promise<StoredResponse> {
      const phase1 = await db.transaction(async (tx) => {
        const claim = await claimIdempotencyKey(tx, key, clock.now());
        if (!claim.claimed) return { done: claim.replay, payment: null, save: null };
        const account = await repo.lockAccount(tx, actor.accountId);
        if (!account) throw new AppError('NOT_FOUND', 'account');
        if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
        const rules = await paymentRules(tx, account);
        const today = rules.window.earliest;
        // the mobile flow pays today (spec §2.4: select amount, method, review)
        const body = { ...request, paymentDate: 'paymentDate' in request ? request.paymentDate : today };
        const device =
          target.kind === 'devicePayoff' || target.kind === 'deviceExtra'
            ? await devicePlans.lockDevice(tx, account.id, target.deviceId)
            : null;
        if ((target.kind === 'devicePayoff' || target.kind === 'deviceExtra') && !device) {
          throw new AppError('NOT_FOUND', 'device');
        }
        if (target.kind === 'devicePayoff' && device && body.amountCents !== payoffCents(device)) {
          throw fieldError('amountCents', { ok: false, message: 'mobile.payoff.amount' });
        }
        const bounds =
          target.kind === 'account'
            ? rules.bounds
            : target.kind === 'mobile'
              ? mobilePaymentBounds((await billing.getMobileSplit(account.id, tx)).balanceCents)
              : devicePaymentBounds(device as NonNullable<typeof device>);
        throwIf(fieldError('amountCents', validatePaymentAmount(body.amountCents, bounds)));
        throwIf(fieldError('paymentDate', validatePaymentDate(body.paymentDate, rules.window)));
        if (target.kind !== 'account' && body.paymentDate !== today) {
          throw fieldError('paymentDate', { ok: false, message: 'payments.date.range' });
        }
        const future = compareDates(body.paymentDate, today) > 0;
        if (future && (await repo.listScheduled(tx, account.id)).length >= MAX_FUTURE_PAYMENTS) {
          throw new AppError('SCHEDULE_LIMIT_REACHED', `at most ${MAX_FUTURE_PAYMENTS} scheduled payments`);
        }

        let method: PaymentMethodRow | null;
        let token: VaultToken | { token: string };
        let display: Parameters<typeof paymentMethodLabel>[0] & {
          type: 'card' | 'bank';
          expMonth: number | null;
          expYear: number | null;
        };
        let save: SaveOutcome = { methodSaved: null, saveError: null };
        if ('paymentMethodId' in body.method) {
          method = await repo.getMethod(tx, account.id, body.method.paymentMethodId);
          if (!method) throw new AppError('NOT_FOUND', 'payment method');
          token = { token: method.vaultToken };
          display = method;
        } else {
          const resolved = await resolveNewMethod(tx, account.id, body.method.token, body.method.save);
          method = resolved.method;
          token = resolved.token;
          save = resolved.save;
          display = {
            type: resolved.token.type,
            cardBrand: resolved.token.brand,
            bankAccountType: resolved.token.bankAccountType,
            lastFour: resolved.token.lastFour,
            expMonth: resolved.token.expMonth,
            expYear: resolved.token.expYear,
          };
        }
        checkMethod(display, account.paymentRestriction, today, body.paymentDate);

        const now = clock.now();
        const payment = await repo.insertPayment(tx, {
          accountId: account.id,
          confirmationNumber: newConfirmationNumber(),
          amountCents: body.amountCents,
          paymentMethodId: method?.id ?? null,
          vaultToken: token.token,
          methodLabel: paymentMethodLabel(display),
          paymentDate: body.paymentDate,
          status: future ? 'scheduled' : 'processing',
          channel: 'online',
          enteredByUserId: actor.userId,
          entryDate: now,
          attemptedAt: future ? null : now,
          target: target.kind === 'account' ? 'account' : target.kind === 'mobile' ? 'mobile' : 'device',
          deviceId: device?.id ?? null,
        });
        if (device) await devicePlans.reserve(tx, device, payment.amountCents);
        await repo.audit(tx, {
          at: now,
          actorUserId: actor.userId,
          accountId: account.id,
          action: future ? 'payment.scheduled' : 'payment.submitted',
          targetId: payment.id,
          data: {
            amountCents: payment.amountCents,
            method: payment.methodLabel,
            paymentDate: payment.paymentDate,
            target: target.kind,
            deviceId: device?.id,
          },
        });
        if (future) {
          await queueReceipt(tx, payment);
          const response = responseOf(payment, await receiptEmailOf(actor.userId, tx), save);
          await completeIdempotencyKey(tx, claim.id, response, payment.id);
          return { done: response, payment: null, save: null };
        }
        await holdIdempotencyKey(tx, claim.id, payment.id, save);
        return { done: null, payment, save };
      });
      if (phase1.done || !phase1.payment) return phase1.done as StoredResponse;

      const settled = await drive(phase1.payment);
      if (!settled) throw new AppError('BILL_PAY_UNAVAILABLE', 'processor did not answer');
      return responseOf(
        settled,
        await receiptEmailOf(actor.userId),
        phase1.save ?? { methodSaved: null, saveError: null },
      );
    },

    async getReceipt(actor: PaymentActor, paymentId: string): Promise<PaymentReceipt> {
      const payment = await repo.getPayment(db, actor.accountId, paymentId);
      if (!payment) throw new AppError('NOT_FOUND', 'payment');
      return receiptOf(payment, await receiptEmailOf(payment.enteredByUserId));
    },

    /** Edits a scheduled payment until the cut-off of the day before (product-decisions.md). */
    async editScheduled(
      actor: PaymentActor,
      paymentId: string,
      body: z.infer<typeof EditScheduledPaymentRequestSchema>,
      key: IdempotentRequest,
    ): Promise<StoredResponse> {
      return db.transaction(async (tx) => {
        const claim = await claimIdempotencyKey(tx, key, clock.now());
        if (!claim.claimed) return claim.replay;
        const { account, payment } = await lockChangeableScheduled(tx, actor, paymentId);
        const rules = await paymentRules(tx, account);
        const today = rules.window.earliest;
        throwIf(fieldError('amountCents', validatePaymentAmount(body.amountCents, rules.bounds)));
        throwIf(fieldError('paymentDate', validatePaymentDate(body.paymentDate, rules.window)));
        if (compareDates(body.paymentDate, today) <= 0) {
          throw fieldError('paymentDate', {
            ok: false,
            message: 'payments.date.outOfRange',
            values: { earliest: addDays(today, 1), latest: rules.window.latest },
          });
        }
        const method = await repo.getMethod(tx, account.id, body.paymentMethodId);
        if (!method) throw new AppError('NOT_FOUND', 'payment method');
        checkMethod(method, account.paymentRestriction, today, body.paymentDate);
        const updated = await repo.updatePayment(tx, payment.id, {
          amountCents: body.amountCents,
          paymentDate: body.paymentDate,
          paymentMethodId: method.id,
          vaultToken: method.vaultToken,
          methodLabel: paymentMethodLabel(method),
        });
        await repo.audit(tx, {
          at: clock.now(),
          actorUserId: actor.userId,
          accountId: account.id,
          action: 'payment.scheduled_edited',
          targetId: payment.id,
          data: {
            from: { amountCents: payment.amountCents, paymentDate: payment.paymentDate, method: payment.methodLabel },
            to: { amountCents: updated.amountCents, paymentDate: updated.paymentDate, method: updated.methodLabel },
          },
        });
        const response = responseOf(updated, await receiptEmailOf(actor.userId, tx), {
          methodSaved: null,
          saveError: null,
        });
        await completeIdempotencyKey(tx, claim.id, response, payment.id);
        return response;
      });
    },

    async cancelScheduled(actor: PaymentActor, paymentId: string, key: IdempotentRequest): Promise<StoredResponse> {
      return db.transaction(async (tx) => {
        const claim = await claimIdempotencyKey(tx, key, clock.now());
        if (!claim.claimed) return claim.replay;
        const { account, payment } = await lockChangeableScheduled(tx, actor, paymentId);
        const cancelled = await repo.updatePayment(tx, payment.id, { status: 'cancelled' });
        await repo.audit(tx, {
          at: clock.now(),
          actorUserId: actor.userId,
          accountId: account.id,
          action: 'payment.cancelled',
          targetId: payment.id,
          data: { amountCents: payment.amountCents, paymentDate: payment.paymentDate },
        });
        const response = { status: 200, body: receiptOf(cancelled, null) };
        await completeIdempotencyKey(tx, claim.id, response, payment.id);
        return response;
      });
    },

    /**
     * Moves the money of a payment recorded as `processing` by another module (an Auto Pay draft); null when the
     * processor did not answer (the reconciler finishes it).
     */
    async charge(paymentId: string): Promise<PaymentRow | null> {
      const payment = await repo.getPaymentById(db, paymentId);
      if (!payment) throw new AppError('NOT_FOUND', `payment ${paymentId}`);
      return drive(payment);
    },

    /** Runs each scheduled payment whose date has come, exactly once (the row moves to `processing` under lock). */
    async runScheduledPayments(): Promise<number> {
      const now = clock.now();
      let ran = 0;
      // the latest calendar date anywhere (UTC+14); each account's own today decides below
      for (const due of await repo.dueScheduled(db, clock.today('Pacific/Kiritimati'))) {
        if (compareDates(due.paymentDate, clock.today(due.timeZone)) > 0) continue;
        const claimed = await db.transaction(async (tx) => {
          const payment = await repo.lockPayment(tx, due.id, { skipLocked: true });
          if (payment?.status !== 'scheduled') return null;
          // issue 14: never charge a method deleted from the wallet, by any path: checked in this transaction
          if (payment.paymentMethodId && !(await repo.lockLiveMethod(tx, payment.accountId, payment.paymentMethodId))) {
            const failed = await repo.updatePayment(tx, payment.id, {
              status: 'failed',
              failureCode: METHOD_DELETED,
              attemptedAt: now,
            });
            await repo.audit(tx, {
              at: now,
              actorUserId: null,
              accountId: payment.accountId,
              action: 'payment.failed',
              targetId: payment.id,
              data: { amountCents: payment.amountCents, method: payment.methodLabel, failureCode: METHOD_DELETED },
            });
            await queueMethodDeletedNotice(tx, failed);
            return null;
          }
          return repo.updatePayment(tx, payment.id, { status: 'processing', attemptedAt: now });
        });
        if (!claimed) continue;
        await drive(claimed);
        ran++;
      }
      return ran;
    },

    /** Bank debits stay Pending until the processor settles them (24 h): then Successful, or Returned. */
    async postPendingPayments(): Promise<number> {
      let posted = 0;
      for (const { id } of await repo.pendingIds(db)) {
        const state = await processor.lookup(id).catch((error) => {
          if (error instanceof ProcessorUnavailableError) return null;
          throw error;
        });
        if (!state || (state.status !== 'settled' && state.status !== 'returned')) continue;
        const changed = await db.transaction(async (tx) => {
          const payment = await repo.lockPayment(tx, id, { skipLocked: true });
          if (payment?.status !== 'pending') return false;
          const now = clock.now();
          const updated = await repo.updatePayment(
            tx,
            id,
            state.status === 'settled'
              ? { status: 'successful', postedAt: now }
              : { status: 'returned', failureCode: state.declineCode ?? 'returned' },
          );
          await repo.audit(tx, {
            at: now,
            actorUserId: null,
            accountId: payment.accountId,
            action: `payment.${updated.status}`,
            targetId: id,
            data: { amountCents: payment.amountCents, method: payment.methodLabel },
          });
          if (updated.status === 'successful') await afterPosting(tx, updated);
          else await releaseDevice(tx, updated);
          return true;
        });
        if (changed) posted++;
      }
      return posted;
    },

    /**
     * Finishes payments left in progress (a crash, a processor timeout): asks the processor again with the same
     * payment id, which cannot move money twice; after GIVE_UP_AFTER_MS without any answer the payment has failed.
     */
    async reconcile(): Promise<number> {
      const now = clock.now();
      let finished = 0;
      for (const { id, attemptedAt } of await repo.stuckIds(db, new Date(now.getTime() - RECONCILE_AFTER_MS))) {
        const payment = await repo.getPaymentById(db, id);
        if (!payment) continue;
        if (await drive(payment)) {
          finished++;
          continue;
        }
        if (attemptedAt && now.getTime() - attemptedAt.getTime() >= GIVE_UP_AFTER_MS) {
          await db.transaction(async (tx) => {
            const locked = await repo.lockPayment(tx, id, { skipLocked: true });
            if (locked?.status !== 'processing') return;
            const failed = await repo.updatePayment(tx, id, { status: 'failed', failureCode: 'processor_unavailable' });
            await releaseDevice(tx, failed);
            await repo.audit(tx, {
              at: now,
              actorUserId: null,
              accountId: locked.accountId,
              action: 'payment.failed',
              targetId: id,
              data: { failureCode: 'processor_unavailable' },
            });
            await finishHeldKey(tx, failed);
          });
          finished++;
        }
      }
      return finished;
    },

    /** Due jobs of this module: core service restored minutes after a payment, mobile lines 1-2 hours (spec §4, §9). */
    async runJobs(): Promise<number> {
      const now = clock.now();
      let ran = 0;
      for (const { id } of await repo.dueJobIds(db, [RESTORE_JOB, MOBILE_RESTORE_JOB], now)) {
        const done = await db.transaction(async (tx) => {
          const job = await repo.lockJob(tx, id);
          if (!job) return false;
          const accountId = String(job.payload.accountId);
          const account = await repo.lockAccount(tx, accountId);
          if (job.kind === MOBILE_RESTORE_JOB && account) {
            const summary = await billing.getSummary(accountId, tx);
            const restored = await repo.restoreMobileLines(tx, accountId, mobileLineStateFor(summary.daysPastDue));
            if (restored > 0) {
              await repo.audit(tx, {
                at: now,
                actorUserId: null,
                accountId,
                action: 'mobile.restored',
                targetId: String(job.payload.paymentId),
                data: { lines: restored },
              });
            }
          } else if (account?.status === 'soft_disconnected') {
            const summary = await billing.getSummary(accountId, tx);
            if (summary.delinquencyState !== 'soft_disconnect' && summary.delinquencyState !== 'disconnected') {
              await repo.setAccountStatus(tx, accountId, 'active');
              await repo.audit(tx, {
                at: now,
                actorUserId: null,
                accountId,
                action: 'service.restored',
                targetId: String(job.payload.paymentId),
                data: {},
              });
            }
          }
          await repo.finishJob(tx, id, now);
          return true;
        });
        if (done) ran++;
      }
      return ran;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

function methodFromToken(accountId: string, token: VaultToken, now: Date) {
  return {
    accountId,
    type: token.type,
    vaultToken: token.token,
    lastFour: token.lastFour,
    cardBrand: token.brand,
    cardFunding: token.funding,
    expMonth: token.expMonth,
    expYear: token.expYear,
    nameOnCard: token.nameOnCard,
    zip: token.zip,
    bankAccountType: token.bankAccountType,
    routingNumber: token.routingNumber,
    createdAt: now,
  };
}
