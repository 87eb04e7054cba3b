import { useInfiniteQuery } from '@tanstack/react-query';
import { MAILBOX_EMAILS_PATH, type MailboxEmail, MailboxEmailsPageSchema } from '@vireo/shared';
import { mailboxKeys } from './mailbox-keys';
import { mailboxPagesOptions } from './mailbox-pages';

export type { MailboxEmail };

/** Every e-mail the portal queued (`to`: only those to that address), newest first, page by page. */
export function useMailboxEmails(to: string | undefined) {
  return useInfiniteQuery(
    mailboxPagesOptions(MAILBOX_EMAILS_PATH, MailboxEmailsPageSchema, mailboxKeys.emails(to), to),
  );
}
