import {
  AppError,
  addDays,
  compareDates,
  type EditScheduledPaymentRequestSchema,
  paymentMethodLabel,
  validatePaymentAmount,
  validatePaymentDate,
} from '@vireo/shared';
import type { z } from 'zod';
import { type IdempotentRequest, type StoredResponse } from '../../platform/idempotency';
import {
  fieldError,
  METHOD_DELETED,
  type PaymentActor,
  type PaymentEngine,
  type PaymentsServiceDeps,
  throwIf,
} from './payment-engine';

/** Scheduled (future-dated) payments: editing and cancelling them, and running each on its day exactly once. */
export function createScheduledPaymentsService(deps: PaymentsServiceDeps, engine: PaymentEngine) {
  const { db, clock, repo, wallet, audit, idempotency } = deps;
  const {
    paymentRules,
    receiptEmailOf,
    receiptOf,
    responseOf,
    queueMethodDeletedNotice,
    drive,
    checkMethod,
    lockChangeableScheduled,
  } = engine;
  return {
    /** Edits a scheduled payment until the cut-off of the day before (product-decisions.md). */
    async editScheduled(
      actor: PaymentActor,
      paymentId: string,
      body: z.infer<typeof EditScheduledPaymentRequestSchema>,
      key: IdempotentRequest,
    ): Promise<StoredResponse> {
      return db.transaction(async (tx) => {
        const claim = await idempotency.claim(tx, key, clock.now());
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
        const method = await wallet.methods.get(tx, account.id, body.paymentMethodId);
        if (!method) throw new AppError('NOT_FOUND', 'payment method');
        checkMethod(method, account.paymentRestriction, today, body.paymentDate);
        const updated = await repo.updatePayment(tx, payment.id, {
          amountCents: body.amountCents,
          paymentDate: body.paymentDate,
          paymentMethodId: method.id,
          vaultToken: method.vaultToken,
          methodLabel: paymentMethodLabel(method),
        });
        await audit.record(tx, {
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
        await idempotency.complete(tx, claim.id, response, payment.id);
        return response;
      });
    },

    async cancelScheduled(actor: PaymentActor, paymentId: string, key: IdempotentRequest): Promise<StoredResponse> {
      return db.transaction(async (tx) => {
        const claim = await idempotency.claim(tx, key, clock.now());
        if (!claim.claimed) return claim.replay;
        const { account, payment } = await lockChangeableScheduled(tx, actor, paymentId);
        const cancelled = await repo.updatePayment(tx, payment.id, { status: 'cancelled' });
        await audit.record(tx, {
          at: clock.now(),
          actorUserId: actor.userId,
          accountId: account.id,
          action: 'payment.cancelled',
          targetId: payment.id,
          data: { amountCents: payment.amountCents, paymentDate: payment.paymentDate },
        });
        const response = { status: 200, body: receiptOf(cancelled, null) };
        await idempotency.complete(tx, claim.id, response, payment.id);
        return response;
      });
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
          if (
            payment.paymentMethodId &&
            !(await wallet.methods.lockLive(tx, payment.accountId, payment.paymentMethodId))
          ) {
            const failed = await repo.updatePayment(tx, payment.id, {
              status: 'failed',
              failureCode: METHOD_DELETED,
              attemptedAt: now,
            });
            await audit.record(tx, {
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
  };
}

export type ScheduledPaymentsService = ReturnType<typeof createScheduledPaymentsService>;
