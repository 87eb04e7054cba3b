import {
  AppError,
  AUTO_PAY_DISCOUNT_CENTS,
  type AutoPayChangeResponse,
  type AutoPayEnrollment,
  type AutoPayScope,
  type AutoPayStatus,
  compareDates,
  draftAmountCents,
  draftDateFor,
  draftLockedByChange,
  draftMustWait,
  type IsoDate,
  isDebitDayAllowed,
  nextDraftDates,
  PAYMENTS_PATH,
  paymentMethodLabel,
} from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import { INTL_LOCALE_TAGS, translator } from '../../messages/intl';
import type { BillingService } from '../billing/billing.service';
import { type BillingSystem, BillingSystemError } from '../billing-system/billing-system';
import type { Clock } from '../clock/clock';
import { claimIdempotencyKey, completeIdempotencyKey, type IdempotentRequest } from '../payments/idempotency';
import { isAllowed, isExpiredOn } from '../payments/payment-methods';
import { type PaymentMethodRow, paymentsRepository } from '../payments/payments.repository';
import {
  METHOD_DELETED,
  newConfirmationNumber,
  type PaymentActor,
  type PaymentsService,
} from '../payments/payments.service';
import { formatCalendarDate } from '../statements/format';
import { autopayRepository as repo } from './autopay.repository';

type Part = AutoPayChangeResponse['parts'][number];
type Account = NonNullable<Awaited<ReturnType<typeof paymentsRepository.lockAccount>>>;

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

export type AutoPayServiceDeps = {
  db: Db;
  clock: Clock;
  billing: BillingService;
  payments: PaymentsService;
  billingSystem: BillingSystem;
};

/**
 * Auto Pay and paperless billing (issue 6; spec §4, §5; product-decisions.md, Auto Pay). Enrolments live in the
 * provider's billing system (simulated, with fault knobs); each part of a combined change succeeds or fails on its
 * own and the answer lists the parts.
 */
export function createAutoPayService({ db, clock, billing, payments, billingSystem }: AutoPayServiceDeps) {
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

  async function status(accountId: string, ex: Db | Tx = db): Promise<AutoPayStatus> {
    const account = await paymentsRepository.getAccount(ex, accountId);
    if (!account) throw new AppError('NOT_FOUND', 'account');
    if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
    const today = clock.today(account.timeZone);
    const summary = await billing.getSummary(accountId, ex);
    const rows = await repo.enrolled(ex, accountId);
    const hasMobile = await billing.hasMobile(accountId, ex);
    const latest = await repo.latestAutoPayPayment(ex, accountId);
    const statement = await repo.latestStatementBefore(ex, accountId, today);
    const paidThisCycle = statement ? await repo.autoPayPaidSince(ex, accountId, statement.statementDate) : false;
    const coming = await repo.paymentsToCome(ex, accountId);
    const enrollments: AutoPayEnrollment[] = rows.map(({ enrollment, method }) => {
      const dates = nextDraftDates(enrollment.debitDay, account.cycleDay, today, 2);
      // a draft already made this cycle is not the next one
      const nextDraftDate = (paidThisCycle && dates[0] === today ? dates[1] : dates[0]) ?? null;
      return {
        scope: enrollment.scope,
        paymentMethodId: method.id,
        methodLabel: paymentMethodLabel(method),
        debitDay: enrollment.debitDay,
        nextDraftDate,
        // issue 14: the draft's own rule, so what the card says is what the draft takes
        nextDraftAmountCents:
          enrollment.scope === 'core' ? draftAmountCents(summary.amountDueCents, coming, nextDraftDate ?? today) : 0,
        changesApplyAfter: enrollment.pendingAfter ?? draftLockedByChange(nextDraftDate, today),
        cancellable: enrollment.scope !== 'mobile',
      };
    });
    return {
      enrollments,
      services: hasMobile ? ['core', 'mobile'] : ['core'],
      ineligibleReason: account.status === 'active' ? null : 'disconnected',
      cycleDay: account.cycleDay,
      today,
      paperless: account.paperless,
      lastFailedDraft:
        latest && (latest.status === 'failed' || latest.status === 'returned')
          ? { paymentId: latest.id, paymentDate: latest.paymentDate, amountCents: latest.amountCents }
          : null,
      discountCents: AUTO_PAY_DISCOUNT_CENTS,
      // issue 14: the enrolment flow warns that a draft leaves these to themselves (`scheduledBeforeDraft`)
      scheduledPayments: coming
        .filter((p) => p.status === 'scheduled')
        .map(({ id, paymentDate, amountCents, methodLabel }) => ({ id, paymentDate, amountCents, methodLabel })),
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
    const account = await paymentsRepository.lockAccount(tx, actor.accountId);
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

  async function audit(tx: Tx, actor: PaymentActor, action: string, data: Record<string, unknown>) {
    await paymentsRepository.audit(tx, {
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
    await completeIdempotencyKey(tx, claimId, response);
    return response;
  }

  return {
    getStatus: (actor: PaymentActor) => status(actor.accountId),

    /** The 3-step enrolment (spec §2.4): services and method, debit day, terms; paperless optionally. */
    async enroll(
      actor: PaymentActor,
      body: { services: AutoPayScope[]; paymentMethodId: string; debitDay: number; paperless: boolean },
      key: IdempotentRequest,
    ) {
      return db.transaction(async (tx) => {
        const claim = await claimIdempotencyKey(tx, key, clock.now());
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
        const account = await paymentsRepository.getAccount(db, actor.accountId);
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
        const claim = await claimIdempotencyKey(tx, key, clock.now());
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
        const claim = await claimIdempotencyKey(tx, key, clock.now());
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
        const claim = await claimIdempotencyKey(tx, key, clock.now());
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
        const account = await paymentsRepository.lockAccount(tx, actor.accountId);
        if (!account) throw new AppError('NOT_FOUND', 'account');
        if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
        const result = await attempt('paperless', async () => {
          await repo.setPaperless(tx, account.id, enrolled);
          await audit(tx, actor, enrolled ? 'paperless.enrolled' : 'paperless.unenrolled', {});
        })();
        if (result !== 'ok') throw new AppError('SERVICE_UNAVAILABLE', 'billing system refused paperless');
        return status(account.id, tx);
      });
    },

    /**
     * The Auto Pay run (issue 6): every core enrolment whose draft date for the latest statement has come is
     * drafted once — the statement balance minus payments pending, in progress or scheduled by the draft date
     * (`draftAmountCents`, issue 14), nothing when that is zero or less; it waits while one due by today has no outcome. The claim is a
     * unique job key, so two instances over the same accounts make each draft once. Then deferred changes apply.
     */
    async runDrafts(): Promise<number> {
      let drafted = 0;
      const now = clock.now();
      for (const { id, accountId } of await repo.coreEnrollments(db)) {
        const draft = await db.transaction(async (tx) => {
          // the account's writers (payments, wallet changes) wait while the draft reads what is coming and charges
          const account = await paymentsRepository.lockAccount(tx, accountId);
          const enrollment = await repo.getEnrollment(tx, id);
          if (enrollment?.status !== 'enrolled' || !account) return null;
          const today = clock.today(account.timeZone);
          const statement = await repo.latestStatementBefore(tx, accountId, today);
          if (!statement) return null;
          const draftDate = draftDateFor(statement.statementDate, enrollment.debitDay);
          if (compareDates(draftDate, today) > 0) return null;
          // issue 14: a payment due by today without an outcome yet runs first; the next pass drafts what is left
          const coming = await repo.paymentsToCome(tx, accountId);
          if (draftMustWait(coming, today)) return null;
          if (!(await repo.claimDraft(tx, `autopay-draft:${id}:${statement.id}`, { accountId }, now))) return null;
          if (await repo.autoPayPaidSince(tx, accountId, statement.statementDate)) return null;
          const summary = await billing.getSummary(accountId, tx);
          const amountCents = draftAmountCents(summary.amountDueCents, coming, today);
          if (amountCents <= 0) return null;
          // issue 14: the method must be live in this transaction; a deleted one fails the draft, which is e-mailed
          const [chosen] = await repo.activeMethod(tx, accountId, enrollment.paymentMethodId);
          const method = chosen ?? (await paymentsRepository.getMethodById(tx, enrollment.paymentMethodId));
          const payment = await paymentsRepository.insertPayment(tx, {
            accountId,
            confirmationNumber: newConfirmationNumber(),
            amountCents,
            paymentMethodId: enrollment.paymentMethodId,
            vaultToken: chosen?.vaultToken ?? null,
            methodLabel: method ? paymentMethodLabel(method) : '',
            paymentDate: today,
            status: chosen ? 'processing' : 'failed',
            failureCode: chosen ? null : METHOD_DELETED,
            channel: 'autoPay',
            enteredByUserId: null,
            entryDate: now,
            attemptedAt: now,
          });
          await paymentsRepository.audit(tx, {
            at: now,
            actorUserId: null,
            accountId,
            action: chosen ? 'payment.submitted' : 'payment.failed',
            targetId: payment.id,
            data: {
              amountCents,
              method: payment.methodLabel,
              channel: 'autoPay',
              ...(chosen ? {} : { failureCode: METHOD_DELETED }),
            },
          });
          return { paymentId: payment.id, failed: !chosen };
        });
        if (!draft) continue;
        drafted++;
        if (draft.failed) {
          await notifyFailedDraft(accountId, draft.paymentId);
          continue;
        }
        const settled = await payments.charge(draft.paymentId);
        if (settled?.status === 'failed') await notifyFailedDraft(settled.accountId, settled.id);
      }
      await applyDueChanges();
      return drafted;
    },
  };

  /** Issue 6: a failed draft is e-mailed (outbox) to the account's users who manage billing, in their language. */
  async function notifyFailedDraft(accountId: string, paymentId: string) {
    await db.transaction(async (tx) => {
      const payment = await paymentsRepository.getPaymentById(tx, paymentId);
      if (!payment) return;
      for (const contact of await repo.billingContacts(tx, accountId)) {
        const locale = contact.language === 'es' ? 'es' : 'en';
        const t = translator(locale);
        const money = new Intl.NumberFormat(INTL_LOCALE_TAGS[locale], { style: 'currency', currency: 'USD' });
        const values = {
          amount: money.format(payment.amountCents / 100),
          method: payment.methodLabel,
          // issue 14: the date as the portal shows it in this language, never ISO
          date: formatCalendarDate(payment.paymentDate, locale, 'medium'),
        };
        await paymentsRepository.queueEmail(tx, {
          toAddress: contact.email,
          subject: t('autopay.failed.subject', values),
          body: t(
            payment.failureCode === METHOD_DELETED ? 'autopay.failed.methodDeleted.body' : 'autopay.failed.body',
            values,
          ),
          createdAt: clock.now(),
        });
      }
    });
  }

  /** Deferred date changes and cancellations whose draft has passed. */
  async function applyDueChanges() {
    const today = clock.today('Pacific/Kiritimati');
    for (const row of await repo.duePendingChanges(db, today)) {
      const account = await paymentsRepository.getAccount(db, row.accountId);
      if (!account || !row.pendingAfter) continue;
      if (compareDates(row.pendingAfter, clock.today(account.timeZone)) >= 0) continue;
      await repo.updateEnrollment(
        db,
        row.id,
        row.pendingCancel
          ? { status: 'cancelled', cancelledAt: clock.now(), pendingCancel: false, pendingAfter: null }
          : { debitDay: row.pendingDebitDay ?? row.debitDay, pendingDebitDay: null, pendingAfter: null },
      );
    }
  }
}

export type AutoPayService = ReturnType<typeof createAutoPayService>;
