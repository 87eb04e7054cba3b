import {
  AppError,
  type CreatePayLinkRequest,
  type CreatePayLinkResponse,
  localeOf,
  MIN_PAYMENT_CENTS,
  PAY_LINK_PAGE,
  PAY_LINKS_PAGE,
  type PayLink,
  type PayLinkStatus,
  type PayLinksPage,
  type PayLinksQuery,
} from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import { INTL_LOCALE_TAGS, translator } from '../../messages/intl';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { decodeCursor, toPage } from '../../platform/keyset';
import type { OutboxRepository } from '../../platform/outbox';
import { randomToken, sha256 } from '../../platform/tokens';
import type { GuestAdmission } from '../payments/payments.service';
import type { PayLinkRow, PayLinksRepository, PayLinkUsage } from './pay-links.repository';

const DAY_MS = 86_400_000;
const DEFAULT_LIMIT = 20;

export type PayLinksDeps = {
  db: Db;
  clock: Clock;
  repo: PayLinksRepository;
  audit: AuditRepository;
  outbox: Pick<OutboxRepository, 'queueEmail'>;
  publicUrl: string;
  brandName: string;
};

/** The signed-in user acting on the account's links. */
export type PayLinkActor = { accountId: string; userId: string };

type Found = PayLinkUsage & { link: PayLinkRow; firstName: string | null; lastName: string | null };

/**
 * wider-portal.md §1: a link is revoked, else used (every use taken, or less of its cap left than the smallest payment),
 * else expired, else active.
 */
export function statusOf(found: Found, now: Date): PayLinkStatus {
  if (found.link.revokedAt) return 'revoked';
  const left = leftOf(found);
  if (left.usesLeft <= 0 || left.capLeftCents < MIN_PAYMENT_CENTS) return 'used';
  return found.link.expiresAt <= now ? 'expired' : 'active';
}

/** What a link still allows: what its cap has left, and its uses left. */
function leftOf(found: Found) {
  return { capLeftCents: found.link.capCents - found.paidCents, usesLeft: found.link.usesAllowed - found.usesCount };
}

/** The refusal a link that is not active calls for. */
export function refusalOf(status: Exclude<PayLinkStatus, 'active'>): AppError {
  if (status === 'revoked') return new AppError('PAY_LINK_REVOKED', 'pay link revoked');
  if (status === 'used') return new AppError('PAY_LINK_USED', 'pay link used up');
  return new AppError('PAY_LINK_EXPIRED', 'pay link expired');
}

/**
 * Pay links for a bookkeeper (issue 17 item 7, wider-portal.md §1): a `billing.pay` user makes one (a cap on what it
 * pays in all, 1-30 days, 1 to N uses, a note), lists the account's links with their status, and revokes one. A guest
 * who follows a link pays through Quick Pay within its limits (`admission`, in the payment's transaction); each use is
 * an audit entry there, and e-mails the creator once the payment went through (`afterPayment`).
 */
export function createPayLinksService({ db, clock, repo, audit, outbox, publicUrl, brandName }: PayLinksDeps) {
  const view = (found: Found, now: Date): PayLink => ({
    id: found.link.id,
    status: statusOf(found, now),
    capCents: found.link.capCents,
    paidCents: found.paidCents,
    usesAllowed: found.link.usesAllowed,
    usesCount: found.usesCount,
    note: found.link.note,
    createdAt: found.link.createdAt.toISOString(),
    expiresAt: found.link.expiresAt.toISOString(),
    revokedAt: found.link.revokedAt?.toISOString() ?? null,
    createdBy: found.firstName !== null ? { firstName: found.firstName, lastName: found.lastName ?? '' } : null,
  });

  return {
    async create(actor: PayLinkActor, request: CreatePayLinkRequest): Promise<CreatePayLinkResponse> {
      const token = randomToken();
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const link = await repo.insert(tx, {
          accountId: actor.accountId,
          createdByUserId: actor.userId,
          tokenHash: sha256(token),
          capCents: request.capCents,
          usesAllowed: request.usesAllowed,
          note: request.note ?? null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + request.expiresInDays * DAY_MS),
        });
        await audit.record(tx, {
          at: now,
          actorUserId: actor.userId,
          accountId: actor.accountId,
          action: 'pay_link.created',
          targetId: link.id,
          data: { capCents: link.capCents, usesAllowed: link.usesAllowed, expiresAt: link.expiresAt.toISOString() },
        });
        return link.id;
      });
      const found = await repo.find(db, { accountId: actor.accountId, id });
      if (!found) throw new AppError('INTERNAL', 'pay link vanished');
      return { payLink: view(found, now), url: `${publicUrl}${PAY_LINK_PAGE}?link=${token}` };
    },

    async list(actor: PayLinkActor, query: PayLinksQuery): Promise<PayLinksPage> {
      const window = { cursor: decodeCursor(query.cursor), limit: query.limit ?? DEFAULT_LIMIT };
      const { rows, hasOtherSide } = await repo.list(db, actor.accountId, window);
      const now = clock.now();
      const items = rows.map((row) => view(row, now));
      return toPage(items, { ...window, dateOf: (item) => item.createdAt, hasOtherSide });
    },

    /** Revoking a revoked link answers it as it is (nothing changes, no second audit entry). */
    async revoke(actor: PayLinkActor, id: string): Promise<PayLink> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const found = await repo.find(tx, { accountId: actor.accountId, id }, true);
        if (!found) throw new AppError('NOT_FOUND', 'pay link');
        if (found.link.revokedAt) return view(found, now);
        await repo.revoke(tx, id, now);
        await audit.record(tx, {
          at: now,
          actorUserId: actor.userId,
          accountId: actor.accountId,
          action: 'pay_link.revoked',
          targetId: id,
          data: {},
        });
        return view({ ...found, link: { ...found.link, revokedAt: now } }, now);
      });
    },

    /** The active link a token names, with what it still allows (the guest's page shows it); else why not. */
    async usable(token: string) {
      const found = await repo.find(db, { tokenHash: sha256(token) });
      if (!found) throw new AppError('PAY_LINK_UNKNOWN', 'no such pay link');
      const status = statusOf(found, clock.now());
      if (status !== 'active') throw refusalOf(status);
      const { id, accountId, expiresAt, note } = found.link;
      return { id, accountId, limits: { ...leftOf(found), expiresAt: expiresAt.toISOString(), note } };
    },

    /**
     * A payment through the link, in the payment's transaction: the link locked, refused when it is no longer active
     * or the amount is over what its cap has left; else the use is taken and recorded as an audit entry ("Guest").
     */
    admission(payLinkId: string, accountId: string): GuestAdmission {
      return async (tx: Tx, payment) => {
        const found = await repo.find(tx, { accountId, id: payLinkId }, true);
        if (!found) throw new AppError('PAY_LINK_UNKNOWN', 'pay link gone');
        const now = clock.now();
        const status = statusOf(found, now);
        if (status !== 'active') throw refusalOf(status);
        const { capLeftCents } = leftOf(found);
        if (payment.amountCents > capLeftCents) {
          throw new AppError('PAY_LINK_CAP_EXCEEDED', 'over what the pay link has left', {
            fields: [{ path: 'body.amountCents', code: 'payLink.capExceeded' }],
            details: { capLeftCents: String(capLeftCents) },
          });
        }
        await repo.insertUse(tx, {
          payLinkId,
          paymentId: payment.id,
          amountCents: payment.amountCents,
          createdAt: now,
        });
        // wider-portal.md §4: the audit log names a pay link's payer "Guest"
        await audit.record(tx, {
          at: now,
          actorUserId: null,
          accountId,
          action: 'pay_link.used',
          targetId: payLinkId,
          data: { actor: 'guest', paymentId: payment.id, amountCents: payment.amountCents },
        });
      };
    },

    /**
     * After the processor answered a link's payment: a declined one gives its use back; one that went through e-mails
     * the link's creator, once (a replayed answer finds the notice sent).
     */
    async afterPayment(payment: { id: string; status: string; amountCents: number; confirmationNumber: string }) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        if (payment.status === 'failed') {
          await repo.releaseUse(tx, payment.id, now);
          return;
        }
        if (payment.status !== 'successful' && payment.status !== 'pending') return;
        const notice = await repo.claimNotice(tx, payment.id, now);
        if (!notice?.email) return;
        const locale = localeOf(notice.language ?? 'en');
        const t = translator(locale);
        const money = new Intl.NumberFormat(INTL_LOCALE_TAGS[locale], { style: 'currency', currency: 'USD' });
        const values = {
          brand: brandName,
          name: notice.firstName ?? '',
          amount: money.format(payment.amountCents / 100),
          cap: money.format(notice.link.capCents / 100),
          confirmationNumber: payment.confirmationNumber,
          note: notice.link.note ?? '',
          hasNote: notice.link.note ? 'yes' : 'no',
        };
        await outbox.queueEmail(tx, {
          to: notice.email,
          kind: 'pay-link-used',
          language: locale,
          subject: t('payLink.used.subject', values),
          text: t('payLink.used.body', values),
          action: { label: t('payLink.used.action'), url: `${publicUrl}${PAY_LINKS_PAGE}` },
          createdAt: now,
        });
      });
    },
  };
}

export type PayLinksService = ReturnType<typeof createPayLinksService>;
