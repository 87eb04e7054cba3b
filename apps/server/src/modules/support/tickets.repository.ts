import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditEvents, supportAttachments, supportTickets } from '../../db/schema';
import { type Cursor, instantKeyset } from '../../platform/keyset';

export type TicketRow = typeof supportTickets.$inferSelect;
export type AttachmentInfo = {
  id: string;
  ticketId: string | null;
  name: string;
  mediaType: string;
  sizeBytes: number;
};

const attachmentInfo = {
  id: supportAttachments.id,
  ticketId: supportAttachments.ticketId,
  name: supportAttachments.name,
  mediaType: supportAttachments.mediaType,
  sizeBytes: supportAttachments.sizeBytes,
};

/** Support tickets and their files (issue 21 item 4). */
export function createTicketsRepository() {
  return {
    /** A file kept for its sender until a ticket takes it; the ones no ticket took in time are deleted first. */
    async insertAttachment(ex: Executor, values: Omit<typeof supportAttachments.$inferInsert, 'id'>, keptAfter: Date) {
      await ex
        .delete(supportAttachments)
        .where(and(isNull(supportAttachments.ticketId), lt(supportAttachments.createdAt, keptAfter)));
      const [row] = await ex.insert(supportAttachments).values(values).returning(attachmentInfo);
      return row as AttachmentInfo;
    },

    /** The sender's files among `ids` that no ticket took yet (locked until the transaction ends). */
    async pendingAttachments(ex: Executor, owner: string, ids: readonly string[], keptAfter: Date) {
      if (ids.length === 0) return [];
      return ex
        .select(attachmentInfo)
        .from(supportAttachments)
        .where(
          and(
            eq(supportAttachments.owner, owner),
            inArray(supportAttachments.id, [...ids]),
            isNull(supportAttachments.ticketId),
            sql`${supportAttachments.createdAt} >= ${keptAfter}`,
          ),
        )
        .for('update');
    },

    async insertTicket(ex: Executor, values: Omit<typeof supportTickets.$inferInsert, 'id' | 'number'>) {
      const [row] = await ex
        .insert(supportTickets)
        .values({ ...values, number: sql`'VB-' || nextval('support_ticket_numbers')` })
        .returning();
      return row as TicketRow;
    },

    async attach(ex: Executor, ticketId: string, ids: readonly string[]) {
      if (ids.length === 0) return;
      await ex
        .update(supportAttachments)
        .set({ ticketId })
        .where(inArray(supportAttachments.id, [...ids]));
    },

    async attachmentsOf(ex: Executor, ticketIds: readonly string[]): Promise<AttachmentInfo[]> {
      if (ticketIds.length === 0) return [];
      return ex
        .select(attachmentInfo)
        .from(supportAttachments)
        .where(inArray(supportAttachments.ticketId, [...ticketIds]))
        .orderBy(asc(supportAttachments.createdAt), asc(supportAttachments.id));
    },

    async findTicket(ex: Executor, id: string) {
      const [row] = await ex.select().from(supportTickets).where(eq(supportTickets.id, id));
      return row ?? null;
    },

    /** The request ids of the user's last actions since `since` (their audit entries), newest first. */
    async recentRequestIds(ex: Executor, userId: string, since: Date, limit: number): Promise<string[]> {
      const rows = await ex
        .selectDistinctOn([auditEvents.requestId, auditEvents.at], {
          requestId: auditEvents.requestId,
          at: auditEvents.at,
        })
        .from(auditEvents)
        .where(and(eq(auditEvents.actorUserId, userId), gte(auditEvents.at, since), isNotNull(auditEvents.requestId)))
        .orderBy(desc(auditEvents.at), auditEvents.requestId)
        .limit(limit * 3);
      return [...new Set(rows.map((row) => row.requestId as string))].slice(0, limit);
    },

    /** The user's tickets, newest first, keyset-paged over (created_at, id). */
    async listOfUser(ex: Executor, userId: string, window: { cursor: Cursor | null; limit: number }) {
      const k = instantKeyset({ at: supportTickets.createdAt, id: supportTickets.id }, window.cursor, [
        eq(supportTickets.userId, userId),
      ]);
      const rows = await ex
        .select()
        .from(supportTickets)
        .where(k.where)
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const hasOtherSide = k.otherSide
        ? (await ex.select({ id: supportTickets.id }).from(supportTickets).where(k.otherSide).limit(1)).length > 0
        : false;
      return { rows, hasOtherSide };
    },
  };
}

export type TicketsRepository = ReturnType<typeof createTicketsRepository>;
