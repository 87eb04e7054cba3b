import { AUTOPAY_UPCOMING_NOTICE_DAYS, daysBetween, draftAmountCents, draftDateFor } from '@vireo/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Jobs } from '../../platform/jobs';
import type { AccountService } from '../account/account.service';
import type { BillingService } from '../billing/billing.service';
import { methodName, type NotificationsService } from '../notifications/notifications.service';
import { formatCalendarDate, moneyFormatter } from '../statements/format';
import type { AutoPayRepository } from './autopay.repository';

export type AutoPayNoticesDeps = {
  db: Db;
  clock: Clock;
  billing: Pick<BillingService, 'getSummary'>;
  accounts: Pick<AccountService, 'get'>;
  notices: Pick<NotificationsService, 'notifyAccount'>;
  jobs: Pick<Jobs, 'claimOnce'>;
  repo: AutoPayRepository;
  publicUrl: string;
};

/**
 * "Auto Pay draft coming" (wider-portal.md §3, issue 18 item 4): AUTOPAY_UPCOMING_NOTICE_DAYS before the draft of the
 * latest visible statement, its amount (the rule the draft applies: `draftAmountCents`), date and method, to the
 * account's billing users on the channels each chose. Once per enrolment and statement (a unique job key); nothing
 * when the draft would charge nothing, has been made, or its method was removed (the draft's failure is told then).
 */
export function createAutoPayNotices(deps: AutoPayNoticesDeps) {
  const { db, clock, billing, accounts, notices, jobs, repo, publicUrl } = deps;
  return {
    async runUpcomingNotices(): Promise<number> {
      let told = 0;
      for (const { id, accountId } of await repo.coreEnrollments(db)) {
        told += await db.transaction(async (tx) => {
          const enrollment = await repo.getEnrollment(tx, id);
          const account = await accounts.get(tx, accountId);
          if (enrollment?.status !== 'enrolled' || !account) return 0;
          const today = clock.today(account.timeZone);
          const statement = await repo.latestStatementBefore(tx, accountId, today);
          if (!statement) return 0;
          const draftDate = draftDateFor(statement.statementDate, enrollment.debitDay);
          const daysAhead = daysBetween(today, draftDate);
          if (daysAhead < 1 || daysAhead > AUTOPAY_UPCOMING_NOTICE_DAYS) return 0;
          if (await repo.autoPayPaidSince(tx, accountId, statement.statementDate)) return 0;
          const [method] = await repo.activeMethod(tx, accountId, enrollment.paymentMethodId);
          if (!method) return 0;
          const summary = await billing.getSummary(accountId, tx);
          const amountCents = draftAmountCents(
            summary.amountDueCents,
            await repo.paymentsToCome(tx, accountId),
            draftDate,
          );
          if (amountCents <= 0) return 0;
          const now = clock.now();
          const claimed = await jobs.claimOnce(
            tx,
            {
              kind: 'autopay-upcoming',
              uniqueKey: `autopay-upcoming:${id}:${statement.id}`,
              payload: { accountId },
              runAt: now,
            },
            now,
          );
          if (!claimed) return 0;
          await notices.notifyAccount(tx, {
            accountId,
            event: 'autopay_upcoming',
            kind: 'autopay-upcoming',
            compose: (t, locale) => {
              const values = {
                amount: moneyFormatter(locale)(amountCents),
                date: formatCalendarDate(draftDate, locale, 'medium'),
                dueDate: formatCalendarDate(statement.dueDate, locale, 'medium'),
                method: methodName(t, method),
              };
              return {
                subject: t('autopayUpcoming.subject', values),
                text: t('autopayUpcoming.body', values),
                action: { label: t('autopayUpcoming.action'), url: `${publicUrl}/billing/bill-pay-options` },
                sms: t('sms.autopayUpcoming', values),
              };
            },
          });
          return 1;
        });
      }
      return told;
    },
  };
}
