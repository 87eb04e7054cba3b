import { randomUUID } from 'node:crypto';
import {
  type EvaluationContext,
  NOOP_PROVIDER,
  OpenFeature,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/server-sdk';
import { defaultFlags, FLAG_NAMES, type FlagName, type FlagValues, type PortalEnv } from '@vireo/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flagOverrides } from '../../db/schema';
import type { Clock } from '../../platform/clock';

/** Overrides are re-read at most this often, so a change made by another instance shows within a second. */
const CACHE_MS = 1_000;

/**
 * The in-repo OpenFeature provider (architecture.md): the environment's default (product-decisions.md) unless an
 * override is stored in the database. The environment travels in the evaluation context.
 */
class PortalFlagProvider implements Provider {
  readonly metadata = { name: 'vireo-portal-flags' } as const;
  readonly runsOn = 'server' as const;
  private overrides = new Map<string, boolean>();
  private loadedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async refresh(force = false) {
    if (!force && this.now() - this.loadedAt < CACHE_MS) return;
    const rows = await this.db.select().from(flagOverrides);
    this.overrides = new Map(rows.map((row) => [row.name, row.enabled]));
    this.loadedAt = this.now();
  }

  async resolveBooleanEvaluation(
    flagKey: string,
    defaultValue: boolean,
    context: EvaluationContext,
  ): Promise<ResolutionDetails<boolean>> {
    await this.refresh();
    const override = this.overrides.get(flagKey);
    if (override !== undefined) return { value: override, reason: 'STATIC', variant: 'override' };
    if (!(FLAG_NAMES as string[]).includes(flagKey))
      return { value: defaultValue, reason: 'ERROR', errorCode: 'FLAG_NOT_FOUND' as never };
    const env = (typeof context.environment === 'string' ? context.environment : 'prod') as PortalEnv;
    return { value: defaultFlags(env)[flagKey as FlagName], reason: 'DEFAULT' };
  }

  resolveStringEvaluation(_key: string, defaultValue: string): Promise<ResolutionDetails<string>> {
    return Promise.resolve({ value: defaultValue, reason: 'DEFAULT' });
  }

  resolveNumberEvaluation(_key: string, defaultValue: number): Promise<ResolutionDetails<number>> {
    return Promise.resolve({ value: defaultValue, reason: 'DEFAULT' });
  }

  resolveObjectEvaluation<T>(_key: string, defaultValue: T): Promise<ResolutionDetails<T>> {
    return Promise.resolve({ value: defaultValue, reason: 'DEFAULT' });
  }
}

export function createFlagsService({ db, clock }: { db: Db; clock: Clock }) {
  const provider = new PortalFlagProvider(db, () => Date.now());
  // one OpenFeature domain per app instance, so several apps in one process (tests) never share overrides
  const domain = `portal-${randomUUID()}`;
  OpenFeature.setProvider(domain, provider);
  const client = OpenFeature.getClient(domain);

  return {
    isEnabled(name: FlagName, environment: PortalEnv): Promise<boolean> {
      return client.getBooleanValue(name, false, { environment });
    },

    async all(environment: PortalEnv): Promise<FlagValues> {
      const values = await Promise.all(FLAG_NAMES.map((name) => client.getBooleanValue(name, false, { environment })));
      return Object.fromEntries(FLAG_NAMES.map((name, i) => [name, values[i] as boolean])) as FlagValues;
    },

    /** Non-production only (the route checks): `null` removes the override. */
    async setOverride(name: FlagName, enabled: boolean | null) {
      if (enabled === null) await db.delete(flagOverrides).where(eq(flagOverrides.name, name));
      else {
        await db
          .insert(flagOverrides)
          .values({ name, enabled, updatedAt: clock.now() })
          .onConflictDoUpdate({ target: flagOverrides.name, set: { enabled, updatedAt: clock.now() } });
      }
      await provider.refresh(true);
    },

    /** Releases this app's OpenFeature domain. */
    async close() {
      OpenFeature.setProvider(domain, NOOP_PROVIDER);
    },
  };
}

export type FlagsService = ReturnType<typeof createFlagsService>;
