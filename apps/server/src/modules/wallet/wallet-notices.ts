import { dateInZone, isExpiringSoon } from '@vireo/shared';
import type { Db } from '../../db/client';
import { INTL_LOCALE_TAGS } from '../../messages/intl';
import type { Clock } from '../../platform/clock';
import type { Jobs } from '../../platform/jobs';
import { methodName, type NotificationsService } from '../notifications/notifications.service';
import type { WalletRepository } from './wallet.repository';

export type CardExpiryNoticesDeps = {
  db: Db;
  clock: Clock;
  repo: Pick<WalletRepository, 'cardsExpiringBetween' | 'enrolledScopes'>;
  notices: Pick<NotificationsService, 'notifyAccount'>;
  jobs: Pick<Jobs, 'claimOnce'>;
  publicUrl: string;
};

/** Months as one number (year * 12 + month - 1), the order of expiry dates. */
const monthIndex = (year: number, month: number) => year * 12 + month - 1;

/**
 * "Card expiring" (wider-portal.md §3, issue 18 item 4): once a saved card is expiring soon (its last month or the one
 * before, `isExpiringSoon`, in the account's zone; product-decisions.md), its account's billing users are told, on the
 * channels each chose, and whether Auto Pay pays with it. Once per card and expiry date (a unique job key): a card
 * whose expiry is updated to another soon month is told again.
 */
export function createCardExpiryNotices({ db, clock, repo, notices, jobs, publicUrl }: CardExpiryNoticesDeps) {
  return {
    async runExpiringCards(): Promise<number> {
      const now = clock.now();
      // the UTC month, widened by one on each side for the zones ahead of and behind it; each card is then judged on
      // its account's own date
      const [year, month] = dateInZone(now, 'UTC').split('-').map(Number) as [number, number];
      const thisMonth = monthIndex(year, month);
      let told = 0;
      for (const { method, timeZone } of await repo.cardsExpiringBetween(db, thisMonth - 1, thisMonth + 2)) {
        const { expMonth, expYear } = method;
        if (expMonth === null || expYear === null) continue;
        if (!isExpiringSoon(expMonth, expYear, clock.today(timeZone))) continue;
        told += await db.transaction(async (tx) => {
          const claimed = await jobs.claimOnce(
            tx,
            {
              kind: 'card-expiring',
              uniqueKey: `card-expiring:${method.id}:${expYear}-${expMonth}`,
              payload: { accountId: method.accountId },
              runAt: now,
            },
            now,
          );
          if (!claimed) return 0;
          const paysAutoPay = ((await repo.enrolledScopes(tx, method.accountId)).get(method.id) ?? []).length > 0;
          await notices.notifyAccount(tx, {
            accountId: method.accountId,
            event: 'card_expiring',
            kind: 'card-expiring',
            compose: (t, locale) => {
              const values = {
                method: methodName(t, method),
                expiry: new Intl.DateTimeFormat(INTL_LOCALE_TAGS[locale], {
                  month: 'long',
                  year: 'numeric',
                  timeZone: 'UTC',
                }).format(Date.UTC(expYear, expMonth - 1, 1)),
              };
              const body = t('cardExpiring.body', values);
              return {
                subject: t('cardExpiring.subject', values),
                text: paysAutoPay ? `${body}\n\n${t('cardExpiring.autoPay')}` : body,
                action: { label: t('cardExpiring.action'), url: `${publicUrl}/billing/bill-pay-options` },
                sms: t('sms.cardExpiring', values),
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
