import {
  ACTIVITY_PATH,
  BILLING_SUMMARY_PATH,
  CHARGES_PATH,
  DELINQUENCY_SCHEDULE_PATH,
  PAYMENT_HISTORY_PATH,
  STATEMENTS_PATH,
  type StatementDetail,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { addPortalUser } from '../../../test/portal-user';
import { type Browser, browser, signIn } from '../../../test/sign-in';
import { accounts } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;
const sessions = new Map<string, Browser>();

async function as(username: string) {
  if (!sessions.has(username)) {
    const b = browser(app, { remoteAddress: `10.2.0.${sessions.size + 1}` });
    await signIn(b, username);
    sessions.set(username, b);
  }
  return sessions.get(username) as Browser;
}

const get = async (username: string, url: string) => (await as(username)).request({ url });

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('billing summary', () => {
  it('shows Harbor Coffee what it owes and when', async () => {
    const response = await get('harbor-billing', BILLING_SUMMARY_PATH);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      amountDueCents: 28_947,
      pastDueCents: 0,
      delinquencyCode: null,
      delinquencyState: 'current',
      latestStatement: { dueDate: '2026-12-01', totalDueCents: 28_947 },
      autoPay: { enrolled: false, methodLabel: null, debitDay: null },
      paperless: false,
      scheduledPayments: { count: 0, nextDate: null, nextAmountCents: 0, totalCents: 0 },
    });
  });

  it('shows Pinecrest its scheduled payment where the amount due is (issue 14)', async () => {
    const summary = (await get('pinecrest-owner', BILLING_SUMMARY_PATH)).json();
    expect(summary.scheduledPayments).toEqual({
      count: 1,
      nextDate: '2026-11-26',
      nextAmountCents: 15_000,
      totalCents: 15_000,
    });
  });

  it('shows Riverbend on Auto Pay with its Mastercard and paperless', async () => {
    const response = await get('riverbend-billing', BILLING_SUMMARY_PATH);
    expect(response.json()).toMatchObject({
      autoPay: { enrolled: true, methodLabel: 'Mastercard 4444', debitDay: 20 },
      paperless: true,
    });
  });

  it('gives Pinecrest the suspension warning and its soft-disconnect date', async () => {
    const summary = (await get('pinecrest-owner', BILLING_SUMMARY_PATH)).json();
    expect(summary).toMatchObject({ pastDueCents: 41_210, daysPastDue: 47, delinquencyCode: 43 });
    const schedule = await get('pinecrest-owner', DELINQUENCY_SCHEDULE_PATH);
    expect(schedule.json()).toEqual({ softDisconnectDate: '2026-12-04' });
    expect((await get('harbor-owner', DELINQUENCY_SCHEDULE_PATH)).json()).toEqual({ softDisconnectDate: null });
  });
});

describe('statements', () => {
  it('lists 13 statements newest first, and pages forward and back', async () => {
    const all = (await get('harbor-billing', `${STATEMENTS_PATH}?limit=100`)).json();
    expect(all.items).toHaveLength(13);
    const dates = all.items.map((s: { statementDate: string }) => s.statementDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.nextCursor).toBeNull();
    expect(all.previousCursor).toBeNull();

    const first = (await get('harbor-billing', `${STATEMENTS_PATH}?limit=5`)).json();
    expect(first.items.map((s: { id: string }) => s.id)).toEqual(
      all.items.slice(0, 5).map((s: { id: string }) => s.id),
    );
    expect(first.previousCursor).toBeNull();
    const second = (await get('harbor-billing', `${STATEMENTS_PATH}?limit=5&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((s: { id: string }) => s.id)).toEqual(
      all.items.slice(5, 10).map((s: { id: string }) => s.id),
    );
    const third = (await get('harbor-billing', `${STATEMENTS_PATH}?limit=5&cursor=${second.nextCursor}`)).json();
    expect(third.items).toHaveLength(3);
    expect(third.nextCursor).toBeNull();
    const back = (await get('harbor-billing', `${STATEMENTS_PATH}?limit=5&cursor=${third.previousCursor}`)).json();
    expect(back.items.map((s: { id: string }) => s.id)).toEqual(second.items.map((s: { id: string }) => s.id));
    const front = (await get('harbor-billing', `${STATEMENTS_PATH}?limit=5&cursor=${back.previousCursor}`)).json();
    expect(front.items.map((s: { id: string }) => s.id)).toEqual(first.items.map((s: { id: string }) => s.id));
    expect(front.previousCursor).toBeNull();
  });

  it('refuses a forged cursor', async () => {
    const response = await get('harbor-billing', `${STATEMENTS_PATH}?cursor=not-a-cursor`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[0].path).toBe('querystring.cursor');
  });

  it('explains every changed line by the event that caused it', async () => {
    const all = (await get('harbor-billing', `${STATEMENTS_PATH}?limit=100`)).json().items.reverse();
    const details: StatementDetail[] = [];
    for (const statement of all) {
      const response = await get('harbor-billing', `${STATEMENTS_PATH}/${statement.id}`);
      expect(response.statusCode).toBe(200);
      details.push(response.json());
    }
    // the history reconciles: each total = previous balance - payments + adjustments + new charges
    for (const d of details) {
      expect(d.totalDueCents).toBe(
        d.previousBalanceCents - d.paymentsReceivedCents + d.adjustmentsCents + d.newChargesCents,
      );
      expect(d.sections.reduce((t, s) => t + s.totalCents, 0)).toBe(d.newChargesCents);
    }
    expect(details[0]?.comparison).toBeNull();
    const reasons = details.flatMap((d) =>
      d.sections.flatMap((s) => [
        ...s.lines.map((l) => l.change?.reason?.type),
        ...s.removedLines.map((l) => l.reason.type),
      ]),
    );
    for (const type of ['plan_change', 'promotion_ended', 'new_service', 'one_time_charge', 'proration']) {
      expect(reasons, type).toContain(type);
    }
    // every line whose amount changed has a reason
    for (const d of details.slice(1)) {
      for (const line of d.sections.flatMap((s) => s.lines)) {
        if (line.change && line.change.differenceCents !== 0)
          expect(line.change.reason, line.description).not.toBeNull();
      }
    }
    // the latest statement: nothing changed since last month
    const latest = details.at(-1) as StatementDetail;
    expect(latest.comparison?.differenceCents).toBe(0);
  });

  it('shows each account the security code of its own statements (issue 17)', async () => {
    // demo-data.md: Oak & Ivy Florist has no portal user (it is the Create account demo); this test gives it one
    await addPortalUser(database.db, { accountNumber: '8260170080085566', username: 'oakivy-test' });
    const codeOf = async (username: string) => {
      const list = (await get(username, `${STATEMENTS_PATH}?limit=100`)).json().items as { id: string }[];
      expect(list).toHaveLength(13);
      const codes = new Set<string | null>();
      for (const { id } of [list[0], list.at(-1)] as { id: string }[]) {
        const response = await get(username, `${STATEMENTS_PATH}/${id}`);
        expect(response.statusCode).toBe(200);
        codes.add((response.json() as StatementDetail).statementCode);
      }
      expect(codes.size, 'the newest and the oldest statement carry the same code').toBe(1);
      return [...codes][0];
    };
    expect(await codeOf('oakivy-test')).toBe('482913');
    const [harbor] = await database.db
      .select({ statementCode: accounts.statementCode })
      .from(accounts)
      .where(eq(accounts.accountNumber, '8260170010011234'));
    const harborCode = await codeOf('harbor-billing');
    expect(harborCode).toMatch(/^\d{6}$/);
    expect(harborCode).toBe(harbor?.statementCode);
    expect(harborCode).not.toBe('482913');
  });

  it('answers 404 for another business statement', async () => {
    const harbor = (await get('harbor-billing', STATEMENTS_PATH)).json().items[0].id;
    const response = await get('pinecrest-owner', `${STATEMENTS_PATH}/${harbor}`);
    expect(response.statusCode).toBe(404);
    expect((await get('pinecrest-owner', `${STATEMENTS_PATH}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(
      404,
    );
  });
});

describe('history lists', () => {
  it('merges statements, payments, charges and credits into one timeline, filtered by date', async () => {
    const page = (await get('harbor-billing', `${ACTIVITY_PATH}?limit=100`)).json();
    const types = new Set(page.items.map((item: { type: string }) => item.type));
    expect(types).toEqual(new Set(['statement', 'payment', 'charge', 'credit']));
    const filtered = (await get('harbor-billing', `${ACTIVITY_PATH}?from=2026-06-01&to=2026-08-31&limit=100`)).json();
    expect(filtered.items.length).toBeGreaterThan(0);
    for (const item of filtered.items) expect(item.date >= '2026-06-01' && item.date <= '2026-08-31').toBe(true);
    const inverted = await get('harbor-billing', `${ACTIVITY_PATH}?from=2026-08-31&to=2026-06-01`);
    expect(inverted.statusCode).toBe(400);
  });

  it('lists payments with status, method and channel, and pages through them', async () => {
    const first = (await get('harbor-billing', `${PAYMENT_HISTORY_PATH}?limit=4`)).json();
    expect(first.items).toHaveLength(4);
    expect(first.items[0]).toMatchObject({ status: 'successful' });
    expect(first.items[0].methodLabel).toMatch(/^(Visa 4242|Checking 6789)$/);
    const second = (await get('harbor-billing', `${PAYMENT_HISTORY_PATH}?limit=4&cursor=${first.nextCursor}`)).json();
    expect(second.items[0].paymentDate <= first.items[3].paymentDate).toBe(true);
    expect(new Set([...first.items, ...second.items].map((p: { id: string }) => p.id)).size).toBe(8);
  });

  it('lists a scheduled payment as scheduled, on the date it will run, with keyset paging intact (issue 14)', async () => {
    const first = (await get('pinecrest-owner', `${PAYMENT_HISTORY_PATH}?limit=2`)).json();
    expect(first.items[0]).toMatchObject({ status: 'scheduled', paymentDate: '2026-11-26', amountCents: 15_000 });
    const seen: { id: string; paymentDate: string; status: string }[] = [...first.items];
    let cursor: string | null = first.nextCursor;
    while (cursor) {
      const page = (await get('pinecrest-owner', `${PAYMENT_HISTORY_PATH}?limit=2&cursor=${cursor}`)).json();
      seen.push(...page.items);
      cursor = page.nextCursor;
    }
    expect(new Set(seen.map((p) => p.id)).size).toBe(seen.length);
    expect(seen.filter((p) => p.status === 'scheduled')).toHaveLength(1);
    const dates = seen.map((p) => p.paymentDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // and back: the page before the second is the first
    const second = (await get('pinecrest-owner', `${PAYMENT_HISTORY_PATH}?limit=2&cursor=${first.nextCursor}`)).json();
    const back = (
      await get('pinecrest-owner', `${PAYMENT_HISTORY_PATH}?limit=2&cursor=${second.previousCursor}`)
    ).json();
    expect(back.items.map((p: { id: string }) => p.id)).toEqual(first.items.map((p: { id: string }) => p.id));
  });

  it('lists charges with their posting dates', async () => {
    const charges = (await get('harbor-billing', CHARGES_PATH)).json();
    expect(charges.items.map((c: { description: string }) => c.description)).toEqual(
      expect.arrayContaining(['Professional installation, Business TV', 'Service credit: internet outage']),
    );
  });
});

describe('access (spec §6, product-decisions.md)', () => {
  const paths = [
    BILLING_SUMMARY_PATH,
    DELINQUENCY_SCHEDULE_PATH,
    STATEMENTS_PATH,
    ACTIVITY_PATH,
    PAYMENT_HISTORY_PATH,
    CHARGES_PATH,
  ];

  it.each(paths)('refuses %s to a STANDARD user and sends enterprise accounts away', async (path) => {
    const staff = await get('harbor-staff', path);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error.code).toBe('FORBIDDEN');
    const summit = await get('summit-owner', path);
    expect(summit.statusCode).toBe(403);
    expect(summit.json().error.code).toBe('BILLING_SUPPRESSED');
    expect((await app.inject(path)).statusCode).toBe(401);
  });
});
