import {
  EMAIL_DELIVERY_ATTEMPTS,
  EMAIL_RETRY_FIRST_DELAY_MS,
  JOB_RETRY_MAX_DELAY_MS,
  type Locale,
  QUIET_HOURS,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { outboxEmails, outboxTexts } from '../db/schema';
import { type EmailContent, type MailTransport, renderEmail } from './email';
import type { JobHandler, JobsRepository, RetryPolicy } from './jobs';

/** The job that delivers one e-mail of the outbox (payload `{ emailId }`). */
export const EMAIL_DELIVERY_JOB = 'email.deliver';
export const EMAIL_RETRY: RetryPolicy = {
  attempts: EMAIL_DELIVERY_ATTEMPTS,
  firstDelayMs: EMAIL_RETRY_FIRST_DELAY_MS,
  maxDelayMs: JOB_RETRY_MAX_DELAY_MS,
};

export type QueuedEmail = EmailContent & {
  to: string;
  /** What the message is (`receipt`, `autopay-failed`, ...): shown at the mailbox, found by tests. */
  kind: string;
  createdAt: Date;
};

export type QueuedText = {
  to: string;
  kind: string;
  language: Locale;
  body: string;
  /** A security notice is sent at once, even in the quiet hours. */
  security: boolean;
  /** The account's time zone, where the quiet hours are counted. */
  timeZone: string;
  createdAt: Date;
};

function localTime(instant: Date, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
    .formatToParts(instant)
    .reduce<Record<string, string>>((all, part) => Object.assign(all, { [part.type]: part.value }), {});
  return { hour: Number(parts.hour), minute: Number(parts.minute) };
}

function inQuietHours(hour: number): boolean {
  return hour >= QUIET_HOURS.startHour || hour < QUIET_HOURS.endHour;
}

/** When a text queued at `now` may go: at once, or at the end of the quiet hours in `timeZone` (wider-portal.md §2). */
export function textSendAfter(now: Date, timeZone: string, security: boolean): Date {
  if (security) return now;
  let at = now;
  // to each next local hour until the quiet hours end (at most 11 steps; DST moves the hours, not the rule)
  for (let local = localTime(at, timeZone); inQuietHours(local.hour); local = localTime(at, timeZone)) {
    at = new Date(Math.floor(at.getTime() / 60_000) * 60_000 + (60 - local.minute) * 60_000);
  }
  return at;
}

/**
 * The outbox of e-mails and texts (platform layer, wider-portal.md §2): a message is queued in the transaction of the
 * change it tells about, both parts rendered in the recipient's language. With a mail transport (`SMTP_URL`) each
 * e-mail also queues its delivery job in that transaction, so it is delivered once the change commits, and never if
 * it rolls back; without one the outbox is where mail stays (read at the non-production mailbox).
 */
export function createOutboxRepository(options: { brandName: string; jobs: JobsRepository; delivers: boolean }) {
  return {
    async queueEmail(ex: Executor, email: QueuedEmail): Promise<string> {
      const { text, html } = renderEmail(email, options.brandName);
      const [row] = await ex
        .insert(outboxEmails)
        .values({
          toAddress: email.to,
          kind: email.kind,
          language: email.language,
          subject: email.subject,
          body: text,
          html,
          createdAt: email.createdAt,
        })
        .returning({ id: outboxEmails.id });
      const id = (row as { id: string }).id;
      if (options.delivers) {
        await options.jobs.enqueue(ex, {
          kind: EMAIL_DELIVERY_JOB,
          uniqueKey: `email:${id}`,
          payload: { emailId: id },
          runAt: email.createdAt,
        });
      }
      return id;
    },
    async queueText(ex: Executor, text: QueuedText): Promise<void> {
      await ex.insert(outboxTexts).values({
        toNumber: text.to,
        kind: text.kind,
        language: text.language,
        body: text.body,
        immediate: text.security,
        createdAt: text.createdAt,
        sendAfter: textSendAfter(text.createdAt, text.timeZone, text.security),
      });
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

/**
 * The `email.deliver` job: sends one e-mail through the transport inside the transaction that holds the job (SKIP
 * LOCKED: one instance at a time), and marks it sent. A failure (server down, 4xx or 5xx answer, timeout) throws, so
 * the job is retried with `EMAIL_RETRY`'s backoff; an e-mail already marked sent is not sent again.
 */
export function emailDeliveryHandler(transport: MailTransport): JobHandler {
  return async (tx, job, now) => {
    const emailId = String(job.payload.emailId);
    const [email] = await tx.select().from(outboxEmails).where(eq(outboxEmails.id, emailId)).for('update');
    if (!email || email.sentAt) return;
    const { messageId } = await transport.send(email);
    await tx.update(outboxEmails).set({ sentAt: now, messageId }).where(eq(outboxEmails.id, emailId));
  };
}
