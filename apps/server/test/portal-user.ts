import { randomUUID } from 'node:crypto';
import type { PortalRole } from '@vireo/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { accounts, memberships, users } from '../src/db/schema';

/**
 * Gives a seeded account that has no portal user (Oak & Ivy Florist, demo-data.md) one, signing in with the demo
 * password (its hash is copied from `harbor-owner`: no argon2 run). For tests that read such an account's pages as it.
 */
export async function addPortalUser(
  db: Db,
  { accountNumber, username, role = 'PRIMARY' }: { accountNumber: string; username: string; role?: PortalRole },
): Promise<void> {
  const [account] = await db.select().from(accounts).where(eq(accounts.accountNumber, accountNumber));
  const [demo] = await db.select().from(users).where(eq(users.username, 'harbor-owner'));
  if (!account || !demo) throw new Error(`no account ${accountNumber} or no demo user: is the database seeded?`);
  const userId = randomUUID();
  const createdAt = new Date();
  await db.insert(users).values({
    id: userId,
    username,
    passwordHash: demo.passwordHash,
    firstName: 'Test',
    lastName: 'User',
    email: `${username}@example.test`,
    createdAt,
  });
  await db.insert(memberships).values({ id: randomUUID(), userId, accountId: account.id, role, createdAt });
}
