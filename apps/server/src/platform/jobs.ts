import { JOB_ATTEMPTS, JOB_RETRY_FIRST_DELAY_MS, JOB_RETRY_MAX_DELAY_MS } from '@vireo/shared';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client';
import { jobs } from '../db/schema';
import type { Clock } from './clock';
import { asSystem } from './request-context';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
/** Runs one due job inside the transaction that holds it; the job is marked done when it returns. */
export type JobHandler = (tx: Tx, job: JobRow, now: Date) => Promise<void>;
/** How a kind of job is retried when its handler fails: `attempts` in all, the n-th retry `firstDelayMs * 2^(n-1)` later (capped). */
export type RetryPolicy = { attempts: number; firstDelayMs: number; maxDelayMs: number };

export const DEFAULT_RETRY: RetryPolicy = {
  attempts: JOB_ATTEMPTS,
  firstDelayMs: JOB_RETRY_FIRST_DELAY_MS,
  maxDelayMs: JOB_RETRY_MAX_DELAY_MS,
};

/** The delay before the next try after `failures` failed attempts. */
export function retryDelayMs(policy: RetryPolicy, failures: number): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, failures - 1));
}

/** What a handler's failure is recorded as: its message, without a stack, and short. */
function describeError(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);
}

export function createJobsRepository() {
  return {
    /** A job with a `uniqueKey` already queued or done is not queued again (the unique key makes it happen once). */
    async enqueue(ex: Executor, job: NewJob) {
      await ex.insert(jobs).values(job).onConflictDoNothing();
    },
    /** Claims a unique key as a job already done: only one caller, on any instance, gets true. */
    async claimOnce(ex: Executor, job: Omit<NewJob, 'status' | 'completedAt'> & { uniqueKey: string }, now: Date) {
      const [row] = await ex
        .insert(jobs)
        .values({ ...job, status: 'done', completedAt: now })
        .onConflictDoNothing()
        .returning({ id: jobs.id });
      return row !== undefined;
    },
    dueIds(ex: Executor, kinds: string[], now: Date) {
      return ex
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.status, 'queued'), inArray(jobs.kind, kinds), lte(jobs.runAt, now)))
        .orderBy(asc(jobs.runAt))
        .limit(100);
    },
    async lock(ex: Executor, id: string) {
      const [row] = await ex
        .select()
        .from(jobs)
        .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
        .for('update', { skipLocked: true });
      return row ?? null;
    },
    async finish(ex: Executor, id: string, now: Date) {
      await ex
        .update(jobs)
        .set({ status: 'done', completedAt: now, attempts: sql`${jobs.attempts} + 1` })
        .where(eq(jobs.id, id));
    },
    /**
     * Records a failed attempt of a job still queued: tried again after the policy's delay, or `failed` for good
     * once its attempts are spent. Returns the job's state, or null when another instance finished it meanwhile.
     */
    async recordFailure(ex: Executor, id: string, error: unknown, now: Date, policy: RetryPolicy) {
      const [job] = await ex
        .select({ attempts: jobs.attempts })
        .from(jobs)
        .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
        .for('update');
      if (!job) return null;
      const attempts = job.attempts + 1;
      const status = attempts >= policy.attempts ? ('failed' as const) : ('queued' as const);
      await ex
        .update(jobs)
        .set({
          attempts,
          status,
          lastError: describeError(error),
          runAt: status === 'queued' ? new Date(now.getTime() + retryDelayMs(policy, attempts)) : now,
        })
        .where(eq(jobs.id, id));
      return { attempts, status };
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

/**
 * The job registry (platform layer): each module registers the kinds of job it queues with their handler and retry
 * policy; `runDue` claims every due job of the given kinds (all registered ones by default) with SKIP LOCKED, so any
 * number of instances run each once. A handler that throws leaves its job queued for a later try (with backoff), or
 * failed once its attempts are spent; the other due jobs still run, and the pass then fails with every error.
 */
export function createJobs({ db, clock, repo }: { db: Db; clock: Clock; repo: JobsRepository }) {
  const handlers = new Map<string, { handle: JobHandler; retry: RetryPolicy }>();
  return {
    register(kind: string, handle: JobHandler, retry: RetryPolicy = DEFAULT_RETRY) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
      handlers.set(kind, { handle, retry });
    },
    enqueue: repo.enqueue,
    claimOnce: repo.claimOnce,
    /** Jobs are Vireo's own work, whoever asked for the pass: their audit entries name no request (`asSystem`). */
    runDue(kinds: string[] = [...handlers.keys()]): Promise<number> {
      return asSystem(() => runDue(kinds));
    },
  };

  async function runDue(kinds: string[]): Promise<number> {
    const registered = kinds.filter((kind) => handlers.has(kind));
    if (registered.length === 0) return 0;
    const now = clock.now();
    let ran = 0;
    const errors: unknown[] = [];
    for (const { id } of await repo.dueIds(db, registered, now)) {
      let kind: string | undefined;
      try {
        const done = await db.transaction(async (tx) => {
          const job = await repo.lock(tx, id);
          if (!job) return false;
          kind = job.kind;
          await handlers.get(job.kind)?.handle(tx, job, now);
          await repo.finish(tx, id, now);
          return true;
        });
        if (done) ran++;
      } catch (error) {
        errors.push(error);
        const handler = kind === undefined ? undefined : handlers.get(kind);
        if (handler) await repo.recordFailure(db, id, error, now, handler.retry);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, `${errors.length} job(s) failed`);
    return ran;
  }
}

export type Jobs = ReturnType<typeof createJobs>;
