import {
  AppError,
  compareDates,
  devicePaymentBounds,
  isScheduledPaymentEditable,
  type Locale,
  MAX_FUTURE_PAYMENTS,
  type MakePaymentRequest,
  mobilePaymentBounds,
  type PaymentOptions,
  type PaymentReceipt,
  paymentMethodLabel,
  payoffCents,
  type VaultToken,
  validatePaymentAmount,
  validatePaymentDate,
} from '@vireo/shared';
import type { Tx } from '../../db/client';
import { type IdempotentRequest, type StoredResponse } from '../../platform/idempotency';
import { devicePlans } from '../billing/device-plans';
import { describeMethod } from '../wallet/payment-methods';
import type { PaymentMethodRow } from '../wallet/wallet.service';
import {
  fieldError,
  newConfirmationNumber,
  type PaymentActor,
  type PaymentEngine,
  type PaymentsServiceDeps,
  type PaymentTarget,
  type SaveOutcome,
  throwIf,
} from './payment-engine';
import type { PaymentRow } from './payments.repository';

/**
 * A guest's payment may be admitted by its way in (a pay link: issue 17 item 7): `admit` runs in the transaction that
 * records the payment, after the amount's checks, and refuses by throwing (nothing is recorded then).
 */
export type GuestAdmission = (tx: Tx, payment: { id: string; amountCents: number }) => Promise<void>;
type Guest = { email: string; language: Locale; admit?: GuestAdmission };
/** Who pays: a signed-in user, or a Quick Pay guest (no user; the receipt's address and language as typed). */
type Payer = { accountId: string; userId: string | null; guest: Guest | null };

/**
 * One-time payments and receipts (issue 5; spec §2.4, §4, §5; product-decisions.md, one-time payments).
 * Money-moving requests are idempotent (architecture.md): the key is claimed in the transaction that records the
 * payment; the processor is called outside any transaction with our payment id as its idempotency key; the outcome is
 * applied in a second transaction that also completes the key. The reconciler (settlement.service) finishes payments
 * left in progress.
 */
export function createPaymentsService(deps: PaymentsServiceDeps, engine: PaymentEngine) {
  const { db, clock, billing, repo, wallet, accounts, audit, idempotency } = deps;
  const {
    paymentRules,
    receiptEmailOf,
    receiptAddressOf,
    receiptOf,
    responseOf,
    queueReceipt,
    drive,
    resolveNewMethod,
    checkMethod,
  } = engine;

  /**
   * A one-time payment, today or on a future date (spec §2.4), by a signed-in user or a Quick Pay guest (`guest`: no
   * user; a fresh vault token only, never a saved method; the receipt to the typed address). Answers the stored
   * response for a replayed key. Throws BILL_PAY_UNAVAILABLE when the processor does not answer: the key stays in
   * progress (409 on a retry) until the reconciler learns the outcome.
   */
  async function pay(
    payer: Payer,
    request: MakePaymentRequest | Omit<MakePaymentRequest, 'paymentDate'>,
    key: IdempotentRequest,
    target: PaymentTarget,
  ): Promise<StoredResponse> {
    const phase1 = await db.transaction(async (tx) => {
      const claim = await idempotency.claim(tx, key, clock.now());
      if (!claim.claimed) return { done: claim.replay, payment: null, save: null };
      const account = await accounts.lock(tx, payer.accountId);
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
        // wider-portal.md §1: a guest never pays with the saved wallet
        if (payer.guest) throw new AppError('NOT_FOUND', 'payment method');
        method = await wallet.methods.get(tx, account.id, body.method.paymentMethodId);
        if (!method) throw new AppError('NOT_FOUND', 'payment method');
        token = { token: method.vaultToken };
        display = method;
      } else {
        // a guest's token is one the vault made for this payment, never a saved method's (wider-portal.md §1)
        if (payer.guest && (await wallet.methods.getByToken(tx, account.id, body.method.token))) {
          throw new AppError('NOT_FOUND', 'vault token');
        }
        const resolved = await resolveNewMethod(tx, account.id, body.method.token, body.method.save && !payer.guest);
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
        enteredByUserId: payer.userId,
        entryDate: now,
        attemptedAt: future ? null : now,
        target: target.kind === 'account' ? 'account' : target.kind === 'mobile' ? 'mobile' : 'device',
        deviceId: device?.id ?? null,
        guestEmail: payer.guest?.email ?? null,
        guestLanguage: payer.guest?.language ?? null,
      });
      if (device) await devicePlans.reserve(tx, device, payment.amountCents);
      if (payer.guest?.admit) await payer.guest.admit(tx, payment);
      await audit.record(tx, {
        at: now,
        actorUserId: payer.userId,
        accountId: account.id,
        action: future ? 'payment.scheduled' : 'payment.submitted',
        targetId: payment.id,
        data: {
          amountCents: payment.amountCents,
          method: payment.methodLabel,
          paymentDate: payment.paymentDate,
          target: target.kind,
          deviceId: device?.id,
          // wider-portal.md §4: the audit log names a Quick Pay payer "Guest"
          ...(payer.guest ? { actor: 'guest', via: 'quick_pay' } : {}),
        },
      });
      if (future) {
        await queueReceipt(tx, payment);
        const response = responseOf(payment, await receiptAddressOf(payment, tx), save);
        await idempotency.complete(tx, claim.id, response, payment.id);
        return { done: response, payment: null, save: null };
      }
      await idempotency.hold(tx, claim.id, payment.id, save);
      return { done: null, payment, save };
    });
    if (phase1.done || !phase1.payment) return phase1.done as StoredResponse;

    const settled = await drive(phase1.payment);
    if (!settled) throw new AppError('BILL_PAY_UNAVAILABLE', 'processor did not answer');
    return responseOf(settled, await receiptAddressOf(settled), phase1.save ?? { methodSaved: null, saveError: null });
  }

  return {
    /** What the payment screens need (spec §2.4, §5). */
    async getOptions(actor: PaymentActor): Promise<PaymentOptions> {
      const account = await accounts.get(db, actor.accountId);
      if (!account) throw new AppError('NOT_FOUND', 'account');
      if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
      const rules = await paymentRules(db, account);
      const today = rules.window.earliest;
      const [methods, scheduled, email] = await Promise.all([
        wallet.methods.list(db, account.id),
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
     * What a Quick Pay guest is shown of an account (issue 17 item 6, wider-portal.md §1): the amount due and its
     * date, and the same bounds as a signed-in payment; nothing of the wallet, the history or the account.
     */
    async guestOptions(accountId: string) {
      const account = await accounts.get(db, accountId);
      if (!account) throw new AppError('NOT_FOUND', 'account');
      const rules = await paymentRules(db, account);
      return {
        amountDueCents: rules.summary.amountDueCents,
        dueDate: rules.summary.latestStatement?.dueDate ?? null,
        pastDueCents: rules.summary.pastDueCents,
        minCents: rules.bounds.minCents,
        maxCents: rules.bounds.maxCents,
        restriction: account.paymentRestriction,
        isEnterprise: account.isEnterprise,
        today: rules.window.earliest,
      };
    },

    /** A signed-in user's one-time payment (`pay`). */
    makePayment(
      actor: PaymentActor,
      request: MakePaymentRequest | Omit<MakePaymentRequest, 'paymentDate'>,
      key: IdempotentRequest,
      target: PaymentTarget = { kind: 'account' },
    ): Promise<StoredResponse> {
      return pay({ ...actor, guest: null }, request, key, target);
    },

    /**
     * A Quick Pay guest's payment (issue 17 item 6, wider-portal.md §1): today, of the account's balance, with a vault
     * token made for it (never saved, never a saved method's), the same bounds and the same exactly-once machinery as
     * a signed-in payment; the receipt goes to the typed address in the page's language.
     */
    payAsGuest(
      guest: Guest & { accountId: string },
      request: { amountCents: number; token: string },
      key: IdempotentRequest,
    ): Promise<StoredResponse> {
      const { accountId, ...payer } = guest;
      return pay(
        { accountId, userId: null, guest: payer },
        { amountCents: request.amountCents, method: { token: request.token, save: false } },
        key,
        { kind: 'account' },
      );
    },

    async getReceipt(actor: PaymentActor, paymentId: string): Promise<PaymentReceipt> {
      const payment = await repo.getPayment(db, actor.accountId, paymentId);
      if (!payment) throw new AppError('NOT_FOUND', 'payment');
      return receiptOf(payment, await receiptAddressOf(payment));
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

    /** Records a payment another module makes in its own transaction (an Auto Pay draft); `charge` then moves it. */
    recordPayment: repo.insertPayment,
    /** A payment by id, whichever account (the background work's view). */
    getPaymentById: repo.getPaymentById,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

export {
  GIVE_UP_AFTER_MS,
  METHOD_DELETED,
  MOBILE_RESTORE_JOB,
  newConfirmationNumber,
  type PaymentActor,
  type PaymentTarget,
  RECONCILE_AFTER_MS,
  RESTORE_JOB,
} from './payment-engine';
