import { compareDates, draftAmountCents, draftDateFor, draftMustWait, paymentMethodLabel } from '@vireo/shared';
import type { Db } from '../../db/client';
import { INTL_LOCALE_TAGS, methodLabelIn } from '../../messages/intl';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Jobs } from '../../platform/jobs';
import type { AccountService } from '../account/account.service';
import type { BillingService } from '../billing/billing.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { METHOD_DELETED, newConfirmationNumber, type PaymentsService } from '../payments/payments.service';
import { formatCalendarDate } from '../statements/format';
import type { WalletService } from '../wallet/wallet.service';
import type { AutoPayRepository } from './autopay.repository';

export type AutoPayDraftsDeps = {
  db: Db;
  clock: Clock;
  billing: Pick<BillingService, 'getSummary'>;
  payments: Pick<PaymentsService, 'charge' | 'recordPayment' | 'getPaymentById'>;
  wallet: Pick<WalletService, 'methods'>;
  accounts: Pick<AccountService, 'lock' | 'get'>;
  audit: AuditRepository;
  /** A failed draft is told to the billing users through their notifications matrix (issue 18 item 4). */
  notices: Pick<NotificationsService, 'notifyAccount'>;
  jobs: Pick<Jobs, 'claimOnce'>;
  repo: AutoPayRepository;
};

/** The Auto Pay run (issue 6): the drafts, the e-mail when one fails, then the deferred changes whose draft passed. */
export function createAutoPayDrafts(deps: AutoPayDraftsDeps) {
  const { db, clock, billing, payments, wallet, accounts, audit: auditLog, notices, jobs, repo } = deps;
  return {
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
          const account = await accounts.lock(tx, accountId);
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
          if (
            !(await jobs.claimOnce(
              tx,
              {
                kind: 'autopay-draft',
                uniqueKey: `autopay-draft:${id}:${statement.id}`,
                payload: { accountId },
                runAt: now,
              },
              now,
            ))
          )
            return null;
          if (await repo.autoPayPaidSince(tx, accountId, statement.statementDate)) return null;
          const summary = await billing.getSummary(accountId, tx);
          const amountCents = draftAmountCents(summary.amountDueCents, coming, today);
          if (amountCents <= 0) return null;
          // issue 14: the method must be live in this transaction; a deleted one fails the draft, which is e-mailed
          const [chosen] = await repo.activeMethod(tx, accountId, enrollment.paymentMethodId);
          const method = chosen ?? (await wallet.methods.getById(tx, enrollment.paymentMethodId));
          const payment = await payments.recordPayment(tx, {
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
          await auditLog.record(tx, {
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

  /**
   * Issue 6: a failed draft is told to the account's users who manage billing, each in their language, on the channels
   * of their notifications matrix (payment failed; issue 18 item 4).
   */
  async function notifyFailedDraft(accountId: string, paymentId: string) {
    await db.transaction(async (tx) => {
      const payment = await payments.getPaymentById(tx, paymentId);
      if (!payment) return;
      await notices.notifyAccount(tx, {
        accountId,
        event: 'payment_failed',
        kind: 'autopay-failed',
        compose: (t, locale) => {
          const money = new Intl.NumberFormat(INTL_LOCALE_TAGS[locale], { style: 'currency', currency: 'USD' });
          const values = {
            amount: money.format(payment.amountCents / 100),
            method: methodLabelIn(t, payment.methodLabel),
            // issue 14: the date as the portal shows it in this language, never ISO
            date: formatCalendarDate(payment.paymentDate, locale, 'medium'),
          };
          return {
            subject: t('autopay.failed.subject', values),
            text: t(
              payment.failureCode === METHOD_DELETED ? 'autopay.failed.methodDeleted.body' : 'autopay.failed.body',
              values,
            ),
            sms: t('sms.autopayFailed', values),
          };
        },
      });
    });
  }

  /** Deferred date changes and cancellations whose draft has passed. */
  async function applyDueChanges() {
    const today = clock.today('Pacific/Kiritimati');
    for (const row of await repo.duePendingChanges(db, today)) {
      const account = await accounts.get(db, row.accountId);
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
