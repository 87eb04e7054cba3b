import {
  addDays,
  RESIDENT_IMPORT_COLUMNS,
  RESIDENT_IMPORT_DRY_RUN_PATH,
  RESIDENT_IMPORTS_PATH,
  RESIDENT_OVERLAPS_CURRENT,
  RESIDENT_OVERLAPS_NEXT,
  type ResidentImportReport,
  type UnitDetail,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lakesideUnits } from '../../../test/community';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { communityNextTenancies } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import type { Provisioning } from '../provisioning/provisioning';
import { unitPassphrase } from '../provisioning/provisioning';

/**
 * A unit's next tenancy (issue 22 items 3-4, wider-portal.md §10) through the API on the Lakeside demo data: a resident
 * entered ahead to follow the current one, by the form or an import, keeps the current resident whole; on the move-in
 * day the current one has moved out, the next one is the unit's resident with access and a passphrase of their own.
 * Someone else moving in later while the current resident has no move-out ends the current lease the day before; a
 * move-in before a move-out already set, or a current move-out reaching the next move-in, is refused on its field.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const TODAY = '2026-11-21';
const HEADER = RESIDENT_IMPORT_COLUMNS.join(',');

let manager: Browser;
let units: Awaited<ReturnType<typeof lakesideUnits>>;
const unit = (name: string) => units.id(name);
const row = (name: string) => units.row(name);
const actionsOf = async (name: string) => (await units.audits(name)).map((entry) => entry.action);
const residentUrl = (name: string) => `/api/pub/community/v1/units/${unit(name)}/resident`;
const provisioning = () => portal.app().portal.services.provisioning as Provisioning;
const run = () => portal.app().portal.services.background.run();

async function nextOf(name: string) {
  const [found] = await portal
    .database()
    .db.select()
    .from(communityNextTenancies)
    .where(eq(communityNextTenancies.unitId, unit(name)));
  return found ?? null;
}

const newcomer = (change: Record<string, unknown> = {}) => ({
  name: 'Tomás Ferreira',
  email: 'tomas.ferreira@example.com',
  phone: '(704) 555-0142',
  moveIn: addDays(TODAY, 30),
  moveOut: null,
  ...change,
});

async function put(name: string, payload: Record<string, unknown>) {
  // a new session each time: the clock may have moved past the last one's idle limit
  manager = await portal.as('lakeside-manager');
  return manager.request({ headers: manager.csrf(), method: 'PUT', url: residentUrl(name), payload });
}

/** The current resident of a unit as the form sends them back, with a change. */
async function current(name: string, change: Record<string, unknown> = {}) {
  const r = await row(name);
  return {
    name: r?.residentName,
    email: r?.residentEmail,
    phone: r?.residentPhone,
    moveIn: r?.moveIn,
    moveOut: r?.moveOut,
    ...change,
  };
}

async function importFile(path: string, lines: string[]) {
  manager = await portal.as('lakeside-manager');
  const response = await manager.request({
    method: 'POST',
    url: path,
    headers: { ...manager.csrf(), 'content-type': 'application/octet-stream' },
    payload: Buffer.from([HEADER, ...lines].join('\r\n'), 'utf8'),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResidentImportReport>();
}

beforeAll(async () => {
  units = await lakesideUnits(portal.database().db);
});

beforeEach(() => clock.advance(1_000));

describe('a resident entered ahead', () => {
  it('follows a move-out already set: the current resident kept, then on the day the next one moves in', async () => {
    // North 105 moves out 24 days after the seed's day (demo data)
    const before = await row('North 105');
    const lastDay = before?.moveOut as string;
    expect(lastDay).toBe(addDays(TODAY, 24));
    const moveIn = addDays(lastDay, 1);
    const saved = await put('North 105', newcomer({ moveIn }));
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = saved.json<UnitDetail>();
    expect(detail.resident).toMatchObject({ name: before?.residentName, moveOut: lastDay });
    expect(detail.nextResident).toEqual({
      name: 'Tomás Ferreira',
      email: 'tomas.ferreira@example.com',
      phone: '+17045550142',
      moveIn,
      moveOut: null,
    });
    expect(await row('North 105')).toEqual(before);
    expect((await actionsOf('North 105'))[0]).toBe('unit.next_resident_set');
    // the page reads it back
    const read = await manager.request({ url: `/api/pub/community/v1/units/${unit('North 105')}` });
    expect(read.json<UnitDetail>().nextResident?.name).toBe('Tomás Ferreira');

    // the next resident's details edited: the same lease, one field; the same again changes nothing
    const edited = await put('North 105', newcomer({ moveIn, email: 'tomas@example.com' }));
    expect(edited.json<UnitDetail>().nextResident?.email).toBe('tomas@example.com');
    const again = await put('North 105', newcomer({ moveIn, email: 'tomas@example.com' }));
    expect(again.statusCode).toBe(200);
    expect((await actionsOf('North 105')).filter((action) => action === 'unit.next_resident_set')).toHaveLength(2);

    // the move-out day: the current resident still there
    clock.set(new Date(`${lastDay}T23:00:00-05:00`));
    await run();
    expect((await row('North 105'))?.residentName).toBe(before?.residentName);
    // the move-in day, 00:00 New York time: moved out, moved in, access theirs
    clock.set(new Date(`${moveIn}T00:00:00-05:00`));
    await run();
    await run();
    expect(await row('North 105')).toMatchObject({
      occupancy: 'occupied',
      access: 'active',
      residentName: 'Tomás Ferreira',
      residentEmail: 'tomas@example.com',
      moveIn,
      moveOut: null,
    });
    expect(await nextOf('North 105')).toBeNull();
    expect(provisioning().unitAccessOf(unit('North 105'))).toBe('active');
    expect(unitPassphrase(unit('North 105'), moveIn)).not.toBe(unitPassphrase(unit('North 105'), before?.moveIn ?? ''));
    const actions = await actionsOf('North 105');
    expect(actions.slice(0, 2).sort()).toEqual(['unit.moved_in', 'unit.moved_out']);
  });

  it('ends a lease with no move-out the day before someone else moves in, and refuses what would overlap', async () => {
    // after the first test's days: the clock only moves on
    clock.set(new Date('2026-12-17T15:00:00Z'));
    const today = '2026-12-17';
    const before = await row('North 110');
    expect(before).toMatchObject({ occupancy: 'occupied', access: 'active', moveOut: null });
    const moveIn = addDays(today, 10);
    const saved = await put('North 110', newcomer({ moveIn }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<UnitDetail>()).toMatchObject({
      resident: { name: before?.residentName, moveOut: addDays(moveIn, -1) },
      nextResident: { name: 'Tomás Ferreira', moveIn },
    });
    // the same moment: the two entries in either order
    expect((await actionsOf('North 110')).slice(0, 2).sort()).toEqual([
      'unit.next_resident_set',
      'unit.resident_updated',
    ]);

    // the current resident's lease may not reach the next one's move-in, nor run on
    for (const moveOut of [null, moveIn, addDays(moveIn, 30)]) {
      const refused = await put('North 110', await current('North 110', { moveOut }));
      expect(refused.statusCode, String(moveOut)).toBe(400);
      expect(refused.json().error.fields).toEqual([{ path: 'body.moveOut', code: RESIDENT_OVERLAPS_NEXT }]);
    }
    const earlier = await put('North 110', await current('North 110', { moveOut: addDays(moveIn, -3) }));
    expect(earlier.statusCode, earlier.body).toBe(200);
    expect(earlier.json<UnitDetail>().resident?.moveOut).toBe(addDays(moveIn, -3));

    // North 131 moves out 61 days after the seed's day: someone else in 30 days overlaps it
    const n131 = await row('North 131');
    const overlapping = await put('North 131', newcomer({ moveIn: addDays(today, 30) }));
    expect(overlapping.statusCode).toBe(400);
    expect(overlapping.json().error.fields).toEqual([{ path: 'body.moveIn', code: RESIDENT_OVERLAPS_CURRENT }]);
    expect(await row('North 131')).toEqual(n131);
    expect(await nextOf('North 131')).toBeNull();
  });
});

describe('an import', () => {
  it('enters next residents, names the current last day, refuses an overlap on its column, and again changes nothing', async () => {
    clock.set(new Date('2026-12-18T15:00:00Z'));
    const s118 = await row('South 118');
    const s120 = await row('South 120');
    const s147 = await row('South 147');
    expect(s120).toMatchObject({ occupancy: 'occupied', moveOut: null });
    const after118 = addDays(s118?.moveOut as string, 1);
    const lines = [
      `Lakeside South,118,Ana Ruiz,ana.ruiz@example.com,,${after118},`,
      'Lakeside South,120,Ben Okafor,,,2027-01-15,2028-01-14',
      // South 147 moves out 83 days after the seed's day (2027-02-12): February 1st overlaps it
      'Lakeside South,147,Cleo Park,,,2027-02-01,',
    ];
    const dry = await importFile(RESIDENT_IMPORT_DRY_RUN_PATH, lines);
    expect(dry.rows.map(({ outcome, follows, errors }) => ({ outcome, follows, errors }))).toEqual([
      { outcome: 'new', follows: s118?.moveOut, errors: [] },
      { outcome: 'new', follows: '2027-01-14', errors: [] },
      { outcome: 'error', follows: null, errors: [{ column: 'move_in', code: RESIDENT_OVERLAPS_CURRENT }] },
    ]);
    expect(await row('South 147')).toEqual(s147);

    const applied = await importFile(RESIDENT_IMPORTS_PATH, lines.slice(0, 2));
    expect(applied.counts).toMatchObject({ new: 2, error: 0 });
    expect(await row('South 118')).toEqual({ ...s118, updatedAt: s118?.updatedAt });
    expect(await row('South 120')).toMatchObject({ residentName: s120?.residentName, moveOut: '2027-01-14' });
    expect(await nextOf('South 118')).toMatchObject({ residentName: 'Ana Ruiz', moveIn: after118 });
    expect(await nextOf('South 120')).toMatchObject({ residentName: 'Ben Okafor', moveOut: '2028-01-14' });

    const again = await importFile(RESIDENT_IMPORTS_PATH, lines.slice(0, 2));
    expect(again.counts).toMatchObject({ new: 0, updated: 0, unchanged: 2 });
  });
});
