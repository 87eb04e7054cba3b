import { AppError, type MailboxEmailsPage, type MailboxQuery, type MailboxTextsPage } from '@vireo/shared';
import type { Db } from '../../db/client';
import { decodeCursor, toPage } from '../../platform/keyset';
import type { MailboxRepository } from './mailbox.repository';

const DEFAULT_LIMIT = 25;

export type MailboxServiceDeps = { db: Db; repo: MailboxRepository };

/**
 * The non-production mailbox (wider-portal.md §2, issue 17 item 1): what the outbox holds, read-only. Registered only
 * outside production (app.ts), where every account is demo data.
 */
export function createMailboxService({ db, repo }: MailboxServiceDeps) {
  const windowOf = (query: MailboxQuery) => ({
    to: query.to,
    cursor: decodeCursor(query.cursor),
    limit: query.limit ?? DEFAULT_LIMIT,
  });
  return {
    async emails(query: MailboxQuery): Promise<MailboxEmailsPage> {
      const window = windowOf(query);
      const { rows, hasOtherSide } = await repo.emails(db, window);
      const items = rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        kind: row.kind,
        language: row.language,
        subject: row.subject,
        text: row.body,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      }));
      return toPage(items, { ...window, dateOf: (item) => item.createdAt, hasOtherSide });
    },
    async emailHtml(id: string): Promise<string> {
      const email = await repo.emailById(db, id);
      if (!email) throw new AppError('NOT_FOUND', `e-mail ${id}`);
      return email.html;
    },
    async texts(query: MailboxQuery): Promise<MailboxTextsPage> {
      const window = windowOf(query);
      const { rows, hasOtherSide } = await repo.texts(db, window);
      const items = rows.map((row) => ({
        id: row.id,
        to: row.toNumber,
        kind: row.kind,
        language: row.language,
        body: row.body,
        security: row.immediate,
        createdAt: row.createdAt.toISOString(),
        sendAfter: row.sendAfter.toISOString(),
      }));
      return toPage(items, { ...window, dateOf: (item) => item.createdAt, hasOtherSide });
    },
  };
}

export type MailboxService = ReturnType<typeof createMailboxService>;
