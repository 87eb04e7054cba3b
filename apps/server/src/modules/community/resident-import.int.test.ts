import {
  IMPORT_CELL_COUNT,
  IMPORT_DATE_INVALID,
  IMPORT_DUPLICATE_UNIT,
  IMPORT_FORMULA,
  IMPORT_REQUIRED,
  IMPORT_UNKNOWN_PROPERTY,
  IMPORT_UNKNOWN_UNIT,
  LEASE_DATE_OUT_OF_RANGE,
  MOVE_OUT_BEFORE_MOVE_IN,
  MOVE_OUT_PAST,
  PHONE_INVALID_CODE,
  RESIDENT_IMPORT_COLUMNS,
  RESIDENT_IMPORT_DRY_RUN_PATH,
  RESIDENT_IMPORT_MAX_ROWS,
  RESIDENT_IMPORT_TEMPLATE_PATH,
  RESIDENT_IMPORTS_PATH,
  type ResidentImportReport,
} from '@vireo/shared';
import { and, asc, count, desc, eq, isNull, like, or } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, auditEvents, communityUnits, jobs, properties } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { MOVE_IN_JOB } from './lease-jobs';

/**
 * Residents imported from a CSV file (issue 22 item 4, wider-portal.md §10) through the API on the Lakeside demo
 * data: the template is the units as they are (imported back, it changes nothing); the dry run reports every row and
 * writes nothing; the import applies a clean file in one transaction (each unit's change audited, its lease job
 * queued, one summary entry) and refuses a file with a bad row whole; a file that is not UTF-8, has other columns,
 * too many rows or an unclosed quote is refused with its reason.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const HEADER = RESIDENT_IMPORT_COLUMNS.join(',');

let manager: Browser;
let lakesideId: string;
/**
 * Lakeside units as [property, number] for new residents: the vacant ones (16), then occupied ones whose lease runs on
 * (a new tenancy there is the next resident, and the current lease ends the day before: tenancy.ts).
 */
let vacant: [string, string][] = [];
let vacantCount = 0;

const bytes = (text: string) => Buffer.from(text, 'utf8');

async function send(path: string, body: Buffer, headers: Record<string, string> = {}) {
  return manager.request({
    method: 'POST',
    url: path,
    headers: { ...manager.csrf(), 'content-type': 'application/octet-stream', ...headers },
    payload: body,
  });
}

const dryRun = async (text: string | Buffer) => {
  const response = await send(RESIDENT_IMPORT_DRY_RUN_PATH, typeof text === 'string' ? bytes(text) : text);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResidentImportReport>();
};

/** What the database holds of Lakeside's units and their audit entries: a write shows in one of them. */
async function snapshot() {
  const { db } = portal.database();
  const units = await db
    .select()
    .from(communityUnits)
    .where(eq(communityUnits.accountId, lakesideId))
    .orderBy(asc(communityUnits.id));
  const [audits] = await db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.accountId, lakesideId));
  const [leaseJobs] = await db.select({ n: count() }).from(jobs).where(like(jobs.kind, 'community.%'));
  return { units, audits: audits?.n ?? 0, jobs: leaseJobs?.n ?? 0 };
}

/** Twenty new residents (the vacant units first): moving in next month, so by the lease job. */
function twentyResidents(): string[] {
  return vacant.slice(0, 20).map(([property, number], index) => {
    const n = String(index + 1).padStart(2, '0');
    return `${property},${number},Resident ${n},resident${n}@example.com,(704) 555-01${n},2026-12-${n},`;
  });
}

beforeAll(async () => {
  const { db } = portal.database();
  const [lakeside] = await db.select().from(accounts).where(eq(accounts.companyName, 'Lakeside Apartments'));
  lakesideId = lakeside?.id as string;
  const rows = await db
    .select({ property: properties.name, number: communityUnits.number, occupancy: communityUnits.occupancy })
    .from(communityUnits)
    .innerJoin(properties, eq(properties.id, communityUnits.propertyId))
    .where(
      and(
        eq(communityUnits.accountId, lakesideId),
        or(
          eq(communityUnits.occupancy, 'vacant'),
          and(eq(communityUnits.access, 'active'), isNull(communityUnits.moveOut)),
        ),
      ),
    )
    .orderBy(desc(communityUnits.occupancy), asc(properties.name), asc(communityUnits.number));
  vacant = rows.map((row) => [row.property, row.number]);
  vacantCount = rows.filter((row) => row.occupancy === 'vacant').length;
  expect(vacantCount).toBe(16);
  expect(vacant.length).toBeGreaterThanOrEqual(30);
  manager = await portal.as('lakeside-manager');
});

beforeEach(() => clock.advance(1_000));

describe('the template', () => {
  it('is every unit with its resident now, and imported back it changes nothing', async () => {
    const response = await manager.request({ url: RESIDENT_IMPORT_TEMPLATE_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="residents.csv"');
    const text = response.body;
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 156);
    // an occupied unit: its resident, the phone as people write it (no leading + for a spreadsheet)
    const occupied = lines.find((line) => /^Lakeside North,101,/.test(line)) ?? '';
    expect(occupied).toMatch(/^Lakeside North,101,[^,]+,[^,]+@[^,]+,\(\d{3}\) \d{3}-\d{4},\d{4}-\d{2}-\d{2},/);
    // a vacant one: the unit only
    const [property, number] = vacant[0] as [string, string];
    expect(lines).toContain(`${property},${number},,,,,`);

    const before = await snapshot();
    const report = await dryRun(text);
    expect(report.applied).toBe(false);
    expect(report.rows).toHaveLength(156);
    expect(report.counts.error).toBe(0);
    expect(report.counts.new + report.counts.updated).toBe(0);
    const applied = await send(RESIDENT_IMPORTS_PATH, bytes(text));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<ResidentImportReport>()).toMatchObject({ applied: true, counts: { new: 0, updated: 0 } });
    expect(await snapshot()).toEqual(before);
  });
});

describe('a file of twenty residents', () => {
  it('with two bad rows: the dry run names both with their reasons, the import refuses it whole; fixed, it applies all twenty once', async () => {
    const good = twentyResidents();
    const bad = [
      'Lakeside North,999,Unknown Unit,unknown@example.com,,2026-12-01,',
      `${vacant[20]?.[0]},${vacant[20]?.[1]},Bad Date,bad.date@example.com,,2026-13-45,`,
    ];
    const withErrors = [HEADER, ...good.slice(0, 10), bad[0], ...good.slice(10), bad[1]].join('\n');
    const before = await snapshot();

    const report = await dryRun(withErrors);
    expect(report.counts).toEqual({ new: 20, updated: 0, unchanged: 0, skipped: 0, error: 2 });
    const errors = report.rows.filter((row) => row.outcome === 'error');
    expect(errors).toEqual([
      expect.objectContaining({ line: 12, unit: '999', errors: [{ column: 'unit', code: IMPORT_UNKNOWN_UNIT }] }),
      expect.objectContaining({ line: 23, errors: [{ column: 'move_in', code: IMPORT_DATE_INVALID }] }),
    ]);
    expect(report.rows[0]).toMatchObject({ line: 2, outcome: 'new', errors: [] });
    expect(await snapshot()).toEqual(before);

    const refused = await send(RESIDENT_IMPORTS_PATH, bytes(withErrors));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { reason: 'rowErrors', rows: '2' },
    });
    expect(await snapshot()).toEqual(before);

    const fixed = [HEADER, ...good].join('\r\n');
    const applied = await send(RESIDENT_IMPORTS_PATH, bytes(fixed));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<ResidentImportReport>()).toMatchObject({ applied: true, counts: { new: 20, error: 0 } });
    const after = await snapshot();
    const occupiedNow = after.units.filter((u) => u.occupancy === 'occupied').length;
    expect(occupiedNow).toBe(before.units.filter((u) => u.occupancy === 'occupied').length + vacantCount);
    // each unit's change audited (imported): 16 new residents, 4 next residents with their current lease ended (two
    // entries each); one summary entry; one move-in job per unit (December: later), a move-out job per lease ended
    expect(after.audits).toBe(before.audits + 16 + 4 * 2 + 1);
    expect(after.jobs).toBe(before.jobs + 20 + 4);
    const { db } = portal.database();
    const imported = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, lakesideId), eq(auditEvents.action, 'unit.resident_updated')));
    expect(imported.filter((entry) => (entry.data as { imported?: boolean }).imported === true)).toHaveLength(16 + 4);
    const nextSet = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, lakesideId), eq(auditEvents.action, 'unit.next_resident_set')));
    expect(nextSet.filter((entry) => (entry.data as { imported?: boolean }).imported === true)).toHaveLength(4);
    const [summary] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, lakesideId), eq(auditEvents.action, 'unit.residents_imported')));
    expect(summary?.data).toMatchObject({ rows: 20, new: 20, updated: 0 });
    const moveIns = await db.select().from(jobs).where(eq(jobs.kind, MOVE_IN_JOB));
    expect(moveIns.some((job) => (job.payload as { date: string }).date === '2026-12-01')).toBe(true);

    // the same file again: nothing to change, nothing written
    const again = await send(RESIDENT_IMPORTS_PATH, bytes(fixed));
    expect(again.json<ResidentImportReport>().counts).toMatchObject({ new: 0, updated: 0, unchanged: 20 });
    expect(await snapshot()).toEqual(after);
  });
});

describe('each row checked', () => {
  it('names every problem on its column, and reads what spreadsheets write', async () => {
    const [p1, u1] = vacant[0] as [string, string];
    const [p2, u2] = vacant[1] as [string, string];
    const [p3, u3] = vacant[2] as [string, string];
    const [p4, u4] = vacant[3] as [string, string];
    const rows = [
      // columns in another order, headers as people write them
      'Unit,Property,Name,E-mail,Phone,Move In,Move-Out',
      `${u1},${p1},=HYPERLINK("x"),a@example.com,,2027-01-01,`,
      `${u2},${p2},@SUM,b@example.com,'+1 704 555 0100,1/15/2027,`,
      `${u3},${p3},Card 4242424242424242,not-an-email,12,2027-01-01,2026-12-31`,
      `${u3},${p3},Twice,,,2027-01-01,`,
      `999,${p1},Nobody,,,2027-01-01,`,
      `1,Lakeside Nowhere,Nobody,,,2027-01-01,`,
      `${u1},${p1},,,,,2026-01-01,`,
      `${u4},${p4},No Date,,,,`,
    ];
    const report = await dryRun(`\uFEFF${rows.join('\n')}`);
    const byLine = (line: number) => report.rows.find((row) => row.line === line)?.errors;
    expect(byLine(2)).toEqual([{ column: 'name', code: IMPORT_FORMULA }]);
    // a phone's leading + is allowed (and the template's apostrophe taken off); the US date is read
    expect(byLine(3)).toEqual([{ column: 'name', code: IMPORT_FORMULA }]);
    expect(byLine(4)).toEqual(
      expect.arrayContaining([
        { column: 'phone', code: PHONE_INVALID_CODE },
        { column: 'move_out', code: MOVE_OUT_BEFORE_MOVE_IN },
        { column: 'name', code: 'text.cardNumberRefused' },
        expect.objectContaining({ column: 'email' }),
      ]),
    );
    expect(byLine(5)).toEqual([{ column: 'unit', code: IMPORT_DUPLICATE_UNIT, firstLine: 4 }]);
    expect(byLine(6)).toEqual([{ column: 'unit', code: IMPORT_UNKNOWN_UNIT }]);
    expect(byLine(7)).toEqual([{ column: 'property', code: IMPORT_UNKNOWN_PROPERTY }]);
    expect(byLine(8)).toEqual(
      expect.arrayContaining([
        { column: 'row', code: IMPORT_CELL_COUNT },
        { column: 'unit', code: IMPORT_DUPLICATE_UNIT, firstLine: 2 },
      ]),
    );
    expect(byLine(9)).toEqual([{ column: 'move_in', code: IMPORT_REQUIRED }]);

    const past = await dryRun(`${HEADER}\n${p1},${u1},Past Lease,,,2026-01-01,2026-11-01`);
    expect(past.rows[0]?.errors).toEqual([{ column: 'move_out', code: MOVE_OUT_PAST }]);
    const far = await dryRun(`${HEADER}\n${p1},${u1},Far Lease,,,2027-01-01,9999-12-31`);
    expect(far.rows[0]?.errors).toEqual([{ column: 'move_out', code: LEASE_DATE_OUT_OF_RANGE }]);
    const us = await dryRun(`${HEADER}\n${p2},${u2},Ana Ruiz,,'+1 704 555 0100,1/15/2027,`);
    expect(us.rows[0]).toMatchObject({ outcome: 'new', errors: [] });
  });

  it('says a row without a resident changes nothing, and a changed e-mail is an update of that field', async () => {
    const response = await manager.request({ url: RESIDENT_IMPORT_TEMPLATE_PATH });
    const lines = response.body.replace('\uFEFF', '').trimEnd().split('\r\n');
    const occupied = lines.find((line) => /^Lakeside North,101,/.test(line)) ?? '';
    const cells = occupied.split(',');
    const changedEmail = [...cells.slice(0, 3), 'new.address@example.com', ...cells.slice(4)].join(',');
    const emptied = ['Lakeside North', '102', '', '', '', '', ''].join(',');
    const report = await dryRun([HEADER, changedEmail, emptied].join('\n'));
    expect(report.rows.map((row) => [row.outcome, row.changed])).toEqual([
      ['updated', ['email']],
      ['skipped', []],
    ]);
  });
});

describe('a file refused whole, with its reason', () => {
  const refusal = async (body: Buffer) => {
    const response = await send(RESIDENT_IMPORT_DRY_RUN_PATH, body);
    expect(response.statusCode, response.body).toBe(400);
    return response.json().error.details;
  };

  it('not UTF-8, other columns, too many rows, an unclosed quote, nothing in it', async () => {
    const latin1 = Buffer.concat([
      bytes(`${HEADER}\nLakeside North,101,Jos`),
      Buffer.from([0xe9]),
      bytes(',,,2027-01-01,'),
    ]);
    expect(await refusal(latin1)).toEqual({ reason: 'notUtf8' });
    expect(await refusal(bytes('property,unit,name,email,mobile,move_in,move_out,notes\n'))).toEqual({
      reason: 'wrongColumns',
      missing: 'phone',
      unexpected: 'mobile,notes',
    });
    const many = [
      HEADER,
      ...Array.from({ length: RESIDENT_IMPORT_MAX_ROWS + 1 }, (_, i) => `Lakeside North,${i},,,,,`),
    ];
    expect(await refusal(bytes(many.join('\n')))).toEqual({
      reason: 'tooManyRows',
      max: String(RESIDENT_IMPORT_MAX_ROWS),
    });
    expect(await refusal(bytes(`${HEADER}\nLakeside North,101,"Unclosed,,,2027-01-01,\n`))).toMatchObject({
      reason: 'malformed',
    });
    expect(await refusal(bytes('\n\n'))).toEqual({ reason: 'empty' });
  });

  it('takes the file as bytes only, and no more than its limit', async () => {
    const json = await manager.request({
      method: 'POST',
      url: RESIDENT_IMPORT_DRY_RUN_PATH,
      headers: manager.csrf(),
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(415);
    const huge = await send(RESIDENT_IMPORT_DRY_RUN_PATH, Buffer.alloc(5 * 1024 * 1024 + 1, 0x41));
    expect(huge.statusCode).toBe(413);
  });
});
