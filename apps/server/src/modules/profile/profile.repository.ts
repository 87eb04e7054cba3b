import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, addresses, emailLinks, users } from '../../db/schema';

/**
 * Profile's queries (issue 18 item 1): the signed-in user's own row and their account's company details. Every query
 * is scoped by the caller's own ids (the session's), so no id a request carries reaches here.
 */
export function createProfileRepository() {
  return {
    async getUser(ex: Executor, userId: string) {
      const [row] = await ex
        .select({
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          mobilePhone: users.mobilePhone,
          language: users.language,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async setPersonalDetails(
      ex: Executor,
      userId: string,
      details: { firstName: string; lastName: string; mobilePhone: string | null },
    ) {
      await ex.update(users).set(details).where(eq(users.id, userId));
    },

    async setLanguage(ex: Executor, userId: string, language: 'en' | 'es') {
      await ex.update(users).set({ language }).where(eq(users.id, userId));
    },

    async setEmail(ex: Executor, userId: string, email: string) {
      await ex.update(users).set({ email }).where(eq(users.id, userId));
    },

    /** The newest unused, unexpired e-mail change link of the user (the address it would set). */
    async findPendingEmailChange(ex: Executor, userId: string, now: Date) {
      const [row] = await ex
        .select({ email: emailLinks.email, expiresAt: emailLinks.expiresAt })
        .from(emailLinks)
        .where(
          and(
            eq(emailLinks.userId, userId),
            eq(emailLinks.purpose, 'email_change'),
            isNull(emailLinks.usedAt),
            gt(emailLinks.expiresAt, now),
          ),
        )
        .orderBy(desc(emailLinks.createdAt))
        .limit(1);
      return row;
    },

    /** Retires the user's unused e-mail change links: only the newest request's link works. */
    async retireEmailChanges(ex: Executor, userId: string, at: Date) {
      await ex
        .update(emailLinks)
        .set({ usedAt: at })
        .where(and(eq(emailLinks.userId, userId), eq(emailLinks.purpose, 'email_change'), isNull(emailLinks.usedAt)));
    },

    async getCompany(ex: Executor, accountId: string) {
      const [row] = await ex
        .select({
          accountNumber: accounts.accountNumber,
          companyName: accounts.companyName,
          displayName: accounts.displayName,
          businessPhone: accounts.businessPhone,
          billingContactName: accounts.billingContactName,
          billingContactEmail: accounts.billingContactEmail,
        })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return row;
    },

    async getServiceAddress(ex: Executor, accountId: string) {
      const [row] = await ex
        .select({
          addressLine1: addresses.addressLine1,
          city: addresses.city,
          state: addresses.state,
          zip: addresses.zip,
        })
        .from(addresses)
        .where(and(eq(addresses.accountId, accountId), eq(addresses.kind, 'service')));
      return row;
    },

    async setCompany(
      ex: Executor,
      accountId: string,
      details: { displayName: string; businessPhone: string; billingContactName: string; billingContactEmail: string },
    ) {
      await ex.update(accounts).set(details).where(eq(accounts.id, accountId));
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
