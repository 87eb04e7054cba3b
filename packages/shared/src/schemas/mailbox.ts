import { z } from 'zod';
import { pageOf } from './billing';
import { freeText } from './free-text';

/**
 * The non-production mailbox (wider-portal.md §2, issue 17 item 1): every e-mail and text message the portal queued,
 * newest first, so a person or a browser test can read a message and follow its link. Registered only outside
 * production, open without sign-in there (a visitor creating an account has no session).
 */
export const MAILBOX_EMAILS_PATH = '/api/dev/mailbox/emails';
export const MAILBOX_TEXTS_PATH = '/api/dev/mailbox/texts';
/** One e-mail's HTML part, as a document of its own (opened in a new tab, under a CSP that runs nothing). */
export const mailboxEmailHtmlPath = (emailId: string) => `${MAILBOX_EMAILS_PATH}/${emailId}/html`;

export const MailboxQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  /** Only the messages to this address or number (a browser test reads its own). */
  to: freeText({ max: 254 }).optional(),
});
export type MailboxQuery = z.infer<typeof MailboxQuerySchema>;

export const MailboxEmailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  kind: z.string(),
  language: z.string(),
  subject: z.string(),
  /** The plain-text part (links are plain addresses in it). */
  text: z.string(),
  createdAt: z.iso.datetime(),
  /** When the SMTP server took it; null: kept in the outbox (no SMTP_URL) or not delivered yet. */
  sentAt: z.iso.datetime().nullable(),
});
export type MailboxEmail = z.infer<typeof MailboxEmailSchema>;
export const MailboxEmailsPageSchema = pageOf(MailboxEmailSchema);
export type MailboxEmailsPage = z.infer<typeof MailboxEmailsPageSchema>;

export const MailboxTextSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  kind: z.string(),
  language: z.string(),
  body: z.string(),
  security: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The end of the quiet hours when it was queued inside them; `createdAt` otherwise. */
  sendAfter: z.iso.datetime(),
});
export type MailboxText = z.infer<typeof MailboxTextSchema>;
export const MailboxTextsPageSchema = pageOf(MailboxTextSchema);
export type MailboxTextsPage = z.infer<typeof MailboxTextsPageSchema>;
