import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { BILLING_SUMMARY_PATH, SESSION_PROFILE_PATH } from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { type ProxyMode, startDatabaseProxy } from '../../test/database-proxy';
import { clearOfMidnight, paymentOptions, submitPayment } from '../../test/payments';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import {
  type Answer,
  type Client,
  DEMO_PASSWORD,
  httpBrowser,
  openSignInForm,
  signIn,
  submitSignIn,
} from '../../test/sign-in';
import { idempotencyKeys } from '../db/schema';

/**
 * quality-bars.md "Reliability and security": database down 30 s → mutations 503 + Retry-After, `/readyz` 503 within
 * 5 s, recovery without a restart.
 *
 * The real server runs as a process whose DATABASE_URL points at a TCP proxy written here, in front of PostgreSQL.
 * The proxy takes the database away in two ways:
 * - refused (the bar): the database server is gone, as when it crashed or restarts: every proxied connection is
 *   destroyed and new ones are refused (the listener is closed: ECONNREFUSED), for DB_OUTAGE_SECONDS (30);
 * - partitioned: the network to it black-holes everything (open connections hang, new ones are accepted and hang)
 *   for DB_PARTITION_SECONDS (15), then heals and what was held passes on.
 */
const OUTAGE_SECONDS = Number(process.env.DB_OUTAGE_SECONDS ?? 30);
const PARTITION_SECONDS = Number(process.env.DB_PARTITION_SECONDS ?? 15);
/** How long a request may take to be answered while the database is down. */
const ANSWER_WITHIN_MS = 5_000;
/** Reads sent the moment the database goes away. */
const AT_CUT = 3;

type Timed = { answer: Answer | Error; ms: number };
/** A request's answer and how long it took; one still unanswered after `limitMs` counts as a hang. */
async function timed(request: () => Promise<Answer>, limitMs = ANSWER_WITHIN_MS * 2): Promise<Timed> {
  const started = Date.now();
  const settled = request().catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
  const answer = await Promise.race([settled, sleep(limitMs).then(() => new Error(`no answer within ${limitMs} ms`))]);
  return { answer, ms: Date.now() - started };
}
const statusOf = (answer: Answer | Error) => (answer instanceof Error ? answer.message : answer.statusCode);
const codeOf = (answer: Answer | Error) =>
  answer instanceof Error || answer.statusCode < 400 ? null : (answer.json().error?.code ?? null);
const status = (path: string) => timed(() => httpBrowser(server.origin).request({ url: path }));

type Key = ReturnType<typeof randomUUID>;
type Probe = { at: number; payment: Timed; signIn: Timed; read: Timed; ready: Timed; health: Timed };
type Outage = {
  /** Reads sent the moment the database went away, on connections the pool already held. */
  atCut: Timed[];
  readyDownAfter: number | null;
  probes: Probe[];
  readyAgainAfter: number | null;
  /** From the restore to the first 200 of a payment resent with the key used during the outage. */
  recoveredAfter: number;
  resent: Answer;
  outageKey: Key;
};

let database: TestDatabase;
let proxy: Awaited<ReturnType<typeof startDatabaseProxy>>;
let server: ServerProcess;
let owner: Client;
let visaId: string;
let today: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  const target = new URL(database.url as string);
  proxy = await startDatabaseProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(database.url as string);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  server = await startServerProcess({
    DATABASE_URL: viaProxy.toString(),
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  });
  await server.waitReady(600_000);
  owner = httpBrowser(server.origin);
  await signIn(owner, 'harbor-owner');
  // the payments carry today's date: the run stays within one billing day
  await clearOfMidnight(owner, 'harbor-owner', 30 * 60_000);
  const options = await paymentOptions(owner);
  const visa = options.methods.find((m) => m.label === 'Visa 4242' && m.allowed && !m.expired);
  if (!visa) throw new Error('harbor-owner has no usable Visa 4242');
  visaId = visa.id;
  today = options.today;
}, 660_000);

afterAll(async () => {
  await server?.stop('SIGKILL');
  await proxy?.close();
  await database?.close();
});

const pay = (key: Key, amountCents: number) =>
  submitPayment(owner, { amountCents, paymentDate: today, method: { paymentMethodId: visaId } }, key);
let nextAmount = 101;

/**
 * Takes the database away for `seconds`; meanwhile probes every few seconds a payment (one key throughout), a sign-in
 * (a form opened before the cut), a read, /readyz and /healthz; then brings it back and measures the recovery.
 */
async function outage(how: Exclude<ProxyMode, 'up'>, seconds: number): Promise<Outage> {
  expect((await pay(randomUUID(), nextAmount++)).statusCode).toBe(200);
  const visitor = httpBrowser(server.origin);
  const { uid } = await openSignInForm(visitor);
  // a few reads at once leave the pool holding that many open connections
  const read = () => owner.request({ url: BILLING_SUMMARY_PATH });
  for (const answer of await Promise.all([read(), read(), read(), read()])) expect(answer.statusCode).toBe(200);
  expect(proxy.connections()).toBeGreaterThan(AT_CUT);

  await proxy.cut(how);
  const cutAt = Date.now();
  // sent before the server can know: they get pooled connections that no longer answer
  const atCut = Promise.all(Array.from({ length: AT_CUT }, () => timed(read)));
  let readyDownAfter: number | null = null;
  while (Date.now() - cutAt < 10_000) {
    if (statusOf((await status('/readyz')).answer) === 503) {
      readyDownAfter = Date.now() - cutAt;
      break;
    }
    await sleep(100);
  }
  const outageKey = randomUUID();
  const amount = nextAmount++;
  const probes: Probe[] = [];
  while (Date.now() - cutAt < seconds * 1_000 - ANSWER_WITHIN_MS) {
    const [payment, signInAnswer, read, ready, health] = await Promise.all([
      timed(() => pay(outageKey, amount)),
      timed(() => submitSignIn(visitor, uid, { username: 'harbor-billing', password: DEMO_PASSWORD })),
      timed(() => owner.request({ url: BILLING_SUMMARY_PATH })),
      status('/readyz'),
      status('/healthz'),
    ]);
    probes.push({ at: Date.now() - cutAt, payment, signIn: signInAnswer, read, ready, health });
    expect(server.child.exitCode, 'the process exited during the outage').toBeNull();
    await sleep(2_500);
  }
  const remaining = seconds * 1_000 - (Date.now() - cutAt);
  if (remaining > 0) await sleep(remaining);

  await proxy.restore();
  const restoredAt = Date.now();
  let readyAgainAfter: number | null = null;
  while (Date.now() - restoredAt < 15_000) {
    if (statusOf((await status('/readyz')).answer) === 200) {
      readyAgainAfter = Date.now() - restoredAt;
      break;
    }
    await sleep(100);
  }
  // the payment refused during the outage was never made: the same key and body go through now (a client resends on
  // 503, and on 409 while a request of the same key is still finishing)
  let resent = await pay(outageKey, amount);
  while ((resent.statusCode === 503 || resent.statusCode === 409) && Date.now() - restoredAt < 15_000) {
    await sleep(250);
    resent = await pay(outageKey, amount);
  }
  const recoveredAfter = Date.now() - restoredAt;

  console.log(
    [
      `database ${how} for ${seconds} s: /readyz 503 after ${readyDownAfter} ms; ${probes.length} probe rounds while down`,
      `  reads sent at the cut: ${(await atCut).map((t) => `${statusOf(t.answer)} in ${t.ms} ms`).join(', ')}`,
      ...probes.map(
        (p) =>
          `  +${(p.at / 1000).toFixed(1)} s: payment ${statusOf(p.payment.answer)} ${codeOf(p.payment.answer)} in ${p.payment.ms} ms, ` +
          `sign-in ${statusOf(p.signIn.answer)} in ${p.signIn.ms} ms, read ${statusOf(p.read.answer)} in ${p.read.ms} ms, ` +
          `readyz ${statusOf(p.ready.answer)} in ${p.ready.ms} ms, healthz ${statusOf(p.health.answer)}`,
      ),
      `  after the restore: /readyz 200 after ${readyAgainAfter} ms; the outage's payment resent: ${resent.statusCode} after ${recoveredAfter} ms`,
    ].join('\n'),
  );
  return { atCut: await atCut, readyDownAfter, probes, readyAgainAfter, recoveredAfter, resent, outageKey };
}

/** After the restore, without a restart: ready, reads, payments and sign-ins work, and the outage made no payment. */
async function expectRecovered(result: Outage) {
  expect(result.readyAgainAfter, '/readyz not 200 15 s after the restore').not.toBeNull();
  expect(result.readyAgainAfter).toBeLessThan(5_000);
  expect(result.resent.statusCode, result.resent.body).toBe(200);
  expect(result.resent.json().payment.status).toBe('successful');
  expect(result.recoveredAfter).toBeLessThan(5_000);
  const profile = await owner.request({ url: SESSION_PROFILE_PATH });
  expect(profile.statusCode, profile.body).toBe(200);
  expect((await owner.request({ url: BILLING_SUMMARY_PATH })).statusCode).toBe(200);
  const fresh = await pay(randomUUID(), nextAmount++);
  expect(fresh.statusCode, fresh.body).toBe(200);
  const later = httpBrowser(server.origin);
  await signIn(later, 'harbor-billing');
  expect((await later.request({ url: SESSION_PROFILE_PATH })).statusCode).toBe(200);
  const keyRows = await database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, result.outageKey));
  expect(keyRows.map((k) => [k.status, k.resourceId])).toEqual([['completed', result.resent.json().payment.id]]);
  expect(server.child.exitCode).toBeNull();
}

/**
 * While the database is gone: /readyz 503 within 5 s of the cut; then every payment, sign-in and read is answered
 * 503 + Retry-After within 5 s (a read needs the database too: never a 500 or a hang); the process stays up
 * (/healthz 200); after the restore it recovers without a restart.
 */
async function expectAnsweredWhileDown(result: Outage) {
  expect(result.readyDownAfter, '/readyz still 200 10 s after the cut').not.toBeNull();
  expect(result.readyDownAfter).toBeLessThan(5_000);
  expect(result.probes.length).toBeGreaterThan(0);
  // requests already past the availability check when the database went away fail as soon as it is known
  for (const [index, t] of result.atCut.entries()) {
    expect(statusOf(t.answer), `read ${index} sent at the cut`).toBe(503);
    expect(t.ms, `read ${index} sent at the cut: answered in`).toBeLessThan(ANSWER_WITHIN_MS);
  }
  for (const probe of result.probes) {
    for (const [name, t] of [
      ['payment', probe.payment],
      ['sign-in', probe.signIn],
      ['read', probe.read],
    ] as const) {
      const at = `${name} at +${probe.at} ms`;
      expect(statusOf(t.answer), at).toBe(503);
      expect((t.answer as Answer).headers['retry-after'], `${at}: Retry-After`).toBe('5');
      expect(codeOf(t.answer), at).toBe('SERVICE_UNAVAILABLE');
      expect(t.ms, `${at}: answered in`).toBeLessThan(ANSWER_WITHIN_MS);
    }
    expect(statusOf(probe.ready.answer)).toBe(503);
    expect(probe.ready.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(statusOf(probe.health.answer)).toBe(200);
  }
  await expectRecovered(result);
}

describe(`the database refused for ${OUTAGE_SECONDS} s (crashed or restarting)`, () => {
  it('answers mutations 503 with Retry-After, /readyz 503 within 5 s, stays up, and recovers without a restart', {
    timeout: 90_000 + OUTAGE_SECONDS * 1_000,
  }, async () => {
    await expectAnsweredWhileDown(await outage('refuse', OUTAGE_SECONDS));
  });
});

describe(`the database partitioned for ${PARTITION_SECONDS} s (the network black-holes it)`, () => {
  // nothing comes back from the database and nothing is refused: the availability monitor's timeout tells it is gone
  it('answers mutations 503 with Retry-After within 5 s, /readyz 503 within 5 s, and recovers without a restart', {
    timeout: 90_000 + PARTITION_SECONDS * 1_000,
  }, async () => {
    await expectAnsweredWhileDown(await outage('blackhole', PARTITION_SECONDS));
  });
});
