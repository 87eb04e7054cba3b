import { addDays, draftDateFor, type IsoDate, STATEMENT_VISIBLE_AFTER_DAYS, startOfDayInZone } from '@vireo/shared';
import type { Executor } from '../../db/client';
import type { JobHandler, Jobs } from '../../platform/jobs';
import { methodName, type NotificationsService } from '../notifications/notifications.service';
import { formatCalendarDate, moneyFormatter } from '../statements/format';
import type { BillingRepository } from './billing.repository';

/** The job that tells an account's billing users their bill is ready (issue 18 item 4, wider-portal.md §3). */
export const BILL_READY_JOB = 'bill-ready';

const END_OF_TIME = '9999-12-31';

type BillReadyPayload = { accountId: string; statementId: string };

/**
 * Queues "bill ready" for a statement the billing run made: due when the statement becomes visible, the day after
 * its date at midnight in the account's zone (product-decisions.md, billing cycle). Once per statement (unique key).
 */
export function queueBillReady(
  ex: Executor,
  jobs: Pick<Jobs, 'enqueue'>,
  statement: { id: string; accountId: string; statementDate: IsoDate },
  timeZone: string,
) {
  const payload: BillReadyPayload = { accountId: statement.accountId, statementId: statement.id };
  return jobs.enqueue(ex, {
    kind: BILL_READY_JOB,
    uniqueKey: `${BILL_READY_JOB}:${statement.id}`,
    payload,
    runAt: startOfDayInZone(addDays(statement.statementDate, STATEMENT_VISIBLE_AFTER_DAYS), timeZone),
  });
}

/**
 * "Bill ready": the statement's total, its due date and, with Auto Pay, the day and method of the draft, with a button
 * to the digital statement; to every billing user of the account, on the channels each chose. A statement that a newer
 * one replaced before the job ran (a billing run catching up several cycles) is not announced.
 */
export function billReadyHandler(deps: {
  repo: Pick<BillingRepository, 'findStatementsByIds' | 'getLatestStatementBefore' | 'findAutoPay'>;
  notices: Pick<NotificationsService, 'notifyAccount'>;
  publicUrl: string;
}): JobHandler {
  const { repo, notices, publicUrl } = deps;
  return async (tx, job) => {
    const { accountId, statementId } = job.payload as BillReadyPayload;
    const [statement] = await repo.findStatementsByIds(tx, [statementId]);
    if (!statement || statement.accountId !== accountId) return;
    const newest = await repo.getLatestStatementBefore(tx, accountId, END_OF_TIME);
    if (newest && newest.id !== statement.id) return;
    const autoPay = await repo.findAutoPay(tx, accountId);
    await notices.notifyAccount(tx, {
      accountId,
      event: 'bill_ready',
      kind: 'bill-ready',
      compose: (t, locale) => {
        const values = {
          amount: moneyFormatter(locale)(statement.totalDueCents),
          dueDate: formatCalendarDate(statement.dueDate, locale, 'medium'),
          statementDate: formatCalendarDate(statement.statementDate, locale, 'long'),
          draftDate: autoPay ? formatCalendarDate(draftDateFor(statement.statementDate, autoPay.debitDay), locale) : '',
          method: autoPay ? methodName(t, autoPay) : '',
        };
        const paying =
          statement.totalDueCents <= 0
            ? t('billReady.nothingDue')
            : autoPay
              ? t('billReady.autoPay', values)
              : t('billReady.payBy', values);
        return {
          subject: t('billReady.subject', values),
          text: `${t('billReady.body', values)}\n\n${paying}`,
          action: { label: t('billReady.action'), url: `${publicUrl}/billing/view-statements/${statement.id}` },
          sms: `${t('sms.billReady', values)} ${paying}`,
        };
      },
    });
  };
}
