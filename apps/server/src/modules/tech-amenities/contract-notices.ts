import { addDays, dateInZone } from '@vireo/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Jobs } from '../../platform/jobs';
import type { NotifyContacts } from '../notifications/contact-notices';
import { formatCalendarDate } from '../statements/format';
import type { TechAmenitiesRepository } from './tech-amenities.repository';

/**
 * How many days before the last day to give notice the contract's contacts are told (wider-portal.md §10 names the
 * notice, not its day: ours). Time zones differ by at most a day, so the pass reads a day more each side.
 */
export const CONTRACT_NOTICE_LEAD_DAYS = 30;
const CONTRACT_NOTICE = 'contract-renewal';

/**
 * The contract's notice (issue 22 item 5, wider-portal.md §10 "which contact receives which notices (…, contract)"):
 * from 30 days before the last day to give notice of a bulk agreement's renewal (or its end, when it does not renew by
 * itself) until that day, the contacts chosen for contract notices are told, once per agreement and term (a claimed
 * job key: exactly once however many instances run the pass), in their language, with the dates on the account's
 * calendar.
 */
export function createContractNotices(deps: {
  db: Db;
  clock: Clock;
  repo: Pick<TechAmenitiesRepository, 'agreementsWithNoticeBy'>;
  jobs: Pick<Jobs, 'claimOnce'>;
  notifyContacts: NotifyContacts;
  publicUrl: string;
}) {
  const { db, clock, repo, jobs, notifyContacts, publicUrl } = deps;
  return {
    /** One pass; returns the messages queued. */
    async runContractNotices(): Promise<number> {
      const now = clock.now();
      const utcToday = dateInZone(now, 'UTC');
      const due = await repo.agreementsWithNoticeBy(
        db,
        addDays(utcToday, -1),
        addDays(utcToday, CONTRACT_NOTICE_LEAD_DAYS + 1),
      );
      let told = 0;
      for (const { agreement, timeZone } of due) {
        const today = dateInZone(now, timeZone);
        const renewal = addDays(agreement.termEnd, 1);
        const noticeBy = addDays(renewal, -agreement.noticeDays);
        if (today > noticeBy || today < addDays(noticeBy, -CONTRACT_NOTICE_LEAD_DAYS)) continue;
        told += await db.transaction(async (tx) => {
          const claimed = await jobs.claimOnce(
            tx,
            {
              kind: CONTRACT_NOTICE,
              uniqueKey: `${CONTRACT_NOTICE}:${agreement.id}:${agreement.termEnd}`,
              payload: { accountId: agreement.accountId, reference: agreement.reference },
              runAt: now,
            },
            now,
          );
          if (!claimed) return 0;
          return notifyContacts(tx, {
            accountId: agreement.accountId,
            notice: 'contract',
            kind: CONTRACT_NOTICE,
            compose: (t, locale) => {
              const values = {
                reference: agreement.reference,
                autoRenews: String(agreement.autoRenews),
                renewal: formatCalendarDate(renewal, locale, 'long'),
                end: formatCalendarDate(agreement.termEnd, locale, 'long'),
                noticeBy: formatCalendarDate(noticeBy, locale, 'long'),
                noticeDays: agreement.noticeDays,
                termMonths: agreement.renewalTermMonths,
              };
              const url = `${publicUrl}/property-contract-details`;
              return {
                subject: t('contractNotice.subject', values),
                text: t('contractNotice.body', values),
                action: { label: t('contractNotice.action'), url },
                sms: t('sms.contractNotice', values),
              };
            },
          });
        });
      }
      return told;
    },
  };
}

export type ContractNotices = ReturnType<typeof createContractNotices>;
