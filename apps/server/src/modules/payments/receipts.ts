import { type Locale, localeOf, type PaymentReceipt } from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import { INTL_LOCALE_TAGS, methodLabelIn, type Translate, translator } from '../../messages/intl';
import type { Clock } from '../../platform/clock';
import type { OutboxRepository } from '../../platform/outbox';
import type { NoticeContent, NotificationsService } from '../notifications/notifications.service';
import { formatCalendarDate } from '../statements/format';
import type { PaymentRow, PaymentsRepository } from './payments.repository';

type ReceiptDeps = {
  db: Db;
  clock: Clock;
  brandName: string;
  repo: Pick<PaymentsRepository, 'getUser'>;
  outbox: Pick<OutboxRepository, 'queueEmail'>;
  /** A payer who is a user is told through their notifications matrix (issue 18 item 4). */
  notices: Pick<NotificationsService, 'notify'>;
};

/**
 * Receipts and payment notices (product-decisions.md: "e-mailed and printable"): to the user who entered the payment,
 * in their language, or to a Quick Pay guest's typed address in the page's language (issue 17 item 6,
 * wider-portal.md §1: the guest's address and language are kept on the payment, `guest_email`/`guest_language`).
 */
export function createReceipts({ db, clock, brandName, repo, outbox, notices }: ReceiptDeps) {
  /** The address receipts go to (the payer's e-mail). Inside a transaction, pass it: PGlite has one connection. */
  async function receiptEmailOf(userId: string | null, ex: Db | Tx = db) {
    if (!userId) return null;
    return (await repo.getUser(ex, userId))?.email ?? null;
  }

  /** Who is told about a payment: its guest (an address and the page's language), or the user who entered it. */
  async function recipientOf(payment: PaymentRow, ex: Db | Tx) {
    if (payment.guestEmail) return { guest: payment.guestEmail, language: payment.guestLanguage };
    if (!payment.enteredByUserId) return null;
    const user = await repo.getUser(ex, payment.enteredByUserId);
    return user ? { user: { id: payment.enteredByUserId, email: user.email, language: user.language } } : null;
  }

  /** The address a payment's receipt went to. */
  async function receiptAddressOf(payment: PaymentRow, ex: Db | Tx = db) {
    return payment.guestEmail ?? receiptEmailOf(payment.enteredByUserId, ex);
  }

  function receiptOf(payment: PaymentRow, emailedTo: string | null): PaymentReceipt {
    return {
      id: payment.id,
      confirmationNumber: payment.confirmationNumber,
      amountCents: payment.amountCents,
      methodLabel: payment.methodLabel,
      paymentMethodId: payment.paymentMethodId,
      paymentDate: payment.paymentDate,
      status: payment.status,
      channel: payment.channel,
      entryDate: payment.entryDate.toISOString(),
      emailedTo: payment.status === 'failed' ? null : emailedTo,
    };
  }

  /** The amount, method and date of a payment as the recipient's language writes them. */
  function valuesOf(payment: PaymentRow, locale: ReturnType<typeof localeOf>, dateStyle?: 'medium') {
    const money = new Intl.NumberFormat(INTL_LOCALE_TAGS[locale], { style: 'currency', currency: 'USD' });
    return {
      brand: brandName,
      amount: money.format(payment.amountCents / 100),
      method: methodLabelIn(translator(locale), payment.methodLabel),
      // issue 14: the date as the portal shows it in this language, never ISO
      date: formatCalendarDate(payment.paymentDate, locale, dateStyle),
    };
  }

  /**
   * Tells the payer about a payment: a guest by e-mail at the typed address; a user through their notifications matrix
   * (issue 18 item 4), in their language.
   */
  async function tell(
    tx: Tx,
    payment: PaymentRow,
    notice: { kind: string; event: 'payment_received' | 'payment_failed' },
    compose: (t: Translate, locale: Locale) => NoticeContent,
  ) {
    const recipient = await recipientOf(payment, tx);
    if (recipient?.user) {
      await notices.notify(tx, { user: recipient.user, accountId: payment.accountId, ...notice, compose });
    } else if (recipient?.guest) {
      const locale = localeOf(recipient.language);
      const { subject, text } = compose(translator(locale), locale);
      const createdAt = clock.now();
      await outbox.queueEmail(tx, {
        to: recipient.guest,
        kind: notice.kind,
        language: locale,
        subject,
        text,
        createdAt,
      });
    }
  }

  /** The receipt (product-decisions.md: e-mailed and printable), in the payer's language. */
  async function queueReceipt(tx: Tx, payment: PaymentRow) {
    await tell(tx, payment, { kind: 'receipt', event: 'payment_received' }, (t, locale) => {
      const values = {
        ...valuesOf(payment, locale, 'medium'),
        confirmationNumber: payment.confirmationNumber,
        status: t(`payment.status.${payment.status}` as Parameters<typeof t>[0]),
      };
      const scheduled = payment.status === 'scheduled';
      return {
        subject: t(scheduled ? 'receipt.subject.scheduled' : 'receipt.subject.paid', values),
        text: t('receipt.body', values),
        sms: t(scheduled ? 'sms.receipt.scheduled' : 'sms.receipt.paid', values),
      };
    });
  }

  /** issue 14: a scheduled payment not made because its method was deleted is told to its payer, in their language. */
  async function queueMethodDeletedNotice(tx: Tx, payment: PaymentRow) {
    await tell(tx, payment, { kind: 'payment-not-made', event: 'payment_failed' }, (t, locale) => {
      const values = valuesOf(payment, locale);
      return {
        subject: t('payment.methodDeleted.subject', values),
        text: t('payment.methodDeleted.body', values),
        sms: t('sms.paymentNotMade', values),
      };
    });
  }

  return { receiptEmailOf, receiptAddressOf, receiptOf, queueReceipt, queueMethodDeletedNotice };
}
