import { localeOf, type PaymentReceipt } from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import { INTL_LOCALE_TAGS, translator } from '../../messages/intl';
import type { Clock } from '../../platform/clock';
import type { OutboxRepository } from '../../platform/outbox';
import { formatCalendarDate } from '../statements/format';
import type { PaymentRow, PaymentsRepository } from './payments.repository';

type ReceiptDeps = {
  db: Db;
  clock: Clock;
  brandName: string;
  repo: Pick<PaymentsRepository, 'getUser'>;
  outbox: Pick<OutboxRepository, 'queueEmail'>;
};

/**
 * Receipts and payment notices (product-decisions.md: "e-mailed and printable"): to the user who entered the payment,
 * in their language, or to a Quick Pay guest's typed address in the page's language (issue 17 item 6,
 * wider-portal.md §1: the guest's address and language are kept on the payment, `guest_email`/`guest_language`).
 */
export function createReceipts({ db, clock, brandName, repo, outbox }: ReceiptDeps) {
  /** The address receipts go to (the payer's e-mail). Inside a transaction, pass it: PGlite has one connection. */
  async function receiptEmailOf(userId: string | null, ex: Db | Tx = db) {
    if (!userId) return null;
    return (await repo.getUser(ex, userId))?.email ?? null;
  }

  /** Who is told about a payment, and in which language: its guest, or the user who entered it. */
  async function recipientOf(payment: PaymentRow, ex: Db | Tx) {
    if (payment.guestEmail) return { email: payment.guestEmail, locale: localeOf(payment.guestLanguage) };
    if (!payment.enteredByUserId) return null;
    const user = await repo.getUser(ex, payment.enteredByUserId);
    return user ? { email: user.email, locale: localeOf(user.language) } : null;
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
      method: payment.methodLabel,
      // issue 14: the date as the portal shows it in this language, never ISO
      date: formatCalendarDate(payment.paymentDate, locale, dateStyle),
    };
  }

  /** The receipt e-mail (product-decisions.md: e-mailed and printable), in the payer's language, via the outbox. */
  async function queueReceipt(tx: Tx, payment: PaymentRow) {
    const recipient = await recipientOf(payment, tx);
    if (!recipient) return;
    const t = translator(recipient.locale);
    const values = {
      ...valuesOf(payment, recipient.locale, 'medium'),
      confirmationNumber: payment.confirmationNumber,
      status: t(`payment.status.${payment.status}` as Parameters<typeof t>[0]),
    };
    await outbox.queueEmail(tx, {
      to: recipient.email,
      kind: 'receipt',
      language: recipient.locale,
      subject: t(payment.status === 'scheduled' ? 'receipt.subject.scheduled' : 'receipt.subject.paid', values),
      text: t('receipt.body', values),
      createdAt: clock.now(),
    });
  }

  /** issue 14: a scheduled payment not made because its method was deleted is e-mailed to its payer, in their language. */
  async function queueMethodDeletedNotice(tx: Tx, payment: PaymentRow) {
    const recipient = await recipientOf(payment, tx);
    if (!recipient) return;
    const t = translator(recipient.locale);
    const values = valuesOf(payment, recipient.locale);
    await outbox.queueEmail(tx, {
      to: recipient.email,
      kind: 'payment-not-made',
      language: recipient.locale,
      subject: t('payment.methodDeleted.subject', values),
      text: t('payment.methodDeleted.body', values),
      createdAt: clock.now(),
    });
  }

  return { receiptEmailOf, receiptAddressOf, receiptOf, queueReceipt, queueMethodDeletedNotice };
}
