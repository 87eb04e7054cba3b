import { addDays, type IsoDate } from '@vireo/shared';
import { leaseJob, MOVE_OUT_JOB } from '../../modules/community/lease-jobs';
import type { Tx } from '../client';
import * as t from '../schema';
import { idFrom } from './ids';

/**
 * Each property's units (demo-data.md, Lakeside Apartments; issue 22, wider-portal.md §10), by the property's name:
 * how many, the vacant units whose service stays active (billed, not occupied), the occupied units whose access the
 * manager suspended, the move-outs announced (days from today), and for a property leasing up how many units are
 * activated and how many residents have just moved in and wait for activation (the rest vacant, never activated).
 */
const PLANS: Record<
  string,
  {
    units: number;
    vacantActive: string[];
    suspended: string[];
    moveOuts: Record<string, number>;
    leasingUp?: { active: number; justMovedIn: number };
  }
> = {
  'Lakeside North': {
    units: 48,
    vacantActive: ['117', '142'],
    suspended: ['123'],
    moveOuts: { '105': 24, '131': 61 },
  },
  'Lakeside South': {
    units: 60,
    vacantActive: ['109', '151'],
    suspended: ['134'],
    moveOuts: { '118': 45, '147': 83, '156': 112 },
  },
  // leasing up: 26 of 48 activated (demo-data.md), 10 residents in this week, 12 units still empty
  'Lakeside Commons': {
    units: 48,
    vacantActive: [],
    suspended: [],
    moveOuts: {},
    leasingUp: { active: 26, justMovedIn: 10 },
  },
};

// biome-ignore format: a table of names
const FIRST = [
  'Avery', 'Jordan', 'Maya', 'Elijah', 'Sofia', 'Marcus', 'Hannah', 'Diego', 'Grace', 'Tariq',
  'Chloe', 'Noah', 'Imani', 'Lucas', 'Keiko', 'Samuel', 'Olivia', 'Mateo', 'Zara', 'Owen',
  'Leah', 'Caleb', 'Nadia', 'Ethan', 'Rosa', 'Isaac', 'Amara', 'Wyatt', 'Priya', 'Gabriel',
  'Elena', 'Julian', 'Fatima', 'Henry', 'Lucia', 'Connor', 'Mei', 'Andre', 'Naomi', 'Felix',
];
// biome-ignore format: a table of names
const LAST = [
  'Bennett', 'Okafor', 'Nguyen', 'Ramirez', 'Coleman', 'Patel', 'Sullivan', 'Kim', 'Brooks', 'Haddad',
  'Foster', 'Alvarez', 'Jensen', 'Washington', 'Morales', 'Tanaka', 'Hughes', 'Castillo', 'Reed', 'Novak',
  'Fischer', 'Ortega', 'Price', 'Mensah', 'Larsen', 'Dubois', 'Chavez', 'Wallace', 'Ibrahim', 'Sato',
  'Hayes', 'Romero', 'Gallagher', 'Singh', 'Moreau', 'Pierce', 'Delgado', 'Kowalski', 'Barrett', 'Lindqvist',
  'Abbott',
];
const DOMAINS = ['example.com', 'example.net', 'example.org'];

/** The k-th resident of the demo: a name, an e-mail at an example domain, a fictional +1 555-01xx number. */
function residentOf(k: number) {
  const first = FIRST[k % FIRST.length] as string;
  const last = LAST[k % LAST.length] as string;
  // every 19th resident gave no e-mail, every 23rd no phone (both optional on a lease)
  const email = k % 19 === 7 ? null : `${first}.${last}@${DOMAINS[k % DOMAINS.length]}`.toLowerCase();
  const phone = k % 23 === 11 ? null : `+1${k < 100 ? '704' : '980'}55501${String(k % 100).padStart(2, '0')}`;
  return { residentName: `${first} ${last}`, residentEmail: email, residentPhone: phone };
}

/**
 * The units of a persona's properties (issue 22; demo-data.md: Lakeside North 48 units, South 60, Commons 48): numbers
 * "101" up (three digits: their text order is their numeric order), residents in every occupied unit, everything drawn
 * from the unit's place (no randomness, no faker draw), ids from the property's name and the number.
 */
export async function seedCommunityUnits(
  tx: Tx,
  options: {
    accountId: string;
    properties: { id: string; name: string }[];
    today: IsoDate;
    now: Date;
    timeZone: string;
  },
): Promise<void> {
  const { accountId, today, now, timeZone } = options;
  let k = 0;
  for (const property of options.properties) {
    const plan = PLANS[property.name];
    if (!plan) continue;
    const rows: (typeof t.communityUnits.$inferInsert)[] = [];
    for (let i = 1; i <= plan.units; i += 1) {
      const number = String(100 + i);
      const base = { id: idFrom(`unit:${property.name}:${number}`), accountId, propertyId: property.id, number };
      const vacant = { occupancy: 'vacant', moveIn: null, moveOut: null, updatedAt: now };
      const occupied = (moveIn: IsoDate, access: string) => {
        k += 1;
        const moveOut = plan.moveOuts[number];
        return {
          ...base,
          ...residentOf(k),
          occupancy: 'occupied',
          access,
          moveIn,
          moveOut: moveOut === undefined ? null : addDays(today, moveOut),
          updatedAt: now,
        };
      };
      if (plan.leasingUp) {
        const { active, justMovedIn } = plan.leasingUp;
        if (i <= active) rows.push(occupied(addDays(today, -(20 + ((i * 13) % 280))), 'active'));
        else if (i <= active + justMovedIn) rows.push(occupied(addDays(today, -(1 + (i % 6))), 'inactive'));
        else rows.push({ ...base, ...vacant, access: 'inactive' });
      } else if (plan.vacantActive.includes(number)) {
        rows.push({ ...base, ...vacant, access: 'active' });
      } else {
        const moveIn = addDays(today, -(30 + ((i * 37 + k * 11) % 1400)));
        rows.push(occupied(moveIn, plan.suspended.includes(number) ? 'suspended' : 'active'));
      }
    }
    await tx.insert(t.communityUnits).values(rows);
    // the move-outs announced end access by the lease job, as when a manager records them (unit-changes.ts)
    const moveOuts = rows.flatMap((row) => {
      if (!row.moveOut) return [];
      const job = leaseJob(MOVE_OUT_JOB, { accountId, unitId: row.id as string, date: row.moveOut }, timeZone);
      return [{ ...job, id: idFrom(job.uniqueKey) }];
    });
    if (moveOuts.length > 0) await tx.insert(t.jobs).values(moveOuts);
  }
}
