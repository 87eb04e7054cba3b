import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  addDays,
  BILLING_SUMMARY_PATH,
  COOKIES,
  CSRF_PATH,
  compareDates,
  cycleDate,
  dateInZone,
  daysBetween,
  draftDateFor,
  type IsoDate,
  LOGIN_RATE_LIMIT_PER_MINUTE,
  LOGOUT_PATH,
  type MakePaymentResponse,
  SESSION_PROFILE_PATH,
} from '@vireo/shared';
import { and, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROD_SECRETS } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { paymentOptions, submitPayment } from '../../test/payments';
import { freePort } from '../../test/ports';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { type Answer, httpBrowser, openSignInForm, signIn, submitSignIn } from '../../test/sign-in';
import {
  accounts,
  auditEvents,
  autopayEnrollments,
  clockState,
  idempotencyKeys,
  jobs,
  payments,
  processorTransactions,
  statements,
} from '../db/schema';
import { CLOCK_PATH } from '../modules/clock/clock.routes';
import { RESTORE_JOB } from '../modules/payments/payments.service';
import { PROCESSOR_FAULTS_PATH } from '../modules/processor/processor.routes';

/**
 * Two server processes (src/main.ts, background work included) on one PostgreSQL database and one Redis, as two
 * instances behind a load balancer: one PUBLIC_URL (nothing listens there; the test is the balancer and sends each
 * request to the instance it chooses with the public origin's headers), the secrets every instance must share
 * (COOKIE_SECRETS, OIDC_CLIENT_SECRET, OIDC_JWKS, VAULT_KEY), and a Redis key prefix of this run (ioredis reads
 * `keyPrefix` from REDIS_URL's query) so parallel runs do not share rate-limit counters.
 *
 * 1. sessions: an OIDC sign-in whose requests alternate between the instances, a session read on the other one, and
 *    a sign-out on one that the other honours;
 * 2. idempotency: one payment (one key, one body) sent 20 times to each instance at once;
 * 3. background work: scheduled payments, an Auto Pay draft, a bank debit to post, a restore job and the statements
 *    of the billing run all come due at one clock move, and both instances run their due-work pass over them at the
 *    same time (the processor's latency keeps the passes overlapping);
 * 4. the sign-in rate limit (20 a minute per address) is one counter in Redis for both instances.
 */
const PER_INSTANCE = 20;
/** A start (tsx compiles the sources; the first also migrates and seeds) takes seconds, more on a busy machine. */
const START_TIMEOUT_MS = 120_000;
/** Each step takes seconds; the limits leave room for a busy machine. */
const STEP_TIMEOUT_MS = 90_000;
/** Latency of every simulated processor call during the clock move: each pass lasts long enough for the other. */
const RACE_LATENCY_MS = 300;

type Instance = 'A' | 'B';
let database: TestDatabase;
let servers: Record<Instance, ServerProcess>;
let publicUrl: string;
let redis: Redis;
const redisPrefix = `vireo-test-two-instances-${randomBytes(6).toString('hex')}:`;

/**
 * A browser at the public origin whose requests the test routes like a load balancer: to one instance, or to A and B
 * in turn. `served` lists where each request went.
 */
function balanced(initial: Instance | 'round-robin') {
  const lb = { target: initial, served: [] as { instance: Instance; path: string }[] };
  let turn = 0;
  const client = httpBrowser(publicUrl, {
    route: (path) => {
      const instance: Instance = lb.target === 'round-robin' ? (turn++ % 2 === 0 ? 'A' : 'B') : lb.target;
      lb.served.push({ instance, path: path.split('?')[0] ?? path });
      return servers[instance].origin;
    },
  });
  return { ...client, lb };
}
type Balanced = ReturnType<typeof balanced>;

/** Sends one request to the given instance, whatever the client's routing is otherwise. */
async function via<T>(b: Balanced, instance: Instance, send: () => Promise<T>): Promise<T> {
  const before = b.lb.target;
  b.lb.target = instance;
  try {
    return await send();
  } finally {
    b.lb.target = before;
  }
}

/** The payment of a payment answer. */
function receiptOf(answer: Answer) {
  const { payment } = answer.json() as MakePaymentResponse;
  if (!payment) throw new Error(`no payment in ${answer.body}`);
  return payment;
}

/** The JSON log lines of an instance. */
function logLines(server: ServerProcess): Record<string, unknown>[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.endsWith('}'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** What an instance logged as errors, for failure messages. */
function errorsLogged(instance: Instance): string {
  return logLines(servers[instance])
    .filter((line) => Number(line.level) >= 50)
    .map((line) => JSON.stringify(line))
    .join('\n');
}

async function ownRedisKeys(): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 1000);
    cursor = next;
    found.push(...keys);
  } while (cursor !== '0');
  return found;
}

async function clearOwnRedisKeys() {
  const keys = await ownRedisKeys();
  if (keys.length > 0) await redis.del(...keys);
}

/**
 * Who did what: each instance connects with its own `application_name` (in DATABASE_URL), and triggers in this
 * test's database note which one made each statement, charge, payment, job claim and status change.
 */
const WORK_LOG = `
  create table test_work_log (
    instance text not null, what text not null, row_id text not null, at timestamptz not null default clock_timestamp()
  );
  create function test_log_insert() returns trigger language plpgsql as $$
  begin
    insert into test_work_log (instance, what, row_id) values (current_setting('application_name'), tg_table_name, new.id::text);
    return new;
  end $$;
  create function test_log_status() returns trigger language plpgsql as $$
  begin
    insert into test_work_log (instance, what, row_id)
      values (current_setting('application_name'), tg_table_name || ':' || old.status || '>' || new.status, new.id::text);
    return new;
  end $$;
  create trigger test_log_statements after insert on statements for each row execute function test_log_insert();
  create trigger test_log_charges after insert on processor_transactions for each row execute function test_log_insert();
  create trigger test_log_drafts after insert on payments for each row execute function test_log_insert();
  create trigger test_log_claims after insert on jobs for each row execute function test_log_insert();
  create trigger test_log_payments after update of status on payments for each row
    when (old.status is distinct from new.status) execute function test_log_status();
  create trigger test_log_jobs after update of status on jobs for each row
    when (old.status is distinct from new.status) execute function test_log_status();
`;

const started: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  const redisUrl = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  redis = new Redis(redisUrl.toString(), { maxRetriesPerRequest: 1 });
  redisUrl.searchParams.set('keyPrefix', redisPrefix);
  // the load balancer's address: both instances serve this origin
  publicUrl = `http://127.0.0.1:${await freePort()}`;
  const env = (instance: Instance) => {
    const databaseUrl = new URL(database.url ?? '');
    databaseUrl.searchParams.set('application_name', `vireo-${instance}`);
    return {
      ...PROD_SECRETS,
      DATABASE_URL: databaseUrl.toString(),
      REDIS_URL: redisUrl.toString(),
      PUBLIC_URL: publicUrl,
      LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_RATE_LIMIT_PER_MINUTE),
      PROCESSOR_LATENCY_MS: '0',
      PROCESSOR_FAULT: 'none',
      LOG_LEVEL: 'info',
    };
  };
  // the first migrates and seeds; the second starts on the seeded database
  const a = await startServerProcess(env('A'));
  started.push(a);
  await a.waitReady(START_TIMEOUT_MS);
  const b = await startServerProcess(env('B'));
  started.push(b);
  await b.waitReady(START_TIMEOUT_MS);
  servers = { A: a, B: b };
  await database.db.execute(sql.raw(WORK_LOG));
}, 3 * START_TIMEOUT_MS);

afterAll(async () => {
  await Promise.all(started.map((server) => server.stop()));
  if (redis) {
    await clearOwnRedisKeys().catch(() => {});
    redis.disconnect();
  }
  await database?.close();
}, 30_000);

describe('two server processes on one database and one Redis', () => {
  it('shares sessions: an OIDC sign-in alternating A and B, the session on B, sign-out on B honoured by A', {
    timeout: STEP_TIMEOUT_MS,
  }, async () => {
    const b = balanced('round-robin');
    const { landing } = await signIn(b, 'harbor-owner');
    expect(landing).toMatch(/^\/sign-in-redirect/);
    // login edge, authorize, interaction, credentials, resume, callback: every other one on B, starting on A
    expect(b.lb.served.length).toBeGreaterThanOrEqual(6);
    b.lb.served.forEach((hop, i) => {
      expect(hop.instance, `${hop.path} went to the wrong instance`).toBe(i % 2 === 0 ? 'A' : 'B');
    });
    expect(b.lb.served.filter((hop) => hop.instance === 'B').map((hop) => hop.path)).toContain(
      '/api/pub/sbnetloginedge/callback',
    );

    b.lb.target = 'B';
    const summary = await b.request({ url: BILLING_SUMMARY_PATH });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().amountDueCents).toBeGreaterThan(0);
    const profile = await via(b, 'A', () => b.request({ url: SESSION_PROFILE_PATH }));
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().username).toBe('harbor-owner');

    const sid = b.jar.get(COOKIES.session);
    expect(sid).toBeTruthy();
    const logout = await b.request({ method: 'POST', url: LOGOUT_PATH, headers: b.csrf() });
    expect(logout.statusCode, logout.body).toBe(204);
    for (const instance of ['A', 'B'] as const) {
      const replay = await fetch(new URL(SESSION_PROFILE_PATH, servers[instance].origin), {
        headers: { cookie: `${COOKIES.session}=${sid}` },
      });
      expect(replay.status, `the old session cookie on ${instance}`).toBe(401);
      expect(((await replay.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('holds idempotency: one key and body sent 20 times to each at once → one payment, one charge', {
    timeout: STEP_TIMEOUT_MS,
  }, async () => {
    const b = balanced('A');
    await signIn(b, 'harbor-billing');
    const options = await paymentOptions(b);
    const visa = options.methods.find((m) => m.label === 'Visa 4242');
    expect(visa).toBeDefined();
    const body = { amountCents: 1_234, paymentDate: options.today, method: { paymentMethodId: visa?.id ?? '' } };
    const key = randomUUID();

    b.lb.target = 'round-robin';
    b.lb.served.length = 0;
    const responses = await Promise.all(Array.from({ length: 2 * PER_INSTANCE }, () => submitPayment(b, body, key)));
    const sentTo = b.lb.served.map((hop) => hop.instance);
    expect(sentTo.filter((i) => i === 'A')).toHaveLength(PER_INSTANCE);
    expect(sentTo.filter((i) => i === 'B')).toHaveLength(PER_INSTANCE);
    const statuses = responses.map((r) => r.statusCode);
    const tally = JSON.stringify(
      Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((t) => t === s).length])),
    );
    // the payment (first answer or a replay) or "still in progress"; nothing else, and never a 5xx
    expect(
      statuses.every((s) => s === 200 || s === 409),
      tally,
    ).toBe(true);
    expect(statuses.filter((s) => s === 200).length, tally).toBeGreaterThanOrEqual(1);
    const bodies = new Set(responses.filter((r) => r.statusCode === 200).map((r) => r.body));
    expect(bodies.size, tally).toBe(1);

    // afterwards each instance replays the one answer
    const replays: Answer[] = [];
    for (const instance of ['A', 'B'] as const) replays.push(await via(b, instance, () => submitPayment(b, body, key)));
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set([...bodies, ...replays.map((r) => r.body)]).size).toBe(1);
    const replayed = replays[0] as Answer;
    expect((replayed.json() as MakePaymentResponse).outcome).toBe('success');
    const answer = { payment: receiptOf(replayed) };

    const made = await database.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(eq(payments.amountCents, body.amountCents), eq(payments.paymentMethodId, body.method.paymentMethodId)),
      );
    expect(made.map((p) => p.id)).toEqual([answer.payment.id]);
    const [charges] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(processorTransactions)
      .where(eq(processorTransactions.idempotencyKey, answer.payment.id));
    expect(charges?.n).toBe(1);
    const keys = await database.db
      .select({ status: idempotencyKeys.status })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(keys).toEqual([{ status: 'completed' }]);
    console.info(`idempotency across instances: ${tally} (status: answers) over ${2 * PER_INSTANCE} sends`);
  });

  it('runs background work once while both race over what one clock move made due', {
    timeout: STEP_TIMEOUT_MS,
  }, async () => {
    // work of every kind, made due by one move of the billing clock
    const harbor = balanced('A');
    await signIn(harbor, 'harbor-owner');
    const harborOptions = await paymentOptions(harbor);
    const visa = harborOptions.methods.find((m) => m.label === 'Visa 4242');
    const scheduledDate = addDays(harborOptions.today, harborOptions.tomorrowBlocked ? 2 : 1);
    const scheduled = await submitPayment(harbor, {
      amountCents: 5_000,
      paymentDate: scheduledDate,
      method: { paymentMethodId: visa?.id ?? '' },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const harborScheduled = receiptOf(scheduled);
    expect(harborScheduled.status).toBe('scheduled');

    // a payment that clears Northgate's soft disconnect queues the restore job (CORE_RESTORE_MINUTES later)
    const northgate = balanced('B');
    await signIn(northgate, 'northgate-owner');
    const northgateOptions = await paymentOptions(northgate);
    const northgateCard = northgateOptions.methods.find((m) => m.type === 'card' && m.allowed);
    const restoring = await submitPayment(northgate, {
      amountCents: northgateOptions.amountDueCents,
      paymentDate: northgateOptions.today,
      method: { paymentMethodId: northgateCard?.id ?? '' },
    });
    expect(restoring.statusCode, restoring.body).toBe(200);
    const restorePayment = receiptOf(restoring);
    expect(restorePayment.status).toBe('successful');
    const restoreKey = `${RESTORE_JOB}:${restorePayment.id}`;
    expect(await database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.uniqueKey, restoreKey))).toEqual([
      { status: 'queued' },
    ]);

    // a bank debit (Maple pays by bank only): pending until it settles 24 h later on the billing clock
    const maple = balanced('A');
    await signIn(maple, 'maple-owner');
    const mapleOptions = await paymentOptions(maple);
    const mapleBank = mapleOptions.methods.find((m) => m.type === 'bank' && m.allowed);
    const debit = await submitPayment(maple, {
      amountCents: Math.min(mapleOptions.maxCents, Math.max(mapleOptions.minCents, 2_000)),
      paymentDate: mapleOptions.today,
      method: { paymentMethodId: mapleBank?.id ?? '' },
    });
    expect(debit.statusCode, debit.body).toBe(200);
    const bankDebit = receiptOf(debit);
    expect(bankDebit.status).toBe('pending');

    // the dev knobs, from the local operator of each instance, without a session (the move ends every session idle
    // that long; plugins/dev-control.ts)
    const dev = balanced('A');
    const token = await dev.request({ url: CSRF_PATH });
    expect(token.statusCode, token.body).toBe(200);
    const operator = (instance: Instance) => ({
      ...dev.csrf(),
      authorization: servers[instance].devControlAuthorization(),
    });
    const clockBefore = await dev.request({ url: CLOCK_PATH, headers: operator('A') });
    const before = new Date(clockBefore.json().now as string);

    // how far to move: past every scheduled payment (Pinecrest's of the demo data, Harbor's) and the next Auto Pay
    // draft of every enrolment (Riverbend's)
    const dueScheduled = await database.db
      .select({ id: payments.id, paymentDate: payments.paymentDate, timeZone: accounts.timeZone })
      .from(payments)
      .innerJoin(accounts, eq(accounts.id, payments.accountId))
      .where(eq(payments.status, 'scheduled'));
    expect(dueScheduled.length).toBeGreaterThanOrEqual(2);
    const enrollments = await database.db
      .select({
        id: autopayEnrollments.id,
        accountId: autopayEnrollments.accountId,
        debitDay: autopayEnrollments.debitDay,
        cycleDay: accounts.cycleDay,
        timeZone: accounts.timeZone,
      })
      .from(autopayEnrollments)
      .innerJoin(accounts, eq(accounts.id, autopayEnrollments.accountId))
      .where(and(eq(autopayEnrollments.status, 'enrolled'), eq(autopayEnrollments.scope, 'core')));
    expect(enrollments.length).toBeGreaterThanOrEqual(1);
    const nextDrafts = [];
    for (const enrollment of enrollments) {
      const today = dateInZone(before, enrollment.timeZone);
      const [latest] = await database.db
        .select({ statementDate: statements.statementDate })
        .from(statements)
        .where(eq(statements.accountId, enrollment.accountId))
        .orderBy(sql`${statements.statementDate} desc`)
        .limit(1);
      const latestDate = (latest?.statementDate ?? today) as IsoDate;
      let statementDate = latestDate;
      let draftDate = draftDateFor(statementDate, enrollment.debitDay);
      if (compareDates(draftDate, today) <= 0) {
        statementDate = cycleDate(latestDate, enrollment.cycleDay, 1);
        draftDate = draftDateFor(statementDate, enrollment.debitDay);
      }
      nextDrafts.push({ ...enrollment, statementDate, draftDate, inDays: daysBetween(today, draftDate) });
    }
    const days = Math.max(
      2,
      ...dueScheduled.map((p) => daysBetween(dateInZone(before, p.timeZone), p.paymentDate as IsoDate)),
      ...nextDrafts.map((d) => d.inDays),
    );
    // an hour more, so no time zone's date falls short of it
    const advance = `${days}d1h`;

    const statementsBefore = await database.db
      .select({ accountId: statements.accountId, statementDate: statements.statementDate })
      .from(statements);
    const paymentIdsBefore = new Set((await database.db.select({ id: payments.id }).from(payments)).map((p) => p.id));
    const billingAccounts = await database.db
      .select({ id: accounts.id, cycleDay: accounts.cycleDay, timeZone: accounts.timeZone })
      .from(accounts)
      .where(eq(accounts.isEnterprise, false));
    const [clockRow] = await database.db.select({ offsetMs: clockState.offsetMs }).from(clockState);
    const offsetBefore = clockRow?.offsetMs ?? 0;

    // both instances' processor calls take a while, so their passes overlap; then the move on A and, as soon as
    // it is in the database, a (zero) move on B: each runs its due-work pass with the new clock at once
    for (const instance of ['A', 'B'] as const) {
      const set = await via(dev, instance, () =>
        dev.request({
          method: 'PUT',
          url: PROCESSOR_FAULTS_PATH,
          headers: operator(instance),
          payload: { latencyMs: RACE_LATENCY_MS },
        }),
      );
      expect(set.statusCode, set.body).toBe(200);
    }
    const timed = async (instance: Instance, move: string) => {
      const sentAt = performance.now();
      const answer = await via(dev, instance, () =>
        dev.request({ method: 'POST', url: CLOCK_PATH, headers: operator(instance), payload: { advance: move } }),
      );
      return { answer, sentAt, answeredAt: performance.now() };
    };
    const startedAt = new Date();
    const onA = timed('A', advance);
    const moveDeadline = Date.now() + 10_000;
    for (;;) {
      const [row] = await database.db.select({ offsetMs: clockState.offsetMs }).from(clockState);
      if ((row?.offsetMs ?? 0) !== offsetBefore) break;
      if (Date.now() > moveDeadline) throw new Error('the clock move on A never reached the database');
      await sleep(5);
    }
    const onB = timed('B', '0s');
    const [a, b] = await Promise.all([onA, onB]);
    expect(a.answer.statusCode, `${a.answer.body}\n${errorsLogged('A')}`).toBe(200);
    expect(b.answer.statusCode, `${b.answer.body}\n${errorsLogged('B')}`).toBe(200);
    const newOffset = a.answer.json().offsetMs as number;
    expect(b.answer.json().offsetMs).toBe(newOffset);
    for (const instance of ['A', 'B'] as const) {
      const reset = await via(dev, instance, () =>
        dev.request({
          method: 'PUT',
          url: PROCESSOR_FAULTS_PATH,
          headers: operator(instance),
          payload: { reset: true },
        }),
      );
      expect(reset.statusCode, reset.body).toBe(200);
    }
    // the passes overlapped: B's started before A's ended, and both ran with the moved clock (their own logs)
    expect(b.sentAt).toBeLessThan(a.answeredAt);
    for (const instance of ['A', 'B'] as const) {
      const moved = logLines(servers[instance]).filter((line) => line.msg === 'billing clock moved');
      expect(moved.map((line) => line.offsetMs)).toEqual([newOffset]);
    }
    const after = new Date(a.answer.json().now as string);
    console.info(
      `clock moved ${advance}; due-work passes: A ${Math.round(a.answeredAt - a.sentAt)} ms, B ${Math.round(
        b.answeredAt - b.sentAt,
      )} ms, B started ${Math.round(b.sentAt - a.sentAt)} ms after A`,
    );

    // scheduled payments: each ran once (one charge, one outcome), none left due
    const ranScheduled = await database.db
      .select({ id: payments.id, status: payments.status })
      .from(payments)
      .where(
        inArray(
          payments.id,
          dueScheduled.map((p) => p.id),
        ),
      );
    expect(ranScheduled.map((p) => p.status)).toEqual(dueScheduled.map(() => 'successful'));
    expect(dueScheduled.map((p) => p.id)).toContain(harborScheduled.id);

    // Auto Pay: one draft per enrolment and statement, the claim row once
    const newPayments = await database.db
      .select({ id: payments.id, accountId: payments.accountId, channel: payments.channel, status: payments.status })
      .from(payments);
    const drafts = newPayments.filter((p) => !paymentIdsBefore.has(p.id));
    expect(drafts.map((p) => [p.accountId, p.channel, p.status]).sort()).toEqual(
      nextDrafts.map((d) => [d.accountId, 'autoPay', 'successful']).sort(),
    );
    for (const draft of nextDrafts) {
      const [statement] = await database.db
        .select({ id: statements.id })
        .from(statements)
        .where(and(eq(statements.accountId, draft.accountId), eq(statements.statementDate, draft.statementDate)));
      const claims = await database.db
        .select({ status: jobs.status })
        .from(jobs)
        .where(eq(jobs.uniqueKey, `autopay-draft:${draft.id}:${statement?.id}`));
      expect(claims).toEqual([{ status: 'done' }]);
    }

    // every payment that reached the processor in this pass: exactly one transaction each
    const charged = [...dueScheduled.map((p) => p.id), ...drafts.map((p) => p.id)];
    const transactions = await database.db
      .select({ key: processorTransactions.idempotencyKey, n: sql<number>`count(*)::int` })
      .from(processorTransactions)
      .where(inArray(processorTransactions.idempotencyKey, charged))
      .groupBy(processorTransactions.idempotencyKey);
    expect(transactions.map((t) => t.n)).toEqual(charged.map(() => 1));

    // the bank debit posted once
    const [posted] = await database.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, bankDebit.id));
    expect(posted?.status).toBe('successful');

    // the restore job completed once, and no job that is due is left waiting (a payment of this pass may have queued
    // another restore, due minutes later)
    const restoreJobs = await database.db
      .select({ status: jobs.status, completedAt: jobs.completedAt })
      .from(jobs)
      .where(eq(jobs.uniqueKey, restoreKey));
    expect(restoreJobs).toHaveLength(1);
    expect(restoreJobs[0]?.status).toBe('done');
    expect(restoreJobs[0]?.completedAt).not.toBeNull();
    const waiting = await database.db
      .select({ kind: jobs.kind, runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, after)));
    expect(waiting).toEqual([]);
    const [northgateAccount] = await database.db
      .select({ status: accounts.status })
      .from(accounts)
      .where(eq(accounts.companyName, 'Northgate Clinic'));
    expect(northgateAccount?.status).toBe('active');

    // no outcome recorded twice: every audit event of the pass names its target once per action
    const doubled = await database.db
      .select({ action: auditEvents.action, targetId: auditEvents.targetId, n: count() })
      .from(auditEvents)
      .where(gte(auditEvents.at, before))
      .groupBy(auditEvents.action, auditEvents.targetId)
      .having(sql`count(*) > 1`);
    expect(doubled).toEqual([]);
    const outcomes = await database.db
      .select({ targetId: auditEvents.targetId })
      .from(auditEvents)
      .where(and(gte(auditEvents.at, before), eq(auditEvents.action, 'payment.successful')));
    expect(outcomes.map((o) => o.targetId).sort()).toEqual([...charged, bankDebit.id].sort());

    // statements: each billing account has every cycle up to the new today, once
    const statementsAfter = await database.db
      .select({ accountId: statements.accountId, statementDate: statements.statementDate })
      .from(statements);
    const keyOf = (s: { accountId: string; statementDate: string }) => `${s.accountId} ${s.statementDate}`;
    expect(new Set(statementsAfter.map(keyOf)).size).toBe(statementsAfter.length);
    let newStatements = 0;
    for (const account of billingAccounts) {
      const own = statementsBefore.filter((s) => s.accountId === account.id).map((s) => s.statementDate);
      if (own.length === 0) continue;
      const latest = own.sort().at(-1) as IsoDate;
      const today = dateInZone(after, account.timeZone);
      const expected = [...own];
      for (let k = 1; compareDates(cycleDate(latest, account.cycleDay, k), today) <= 0; k++) {
        expected.push(cycleDate(latest, account.cycleDay, k));
        newStatements++;
      }
      const actual = statementsAfter.filter((s) => s.accountId === account.id).map((s) => s.statementDate);
      expect(actual.sort(), `statements of ${account.id}`).toEqual(expected.sort());
    }
    expect(newStatements).toBeGreaterThan(0);

    // who did what since the move: every claim, charge, statement and job change happened once, whoever made it
    const work = (
      (await database.db.execute(
        sql`select instance, what, row_id from test_work_log where at >= ${startedAt.toISOString()}::timestamptz`,
      )) as unknown as { rows: { instance: string; what: string; row_id: string }[] }
    ).rows;
    const times = new Map<string, number>();
    for (const row of work) times.set(`${row.what} ${row.row_id}`, (times.get(`${row.what} ${row.row_id}`) ?? 0) + 1);
    expect([...times].filter(([, n]) => n > 1)).toEqual([]);
    expect(work.filter((row) => row.what === 'statements')).toHaveLength(newStatements);
    expect(work.filter((row) => row.what === 'payments').map((row) => row.row_id)).toEqual(drafts.map((p) => p.id));
    expect(work.filter((row) => row.what === 'processor_transactions').map((row) => row.row_id)).toHaveLength(
      charged.length,
    );
    expect(
      work
        .filter((row) => row.what === 'payments:scheduled>processing')
        .map((row) => row.row_id)
        .sort(),
    ).toEqual(dueScheduled.map((p) => p.id).sort());
    const split = (instance: string) => {
      const mine = work.filter((row) => row.instance === `vireo-${instance}`);
      const kinds = new Map<string, number>();
      for (const row of mine) kinds.set(row.what, (kinds.get(row.what) ?? 0) + 1);
      return [...kinds].map(([what, n]) => `${what} ${n}`).join(', ') || 'nothing';
    };
    console.info(`work done after the move: A: ${split('A')}; B: ${split('B')}`);
    // a real race: each instance did part of it
    expect(split('A'), `B: ${split('B')}`).not.toBe('nothing');
    expect(split('B'), `A: ${split('A')}`).not.toBe('nothing');

    // nothing failed in either instance's background work
    for (const instance of ['A', 'B'] as const) expect(errorsLogged(instance), `errors logged by ${instance}`).toBe('');
    console.info(
      `background work: ${dueScheduled.length} scheduled payments, ${drafts.length} Auto Pay draft(s), 1 bank debit posted, 1 restore job, ${newStatements} statements`,
    );
  });

  it('shares the sign-in rate limit in Redis: the 21st attempt a minute from one address is 429 on either', {
    timeout: STEP_TIMEOUT_MS,
  }, async () => {
    // one sign-in form; its interaction is in the database, so either instance takes the credentials
    const b = balanced('A');
    const { uid } = await openSignInForm(b);
    // the earlier sign-ins of this file came from the same address: start a fresh window (this run's keys only)
    await clearOwnRedisKeys();
    const startedAt = Date.now();
    const attempt = (instance: Instance) =>
      via(b, instance, () => submitSignIn(b, uid, { username: 'nobody', password: 'wrong' })).then((answer) => ({
        instance,
        status: answer.statusCode,
      }));
    // 20 attempts at once, 10 on each instance: all counted, all refused as bad credentials
    const allowed = await Promise.all(
      Array.from({ length: LOGIN_RATE_LIMIT_PER_MINUTE }, (_, i) => attempt(i % 2 === 0 ? 'A' : 'B')),
    );
    expect(allowed.filter((a) => a.instance === 'A')).toHaveLength(LOGIN_RATE_LIMIT_PER_MINUTE / 2);
    expect(allowed.map((a) => a.status)).toEqual(allowed.map(() => 401));
    // then the 21st, on A, and the 22nd, on B: one counter, so both are over the limit
    const over = [await attempt('A'), await attempt('B')];
    const elapsed = `${Date.now() - startedAt} ms for ${LOGIN_RATE_LIMIT_PER_MINUTE + 2} attempts (window 60 s)`;
    expect(over, elapsed).toEqual([
      { instance: 'A', status: 429 },
      { instance: 'B', status: 429 },
    ]);
    // and that counter is in Redis, under this run's prefix
    const keys = await ownRedisKeys();
    const counters = await Promise.all(keys.map(async (key) => [key, await redis.get(key)] as const));
    expect(counters.filter(([key]) => key.includes('vireo-login-')).map(([, value]) => Number(value))).toEqual([
      LOGIN_RATE_LIMIT_PER_MINUTE + 2,
    ]);
  });
});
