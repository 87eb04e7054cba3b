import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import {
  accounts,
  networkEvents,
  outboxEmails,
  outboxTexts,
  properties,
  propertyContactPreferences,
  propertyContacts,
} from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createJobsRepository } from '../../platform/jobs';
import { createOutboxRepository } from '../../platform/outbox';
import { createNetworkOps } from '../network-ops/network-ops';
import { createPropertyNotices } from './property-notices';
import { createPropertySettingsRepository } from './property-settings.repository';

/**
 * Issue 22 item 5: on real PostgreSQL, two instances running the outage notices' pass at once over 60 properties at an
 * address inside an outage, each with two contacts chosen by e-mail and text, queue exactly one e-mail and one text
 * per contact (the unique job key claimed in the notice's own transaction), and the start and the end once each.
 */
const PROPERTIES = 60;
const clock = fixedClock('2026-11-21T15:00:00Z');
const HOUR = 3_600_000;
let database: TestDatabase;
const propertyIds: string[] = [];

function instance() {
  const jobs = createJobsRepository();
  return createPropertyNotices({
    db: database.db,
    clock,
    repo: createPropertySettingsRepository(),
    networkOps: createNetworkOps(),
    outbox: createOutboxRepository({ brandName: 'Vireo', jobs, delivers: false }),
    jobs,
    publicUrl: 'http://localhost:3000',
    brandName: 'Vireo',
  });
}

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20, seed: clock.now() });
  const { db } = database;
  const [lakeside] = await db.select().from(accounts).where(eq(accounts.companyName, 'Lakeside Apartments'));
  const accountId = lakeside?.id as string;
  const now = clock.now();
  for (let i = 0; i < PROPERTIES; i += 1) propertyIds.push(randomUUID());
  // buildings of one campus: the same street address as Lakeside North (its premises, inside the outage)
  await db.insert(properties).values(
    propertyIds.map((id, i) => ({
      id,
      accountId,
      name: `Bench ${i}`,
      addressLine1: '10 Lakeside Way',
      city: 'Charlotte',
      state: 'NC',
      zip: '28202',
      units: 1,
    })),
  );
  const contacts = propertyIds.flatMap((propertyId, i) =>
    [0, 1].map((n) => ({
      id: randomUUID(),
      propertyId,
      accountId,
      name: `Contact ${i}-${n}`,
      role: 'maintenance',
      phone: `+1704555${String(1000 + i * 2 + n).padStart(4, '0')}`,
      email: `bench-${i}-${n}@lakesideapartments.example`,
      language: 'en',
      createdAt: now,
      updatedAt: now,
    })),
  );
  await db.insert(propertyContacts).values(contacts);
  await db.insert(propertyContactPreferences).values(
    contacts.flatMap((contact) =>
      (['email', 'text'] as const).map((channel) => ({
        contactId: contact.id,
        propertyId: contact.propertyId,
        accountId,
        notice: 'outages',
        channel,
      })),
    ),
  );
  const [lon, lat] = [-80.8436, 35.2274];
  const r = 0.0004;
  await db.insert(networkEvents).values({
    reference: 'OUT-BENCH-1',
    kind: 'outage',
    services: ['internet', 'tv'],
    cause: 'equipment',
    region: 'Lakeside, Charlotte NC',
    timeZone: 'America/New_York',
    area: {
      type: 'Polygon',
      coordinates: [
        [
          [lon - r, lat - r],
          [lon + r, lat - r],
          [lon + r, lat + r],
          [lon - r, lat + r],
          [lon - r, lat - r],
        ],
      ],
    },
    customersAffected: 500,
    announcedAt: new Date(now.getTime() - HOUR),
    startsAt: new Date(now.getTime() - HOUR),
    estimatedEndAt: new Date(now.getTime() + HOUR),
    confidence: 'high',
    timeline: [
      { stage: 'investigating', at: new Date(now.getTime() - HOUR).toISOString() },
      { stage: 'resolved', at: new Date(now.getTime() + HOUR).toISOString() },
    ],
    closesAt: new Date(now.getTime() + HOUR),
    createdAt: now,
  });
}, 180_000);

afterAll(async () => {
  await database?.close();
});

async function sent(kind: string) {
  const emails = await database.db
    .select({ to: outboxEmails.toAddress })
    .from(outboxEmails)
    .where(eq(outboxEmails.kind, kind));
  const texts = await database.db
    .select({ to: outboxTexts.toNumber })
    .from(outboxTexts)
    .where(inArray(outboxTexts.kind, [kind]));
  return { emails: emails.map((e) => e.to), texts: texts.map((t) => t.to) };
}

describe('the outage notices on two instances', () => {
  it('tell each contact once by each chosen channel, at the start and at the end', async () => {
    const [a, b] = [instance(), instance()];
    const [x, y] = await Promise.all([a.runOutageNotices(), b.runOutageNotices()]);
    const contacts = PROPERTIES * 2;
    // the seeded Lakeside North contacts are told too: its manager and maintenance by e-mail
    expect(x + y).toBe(contacts * 2 + 2);
    const start = await sent('property-outage');
    const bench = start.emails.filter((to) => to.startsWith('bench-'));
    expect(bench).toHaveLength(contacts);
    expect(new Set(bench).size).toBe(contacts);
    expect(start.texts).toHaveLength(contacts);
    expect(new Set(start.texts).size).toBe(contacts);
    // again: nothing more
    expect(await Promise.all([a.runOutageNotices(), b.runOutageNotices()])).toEqual([0, 0]);

    clock.advance(2 * HOUR);
    const [p, q] = await Promise.all([a.runOutageNotices(), b.runOutageNotices()]);
    expect(p + q).toBe(contacts * 2 + 2);
    const end = await sent('property-outage-over');
    expect(new Set(end.emails).size).toBe(end.emails.length);
    expect(end.emails.filter((to) => to.startsWith('bench-'))).toHaveLength(contacts);
    expect(new Set(end.texts).size).toBe(contacts);
  }, 120_000);
});
