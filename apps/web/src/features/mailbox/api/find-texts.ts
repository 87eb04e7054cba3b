import { useInfiniteQuery } from '@tanstack/react-query';
import { MAILBOX_TEXTS_PATH, type MailboxText, MailboxTextsPageSchema } from '@vireo/shared';
import { mailboxKeys } from './mailbox-keys';
import { mailboxPagesOptions } from './mailbox-pages';

export type { MailboxText };

/** Every text message the portal queued (`to`: only those to that number), newest first, page by page. */
export function useMailboxTexts(to: string | undefined) {
  return useInfiniteQuery(mailboxPagesOptions(MAILBOX_TEXTS_PATH, MailboxTextsPageSchema, mailboxKeys.texts(to), to));
}
