import type { VoiceLine, VoiceSwitch } from '@vireo/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, memberships, users, voiceLines } from '../../db/schema';

/** The portal's side of voice (issue 19): the account's lines and who answers them. */
export function createVoiceRepository() {
  const lineColumns = {
    id: voiceLines.id,
    accountId: voiceLines.accountId,
    number: voiceLines.phoneNumber,
    label: voiceLines.label,
    callerIdName: voiceLines.callerIdName,
    assignedUserId: voiceLines.assignedUserId,
    firstName: users.firstName,
    lastName: users.lastName,
  };
  return {
    /** The account's lines in number order, with the name of the user each is assigned to. */
    async lines(ex: Executor, accountId: string) {
      return ex
        .select(lineColumns)
        .from(voiceLines)
        .leftJoin(users, eq(users.id, voiceLines.assignedUserId))
        .where(eq(voiceLines.accountId, accountId))
        .orderBy(asc(voiceLines.phoneNumber));
    },

    /** One of the account's lines, by id or by number; none when it is another account's. */
    async line(ex: Executor, accountId: string, by: { id: string } | { number: string }) {
      const [row] = await ex
        .select(lineColumns)
        .from(voiceLines)
        .leftJoin(users, eq(users.id, voiceLines.assignedUserId))
        .where(
          and(
            eq(voiceLines.accountId, accountId),
            'id' in by ? eq(voiceLines.id, by.id) : eq(voiceLines.phoneNumber, by.number),
          ),
        );
      return row ?? null;
    },

    /** One of the account's lines as stored, locked for the rest of the transaction `tx`. */
    async lockLine(tx: Executor, accountId: string, lineId: string) {
      const [row] = await tx
        .select()
        .from(voiceLines)
        .where(and(eq(voiceLines.accountId, accountId), eq(voiceLines.id, lineId)))
        .for('update');
      return row ?? null;
    },

    async updateLine(
      tx: Executor,
      lineId: string,
      set: { label?: string; callerIdName?: string | null; assignedUserId?: string | null },
    ) {
      await tx.update(voiceLines).set(set).where(eq(voiceLines.id, lineId));
    },

    /** Whether a user is an active member of the account (a line can be assigned to them). */
    async isActiveMember(ex: Executor, accountId: string, userId: string): Promise<boolean> {
      const [row] = await ex
        .select({ id: users.id })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.accountId, accountId),
            eq(memberships.userId, userId),
            eq(users.status, 'active'),
            isNull(users.deactivatedAt),
          ),
        );
      return row !== undefined;
    },

    /** The account's time zone: its call logs' days are its calendar's. */
    async timeZone(ex: Executor, accountId: string): Promise<string> {
      const [row] = await ex.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
      return row?.timeZone ?? 'UTC';
    },

    /** The numbers of the lines assigned to a user (spec §3 member services' voice assignment). */
    async assignedNumbers(ex: Executor, accountId: string, userId: string): Promise<string[]> {
      const rows = await ex
        .select({ number: voiceLines.phoneNumber })
        .from(voiceLines)
        .where(and(eq(voiceLines.accountId, accountId), eq(voiceLines.assignedUserId, userId)))
        .orderBy(asc(voiceLines.phoneNumber));
      return rows.map((row) => row.number);
    },
  };
}

export type VoiceRepository = ReturnType<typeof createVoiceRepository>;
export type LineRow = NonNullable<Awaited<ReturnType<VoiceRepository['line']>>>;

/**
 * A line as the voice manager shows it, with its new-voicemail count and its switch (each null when the platform did
 * not answer).
 */
export function lineViewOf(line: LineRow, unreadCount: number | null, switchType: VoiceSwitch | null): VoiceLine {
  return {
    id: line.id,
    number: line.number,
    label: line.label,
    callerIdName: line.callerIdName,
    assignedTo:
      line.assignedUserId && line.firstName
        ? { userId: line.assignedUserId, name: `${line.firstName} ${line.lastName}` }
        : null,
    unreadCount,
    switchType,
  };
}
