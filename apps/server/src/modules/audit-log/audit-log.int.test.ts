import {
  AUDIT_LOG_EXPORT_PATH,
  AUDIT_LOG_PATH,
  AUDIT_RETENTION_DAYS,
  type AuditEntry,
  type AuditLogPage,
  PAY_LINKS_PATH,
  QUICK_PAY_LINK_PATH,
} from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, post } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, memberships, users } from '../../db/schema';
import { createAuditRepository } from '../../platform/audit';
import { fixedClock } from '../../platform/clock';
import { encodeCursor } from '../../platform/keyset';
import { asSystem, withRequest } from '../../platform/request-context';

/**
 * The customer-visible audit log (issue 18 item 6, wider-portal.md §4) through the API: what a request records (the
 * signed-in actor's name and role, the truncated address, the browser), a guest's and Vireo's own entries, the filters,
 * keyset paging, the CSV export and its formula neutralisation, retention, and only the reader's own account.
 */
const NOW = '2026-11-21T15:00:00Z';
const clock = fixedClock(NOW);
const portal = signedInApp({ clock });
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const audit = createAuditRepository();
const DAY_MS = 86_400_000;
const ZERO_ID = '00000000-0000-4000-8000-000000000000';

let harbor: string;
let riverbend: string;
let ownerId: string;
let owner: Browser;

async function accountOf(username: string) {
  const [row] = await portal
    .database()
    .db.select({ accountId: memberships.accountId, userId: users.id })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.username, username));
  return row as { accountId: string; userId: string };
}

async function page(b: Browser, query = ''): Promise<AuditLogPage> {
  const answer = await b.request({ url: `${AUDIT_LOG_PATH}${query ? `?${query}` : ''}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

/** An entry written outside any request (Vireo's own work) on the given account, `daysAgo` before now. */
async function systemEntry(accountId: string, daysAgo: number, extra: Record<string, unknown> = {}) {
  await audit.record(portal.database().db, {
    at: new Date(Date.parse(NOW) - daysAgo * DAY_MS),
    accountId,
    action: 'service.restored',
    data: {},
    ...extra,
  });
}

beforeAll(async () => {
  ({ accountId: harbor, userId: ownerId } = await accountOf('harbor-owner'));
  ({ accountId: riverbend } = await accountOf('riverbend-owner'));
  owner = await portal.as('harbor-owner');
});

describe('audit entries as the platform records them', () => {
  it("records a signed-in user's change with their name and role, the /24 of their address and their browser", async () => {
    const answer = await post(
      owner,
      PAY_LINKS_PATH,
      { capCents: 12_345, expiresInDays: 7, usesAllowed: 1 },
      { 'user-agent': CHROME_MAC },
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const { items } = await page(owner, 'area=pay_links');
    const entry = items.find((item) => item.action === 'pay_link.created') as AuditEntry;
    expect(entry).toMatchObject({
      actor: { kind: 'user', userId: ownerId, name: expect.stringMatching(/\S+ \S+/), role: 'PRIMARY' },
      area: 'pay_links',
      result: 'succeeded',
      target: { amountCents: 12_345 },
      browser: 'Chrome 131 on macOS',
    });
    expect(entry.ipPrefix).toMatch(/^10\.\d+\.\d+\.0$/);
    expect(JSON.stringify(entry)).not.toContain(answer.json().payLink.id);
  });

  it('records a guest who follows a pay link as Guest, with their address truncated', async () => {
    const made = await post(owner, PAY_LINKS_PATH, { capCents: 5_000, expiresInDays: 3, usesAllowed: 1 });
    const token = new URL(made.json().url).searchParams.get('link');
    const visitor = await portal.visitor('203.0.113.77');
    const opened = await post(visitor, QUICK_PAY_LINK_PATH, { link: token }, { 'user-agent': CHROME_MAC });
    expect(opened.statusCode, opened.body).toBe(200);
    const { items } = await page(owner, 'actor=guest');
    expect(items[0]).toMatchObject({
      action: 'quick_pay.opened',
      actor: { kind: 'guest', userId: null, name: null, role: null },
      ipPrefix: '203.0.113.0',
      browser: 'Chrome 131 on macOS',
    });
  });

  it("records Vireo's own work (outside any request, even one a request started) as the system, with no address", async () => {
    const db = portal.database().db;
    await withRequest({ ip: '198.51.100.9', userAgent: CHROME_MAC }, () =>
      asSystem(() => audit.record(db, { at: clock.now(), accountId: harbor, action: 'mobile.restored', data: {} })),
    );
    const { items } = await page(owner, 'actor=system&limit=1');
    expect(items[0]).toMatchObject({
      action: 'mobile.restored',
      area: 'services',
      actor: { kind: 'system', name: null },
      ipPrefix: null,
      browser: null,
    });
  });

  it('marks failures by their action, truncates IPv6 to /48, and lets a caller’s own values win', async () => {
    const db = portal.database().db;
    await withRequest({ ip: '2001:db8:85a3:1:2::7', userAgent: null }, () =>
      audit.record(db, { at: clock.now(), accountId: harbor, action: 'registration.code_refused', data: {} }),
    );
    await audit.record(db, {
      at: clock.now(),
      accountId: harbor,
      action: 'payment.failed',
      data: { amountCents: 999 },
      result: 'succeeded',
      actorKind: 'guest',
    });
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, harbor), eq(auditEvents.at, clock.now())));
    const refused = rows.find((row) => row.action === 'registration.code_refused');
    expect(refused).toMatchObject({ result: 'failed', area: 'users', actorKind: 'guest', ipPrefix: '2001:db8:85a3::' });
    expect(rows.find((row) => row.action === 'payment.failed')).toMatchObject({
      result: 'succeeded',
      actorKind: 'guest',
    });
  });

  it('keeps the name and role of a user who is later removed', async () => {
    const db = portal.database().db;
    const { userId } = await accountOf('harbor-staff');
    await audit.record(db, {
      at: new Date(Date.parse(NOW) - 1_000),
      accountId: harbor,
      actorUserId: userId,
      action: 'paperless.enrolled',
      data: {},
    });
    const [row] = await db.select().from(auditEvents).where(eq(auditEvents.actorUserId, userId));
    expect(row?.actorRole).toBe('STANDARD');
    expect(row?.actorName).toMatch(/\S+ \S+/);
    await db
      .update(auditEvents)
      .set({ actorUserId: null })
      .where(eq(auditEvents.id, row?.id as string));
    const { items } = await page(owner, 'area=paperless');
    expect(items.find((item) => item.id === row?.id)?.actor).toMatchObject({
      kind: 'user',
      userId: null,
      name: row?.actorName,
      role: 'STANDARD',
    });
  });
});

describe('reading the log', () => {
  it('pages newest first with keyset cursors both ways, and filters by area, user and dates', async () => {
    for (let i = 0; i < 30; i++) await systemEntry(harbor, 10 + i, { action: 'autopay.date_changed' });
    const first = await page(owner, 'area=autopay&limit=12');
    expect(first.items).toHaveLength(12);
    expect(first.previousCursor).toBeNull();
    const ats = first.items.map((item) => item.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const second = await page(owner, `area=autopay&limit=12&cursor=${first.nextCursor}`);
    expect((second.items[0]?.at as string) < (first.items.at(-1)?.at as string)).toBe(true);
    const back = await page(owner, `area=autopay&limit=12&cursor=${second.previousCursor}`);
    expect(back.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    const third = await page(owner, `area=autopay&limit=12&cursor=${second.nextCursor}`);
    expect(third.items).toHaveLength(6);
    expect(third.nextCursor).toBeNull();
    // dates are the account's days: 10 to 12 days ago
    const from = new Date(Date.parse(NOW) - 12 * DAY_MS).toISOString().slice(0, 10);
    const to = new Date(Date.parse(NOW) - 10 * DAY_MS).toISOString().slice(0, 10);
    const ranged = await page(owner, `area=autopay&from=${from}&to=${to}`);
    expect(ranged.items).toHaveLength(3);
    // paging inside the dates both ways, and a cursor from outside them (newer than To) still lists only them
    const part = await page(owner, `area=autopay&from=${from}&to=${to}&limit=2`);
    const rest = await page(owner, `area=autopay&from=${from}&to=${to}&limit=2&cursor=${part.nextCursor}`);
    expect([...part.items, ...rest.items].map((item) => item.id)).toEqual(ranged.items.map((item) => item.id));
    expect(rest.nextCursor).toBeNull();
    const again = await page(owner, `area=autopay&from=${from}&to=${to}&limit=2&cursor=${rest.previousCursor}`);
    expect(again.items.map((item) => item.id)).toEqual(part.items.map((item) => item.id));
    expect(again.previousCursor).toBeNull();
    // cursors from outside the dates (as an unfiltered page gives): newer than To going older, older than From going newer
    const ids = (p: AuditLogPage) => p.items.map((item) => item.id);
    const to11 = new Date(Date.parse(NOW) - 11 * DAY_MS).toISOString().slice(0, 10);
    const range = `area=autopay&from=${from}&to=${to11}&limit=5`;
    const narrow = await page(owner, range);
    expect(narrow.items).toHaveLength(2);
    const fromAbove = encodeCursor({ date: new Date(NOW).toISOString(), id: ZERO_ID, direction: 'older' });
    expect(ids(await page(owner, `${range}&cursor=${fromAbove}`))).toEqual(ids(narrow));
    const below = new Date(Date.parse(NOW) - 50 * DAY_MS).toISOString();
    const fromBelow = encodeCursor({ date: below, id: ZERO_ID, direction: 'newer' });
    expect(ids(await page(owner, `${range}&cursor=${fromBelow}`))).toEqual(ids(narrow));
    const mine = await page(owner, `actor=${ownerId}`);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((item) => item.actor.userId === ownerId)).toBe(true);
    // every user of the account, whatever their role or state (a deactivated user's entries stay filterable)
    expect(new Set(mine.users.map((user) => user.role))).toEqual(new Set(['ADMIN', 'BILLING', 'PRIMARY', 'STANDARD']));
    expect(mine.users.length).toBeGreaterThanOrEqual(4);
    const refused = await owner.request({ url: `${AUDIT_LOG_PATH}?from=${to}&to=${from}` });
    expect(refused.statusCode).toBe(400);
    // the last day a date can name: its end is past what an instant holds, so it bounds nothing (the fuzzer found a 500)
    for (const path of [AUDIT_LOG_PATH, `${AUDIT_LOG_PATH}/export`]) {
      const latest = await owner.request({ url: `${path}?to=9999-12-31` });
      expect(latest.statusCode, `${path}: ${latest.body.slice(0, 200)}`).toBe(200);
    }
    expect((await page(owner, 'to=9999-12-31')).items.length).toBe((await page(owner, '')).items.length);
  });

  it('never lists another account’s entries, nor entries past retention, which the background work deletes', async () => {
    await systemEntry(riverbend, 1, { action: 'subscription.cancelled', data: { plan: 'Riverbend plan' } });
    await systemEntry(harbor, AUDIT_RETENTION_DAYS + 1, { action: 'profile.expired_entry' });
    await systemEntry(harbor, AUDIT_RETENTION_DAYS - 1, { action: 'profile.kept_entry' });
    const all: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const next: AuditLogPage = await page(owner, `limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...next.items);
      cursor = next.nextCursor;
    } while (cursor);
    expect(all.some((item) => item.target.label === 'Riverbend plan')).toBe(false);
    expect(all.some((item) => item.action === 'profile.expired_entry')).toBe(false);
    expect(all.some((item) => item.action === 'profile.kept_entry')).toBe(true);
    const db = portal.database().db;
    const deleted = await portal.app().portal.services.auditLog.purgeExpired();
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = await db.select().from(auditEvents).where(eq(auditEvents.action, 'profile.expired_entry'));
    expect(left).toEqual([]);
    expect(await db.select().from(auditEvents).where(eq(auditEvents.action, 'profile.kept_entry'))).toHaveLength(1);
  });

  it('is for the PRIMARY and ADMIN only', async () => {
    const admin = await portal.as('harbor-admin');
    expect((await admin.request({ url: AUDIT_LOG_PATH })).statusCode).toBe(200);
    for (const username of ['harbor-billing', 'harbor-staff']) {
      const b = await portal.as(username);
      expect((await b.request({ url: AUDIT_LOG_PATH })).statusCode).toBe(403);
      expect((await b.request({ url: AUDIT_LOG_EXPORT_PATH })).statusCode).toBe(403);
    }
  });
});

describe('the CSV export', () => {
  it('writes the filtered entries newest first in the reader’s language, formulas neutralised', async () => {
    const db = portal.database().db;
    await audit.record(db, {
      at: new Date(Date.parse(NOW) - 500),
      accountId: harbor,
      action: 'payment_method.added',
      actorName: '=HYPERLINK("http://evil.example")',
      actorRole: 'ADMIN',
      actorKind: 'user',
      data: { method: '@SUM(A1:A2)', amountCents: 100 },
    });
    const answer = await owner.request({ url: `${AUDIT_LOG_EXPORT_PATH}?area=wallet&lang=es` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    const lines = answer.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Hora (UTC),Usuario,Función,Acción,Área,Objeto,Importe,Resultado,Dirección IP,Navegador');
    expect(lines[1]).toBe(
      `${new Date(Date.parse(NOW) - 500).toISOString()},"'=HYPERLINK(""http://evil.example"")",Administrador,Método de pago agregado,Métodos de pago,'@SUM(A1:A2),1.00,Correcto,,`,
    );
    expect(lines.slice(1, -1).every((line) => line.includes('Métodos de pago'))).toBe(true);
  });
});
