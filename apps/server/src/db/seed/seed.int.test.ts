import { createHash } from 'node:crypto';
import { addDays, daysBetween } from '@vireo/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { databaseDigest } from '../../../test/digest';
import { createBillingService } from '../../modules/billing/billing.service';
import { verifyPassword } from '../../modules/identity/password';
import { fixedClock } from '../../platform/clock';
import * as t from '../schema';
import { DEMO_PASSWORD } from './personas';
import { isDatabaseEmpty, seedDemoData } from './seed';

const NOW = new Date('2026-11-21T15:00:00Z');
const TODAY = '2026-11-21';

let first: TestDatabase;
let second: TestDatabase;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  expect(await isDatabaseEmpty(first.db)).toBe(true);
  await seedDemoData(first.db, NOW);
  await seedDemoData(second.db, NOW);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

const billing = () => createBillingService({ db: first.db, clock: fixedClock(NOW) });

async function account(companyName: string) {
  const [row] = await first.db.select().from(t.accounts).where(eq(t.accounts.companyName, companyName));
  if (!row) throw new Error(`no account ${companyName}`);
  return row;
}

async function rolesOf(accountId: string) {
  const rows = await first.db
    .select({ username: t.users.username, role: t.memberships.role })
    .from(t.memberships)
    .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
    .where(eq(t.memberships.accountId, accountId));
  return Object.fromEntries(rows.map((row) => [row.username, row.role]));
}

async function methodsOf(accountId: string) {
  return first.db.select().from(t.paymentMethods).where(eq(t.paymentMethods.accountId, accountId));
}

describe('the demo seed', () => {
  it('is deterministic: two seeds of empty databases have the same digest', async () => {
    const [a, b] = await Promise.all([databaseDigest(first.db), databaseDigest(second.db)]);
    expect(a.digest).toBe(b.digest);
    // demo-data.md: 8 businesses (Oak & Ivy Florist, issue 17, has no user yet); 7 billed here (not Summit)
    expect(a.rows.accounts).toBe(8);
    // harbor-former, deactivated (demo-data.md "The wider portal"), is the twelfth; lakeside-leasing (issue 22) the 13th
    expect(a.rows.users).toBe(13);
    expect(a.rows.statements).toBe(7 * 13);
    expect(a.rows.payments).toBeGreaterThan(60);
    // every saved method is a real (deterministically encrypted) card-vault entry
    expect(a.rows.vault_entries).toBe(a.rows.payment_methods);
    expect(a.rows.vault_entries).toBeGreaterThan(0);
    expect(await isDatabaseEmpty(first.db)).toBe(false);
  });

  it('gives every demo user the documented password', async () => {
    const users = await first.db.select().from(t.users);
    for (const user of users) expect(await verifyPassword(user.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(users[0]?.passwordHash ?? '', 'wrong')).toBe(false);
  });

  it('produces statements whose lines add up and whose totals reconcile', async () => {
    const mismatched = await first.db.execute(sql`
      select s.id from statements s join statement_lines l on l.statement_id = s.id
      group by s.id having sum(l.amount_cents) <> max(s.new_charges_cents)`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
    const chained = await first.db.execute(sql`
      select count(*)::int as n from statements s join lateral (
        select total_due_cents from statements p where p.account_id = s.account_id and p.statement_date < s.statement_date
        order by p.statement_date desc limit 1) prev on true
      where s.previous_balance_cents <> prev.total_due_cents`);
    expect((chained as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('Harbor Coffee Co.: $289.47 due in 10 days, no Auto Pay, not paperless, Visa 4242 and checking 6789', async () => {
    const harbor = await account('Harbor Coffee Co.');
    expect(harbor.footprint).toBe('CHTR');
    expect(await rolesOf(harbor.id)).toEqual({
      'harbor-owner': 'PRIMARY',
      'harbor-admin': 'ADMIN',
      'harbor-billing': 'BILLING',
      'harbor-staff': 'STANDARD',
      'harbor-former': 'STANDARD',
    });
    const [former] = await first.db.select().from(t.users).where(eq(t.users.username, 'harbor-former'));
    expect(former).toMatchObject({ status: 'disabled', firstName: 'Jordan', lastName: 'Reyes' });
    const summary = await billing().getSummary(harbor.id);
    expect(summary.amountDueCents).toBe(28_947);
    expect(summary.pastDueCents).toBe(0);
    expect(summary.latestStatement?.dueDate).toBe(addDays(TODAY, 10));
    expect(harbor.paperless).toBe(false);
    const autopay = await first.db
      .select()
      .from(t.autopayEnrollments)
      .where(eq(t.autopayEnrollments.accountId, harbor.id));
    expect(autopay).toEqual([]);
    const methods = await methodsOf(harbor.id);
    expect(methods.map((m) => [m.type, m.cardBrand ?? m.bankAccountType, m.lastFour]).sort()).toEqual([
      ['bank', 'checking', '6789'],
      ['card', 'visa', '4242'],
    ]);
    const services = await first.db.select().from(t.accountServices).where(eq(t.accountServices.accountId, harbor.id));
    expect(services.map((s) => s.serviceKey).sort()).toEqual(['INTERNET', 'VIDEO', 'VOICE']);
    expect(services.find((s) => s.serviceKey === 'VOICE')?.valueAddedServiceId).toBe('PHONE_META');
    const lines = await first.db.select().from(t.voiceLines).where(eq(t.voiceLines.accountId, harbor.id));
    expect(lines).toHaveLength(3);
    expect(lines.filter((line) => line.assignedUserId !== null)).toHaveLength(2);
  });

  it('Harbor Coffee Co. voice: the Front counter mailbox (5 voicemails, 3 new; 1 fax) and 90 days of calls per line', async () => {
    const harbor = await account('Harbor Coffee Co.');
    const lines = await first.db.select().from(t.voiceLines).where(eq(t.voiceLines.accountId, harbor.id));
    const front = lines.find((line) => line.label === 'Front counter');
    const messages = await first.db
      .select()
      .from(t.voiceMessages)
      .where(eq(t.voiceMessages.lineId, front?.id ?? ''));
    const voicemails = messages.filter((m) => m.kind === 'voicemail');
    expect(voicemails).toHaveLength(5);
    expect(voicemails.filter((m) => m.heardAt === null)).toHaveLength(3);
    expect(voicemails.filter((m) => m.transcript?.spoken === 'es')).toHaveLength(1);
    expect(messages.filter((m) => m.kind === 'fax')).toHaveLength(1);
    // real media: a WAV whose length matches the message, a PDF
    for (const message of messages) {
      const [media] = await first.db.select().from(t.voiceMedia).where(eq(t.voiceMedia.messageId, message.id));
      const bytes = Buffer.from(media?.bytes ?? []);
      if (message.kind === 'voicemail') {
        expect(media?.contentType).toBe('audio/wav');
        expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
        expect(bytes.subarray(8, 12).toString('ascii')).toBe('WAVE');
        expect(bytes.readUInt32LE(40) / bytes.readUInt32LE(28)).toBe(message.durationSeconds);
      } else {
        expect(media?.contentType).toBe('application/pdf');
        expect(bytes.subarray(0, 5).toString('ascii')).toBe('%PDF-');
      }
    }
    for (const line of lines) {
      const calls = await first.db.select().from(t.callRecords).where(eq(t.callRecords.lineId, line.id));
      expect(new Set(calls.map((c) => c.direction))).toEqual(new Set(['incoming', 'outgoing', 'missed', 'blocked']));
      const times = calls.map((c) => c.startedAt.getTime());
      expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
      expect(Math.min(...times)).toBeGreaterThan(NOW.getTime() - 90 * 86_400_000);
      expect(calls.filter((c) => c.direction === 'blocked').every((c) => c.blockReason !== null)).toBe(true);
    }
  });

  it('Harbor Coffee Co.: a pending invitation (Sam Ortiz, BILLING, sent yesterday) and an expired one (Lee Park, STANDARD), each e-mailed', async () => {
    const harbor = await account('Harbor Coffee Co.');
    const [owner] = await first.db.select().from(t.users).where(eq(t.users.username, 'harbor-owner'));
    const links = await first.db.select().from(t.emailLinks).where(eq(t.emailLinks.accountId, harbor.id));
    const byEmail = Object.fromEntries(links.map((link) => [link.email, link]));
    expect(Object.keys(byEmail).sort()).toEqual(['lee.park@harborcoffee.example', 'sam.ortiz@harborcoffee.example']);
    const sam = byEmail['sam.ortiz@harborcoffee.example'];
    const lee = byEmail['lee.park@harborcoffee.example'];
    for (const [link, role, firstName] of [
      [sam, 'BILLING', 'Sam'],
      [lee, 'STANDARD', 'Lee'],
    ] as const) {
      expect(link?.purpose).toBe('invitation');
      expect(link?.usedAt).toBeNull();
      expect(link?.createdByUserId).toBe(owner?.id);
      expect(link?.data).toMatchObject({ accountId: harbor.id, role, firstName, language: 'en', invitedBy: owner?.id });
      // only the token's SHA-256 is stored
      expect(link?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    }
    // sent yesterday: valid 48 hours more (72 h links); sent 4 days ago: expired a day ago
    expect(sam?.createdAt).toEqual(new Date(NOW.getTime() - 86_400_000));
    expect(sam?.expiresAt).toEqual(new Date(NOW.getTime() + 2 * 86_400_000));
    expect(lee?.createdAt).toEqual(new Date(NOW.getTime() - 4 * 86_400_000));
    expect(lee?.expiresAt).toEqual(new Date(NOW.getTime() - 86_400_000));

    // each invitation's e-mail is in the outbox as the service writes it, its link the stored token's
    for (const link of [sam, lee]) {
      const mails = await first.db
        .select()
        .from(t.outboxEmails)
        .where(eq(t.outboxEmails.toAddress, link?.email ?? ''));
      expect(mails.map((mail) => [mail.kind, mail.language, mail.subject])).toEqual([
        ['invitation', 'en', expect.stringContaining('Harbor Coffee Co.')],
      ]);
      expect(mails[0]?.createdAt).toEqual(link?.createdAt);
      const token = mails[0]?.body.match(/http:\/\/localhost:3000\/create-sub-account\?token=([A-Za-z0-9_-]{43})/)?.[1];
      expect(
        createHash('sha256')
          .update(token ?? '')
          .digest('hex'),
      ).toBe(link?.tokenHash);
      expect(mails[0]?.html).toContain(`/create-sub-account?token=${token}`);
    }
    const audit = await first.db.select().from(t.auditEvents).where(eq(t.auditEvents.accountId, harbor.id));
    expect(audit.filter((entry) => entry.action === 'user.invited')).toHaveLength(2);
  });

  it('Pinecrest Dental: $412.10 past due 47 days, suspension warning (43) with a soft-disconnect date, one scheduled payment', async () => {
    const pinecrest = await account('Pinecrest Dental');
    expect(pinecrest.footprint).toBe('TWC');
    expect(await rolesOf(pinecrest.id)).toEqual({ 'pinecrest-owner': 'PRIMARY' });
    const summary = await billing().getSummary(pinecrest.id);
    expect(summary.pastDueCents).toBe(41_210);
    expect(summary.daysPastDue).toBe(47);
    expect(summary.delinquencyCode).toBe(43);
    expect(summary.softDisconnectDate).toBe(addDays(addDays(TODAY, -47), 60));
    const scheduled = await first.db
      .select()
      .from(t.payments)
      .where(and(eq(t.payments.accountId, pinecrest.id), eq(t.payments.status, 'scheduled')));
    expect(scheduled).toHaveLength(1);
    expect(daysBetween(TODAY, scheduled[0]?.paymentDate ?? TODAY)).toBeGreaterThan(0);
  });

  it('Riverbend Auto Repair: Auto Pay with a Mastercard, paperless, 4 mobile lines, 2 financed devices, 1 streaming subscription', async () => {
    const riverbend = await account('Riverbend Auto Repair');
    expect(riverbend.footprint).toBe('BHN');
    expect(riverbend.paperless).toBe(true);
    expect(await rolesOf(riverbend.id)).toEqual({ 'riverbend-owner': 'PRIMARY', 'riverbend-billing': 'BILLING' });
    const [autopay] = await first.db
      .select({ status: t.autopayEnrollments.status, brand: t.paymentMethods.cardBrand })
      .from(t.autopayEnrollments)
      .innerJoin(t.paymentMethods, eq(t.paymentMethods.id, t.autopayEnrollments.paymentMethodId))
      .where(eq(t.autopayEnrollments.accountId, riverbend.id));
    expect(autopay).toEqual({ status: 'enrolled', brand: 'mc' });
    expect(await first.db.select().from(t.mobileLines).where(eq(t.mobileLines.accountId, riverbend.id))).toHaveLength(
      4,
    );
    const devices = await first.db.select().from(t.mobileDevices).where(eq(t.mobileDevices.accountId, riverbend.id));
    expect(devices).toHaveLength(2);
    for (const device of devices) expect(device.remainingCents).toBeGreaterThan(0);
    const streaming = await first.db
      .select()
      .from(t.streamingSubscriptions)
      .where(eq(t.streamingSubscriptions.accountId, riverbend.id));
    expect(streaming.map((s) => s.status)).toEqual(['active']);
    // the Auto Pay discount is on every statement while enrolled
    const discounts = await first.db.execute(sql`
      select count(*)::int as n from statement_lines l join statements s on s.id = l.statement_id
      where s.account_id = ${riverbend.id} and l.kind = 'auto_pay_discount' and l.amount_cents = -500`);
    expect((discounts as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(13);
  });

  it('Maple Street Bakery: card payments restricted, an expired card and one expiring this month', async () => {
    const maple = await account('Maple Street Bakery');
    expect(maple.paymentRestriction).toBe('card');
    const cards = (await methodsOf(maple.id)).filter((m) => m.type === 'card');
    const [year, month] = [Number(TODAY.slice(0, 4)), Number(TODAY.slice(5, 7))];
    const expired = cards.filter((c) => (c.expYear ?? 0) * 12 + (c.expMonth ?? 0) < year * 12 + month);
    const expiringNow = cards.filter((c) => c.expYear === year && c.expMonth === month);
    expect(expired).toHaveLength(1);
    expect(expiringNow).toHaveLength(1);
    expect((await methodsOf(maple.id)).some((m) => m.type === 'bank')).toBe(true);
  });

  it('Northgate Clinic: soft-disconnected for non-pay (50) with $655.00 past due', async () => {
    const northgate = await account('Northgate Clinic');
    expect(northgate.status).toBe('soft_disconnected');
    const summary = await billing().getSummary(northgate.id);
    expect(summary.pastDueCents).toBe(65_500);
    expect(summary.delinquencyCode).toBe(50);
    expect(summary.delinquencyState).toBe('soft_disconnect');
  });

  it('Summit Logistics: an enterprise account with billing suppressed', async () => {
    const summit = await account('Summit Logistics');
    expect(summit.isEnterprise).toBe(true);
    expect(await first.db.select().from(t.statements).where(eq(t.statements.accountId, summit.id))).toEqual([]);
    expect(await rolesOf(summit.id)).toEqual({ 'summit-owner': 'PRIMARY' });
  });

  it('Lakeside Apartments: a property manager with 3 properties and a bulk agreement', async () => {
    const lakeside = await account('Lakeside Apartments');
    expect(lakeside.hasBulkAgreement).toBe(true);
    expect(await first.db.select().from(t.properties).where(eq(t.properties.accountId, lakeside.id))).toHaveLength(3);
    expect(await rolesOf(lakeside.id)).toEqual({ 'lakeside-manager': 'PRIMARY', 'lakeside-leasing': 'ADMIN' });
  });

  it('Lakeside Apartments: 156 units, about 90% occupied, 4 vacant and billed, 2 suspended, Commons leasing up', async () => {
    const lakeside = await account('Lakeside Apartments');
    const units = await first.db
      .select({ unit: t.communityUnits, property: t.properties.name })
      .from(t.communityUnits)
      .innerJoin(t.properties, eq(t.properties.id, t.communityUnits.propertyId))
      .where(eq(t.communityUnits.accountId, lakeside.id));
    expect(units).toHaveLength(156);
    const count = (keep: (row: (typeof units)[number]) => boolean) => units.filter(keep).length;
    const of = (name: string) => (row: (typeof units)[number]) => row.property === name;
    expect(count(of('Lakeside North'))).toBe(48);
    expect(count(of('Lakeside South'))).toBe(60);
    expect(count(of('Lakeside Commons'))).toBe(48);
    const occupied = count((row) => row.unit.occupancy === 'occupied');
    expect(occupied / 156).toBeGreaterThan(0.88);
    expect(occupied / 156).toBeLessThan(0.92);
    expect(count((row) => row.unit.occupancy === 'vacant' && row.unit.access === 'active')).toBe(4);
    expect(count((row) => row.unit.access === 'suspended')).toBe(2);
    expect(count((row) => row.unit.access === 'suspended' && row.unit.occupancy === 'occupied')).toBe(2);
    expect(count((row) => of('Lakeside Commons')(row) && row.unit.access === 'active')).toBe(26);
    expect(count((row) => of('Lakeside Commons')(row) && row.unit.access === 'inactive')).toBe(22);
    // numbers of three digits (text order = numeric order); residents in occupied units only, moved in already
    for (const { unit } of units) {
      expect(unit.number).toMatch(/^1\d\d$/);
      expect(unit.residentName === null).toBe(unit.occupancy === 'vacant');
      if (unit.moveIn) expect(unit.moveIn < TODAY).toBe(true);
      if (unit.moveOut) expect(unit.moveOut > TODAY).toBe(true);
      if (unit.residentEmail) expect(unit.residentEmail).toMatch(/@example\.(com|net|org)$/);
      if (unit.residentPhone) expect(unit.residentPhone).toMatch(/^\+1\d{3}55501\d{2}$/);
    }
    expect(count((row) => row.unit.moveOut !== null)).toBeGreaterThan(2);
    const [leasing] = await first.db.select().from(t.users).where(eq(t.users.username, 'lakeside-leasing'));
    expect(leasing?.email).toBe('lakeside-leasing@lakesideapartments.example');
  });

  it('Lakeside Apartments: its statements bill the units its bulk agreement bills, property by property', async () => {
    const lakeside = await account('Lakeside Apartments');
    // the billing engine's bulk bill of this month (November 2026) for each property
    const bills = await first.db
      .select({ property: t.properties.name, units: t.bulkBills.units, amountCents: t.bulkBills.amountCents })
      .from(t.bulkBills)
      .innerJoin(t.properties, eq(t.properties.id, t.bulkBills.propertyId))
      .where(and(eq(t.bulkBills.accountId, lakeside.id), eq(t.bulkBills.month, '2026-11-01')));
    expect(Object.fromEntries(bills.map((bill) => [bill.property, bill.units.length]))).toEqual({
      'Lakeside North': 48,
      'Lakeside South': 60,
      'Lakeside Commons': 30,
    });
    // the latest statement (November 15; its period October 15 to November 14): North and South in full, Commons'
    // 27 units to October 31 and its 30 from November 1, each prorated, for Internet at $30 and TV at $20 a unit
    const [latest] = await first.db
      .select()
      .from(t.statements)
      .where(eq(t.statements.accountId, lakeside.id))
      .orderBy(sql`${t.statements.statementDate} desc`)
      .limit(1);
    expect(latest?.statementDate).toBe('2026-11-15');
    const lines = await first.db
      .select({
        kind: t.statementLines.kind,
        description: t.statementLines.description,
        cents: t.statementLines.amountCents,
      })
      .from(t.statementLines)
      .where(and(eq(t.statementLines.statementId, latest?.id ?? ''), sql`${t.statementLines.kind} <> 'taxes_fees'`));
    const amounts = Object.fromEntries(lines.map((line) => [line.description, [line.kind, line.cents]]));
    expect(amounts).toEqual({
      'Bulk Internet, Lakeside North (48 units)': ['monthly_service', 144_000],
      'Bulk TV, Lakeside North (48 units)': ['monthly_service', 96_000],
      'Bulk Internet, Lakeside South (60 units)': ['monthly_service', 180_000],
      'Bulk TV, Lakeside South (60 units)': ['monthly_service', 120_000],
      // 17 of the period's 31 days at 27 units, 14 at 30
      'Bulk Internet, Lakeside Commons (27 units)': ['proration', Math.round((81_000 * 17) / 31)],
      'Bulk TV, Lakeside Commons (27 units)': ['proration', Math.round((54_000 * 17) / 31)],
      'Bulk Internet, Lakeside Commons (30 units)': ['proration', Math.round((90_000 * 14) / 31)],
      'Bulk TV, Lakeside Commons (30 units)': ['proration', Math.round((60_000 * 14) / 31)],
    });
    // no line bills a unit the agreement does not (the 156-unit charge of before)
    expect(lines.some((line) => line.description.includes('156'))).toBe(false);
  });

  it('records the account events that explain bill changes', async () => {
    const harbor = await account('Harbor Coffee Co.');
    const events = await first.db.select().from(t.accountEvents).where(eq(t.accountEvents.accountId, harbor.id));
    expect(new Set(events.map((e) => e.type))).toEqual(
      new Set(['plan_change', 'promotion_ended', 'new_service', 'one_time_charge', 'tax_change']),
    );
    const prorations = await first.db.execute(sql`
      select count(*)::int as n from statement_lines l join statements s on s.id = l.statement_id
      where s.account_id = ${harbor.id} and l.kind = 'proration'`);
    expect((prorations as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(0);
  });
});
