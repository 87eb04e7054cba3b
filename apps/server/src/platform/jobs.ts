import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../db/client';
import { jobs } from '../db/schema';
import type { Clock } from './clock';

export type JobRow = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
/** Runs one due job inside the transaction that holds it; the job is marked done when it returns. */
export type JobHandler = (tx: Tx, job: JobRow, now: Date) => Promise<void>;

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
      await ex.update(jobs).set({ status: 'done', completedAt: now }).where(eq(jobs.id, id));
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;

/**
 * The job registry (platform layer): each module registers the kinds of job it queues with their handler; `runDue`
 * claims every due job of a registered kind with SKIP LOCKED, so any number of instances run each once.
 */
export function createJobs({ db, clock, repo }: { db: Db; clock: Clock; repo: JobsRepository }) {
  const handlers = new Map<string, JobHandler>();
  return {
    register(kind: string, handler: JobHandler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} is registered twice`);
      handlers.set(kind, handler);
    },
    enqueue: repo.enqueue,
    claimOnce: repo.claimOnce,
    async runDue(): Promise<number> {
      const now = clock.now();
      let ran = 0;
      for (const { id } of await repo.dueIds(db, [...handlers.keys()], now)) {
        const done = await db.transaction(async (tx) => {
          const job = await repo.lock(tx, id);
          if (!job) return false;
          await handlers.get(job.kind)?.(tx, job, now);
          await repo.finish(tx, id, now);
          return true;
        });
        if (done) ran++;
      }
      return ran;
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
