import {
  AppError,
  type MakePaymentResponse,
  maskCompanyName,
  QUICK_PAY_SESSION_MINUTES,
  type QuickPayLinkResponse,
  type QuickPayLookupRequest,
  type QuickPayLookupResponse,
  type QuickPayPaymentRequest,
  type QuickPayPaymentResponse,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { IdempotentRequest, StoredResponse } from '../../platform/idempotency';
import { randomToken, safeEqual, sha256 } from '../../platform/tokens';
import type { AccountService } from '../account/account.service';
import type { PaymentsService } from '../payments/payments.service';
import type { PayLinksService } from './pay-links.service';
import type { QuickPayRepository } from './quick-pay.repository';

export type QuickPayDeps = {
  db: Db;
  clock: Clock;
  repo: QuickPayRepository;
  accounts: Pick<AccountService, 'findByNumber' | 'findById'>;
  payments: Pick<PaymentsService, 'guestOptions' | 'payAsGuest'>;
  payLinks: Pick<PayLinksService, 'usable' | 'admission' | 'afterPayment'>;
  audit: AuditRepository;
};

/** What a Quick Pay token opens: the account, and the pay link it came through (null for a lookup). */
export type QuickPaySession = { accountId: string; payLinkId: string | null };
type FoundAccount = NonNullable<Awaited<ReturnType<AccountService['findByNumber']>>>;

/** The request of a guest's payment as the idempotency store keys it (its body is bound to the key). */
export type GuestKey = { key: string; method: string; path: string };

/** A ZIP no service address has: an unknown account's number is compared with it, as a known one's ZIP would be. */
const NO_ZIP = '\u0000\u0000\u0000\u0000\u0000';

/**
 * Quick Pay (issue 17 item 6, wider-portal.md §1 `/wg/pay-bill`): account number + service ZIP -> the amount due with
 * the company masked and a session token -> a one-time payment with a new card or bank account (the card vault's
 * guest door, then the payments module's engine, exactly once) -> the receipt, e-mailed to the typed address.
 * Never the saved wallet, never the account's details. An unknown account and a wrong ZIP get one answer, for the
 * same work.
 */
export function createQuickPayService({ db, clock, repo, accounts, payments, payLinks, audit }: QuickPayDeps) {
  /** The amount due and a new session for an account the guest has proved (its ZIP, or a pay link). */
  async function open(account: FoundAccount, payLinkId: string | null): Promise<QuickPayLookupResponse> {
    // product-decisions.md: enterprise billing lives on its own site
    if (account.isEnterprise) throw new AppError('BILLING_SUPPRESSED', 'enterprise billing site');
    const options = await payments.guestOptions(account.id);
    // product-decisions.md restrictions: "both" leaves no way to pay online ("Payment Method Unavailable", spec §8)
    if (options.restriction === 'both') throw new AppError('PAYMENT_METHOD_UNAVAILABLE', 'both');
    const token = randomToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + QUICK_PAY_SESSION_MINUTES * 60_000);
    await db.transaction(async (tx) => {
      await repo.deleteExpired(tx, now);
      const session = await repo.insertSession(tx, {
        tokenHash: sha256(token),
        accountId: account.id,
        payLinkId,
        createdAt: now,
        expiresAt,
      });
      // wider-portal.md §4: the audit log names a Quick Pay payer "Guest"
      await audit.record(tx, {
        at: now,
        actorUserId: null,
        accountId: account.id,
        action: 'quick_pay.opened',
        targetId: session.id,
        data: { actor: 'guest', ...(payLinkId ? { payLinkId } : {}) },
      });
    });
    return {
      quickPayToken: token,
      expiresAt: expiresAt.toISOString(),
      company: maskCompanyName(account.companyName),
      amountDueCents: options.amountDueCents,
      dueDate: options.dueDate,
      pastDueCents: options.pastDueCents,
      minCents: options.minCents,
      maxCents: options.maxCents,
      restriction: options.restriction,
      today: options.today,
    };
  }

  /** What a Quick Pay token opens, while it lasts; else QUICK_PAY_SESSION_EXPIRED (unknown tokens too). */
  async function sessionOf(quickPayToken: string): Promise<QuickPaySession> {
    const session = await repo.findSession(db, sha256(quickPayToken));
    if (!session || session.expiresAt <= clock.now()) {
      throw new AppError('QUICK_PAY_SESSION_EXPIRED', 'Quick Pay session unknown or expired');
    }
    return { accountId: session.accountId, payLinkId: session.payLinkId };
  }

  return {
    async lookup(request: QuickPayLookupRequest): Promise<QuickPayLookupResponse> {
      const account = await accounts.findByNumber(db, request.billingAccount);
      const zipMatches = safeEqual(account?.serviceZip ?? NO_ZIP, request.zip);
      if (!account || !zipMatches) throw new AppError('QUICK_PAY_NOT_FOUND', 'no account with this number and ZIP');
      // past this point the guest has shown the account number and its ZIP: the refusals may say why
      return open(account, null);
    },

    /**
     * A pay link (issue 17 item 7): Quick Pay for the link's account with nothing else revealed, and what the link
     * has left; a link unknown, expired, revoked or used up is refused with its own code.
     */
    async openLink(token: string): Promise<QuickPayLinkResponse> {
      const link = await payLinks.usable(token);
      const account = await accounts.findById(db, link.accountId);
      if (!account) throw new AppError('PAY_LINK_UNKNOWN', 'pay link account gone');
      return { ...(await open(account, link.id)), payLink: link.limits };
    },

    sessionOf,

    /** The account a Quick Pay token is bound to (the card vault's guest door). */
    async accountOf(quickPayToken: string): Promise<string> {
      return (await sessionOf(quickPayToken)).accountId;
    },

    /**
     * The guest's payment through the payments engine. The Idempotency-Key is scoped to the account and bound to the
     * body without the Quick Pay token, so a retry after a new lookup (a new token) is the same payment, not a second.
     * Answers the engine's stored response (card testing reads it); `receiptOf` turns it into the guest's answer.
     */
    async pay(session: QuickPaySession, request: QuickPayPaymentRequest, key: GuestKey): Promise<StoredResponse> {
      const { accountId, payLinkId } = session;
      const { quickPayToken: _session, ...payment } = request;
      const idempotent: IdempotentRequest = {
        ...key,
        userId: null,
        guestScope: `quick-pay:${accountId}`,
        body: payment,
      };
      const stored = await payments.payAsGuest(
        {
          accountId,
          email: request.email,
          language: request.language,
          // a pay link's limits are checked, and its use taken, in the payment's transaction
          ...(payLinkId ? { admit: payLinks.admission(payLinkId, accountId) } : {}),
        },
        { amountCents: request.amountCents, token: request.methodToken },
        idempotent,
      );
      const paid = (stored.body as MakePaymentResponse).payment;
      if (payLinkId && paid) await payLinks.afterPayment(paid);
      return stored;
    },

    /** The guest's answer: the receipt (confirmation number, amount, method's last four, date, status) or why not. */
    receiptOf(stored: StoredResponse): { status: number; body: QuickPayPaymentResponse } {
      const body = stored.body as MakePaymentResponse;
      const payment = body.payment;
      if (body.outcome !== 'success' || !payment || (payment.status !== 'pending' && payment.status !== 'successful')) {
        return { status: stored.status, body: { outcome: 'failure', receipt: null, paymentError: body.paymentError } };
      }
      return {
        status: stored.status,
        body: {
          outcome: 'success',
          receipt: {
            confirmationNumber: payment.confirmationNumber,
            amountCents: payment.amountCents,
            methodLabel: payment.methodLabel,
            paymentDate: payment.paymentDate,
            status: payment.status,
            entryDate: payment.entryDate,
            emailedTo: payment.emailedTo,
          },
          paymentError: null,
        },
      };
    },
  };
}

export type QuickPayService = ReturnType<typeof createQuickPayService>;
