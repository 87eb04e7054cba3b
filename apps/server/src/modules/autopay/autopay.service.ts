import {
  AppError,
  type AuditAction,
  type AutoPayChangeResponse,
  type AutoPayScope,
  draftLockedByChange,
  type IsoDate,
  isDebitDayAllowed,
  nextDraftDates,
  PAYMENTS_PATH,
  paymentMethodLabel,
} from '@vireo/shared';
import type { Tx } from '../../db/client';
import { type IdempotencyStore, type IdempotentRequest } from '../../platform/idempotency';
import type { AccountService } from '../account/account.service';
import type { BillingService } from '../billing/billing.service';
import { type BillingSystem, BillingSystemError } from '../billing-system/billing-system';
import { type PaymentActor, type PaymentsService } from '../payments/payments.service';
import { isAllowed, isExpiredOn } from '../wallet/payment-methods';
import type { PaymentMethodRow } from '../wallet/wallet.service';
import { type AutoPayDraftsDeps, createAutoPayDrafts } from './autopay-drafts.service';
import { type AutoPayNoticesDeps, createAutoPayNotices } from './autopay-notices';
import { type AutoPayStatusDeps, createAutoPayStatusReader } from './autopay-status';

type Part = AutoPayChangeResponse['parts'][number];
type Account = NonNullable<Awaited<ReturnType<AccountService['lock']>>>;

/** spec §8 titles, as codes the web translates, for a part the billing system refused. */
const PART_ERRORS = {
  autopayEnroll: 'AUTOPAY_ENROLLMENT_FAILED',
  autopayCancel: 'AUTOPAY_CANCEL_FAILED',
  autopayChangeDate: 'AUTOPAY_DATE_CHANGE_FAILED',
  paperless: 'PAPERLESS_ENROLLMENT_FAILED',
} as const;

function outcomeOf(parts: Part[]): AutoPayChangeResponse['outcome'] {
  const done = parts.filter((p) => p.result !== 'skipped');
  const ok = done.filter((p) => p.result === 'ok').length;
  return ok === done.length ? 'success' : ok === 0 ? 'failure' : 'partial';
}

/** What the service calls itself, plus what it hands on to the Auto Pay run and the status reader. */
export type AutoPayServiceDeps = AutoPayDraftsDeps &
  AutoPayNoticesDeps &
  AutoPayStatusDeps & {
    billing: Pick<BillingService, 'getSummary' | 'hasMobile'>;
    payments: Pick<PaymentsService, 'makePayment'>;
    billingSystem: BillingSystem;
    idempotency: Pick<IdempotencyStore, 'claim' | 'complete'>;
  };

/**
 * Auto Pay and paperless billing (issue 6; spec §4, §5; product-decisions.md, Auto Pay). Enrolments live in the
 * provider's billing system (simulated, with fault knobs); each part of a combined change succeeds or fails on its
 * own and the answer lists the parts.
 */
export function createAutoPayService(deps: AutoPayServiceDeps) {
  const { db, clock, billing, payments, billingSystem, accounts, audit: auditLog, repo, idempotency } = deps;
  const drafts = createAutoPayDrafts(deps);
  const upcoming = createAutoPayNotices(deps);
  const status = createAutoPayStatusReader(deps);
  /** One billing-system call as a part of a combined change: ok, or the part's error. */
  function attempt(operation: keyof typeof PART_ERRORS, work: () => void | Promise<void>) {
    return async (): Promise<string> => {
      try {
        billingSystem.call(operation);
        await work();
        return 'ok';
      } catch (error) {
        if (error instanceof BillingSystemError) return PART_ERRORS[operation];
        throw error;
      }
    };
  }

  /** spec §4/§5: the method must be usable for every chosen service (mobile: cards only; no expired card). */
  function checkMethod(method: PaymentMethodRow, account: Account, services: AutoPayScope[], today: IsoDate) {
    if (!isAllowed(method.type, account.paymentRestriction)) {
      throw new AppError('PAYMENT_METHOD_UNAVAILABLE', account.paymentRestriction);
    }
    if (services.includes('mobile') && method.type !== 'card') {
      throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'mobile Auto Pay accepts cards only');
    }
    if (method.cardFunding === 'prepaid') throw new AppError('PREPAID_NOT_SAVED', 'prepaid cards cannot be used');
    if (isExpiredOn(method, today)) throw new AppError('CARD_EXPIRED', 'expired card');
  }

  /** The next draft if it is within 2 days: a change made now applies after it (product-decisions.md). */
  function imminentDraft(debitDay: number, cycleDay: number, today: IsoDate) {
    return draftLockedByChange(nextDraftDates(debitDay, cycleDay, today, 1)[0] ?? null, today);
  }

  function checkDebitDay(day: number, cycleDay: number, today: IsoDate) {
    if (!isDebitDayAllowed(day, cycleDay, today)) {
      throw new AppError('VALIDATION_FAILED', `debit day ${day} would be late`, {
        fields: [{ path: 'body.debitDay', code: 'autopay.debitDay.late' }],
      });
    }
  }

  /** Locks the account and checks what every Auto Pay change needs. */
  async function lockForChange(tx: Tx, actor: PaymentActor, services: AutoPayScope[]) {
    const account = await accounts.lock(tx, actor.accountId);
    if (!account) throw new AppError('NOT_FOUND', 'account');
    if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
    const available: AutoPayScope[] = (await billing.hasMobile(account.id, tx)) ? ['core', 'mobile'] : ['core'];
    if (services.some((s) => !available.includes(s))) {
      throw new AppError('VALIDATION_FAILED', 'service not on this account', {
        fields: [{ path: 'body.services', code: 'autopay.services.unknown' }],
      });
    }
    const today = clock.today(account.timeZone);
    const enrolled = await repo.enrolled(tx, account.id);
    return { account, today, enrolled };
  }

  async function method(tx: Tx, accountId: string, id: string) {
    const [row] = await repo.activeMethod(tx, accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'payment method');
    return row;
  }

  async function audit(tx: Tx, actor: PaymentActor, action: AuditAction, data: Record<string, unknown>) {
    await auditLog.record(tx, {
      at: clock.now(),
      actorUserId: actor.userId,
      accountId: actor.accountId,
      action,
      data,
    });
  }

  async function respond(tx: Tx, claimId: string, actor: PaymentActor, parts: Part[]) {
    const body: AutoPayChangeResponse = { outcome: outcomeOf(parts), parts, status: await status(actor.accountId, tx) };
    const response = { status: 200, body };
    await idempotency.complete(tx, claimId, response);
    return response;
  }

  return {
    /** The account's live enrolments, core and mobile (mobile billing reads them: `mobileAutoPayOf`, ADR 011). */
    enrolments(accountId: string) {
      return repo.enrolled(db, accountId);
    },

    getStatus: (actor: PaymentActor) => status(actor.accountId),

    /** The 3-step enrolment (spec §2.4): services and method, debit day, terms; paperless optionally. */
    async enroll(
      actor: PaymentActor,
      body: { services: AutoPayScope[]; paymentMethodId: string; debitDay: number; paperless: boolean },
      key: IdempotentRequest,
    ) {
      return db.transaction(async (tx) => {
        const claim = await idempotency.claim(tx, key, clock.now());
        if (!claim.claimed) return claim.replay;
        const { account, today, enrolled } = await lockForChange(tx, actor, body.services);
        if (account.status !== 'active') throw new AppError('AUTOPAY_INELIGIBLE', 'disconnected accounts cannot enrol');
        if (enrolled.some((e) => body.services.includes(e.enrollment.scope))) {
          throw new AppError('CONFLICT', 'already enrolled');
        }
        const chosen = await method(tx, account.id, body.paymentMethodId);
        checkMethod(chosen, account, body.services, today);
        checkDebitDay(body.debitDay, account.cycleDay, today);
        const parts: Part[] = [];
        for (const scope of body.services) {
          const result = await attempt('autopayEnroll', async () => {
            await repo.insertEnrollment(tx, {
              accountId: account.id,
              scope,
              paymentMethodId: chosen.id,
              debitDay: body.debitDay,
              status: 'enrolled',
              enrolledAt: clock.now(),
            });
            await audit(tx, actor, 'autopay.enrolled', {
              scope,
              method: paymentMethodLabel(chosen),
              day: body.debitDay,
            });
          })();
          parts.push({ part: scope, result });
        }
        parts.push({
          part: 'paperless',
          result:
            body.paperless && !account.paperless
              ? await attempt('paperless', async () => {
                  await repo.setPaperless(tx, account.id, true);
                  await audit(tx, actor, 'paperless.enrolled', {});
                })()
              : 'skipped',
        });
        return respond(tx, claim.id, actor, parts);
      });
    },

    /**
     * spec §4: changing the method cancels and re-enrols, so the result can be partial. With a past-due balance, a
     * same-day payment of the past-due amount runs first with the new method; if it fails, nothing else changes.
     */
    async changeMethod(
      actor: PaymentActor,
      body: { services: AutoPayScope[]; paymentMethodId: string },
      key: IdempotentRequest,
    ) {
      const summary = await billing.getSummary(actor.accountId);
      let pastDue: Part | null = null;
      if (summary.pastDueCents > 0) {
        const account = await accounts.get(db, actor.accountId);
        const paid = await payments
          .makePayment(
            actor,
            {
              amountCents: summary.pastDueCents,
              paymentDate: clock.today(account?.timeZone ?? 'America/New_York'),
              method: { paymentMethodId: body.paymentMethodId },
            },
            // the payment has its own key, derived from this request's: a retry cannot pay twice
            { ...key, key: `${key.key}#past-due`, path: PAYMENTS_PATH, body: { of: key.key } },
          )
          .then(
            (stored) => {
              const response = stored.body as { paymentError: string | null };
              return response.paymentError ?? 'ok';
            },
            (error: unknown) => (error instanceof AppError ? error.code : Promise.reject(error)),
          );
        pastDue = { part: 'pastDuePayment', result: paid };
      }
      return db.transaction(async (tx) => {
        const claim = await idempotency.claim(tx, key, clock.now());
        if (!claim.claimed) return claim.replay;
        const { account, today, enrolled } = await lockForChange(tx, actor, body.services);
        const chosen = await method(tx, account.id, body.paymentMethodId);
        checkMethod(chosen, account, body.services, today);
        const parts: Part[] = pastDue ? [pastDue] : [];
        if (pastDue && pastDue.result !== 'ok') {
          for (const scope of body.services) parts.push({ part: scope, result: 'skipped' });
          return respond(tx, claim.id, actor, parts);
        }
        for (const scope of body.services) {
          const current = enrolled.find((e) => e.enrollment.scope === scope)?.enrollment;
          if (!current) throw new AppError('NOT_FOUND', `no ${scope} Auto Pay`);
          const cancelled = await attempt('autopayCancel', async () => {
            await repo.updateEnrollment(tx, current.id, { status: 'cancelled', cancelledAt: clock.now() });
          })();
          parts.push({ part: 'cancel', result: cancelled === 'ok' ? 'ok' : 'AUTOPAY_METHOD_UPDATE_FAILED' });
          if (cancelled !== 'ok') {
            parts.push({ part: scope, result: 'skipped' });
            continue;
          }
          const result = await attempt('autopayEnroll', async () => {
            await repo.insertEnrollment(tx, {
              accountId: account.id,
              scope,
              paymentMethodId: chosen.id,
              debitDay: current.debitDay,
              status: 'enrolled',
              enrolledAt: clock.now(),
              pendingDebitDay: current.pendingDebitDay,
              pendingAfter: current.pendingAfter,
            });
          })();
          // cancelled but not re-enrolled: the account has no Auto Pay for this service now, and is told so
          parts.push({ part: scope, result: result === 'ok' ? 'ok' : 'AUTOPAY_ENROLLMENT_FAILED' });
          await audit(tx, actor, result === 'ok' ? 'autopay.method_changed' : 'autopay.cancelled', {
            scope,
            method: paymentMethodLabel(chosen),
          });
        }
        return respond(tx, claim.id, actor, parts);
      });
    },

    async changeDate(
      actor: PaymentActor,
      body: { services: AutoPayScope[]; debitDay: number },
      key: IdempotentRequest,
    ) {
      return db.transaction(async (tx) => {
        const claim = await idempotency.claim(tx, key, clock.now());
        if (!claim.claimed) return claim.replay;
        const { account, today, enrolled } = await lockForChange(tx, actor, body.services);
        checkDebitDay(body.debitDay, account.cycleDay, today);
        const parts: Part[] = [];
        for (const scope of body.services) {
          const current = enrolled.find((e) => e.enrollment.scope === scope)?.enrollment;
          if (!current) throw new AppError('NOT_FOUND', `no ${scope} Auto Pay`);
          const locked = imminentDraft(current.debitDay, account.cycleDay, today);
          const result = await attempt('autopayChangeDate', async () => {
            await repo.updateEnrollment(
              tx,
              current.id,
              locked
                ? { pendingDebitDay: body.debitDay, pendingAfter: locked }
                : { debitDay: body.debitDay, pendingDebitDay: null, pendingAfter: null },
            );
            await audit(tx, actor, 'autopay.date_changed', { scope, day: body.debitDay, appliesAfter: locked });
          })();
          parts.push({ part: scope, result });
        }
        return respond(tx, claim.id, actor, parts);
      });
    },

    /** Cancel / unenroll; mobile cannot (spec §4); within 2 days of a draft it applies after that draft. */
    async cancel(actor: PaymentActor, body: { services: AutoPayScope[] }, key: IdempotentRequest) {
      return db.transaction(async (tx) => {
        const claim = await idempotency.claim(tx, key, clock.now());
        if (!claim.claimed) return claim.replay;
        if (body.services.includes('mobile')) {
          throw new AppError('AUTOPAY_NOT_CANCELLABLE', 'mobile service requires Auto Pay');
        }
        const { account, today, enrolled } = await lockForChange(tx, actor, body.services);
        const parts: Part[] = [];
        for (const scope of body.services) {
          const current = enrolled.find((e) => e.enrollment.scope === scope)?.enrollment;
          if (!current) throw new AppError('NOT_FOUND', `no ${scope} Auto Pay`);
          const locked = imminentDraft(current.debitDay, account.cycleDay, today);
          const result = await attempt('autopayCancel', async () => {
            await repo.updateEnrollment(
              tx,
              current.id,
              locked
                ? { pendingCancel: true, pendingAfter: locked }
                : { status: 'cancelled', cancelledAt: clock.now() },
            );
            await audit(tx, actor, 'autopay.cancelled', { scope, appliesAfter: locked });
          })();
          parts.push({ part: scope, result: result === 'ok' ? 'ok' : 'AUTOPAY_CANCEL_FAILED' });
        }
        return respond(tx, claim.id, actor, parts);
      });
    },

    async setPaperless(actor: PaymentActor, enrolled: boolean) {
      return db.transaction(async (tx) => {
        const account = await accounts.lock(tx, actor.accountId);
        if (!account) throw new AppError('NOT_FOUND', 'account');
        if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
        // nothing changes (a checkout replayed, a second click): no write, no audit entry
        if (account.paperless === enrolled) return status(account.id, tx);
        const result = await attempt('paperless', async () => {
          await repo.setPaperless(tx, account.id, enrolled);
          await audit(tx, actor, enrolled ? 'paperless.enrolled' : 'paperless.unenrolled', {});
        })();
        if (result !== 'ok') throw new AppError('SERVICE_UNAVAILABLE', 'billing system refused paperless');
        return status(account.id, tx);
      });
    },

    runDrafts: drafts.runDrafts,
    /** "Auto Pay draft coming", 3 days ahead (issue 18 item 4). */
    runUpcomingNotices: upcoming.runUpcomingNotices,
  };
}

export type AutoPayService = ReturnType<typeof createAutoPayService>;
