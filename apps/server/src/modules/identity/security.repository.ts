import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema';

/** The signed-in sessions list and the password change (issue 18 item 2): the user's own rows only. */
export function createSecurityRepository() {
  return {
    /**
     * The user's live sessions, newest activity first: not revoked, not past the absolute limit, active since
     * `activeSince` (the idle limit). Capped at `limit` rather than paged: a person has a few sessions.
     */
    async findLiveSessions(ex: Executor, userId: string, now: Date, activeSince: Date, limit: number) {
      return ex
        .select({
          id: sessions.id,
          publicId: sessions.publicId,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, now),
            gt(sessions.lastSeenAt, activeSince),
          ),
        )
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
        .limit(limit);
    },

    /** One unrevoked session of the user by its public id (another user's id finds nothing). */
    async findUserSession(ex: Executor, userId: string, publicId: string) {
      const [row] = await ex
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId), isNull(sessions.revokedAt)));
      return row;
    },

    async endSession(ex: Executor, id: string, at: Date) {
      const ended = await ex
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return ended.length;
    },

    /** Ends every unrevoked session of the user but `keepId`; how many it ended. */
    async endOtherSessions(ex: Executor, userId: string, keepId: string, at: Date) {
      const ended = await ex
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return ended.length;
    },

    async getUser(ex: Executor, userId: string) {
      const [row] = await ex
        .select({
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          language: users.language,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async setPasswordHash(ex: Executor, userId: string, passwordHash: string) {
      await ex.update(users).set({ passwordHash }).where(eq(users.id, userId));
    },

    async setAuthenticatedAt(ex: Executor, id: string, at: Date) {
      await ex.update(sessions).set({ authenticatedAt: at }).where(eq(sessions.id, id));
    },
  };
}

export type SecurityRepository = ReturnType<typeof createSecurityRepository>;
