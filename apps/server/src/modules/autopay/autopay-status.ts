import {
  AppError,
  AUTO_PAY_DISCOUNT_CENTS,
  type AutoPayEnrollment,
  type AutoPayStatus,
  draftAmountCents,
  draftLockedByChange,
  nextDraftDates,
  paymentMethodLabel,
} from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { AccountService } from '../account/account.service';
import type { BillingService } from '../billing/billing.service';
import type { AutoPayRepository } from './autopay.repository';

export type AutoPayStatusDeps = {
  db: Db;
  clock: Clock;
  billing: Pick<BillingService, 'getSummary' | 'hasMobile'>;
  accounts: Pick<AccountService, 'get'>;
  repo: AutoPayRepository;
};

/**
 * What the Auto Pay panel shows (issue 6, issue 14): the enrolments with their next draft and its amount by the draft's
 * own rule, the services, the last failed draft, and the scheduled payments a draft leaves to themselves.
 */
export function createAutoPayStatusReader({ db, clock, billing, accounts, repo }: AutoPayStatusDeps) {
  return async function status(accountId: string, ex: Db | Tx = db): Promise<AutoPayStatus> {
    const account = await accounts.get(ex, accountId);
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
  };
}
