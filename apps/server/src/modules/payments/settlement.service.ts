import { mobileLineStateFor } from '@vireo/shared';
import type { Tx } from '../../db/client';
import type { JobRow } from '../../platform/jobs';
import { ProcessorUnavailableError } from '../processor/processor.types';
import {
  GIVE_UP_AFTER_MS,
  MOBILE_RESTORE_JOB,
  type PaymentEngine,
  type PaymentsServiceDeps,
  RECONCILE_AFTER_MS,
  RESTORE_JOB,
} from './payment-engine';

/**
 * After the processor answered: bank debits posted or returned, payments left in progress reconciled, and service
 * restored after a payment (the restore jobs this module registers with the platform's job registry).
 */
export function createSettlementService(deps: PaymentsServiceDeps, engine: PaymentEngine) {
  const { db, clock, billing, processor, repo, accounts, audit, jobs } = deps;
  const { finishHeldKey, afterPosting, releaseDevice, drive } = engine;
  /** spec §9: mobile lines interrupted for non-payment come back 1-2 hours after the payment that cleared them. */
  async function restoreMobileLines(tx: Tx, job: JobRow, now: Date) {
    const accountId = String(job.payload.accountId);
    const account = await accounts.lock(tx, accountId);
    if (!account) return;
    const summary = await billing.getSummary(accountId, tx);
    const restored = await repo.restoreMobileLines(tx, accountId, mobileLineStateFor(summary.daysPastDue));
    if (restored > 0) {
      await audit.record(tx, {
        at: now,
        actorUserId: null,
        accountId,
        action: 'mobile.restored',
        targetId: String(job.payload.paymentId),
        data: { lines: restored },
      });
    }
  }

  /** spec §4 / §9: core service restored minutes after a payment leaves nothing past due enough to keep it off. */
  async function restoreCoreService(tx: Tx, job: JobRow, now: Date) {
    const accountId = String(job.payload.accountId);
    const account = await accounts.lock(tx, accountId);
    if (account?.status !== 'soft_disconnected') return;
    const summary = await billing.getSummary(accountId, tx);
    if (summary.delinquencyState !== 'soft_disconnect' && summary.delinquencyState !== 'disconnected') {
      await accounts.setStatus(tx, accountId, 'active');
      await audit.record(tx, {
        at: now,
        actorUserId: null,
        accountId,
        action: 'service.restored',
        targetId: String(job.payload.paymentId),
        data: {},
      });
    }
  }

  jobs.register(RESTORE_JOB, restoreCoreService);
  jobs.register(MOBILE_RESTORE_JOB, restoreMobileLines);

  return {
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
          await audit.record(tx, {
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
            await audit.record(tx, {
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
  };
}

export type SettlementService = ReturnType<typeof createSettlementService>;
