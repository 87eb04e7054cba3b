import {
  COMMUNITY_PROPERTIES_PATH,
  COMMUNITY_UNITS_PAGE,
  type CommunityPortfolio,
  type UnitDetail,
  type UnitsPage,
} from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, communityUnits, dispatchJobs, networkEvents, properties } from '../../db/schema';
import { encodeCursor } from '../../platform/keyset';

/**
 * The community portfolio (issue 22 items 2-3, wider-portal.md §10) through the API, on the Lakeside demo data
 * (demo-data.md): the properties with their counts, open visits and outages; a property's units by number, 50 a page,
 * filtered; one unit; another account's property or unit is 404; a business account without a bulk agreement is 403.
 */
const portal = signedInApp();
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
const unitsUrl = (propertyId: string, query = '') => `/api/pub/community/v1/properties/${propertyId}/units${query}`;
const unitUrl = (unitId: string) => `/api/pub/community/v1/units/${unitId}`;

let manager: Browser;
let leasing: Browser;
const ids = {} as {
  north: string;
  south: string;
  commons: string;
  lakeside: string;
  foreignProperty: string;
  foreignUnit: string;
};

async function json<T>(b: Browser, url: string): Promise<T> {
  const response = await b.request({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

beforeAll(async () => {
  const { db } = portal.database();
  const [lakeside] = await db.select().from(accounts).where(eq(accounts.companyName, 'Lakeside Apartments'));
  const [riverbend] = await db.select().from(accounts).where(eq(accounts.companyName, 'Riverbend Auto Repair'));
  ids.lakeside = lakeside?.id as string;
  const own = await db.select().from(properties).where(eq(properties.accountId, ids.lakeside));
  const byName = (name: string) => own.find((p) => p.name === name)?.id as string;
  ids.north = byName('Lakeside North');
  ids.south = byName('Lakeside South');
  ids.commons = byName('Lakeside Commons');
  // another account's property and unit (none is seeded)
  const [foreign] = await db
    .insert(properties)
    .values({
      accountId: riverbend?.id as string,
      name: 'Riverbend Lofts',
      addressLine1: '1 River Rd',
      city: 'Orlando',
      state: 'FL',
      zip: '32801',
      units: 1,
    })
    .returning();
  ids.foreignProperty = foreign?.id as string;
  const [unit] = await db
    .insert(communityUnits)
    .values({
      accountId: riverbend?.id as string,
      propertyId: ids.foreignProperty,
      number: '101',
      occupancy: 'vacant',
      access: 'inactive',
      updatedAt: portal.clock.now(),
    })
    .returning();
  ids.foreignUnit = unit?.id as string;
  manager = await portal.as('lakeside-manager');
  leasing = await portal.as('lakeside-leasing');
});

describe('the portfolio', () => {
  it('lists the properties with their units by occupancy and access, services, visits and outages', async () => {
    const { properties: list } = await json<CommunityPortfolio>(manager, COMMUNITY_PROPERTIES_PATH);
    expect(list.map((p) => p.name)).toEqual(['Lakeside Commons', 'Lakeside North', 'Lakeside South']);
    const counts = Object.fromEntries(
      list.map((p) => [p.name, [p.units, p.occupied, p.vacant, p.suspended, p.inactive, p.openVisits, p.outages]]),
    );
    expect(counts).toEqual({
      'Lakeside North': [48, 46, 2, 1, 0, 0, 0],
      'Lakeside South': [60, 58, 2, 1, 0, 0, 0],
      'Lakeside Commons': [48, 36, 12, 0, 22, 0, 0],
    });
    for (const property of list) expect(property.services).toEqual(['INTERNET', 'VIDEO', 'VOICE']);
    expect(list.find((p) => p.name === 'Lakeside North')?.address).toEqual({
      line1: '10 Lakeside Way',
      city: 'Charlotte',
      state: 'NC',
      zip: '28202',
    });
    expect(await json<CommunityPortfolio>(leasing, COMMUNITY_PROPERTIES_PATH)).toEqual({
      properties: list,
      canManage: true,
    });
  });

  it('counts the visits not done at a property’s address and the outages under way over it', async () => {
    const { db } = portal.database();
    const now = portal.clock.now().getTime();
    const hour = 3_600_000;
    const visit = (jobId: string, addressLine1: string, startsIn: number, state: 'scheduled' | 'cancelled') => ({
      accountId: ids.lakeside,
      orderId: `ORD-${jobId}`,
      jobId,
      type: 'repair' as const,
      state,
      area: '282',
      address: { addressLine1, city: 'Charlotte', state: 'NC', zip: '28202' },
      windowStart: new Date(now + startsIn * hour),
      windowEnd: new Date(now + (startsIn + 2) * hour),
      technician: 'Grace Kim',
      createdAt: new Date(now),
      updatedAt: new Date(now),
    });
    await db.insert(dispatchJobs).values([
      // the address as a person typed it: matched by its street line without case or extra spaces
      visit('JOB-C-1', '10  lakeside way', 48, 'scheduled'),
      visit('JOB-C-2', '10 Lakeside Way', 0, 'scheduled'),
      visit('JOB-C-3', '10 Lakeside Way', 24, 'cancelled'),
      visit('JOB-C-4', '10 Lakeside Way', -26, 'scheduled'),
      visit('JOB-C-5', '1 Lakeside Way', 24, 'scheduled'),
    ]);
    // an outage over Lakeside South only, and a maintenance announced there that has not started
    const ring = (lon: number, lat: number, r: number) => ({
      type: 'Polygon' as const,
      coordinates: [
        [
          [lon - r, lat - r],
          [lon + r, lat - r],
          [lon + r, lat + r],
          [lon - r, lat + r],
          [lon - r, lat - r],
        ] as [number, number][],
      ],
    });
    const event = (reference: string, kind: 'outage' | 'maintenance', startsIn: number) => ({
      reference,
      kind,
      services: ['internet'],
      cause: 'equipment',
      region: 'Lakeside, Charlotte NC',
      timeZone: 'America/New_York',
      area: ring(-80.8425, 35.2262, 0.0004),
      customersAffected: 60,
      announcedAt: new Date(now - hour),
      startsAt: new Date(now + startsIn * hour),
      estimatedEndAt: new Date(now + (startsIn + 3) * hour),
      confidence: kind === 'outage' ? ('high' as const) : null,
      timeline:
        kind === 'outage'
          ? [
              { stage: 'investigating' as const, at: new Date(now - hour).toISOString() },
              { stage: 'resolved' as const, at: new Date(now + 2 * hour).toISOString() },
            ]
          : [
              { stage: 'scheduled' as const, at: new Date(now - hour).toISOString() },
              { stage: 'in_progress' as const, at: new Date(now + startsIn * hour).toISOString() },
              { stage: 'completed' as const, at: new Date(now + (startsIn + 3) * hour).toISOString() },
            ],
      closesAt: new Date(now + (startsIn + 3) * hour),
      createdAt: new Date(now - hour),
    });
    await db.insert(networkEvents).values([event('OUT-C-1', 'outage', -1), event('MNT-C-1', 'maintenance', 5)]);
    const { properties: list } = await json<CommunityPortfolio>(manager, COMMUNITY_PROPERTIES_PATH);
    const of = (name: string) => list.find((p) => p.name === name);
    expect([of('Lakeside North')?.openVisits, of('Lakeside South')?.openVisits]).toEqual([2, 0]);
    expect([of('Lakeside North')?.outages, of('Lakeside South')?.outages, of('Lakeside Commons')?.outages]).toEqual([
      0, 1, 0,
    ]);
    await db.delete(dispatchJobs).where(eq(dispatchJobs.accountId, ids.lakeside));
    await db.delete(networkEvents).where(eq(networkEvents.region, 'Lakeside, Charlotte NC'));
  });
});

describe('a property’s units', () => {
  it(`pages them by number, ${COMMUNITY_UNITS_PAGE} a page, with their residents`, async () => {
    const first = await json<UnitsPage>(leasing, unitsUrl(ids.south));
    expect(first.property).toEqual({ id: ids.south, name: 'Lakeside South' });
    expect(first.items).toHaveLength(COMMUNITY_UNITS_PAGE);
    expect(first.items.map((u) => u.number)).toEqual(Array.from({ length: 50 }, (_, i) => String(101 + i)));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await json<UnitsPage>(leasing, unitsUrl(ids.south, `?cursor=${first.nextCursor}`));
    expect(second.items.map((u) => u.number)).toEqual(Array.from({ length: 10 }, (_, i) => String(151 + i)));
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items].map((u) => u.id);
    expect(new Set(all).size).toBe(60);
    const occupied = first.items.find((u) => u.occupancy === 'occupied');
    expect(occupied?.resident).toEqual({
      name: expect.any(String),
      email: expect.stringMatching(/@example\.(com|net|org)$/),
      phone: expect.stringMatching(/^\+1\d{3}55501\d\d$/),
      moveIn: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      moveOut: null,
    });
    const north = await json<UnitsPage>(manager, unitsUrl(ids.north));
    expect(north.items).toHaveLength(48);
    expect(north.nextCursor).toBeNull();
  });

  it('filters by occupancy and access', async () => {
    const numbers = async (id: string, query: string) =>
      (await json<UnitsPage>(manager, unitsUrl(id, query))).items.map((u) => u.number);
    expect(await numbers(ids.south, '?occupancy=vacant')).toEqual(['109', '151']);
    expect(await numbers(ids.north, '?access=suspended')).toEqual(['123']);
    const vacant = await json<UnitsPage>(manager, unitsUrl(ids.north, '?occupancy=vacant&access=active'));
    expect(vacant.items.map((u) => [u.number, u.resident])).toEqual([
      ['117', null],
      ['142', null],
    ]);
    expect(await numbers(ids.commons, '?access=inactive')).toHaveLength(22);
    expect(await numbers(ids.commons, '?access=active')).toHaveLength(26);
    expect(await numbers(ids.commons, '?occupancy=occupied&access=inactive')).toHaveLength(10);
  });

  it('refuses a cursor the server did not make (400) and an unknown filter value', async () => {
    for (const query of [
      '?cursor=nonsense',
      `?cursor=${encodeCursor({ date: 'x'.repeat(201), id: MADE_UP_ID, direction: 'older' })}`,
      '?occupancy=maybe',
      '?page=2',
    ]) {
      const response = await manager.request({ url: unitsUrl(ids.north, query) });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 404 for another account’s property or an unknown one, and reads nothing of it', async () => {
    for (const id of [ids.foreignProperty, MADE_UP_ID]) {
      const response = await manager.request({ url: unitsUrl(id) });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
      expect(response.body).not.toContain('Riverbend');
    }
  });
});

describe('a unit', () => {
  it('shows the unit with its resident and property', async () => {
    const { db } = portal.database();
    const [row] = await db
      .select()
      .from(communityUnits)
      .where(and(eq(communityUnits.propertyId, ids.north), eq(communityUnits.number, '123')));
    const unit = await json<UnitDetail>(manager, unitUrl(row?.id as string));
    expect(unit).toMatchObject({
      id: row?.id,
      number: '123',
      occupancy: 'occupied',
      access: 'suspended',
      property: { id: ids.north, name: 'Lakeside North' },
      resident: { name: row?.residentName, email: row?.residentEmail, phone: row?.residentPhone, moveIn: row?.moveIn },
    });
  });

  it('answers 404 for another account’s unit or an unknown one', async () => {
    for (const id of [ids.foreignUnit, MADE_UP_ID]) {
      const response = await leasing.request({ url: unitUrl(id) });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('who may read them', () => {
  it('refuses a business account’s user without a bulk agreement (403), whatever the ids', async () => {
    const harbor = await portal.as('harbor-owner');
    for (const url of [
      COMMUNITY_PROPERTIES_PATH,
      unitsUrl(ids.north),
      unitUrl(ids.foreignUnit),
      unitsUrl(MADE_UP_ID),
    ]) {
      const response = await harbor.request({ url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    const visitor = await portal.visitor();
    expect((await visitor.request({ url: COMMUNITY_PROPERTIES_PATH })).statusCode).toBe(401);
  });
});
