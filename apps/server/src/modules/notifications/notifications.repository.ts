import type { NotificationEvent } from '@vireo/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, memberships, notificationPreferences, users } from '../../db/schema';

/**
 * The notifications matrix's queries (issue 18 item 4): a user's saved choices, and who a notice goes to (the user's
 * address, mobile number, language, and the time zone of the account it is about, where the quiet hours count).
 */
export function createNotificationsRepository() {
  return {
    async choices(ex: Executor, userId: string) {
      return ex
        .select({
          event: notificationPreferences.event,
          email: notificationPreferences.email,
          text: notificationPreferences.text,
        })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
    },

    async saveChoices(
      ex: Executor,
      userId: string,
      choices: { event: NotificationEvent; email: boolean; text: boolean }[],
      at: Date,
    ) {
      for (const choice of choices) {
        await ex
          .insert(notificationPreferences)
          .values({ userId, ...choice, updatedAt: at })
          .onConflictDoUpdate({
            target: [notificationPreferences.userId, notificationPreferences.event],
            set: { email: choice.email, text: choice.text, updatedAt: at },
          });
      }
    },

    /**
     * How a user is reached by text (their mobile number) and their role, with the time zone of `accountId` when the user belongs to it, else of the user's
     * first account (by when they joined); null for a user who is gone.
     */
    async recipient(ex: Executor, userId: string, accountId: string | null) {
      const rows = await ex
        .select({
          mobilePhone: users.mobilePhone,
          status: users.status,
          accountId: memberships.accountId,
          role: memberships.role,
          timeZone: accounts.timeZone,
        })
        .from(users)
        .leftJoin(memberships, eq(memberships.userId, users.id))
        .leftJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(eq(users.id, userId))
        .orderBy(asc(memberships.createdAt));
      const [first] = rows;
      if (!first) return null;
      return rows.find((row) => row.accountId === accountId) ?? first;
    },

    /** The account's active users with their role, and whether the account's billing is on the enterprise site. */
    async members(ex: Executor, accountId: string) {
      return ex
        .select({
          id: users.id,
          email: users.email,
          language: users.language,
          role: memberships.role,
          isEnterprise: accounts.isEnterprise,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(memberships.accountId, accountId), eq(users.status, 'active')))
        .orderBy(asc(memberships.createdAt));
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
