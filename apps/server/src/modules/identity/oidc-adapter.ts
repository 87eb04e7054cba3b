import { and, eq, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/client';
import { oidcPayloads } from '../../db/schema';
import type { Clock } from '../../platform/clock';

/**
 * oidc-provider's storage on the portal database, so any instance can continue any flow. Expiry follows the
 * billing clock, so tests can let an authorization code expire by moving the clock.
 */
export function createOidcAdapterFactory(db: Db, clock: Clock) {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly model: string) {}

    key(id: string) {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(clock.now().getTime() + expiresIn * 1000) : null;
      const row = {
        id: this.key(id),
        model: this.model,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db.insert(oidcPayloads).values(row).onConflictDoUpdate({ target: oidcPayloads.id, set: row });
    }

    async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db.select().from(oidcPayloads).where(condition).limit(1);
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= clock.now().getTime()) return undefined;
      return {
        ...(row.payload as AdapterPayload),
        ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
      };
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayloads.id, this.key(id)));
    }

    findByUid(uid: string) {
      return this.findWhere(
        and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.uid, uid)) as ReturnType<typeof eq>,
      );
    }

    findByUserCode(userCode: string) {
      return this.findWhere(
        and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.userCode, userCode)) as ReturnType<typeof eq>,
      );
    }

    async consume(id: string): Promise<void> {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`coalesce(${oidcPayloads.consumedAt}, ${clock.now()})` })
        .where(eq(oidcPayloads.id, this.key(id)));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.id, this.key(id)));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}
