import { type Locale, localeOf } from '@vireo/shared';
import type { Db } from '../../db/client';
import { INTL_LOCALE_TAGS, translator } from '../../messages/intl';
import type { Clock } from '../../platform/clock';
import type { Jobs } from '../../platform/jobs';
import type { OutboxRepository } from '../../platform/outbox';
import { eventAt, type NetworkEventRow, type NetworkOps } from '../network-ops/network-ops';
import type { OutageCareRepository } from './outage-care.repository';
import { addressLabel } from './outage-care.service';
import { durationText, servicesText } from './outage-words';

const HOUR_MS = 3_600_000;
/** An outage over longer ago than this is not told any more (a pass missed for a day says nothing late). */
const TELL_WITHIN_MS = 24 * HOUR_MS;
const RESTORE_NOTICE = 'outage-restored';

/**
 * Restore notices (issue 20 item 7, wider-portal.md §8): when an outage is over, every callback live at its end at a
 * location inside its area is told once, on its channel and in its language: one e-mail or one text per callback and
 * outage, however many instances run the pass (the notice is queued in the transaction that claims its unique job
 * key, so a second claimer finds the key taken and queues nothing).
 */
export function createRestoreNotices(deps: {
  db: Db;
  clock: Clock;
  networkOps: NetworkOps;
  repo: OutageCareRepository;
  outbox: Pick<OutboxRepository, 'queueEmail' | 'queueText'>;
  jobs: Pick<Jobs, 'claimOnce'>;
  publicUrl: string;
  brandName: string;
}) {
  const { db, clock, networkOps, repo, outbox, jobs, publicUrl, brandName } = deps;

  function compose(event: NetworkEventRow, endedAt: Date, locale: Locale, timeZone: string, address: string) {
    const t = translator(locale);
    const tag = INTL_LOCALE_TAGS[locale];
    const minutes = Math.round((endedAt.getTime() - event.startsAt.getTime()) / 60_000);
    const values = {
      reference: event.reference,
      region: event.region,
      services: servicesText(t, tag, event.services),
      end: new Intl.DateTimeFormat(tag, {
        timeZone,
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(endedAt),
      duration: durationText(t, tag, minutes),
      address,
      url: `${publicUrl}/outage-callback`,
    };
    return {
      subject: t('outageCare.restored.subject', values),
      text: t('outageCare.restored.body', values),
      action: { label: t('outageCare.restored.action'), url: values.url },
      sms: `${brandName}: ${t('sms.outageCare.restored', values)}`,
    };
  }

  return {
    /** One pass: the outages over within the last day, each told to its callbacks once. Returns the notices queued. */
    async runRestoreNotices(): Promise<number> {
      const now = clock.now();
      const over = (await networkOps.events(db, now, TELL_WITHIN_MS)).flatMap((event) => {
        const endedAt = eventAt(event, now)?.endedAt;
        return event.kind === 'outage' && endedAt ? [{ event, endedAt }] : [];
      });
      let told = 0;
      for (const { event, endedAt } of over) {
        for (const { callback, address, timeZone } of await repo.callbacksLiveAt(db, endedAt)) {
          const point = await networkOps.premises(db, address);
          if (!point || !networkOps.covers(event, point)) continue;
          told += await db.transaction(async (tx) => {
            const claimed = await jobs.claimOnce(
              tx,
              {
                kind: RESTORE_NOTICE,
                uniqueKey: `${RESTORE_NOTICE}:${event.id}:${callback.id}`,
                payload: { accountId: callback.accountId, callbackId: callback.id, reference: event.reference },
                runAt: now,
              },
              now,
            );
            if (!claimed) return 0;
            const locale = localeOf(callback.language, 'en');
            const content = compose(event, endedAt, locale, timeZone, addressLabel(address));
            if (callback.channel === 'email') {
              await outbox.queueEmail(tx, {
                to: callback.destination,
                kind: RESTORE_NOTICE,
                language: locale,
                subject: content.subject,
                text: content.text,
                action: content.action,
                createdAt: now,
              });
            } else {
              await outbox.queueText(tx, {
                to: callback.destination,
                kind: RESTORE_NOTICE,
                language: locale,
                body: content.sms,
                security: false,
                timeZone,
                createdAt: now,
              });
            }
            return 1;
          });
        }
      }
      return told;
    },
  };
}
