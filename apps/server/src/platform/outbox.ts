import type { Executor } from '../db/client';
import { outboxEmails } from '../db/schema';

export type OutboxEmail = typeof outboxEmails.$inferInsert;

/**
 * The outbox of e-mails and texts (platform layer): a message is queued in the transaction of the change it tells
 * about, and delivered after it commits (SMTP when `SMTP_URL` is set, else read at the non-production mailbox).
 */
export function createOutboxRepository() {
  return {
    async queueEmail(ex: Executor, email: OutboxEmail) {
      await ex.insert(outboxEmails).values(email);
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
